export interface UniversitySeed {
  readonly id: string;
  readonly name: string;
  readonly domains: readonly string[];
}

// Student mail domains gate student sign-up, so only domains handed to students belong here.
// Universities migrate mail systems from time to time; a former domain stays listed while enrolled
// students may still hold addresses on it.
export const UNIVERSITY_SEED: readonly UniversitySeed[] = [
  // 国立大学
  { id: 'u-tokyo', name: '東京大学', domains: ['g.ecc.u-tokyo.ac.jp', 'utac.u-tokyo.ac.jp'] },
  { id: 'kyoto-u', name: '京都大学', domains: ['st.kyoto-u.ac.jp'] },
  { id: 'osaka-u', name: '大阪大学', domains: ['ecs.osaka-u.ac.jp'] },
  { id: 'tohoku', name: '東北大学', domains: ['dc.tohoku.ac.jp'] },
  { id: 'nagoya-u', name: '名古屋大学', domains: ['s.mail.nagoya-u.ac.jp'] },
  { id: 'kyushu-u', name: '九州大学', domains: ['s.kyushu-u.ac.jp'] },
  { id: 'hokudai', name: '北海道大学', domains: ['eis.hokudai.ac.jp'] },
  { id: 'hit-u', name: '一橋大学', domains: ['g.hit-u.ac.jp'] },
  // 東京工業大学 and 東京医科歯科大学 merged into 東京科学大学 in 2024.
  { id: 'isct', name: '東京科学大学', domains: ['m.isct.ac.jp', 'm.titech.ac.jp'] },
  { id: 'kobe-u', name: '神戸大学', domains: ['stu.kobe-u.ac.jp'] },
  { id: 'tsukuba', name: '筑波大学', domains: ['s.tsukuba.ac.jp', 'u.tsukuba.ac.jp'] },
  { id: 'ynu', name: '横浜国立大学', domains: ['ynu.jp'] },
  { id: 'hiroshima-u', name: '広島大学', domains: ['hiroshima-u.ac.jp'] },
  // 公立大学
  { id: 'omu', name: '大阪公立大学', domains: ['st.omu.ac.jp'] },
  // 私立大学
  {
    id: 'waseda',
    name: '早稲田大学',
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
  { id: 'keio', name: '慶應義塾大学', domains: ['keio.jp'] },
  { id: 'sophia', name: '上智大学', domains: ['eagle.sophia.ac.jp'] },
  { id: 'icu', name: '国際基督教大学', domains: ['icu.ac.jp'] },
  { id: 'meiji', name: '明治大学', domains: ['meiji.ac.jp'] },
  { id: 'aoyama', name: '青山学院大学', domains: ['aoyama.jp'] },
  { id: 'rikkyo', name: '立教大学', domains: ['rikkyo.ac.jp'] },
  { id: 'chuo-u', name: '中央大学', domains: ['g.chuo-u.ac.jp'] },
  { id: 'hosei', name: '法政大学', domains: ['stu.hosei.ac.jp'] },
  { id: 'tus', name: '東京理科大学', domains: ['ed.tus.ac.jp'] },
  { id: 'nihon-u', name: '日本大学', domains: ['g.nihon-u.ac.jp'] },
  { id: 'toyo', name: '東洋大学', domains: ['toyo.jp'] },
  { id: 'doshisha', name: '同志社大学', domains: ['mail4.doshisha.ac.jp'] },
  { id: 'ritsumei', name: '立命館大学', domains: ['ed.ritsumei.ac.jp'] },
  { id: 'kansai-u', name: '関西大学', domains: ['kansai-u.ac.jp'] },
  { id: 'kwansei', name: '関西学院大学', domains: ['kwansei.ac.jp'] },
];
