/**
 * Made-up Japanese names, companies and messages shared by the demo seed (scripts/seed-demo.ts)
 * and the benchmark's bulk seed (bench/seed.ts), so both look like the same site.
 */
import { toKatakana } from '../src/shared/search';
import { INDUSTRY_CATEGORIES, OTHER_CATEGORY } from '../src/shared/taxonomy';

export const FAMILY_NAMES = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '清水',
  '斎藤',
];
export const GIVEN_NAMES = [
  '美咲',
  '陽菜',
  '結衣',
  '葵',
  '彩花',
  '真由',
  '優奈',
  '千尋',
  '菜々子',
  '愛',
  '里奈',
  '遥',
  '楓',
  '沙織',
  '舞',
  '由佳',
  '奈緒',
  '恵',
  '智子',
  '明日香',
];
/** フリガナ of FAMILY_NAMES and GIVEN_NAMES, index for index. */
export const FAMILY_READINGS = [
  'サトウ',
  'スズキ',
  'タカハシ',
  'タナカ',
  'イトウ',
  'ワタナベ',
  'ヤマモト',
  'ナカムラ',
  'コバヤシ',
  'カトウ',
  'ヨシダ',
  'ヤマダ',
  'ササキ',
  'ヤマグチ',
  'マツモト',
  'イノウエ',
  'キムラ',
  'ハヤシ',
  'シミズ',
  'サイトウ',
];
export const GIVEN_READINGS = [
  'ミサキ',
  'ヒナ',
  'ユイ',
  'アオイ',
  'アヤカ',
  'マユ',
  'ユウナ',
  'チヒロ',
  'ナナコ',
  'アイ',
  'リナ',
  'ハルカ',
  'カエデ',
  'サオリ',
  'マイ',
  'ユカ',
  'ナオ',
  'メグミ',
  'トモコ',
  'アスカ',
];
export const COMPANY_STEMS = [
  'みらい',
  'あおば',
  'ひかり',
  'さくら',
  'つばさ',
  'いろは',
  'はるか',
  'ことぶき',
  'ときわ',
  'しらかば',
];
export const COMPANY_SUFFIX: Record<string, string> = {
  'IT・通信': 'テクノロジーズ',
  '金融・保険': 'フィナンシャル',
  メーカー: '工業',
  '商社・流通': '商事',
  コンサルティング: 'コンサルティング',
  '広告・マーケティング': 'エージェンシー',
  'マスコミ・エンタメ': 'メディア',
  '公務員・教育': '',
  '医療・福祉': 'メディカル',
  [OTHER_CATEGORY]: 'ホールディングス',
};
/** The readings of the suffixes written in kanji (the others are katakana already). */
const SUFFIX_READINGS: Record<string, string> = { 工業: 'コウギョウ', 商事: 'ショウジ' };
const PUBLIC_EMPLOYERS = ['東京都庁', '文部科学省', '横浜市役所', '私立さくら学園'];
const PUBLIC_EMPLOYER_READINGS = [
  'トウキョウトチョウ',
  'モンブカガクショウ',
  'ヨコハマシヤクショ',
  'シリツサクラガクエン',
];
export const MESSAGES = [
  '業界研究の進め方から面接対策まで、気軽に相談してください。',
  '文系からエンジニアになりました。キャリアの選び方をお話しします。',
  '就活で迷ったことを全部お伝えします。一緒に考えましょう！',
  '入社3年目です。若手の働き方のリアルをお話しできます。',
  '転職経験があるので、長い目で見たキャリアの話もできます。',
  'ES添削や面接練習、いつでも歓迎です。',
  '地方出身で東京の企業に就職しました。同じ境遇の方、ぜひ。',
  '留学経験を就活でどう伝えるか、一緒に考えます。',
];

/** 学部 of the demo's students and alumni alike, so that some of them share one. */
export const FACULTIES = ['経済学部', '法学部', '文学部', '工学部', '商学部', '理学部'] as const;

export function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length]!;
}

/** Every (category, subcategory) an alumnus can choose; "その他" has no subcategory. */
export const INDUSTRY_CHOICES = INDUSTRY_CATEGORIES.flatMap((category) =>
  category.name === OTHER_CATEGORY
    ? [{ category: category.name, subcategory: undefined as string | undefined }]
    : category.subcategories.map((subcategory) => ({ category: category.name, subcategory })),
);

/** The demo's company name for an alumnus in `category`. */
function companyName(category: string, index: number): string {
  return category === '公務員・教育'
    ? pick(PUBLIC_EMPLOYERS, index)
    : `株式会社${pick(COMPANY_STEMS, index)}${COMPANY_SUFFIX[category] ?? ''}`;
}

/** companyName's フリガナ, without 株式会社 as the company's own reading usually leaves it out. */
function companyReading(category: string, index: number): string {
  if (category === '公務員・教育') return pick(PUBLIC_EMPLOYER_READINGS, index);
  const suffix = COMPANY_SUFFIX[category] ?? '';
  return toKatakana(`${pick(COMPANY_STEMS, index)}${SUFFIX_READINGS[suffix] ?? suffix}`);
}

/** A made-up person's name and its reading, picked at the same places so that the two match. */
export function personName(family: number, given: number): { name: string; nameReading: string } {
  return {
    name: `${pick(FAMILY_NAMES, family)} ${pick(GIVEN_NAMES, given)}`,
    nameReading: `${pick(FAMILY_READINGS, family)} ${pick(GIVEN_READINGS, given)}`,
  };
}

/**
 * A made-up alumna's employer: the `industry`-th choice of industry, and the `company`-th
 * company in it with its reading.
 */
export function demoEmployer(industry: number, company: number) {
  const choice = pick(INDUSTRY_CHOICES, industry);
  return {
    industry: choice,
    company: companyName(choice.category, company),
    companyReading: companyReading(choice.category, company),
  };
}
