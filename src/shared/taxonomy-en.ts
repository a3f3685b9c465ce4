import { INDUSTRY_SEPARATOR, OTHER_CATEGORY } from './taxonomy';

/**
 * The industry taxonomy's English names, for English mode. The stored values and
 * the API stay Japanese (they are the taxonomy's keys); only what is shown changes. A name
 * missing here is shown as stored, and `taxonomy-en.test.ts` keeps the table complete.
 */
export const INDUSTRY_NAMES_EN: Readonly<Record<string, string>> = {
  'IT・通信': 'IT & telecoms',
  ソフトウェア: 'Software',
  'SIer・システム開発': 'Systems integration',
  'インターネット・Webサービス': 'Internet & web services',
  ゲーム: 'Games',
  通信キャリア: 'Telecom carriers',
  'クラウド・SaaS': 'Cloud & SaaS',
  情報セキュリティ: 'Information security',
  'ITインフラ・ネットワーク': 'IT infrastructure & networks',
  'AI・データ分析': 'AI & data analytics',
  '組込み・制御システム': 'Embedded & control systems',
  '金融・保険': 'Finance & insurance',
  '都市銀行・信託銀行': 'Major & trust banks',
  地方銀行: 'Regional banks',
  '信用金庫・信用組合': 'Credit unions',
  証券: 'Securities',
  生命保険: 'Life insurance',
  損害保険: 'Property & casualty insurance',
  'クレジット・信販': 'Credit cards & consumer credit',
  リース: 'Leasing',
  資産運用: 'Asset management',
  メーカー: 'Manufacturing',
  '自動車・輸送機器': 'Automotive & transport equipment',
  '電機・電子機器': 'Electrical & electronic equipment',
  '半導体・電子部品': 'Semiconductors & components',
  '機械・重工業': 'Machinery & heavy industry',
  '化学・素材': 'Chemicals & materials',
  '鉄鋼・非鉄金属': 'Steel & non-ferrous metals',
  '食品・飲料': 'Food & beverages',
  医薬品: 'Pharmaceuticals',
  '化粧品・日用品': 'Cosmetics & household goods',
  '繊維・アパレル': 'Textiles & apparel',
  '商社・流通': 'Trading & distribution',
  総合商社: 'General trading companies',
  専門商社: 'Specialised trading companies',
  卸売: 'Wholesale',
  百貨店: 'Department stores',
  'スーパー・コンビニ': 'Supermarkets & convenience stores',
  ドラッグストア: 'Drugstores',
  '専門店・小売': 'Specialty retail',
  'EC・通信販売': 'E-commerce & mail order',
  '物流・倉庫': 'Logistics & warehousing',
  コンサルティング: 'Consulting',
  戦略コンサルティング: 'Strategy consulting',
  総合コンサルティング: 'General consulting',
  ITコンサルティング: 'IT consulting',
  '財務・会計アドバイザリー': 'Financial advisory',
  '人事・組織コンサルティング': 'HR & organisation consulting',
  シンクタンク: 'Think tanks',
  '広告・マーケティング': 'Advertising & marketing',
  総合広告代理店: 'Advertising agencies',
  インターネット広告: 'Online advertising',
  'PR・広報': 'PR',
  '市場調査・リサーチ': 'Market research',
  セールスプロモーション: 'Sales promotion',
  クリエイティブ制作: 'Creative production',
  'マスコミ・エンタメ': 'Media & entertainment',
  'テレビ・ラジオ': 'TV & radio',
  新聞: 'Newspapers',
  出版: 'Publishing',
  '映画・映像制作': 'Film & video production',
  '音楽・芸能': 'Music & talent',
  'アニメ・キャラクター': 'Anime & characters',
  '公務員・教育': 'Public service & education',
  国家公務員: 'National civil service',
  地方公務員: 'Local civil service',
  学校教員: 'School teaching',
  '大学・研究機関': 'Universities & research institutes',
  '教育サービス・学習塾': 'Education services & cram schools',
  '医療・福祉': 'Healthcare & welfare',
  '病院・医療機関': 'Hospitals & clinics',
  調剤薬局: 'Pharmacies',
  '介護・福祉サービス': 'Care & welfare services',
  医療機器: 'Medical devices',
  [OTHER_CATEGORY]: 'Other',
  不動産: 'Real estate',
  '建設・住宅': 'Construction & housing',
  '電力・ガス・エネルギー': 'Power, gas & energy',
  '鉄道・航空・運輸': 'Rail, air & transport',
  人材サービス: 'Staffing & HR services',
};

/** A category or subcategory name in the reader's language. */
export function industryPartName(name: string, language: string): string {
  return language.startsWith('en') ? (INDUSTRY_NAMES_EN[name] ?? name) : name;
}

/** A stored industry ("category - subcategory") in the reader's language. */
export function industryName(stored: string, language: string): string {
  if (!language.startsWith('en')) return stored;
  return stored
    .split(INDUSTRY_SEPARATOR)
    .map((part) => industryPartName(part, language))
    .join(INDUSTRY_SEPARATOR);
}
