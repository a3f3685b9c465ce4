export interface IndustryCategory {
  readonly name: string;
  readonly subcategories: readonly string[];
}

export const OTHER_CATEGORY: string = 'その他';

export const INDUSTRY_SEPARATOR = ' - ';

export const INDUSTRY_CATEGORIES: readonly IndustryCategory[] = [
  {
    name: 'IT・通信',
    subcategories: [
      'ソフトウェア',
      'SIer・システム開発',
      'インターネット・Webサービス',
      'ゲーム',
      '通信キャリア',
      'クラウド・SaaS',
      '情報セキュリティ',
      'ITインフラ・ネットワーク',
      'AI・データ分析',
      '組込み・制御システム',
    ],
  },
  {
    name: '金融・保険',
    subcategories: [
      '都市銀行・信託銀行',
      '地方銀行',
      '信用金庫・信用組合',
      '証券',
      '生命保険',
      '損害保険',
      'クレジット・信販',
      'リース',
      '資産運用',
    ],
  },
  {
    name: 'メーカー',
    subcategories: [
      '自動車・輸送機器',
      '電機・電子機器',
      '半導体・電子部品',
      '機械・重工業',
      '化学・素材',
      '鉄鋼・非鉄金属',
      '食品・飲料',
      '医薬品',
      '化粧品・日用品',
      '繊維・アパレル',
    ],
  },
  {
    name: '商社・流通',
    subcategories: [
      '総合商社',
      '専門商社',
      '卸売',
      '百貨店',
      'スーパー・コンビニ',
      'ドラッグストア',
      '専門店・小売',
      'EC・通信販売',
      '物流・倉庫',
    ],
  },
  {
    name: 'コンサルティング',
    subcategories: [
      '戦略コンサルティング',
      '総合コンサルティング',
      'ITコンサルティング',
      '財務・会計アドバイザリー',
      '人事・組織コンサルティング',
      'シンクタンク',
    ],
  },
  {
    name: '広告・マーケティング',
    subcategories: [
      '総合広告代理店',
      'インターネット広告',
      'PR・広報',
      '市場調査・リサーチ',
      'セールスプロモーション',
      'クリエイティブ制作',
    ],
  },
  {
    name: 'マスコミ・エンタメ',
    subcategories: [
      'テレビ・ラジオ',
      '新聞',
      '出版',
      '映画・映像制作',
      '音楽・芸能',
      'アニメ・キャラクター',
    ],
  },
  {
    name: '公務員・教育',
    subcategories: [
      '国家公務員',
      '地方公務員',
      '学校教員',
      '大学・研究機関',
      '教育サービス・学習塾',
    ],
  },
  {
    name: '医療・福祉',
    subcategories: ['病院・医療機関', '調剤薬局', '介護・福祉サービス', '医療機器'],
  },
  {
    name: OTHER_CATEGORY,
    subcategories: [
      '不動産',
      '建設・住宅',
      '電力・ガス・エネルギー',
      '鉄道・航空・運輸',
      '人材サービス',
    ],
  },
];

export function findCategory(name: string): IndustryCategory | undefined {
  return INDUSTRY_CATEGORIES.find((category) => category.name === name);
}

function findCategoryOfSubcategory(subcategory: string): IndustryCategory | undefined {
  return INDUSTRY_CATEGORIES.find((category) => category.subcategories.includes(subcategory));
}

/** Stored form: "category - subcategory", or the category alone (その他 without detail). */
export function formatIndustry(category: string, subcategory?: string | null): string {
  return subcategory ? `${category}${INDUSTRY_SEPARATOR}${subcategory}` : category;
}

/**
 * Inverse of formatIndustry; also accepts a bare subcategory (legacy data) and finds its category.
 * Unknown text gives { category: undefined, subcategory: undefined }.
 */
export function parseIndustry(stored: string): { category?: string; subcategory?: string } {
  const text = stored.trim();
  const separatorIndex = text.indexOf(INDUSTRY_SEPARATOR);

  if (separatorIndex >= 0) {
    const category = findCategory(text.slice(0, separatorIndex).trim());
    const subcategory = text.slice(separatorIndex + INDUSTRY_SEPARATOR.length).trim();
    if (category && category.subcategories.includes(subcategory)) {
      return { category: category.name, subcategory };
    }
    return {};
  }

  const category = findCategory(text);
  if (category) {
    return { category: category.name };
  }

  // Records written before categories existed hold only the subcategory.
  const owner = findCategoryOfSubcategory(text);
  if (owner) {
    return { category: owner.name, subcategory: text };
  }

  return {};
}

/** The 大分類 of a stored industry (「商社 - 総合商社」 → 商社), also for text outside the taxonomy. */
export function industryCategoryOf(stored: string): string {
  return parseIndustry(stored).category ?? stored.split(INDUSTRY_SEPARATOR)[0]!.trim();
}

/** The subcategory is required unless the category is その他. */
export function isValidIndustry(category: string, subcategory?: string | null): boolean {
  const found = findCategory(category);
  if (!found) {
    return false;
  }
  if (!subcategory) {
    return found.name === OTHER_CATEGORY;
  }
  return found.subcategories.includes(subcategory);
}
