export interface UniversitySeed {
  readonly id: string;
  readonly name: string;
  /** ふりがな (hiragana), for あいうえお順 wherever universities are listed. */
  readonly reading: string;
  /** The English name shown in English mode. */
  readonly nameEn: string;
  readonly domains: readonly string[];
}

// Student mail domains gate student sign-up, so only domains handed to students belong here.
// Universities migrate mail systems from time to time; a former domain stays listed while enrolled
// students may still hold addresses on it.
export const UNIVERSITY_SEED: readonly UniversitySeed[] = [
  // 国立大学
  {
    id: 'u-tokyo',
    name: '東京大学',
    reading: 'とうきょうだいがく',
    nameEn: 'The University of Tokyo',
    domains: ['g.ecc.u-tokyo.ac.jp', 'utac.u-tokyo.ac.jp'],
  },
  {
    id: 'kyoto-u',
    name: '京都大学',
    reading: 'きょうとだいがく',
    nameEn: 'Kyoto University',
    domains: ['st.kyoto-u.ac.jp'],
  },
  {
    id: 'osaka-u',
    name: '大阪大学',
    reading: 'おおさかだいがく',
    nameEn: 'Osaka University',
    domains: ['ecs.osaka-u.ac.jp'],
  },
  {
    id: 'tohoku',
    name: '東北大学',
    reading: 'とうほくだいがく',
    nameEn: 'Tohoku University',
    domains: ['dc.tohoku.ac.jp'],
  },
  {
    id: 'nagoya-u',
    name: '名古屋大学',
    reading: 'なごやだいがく',
    nameEn: 'Nagoya University',
    domains: ['s.mail.nagoya-u.ac.jp'],
  },
  {
    id: 'kyushu-u',
    name: '九州大学',
    reading: 'きゅうしゅうだいがく',
    nameEn: 'Kyushu University',
    domains: ['s.kyushu-u.ac.jp'],
  },
  {
    id: 'hokudai',
    name: '北海道大学',
    reading: 'ほっかいどうだいがく',
    nameEn: 'Hokkaido University',
    domains: ['eis.hokudai.ac.jp'],
  },
  {
    id: 'hit-u',
    name: '一橋大学',
    reading: 'ひとつばしだいがく',
    nameEn: 'Hitotsubashi University',
    domains: ['g.hit-u.ac.jp'],
  },
  // 東京工業大学 and 東京医科歯科大学 merged into 東京科学大学 in 2024.
  {
    id: 'isct',
    name: '東京科学大学',
    reading: 'とうきょうかがくだいがく',
    nameEn: 'Institute of Science Tokyo',
    domains: ['m.isct.ac.jp', 'm.titech.ac.jp'],
  },
  {
    id: 'kobe-u',
    name: '神戸大学',
    reading: 'こうべだいがく',
    nameEn: 'Kobe University',
    domains: ['stu.kobe-u.ac.jp'],
  },
  {
    id: 'tsukuba',
    name: '筑波大学',
    reading: 'つくばだいがく',
    nameEn: 'University of Tsukuba',
    domains: ['s.tsukuba.ac.jp', 'u.tsukuba.ac.jp'],
  },
  {
    id: 'ynu',
    name: '横浜国立大学',
    reading: 'よこはまこくりつだいがく',
    nameEn: 'Yokohama National University',
    domains: ['ynu.jp'],
  },
  {
    id: 'hiroshima-u',
    name: '広島大学',
    reading: 'ひろしまだいがく',
    nameEn: 'Hiroshima University',
    domains: ['hiroshima-u.ac.jp'],
  },
  // 公立大学
  {
    id: 'omu',
    name: '大阪公立大学',
    reading: 'おおさかこうりつだいがく',
    nameEn: 'Osaka Metropolitan University',
    domains: ['st.omu.ac.jp'],
  },
  // 私立大学
  {
    id: 'waseda',
    name: '早稲田大学',
    reading: 'わせだだいがく',
    nameEn: 'Waseda University',
    // Waseda assigns students one of several colour-named domains depending on enrolment year.
    domains: [
      'akane.waseda.jp',
      'asagi.waseda.jp',
      'fuji.waseda.jp',
      'moegi.waseda.jp',
      'ruri.waseda.jp',
      'suou.waseda.jp',
      'toki.waseda.jp',
    ],
  },
  {
    id: 'keio',
    name: '慶應義塾大学',
    reading: 'けいおうぎじゅくだいがく',
    nameEn: 'Keio University',
    domains: ['keio.jp'],
  },
  {
    id: 'sophia',
    name: '上智大学',
    reading: 'じょうちだいがく',
    nameEn: 'Sophia University',
    domains: ['eagle.sophia.ac.jp'],
  },
  {
    id: 'icu',
    name: '国際基督教大学',
    reading: 'こくさいきりすときょうだいがく',
    nameEn: 'International Christian University',
    domains: ['icu.ac.jp'],
  },
  {
    id: 'meiji',
    name: '明治大学',
    reading: 'めいじだいがく',
    nameEn: 'Meiji University',
    domains: ['meiji.ac.jp'],
  },
  {
    id: 'aoyama',
    name: '青山学院大学',
    reading: 'あおやまがくいんだいがく',
    nameEn: 'Aoyama Gakuin University',
    domains: ['aoyama.jp'],
  },
  {
    id: 'rikkyo',
    name: '立教大学',
    reading: 'りっきょうだいがく',
    nameEn: 'Rikkyo University',
    domains: ['rikkyo.ac.jp'],
  },
  {
    id: 'chuo-u',
    name: '中央大学',
    reading: 'ちゅうおうだいがく',
    nameEn: 'Chuo University',
    domains: ['g.chuo-u.ac.jp'],
  },
  {
    id: 'hosei',
    name: '法政大学',
    reading: 'ほうせいだいがく',
    nameEn: 'Hosei University',
    domains: ['stu.hosei.ac.jp'],
  },
  {
    id: 'tus',
    name: '東京理科大学',
    reading: 'とうきょうりかだいがく',
    nameEn: 'Tokyo University of Science',
    domains: ['ed.tus.ac.jp'],
  },
  {
    id: 'nihon-u',
    name: '日本大学',
    reading: 'にほんだいがく',
    nameEn: 'Nihon University',
    domains: ['g.nihon-u.ac.jp'],
  },
  {
    id: 'toyo',
    name: '東洋大学',
    reading: 'とうようだいがく',
    nameEn: 'Toyo University',
    domains: ['toyo.jp'],
  },
  {
    id: 'doshisha',
    name: '同志社大学',
    reading: 'どうししゃだいがく',
    nameEn: 'Doshisha University',
    domains: ['mail4.doshisha.ac.jp'],
  },
  {
    id: 'ritsumei',
    name: '立命館大学',
    reading: 'りつめいかんだいがく',
    nameEn: 'Ritsumeikan University',
    domains: ['ed.ritsumei.ac.jp'],
  },
  {
    id: 'kansai-u',
    name: '関西大学',
    reading: 'かんさいだいがく',
    nameEn: 'Kansai University',
    domains: ['kansai-u.ac.jp'],
  },
  {
    id: 'kwansei',
    name: '関西学院大学',
    reading: 'かんせいがくいんだいがく',
    nameEn: 'Kwansei Gakuin University',
    domains: ['kwansei.ac.jp'],
  },
];
