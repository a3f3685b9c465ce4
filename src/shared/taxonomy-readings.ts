import type { JobType } from './constants';
import { normalizeForSearch } from './search';

/**
 * The readings of the words in industries (shared/taxonomy) and job types, in hiragana, so that
 * a search typed in kana before the kanji comes up (「だいりてん」, 「えいぎょう」) finds them
 * (issue 56). Each word is a piece of a name between its 「・」; a piece in katakana or
 * letters needs none (search folds katakana already). taxonomy-readings.test.ts holds every
 * piece with a kanji to a reading here.
 */
export const INDUSTRY_READINGS: Readonly<Record<string, string>> = {
  通信: 'つうしん',
  システム開発: 'しすてむかいはつ',
  通信キャリア: 'つうしんきゃりあ',
  情報セキュリティ: 'じょうほうせきゅりてぃ',
  データ分析: 'でーたぶんせき',
  組込み: 'くみこみ',
  制御システム: 'せいぎょしすてむ',
  金融: 'きんゆう',
  保険: 'ほけん',
  都市銀行: 'としぎんこう',
  信託銀行: 'しんたくぎんこう',
  地方銀行: 'ちほうぎんこう',
  信用金庫: 'しんようきんこ',
  信用組合: 'しんようくみあい',
  証券: 'しょうけん',
  生命保険: 'せいめいほけん',
  損害保険: 'そんがいほけん',
  信販: 'しんぱん',
  資産運用: 'しさんうんよう',
  自動車: 'じどうしゃ',
  輸送機器: 'ゆそうきき',
  電機: 'でんき',
  電子機器: 'でんしきき',
  半導体: 'はんどうたい',
  電子部品: 'でんしぶひん',
  機械: 'きかい',
  重工業: 'じゅうこうぎょう',
  化学: 'かがく',
  素材: 'そざい',
  鉄鋼: 'てっこう',
  非鉄金属: 'ひてつきんぞく',
  食品: 'しょくひん',
  飲料: 'いんりょう',
  医薬品: 'いやくひん',
  化粧品: 'けしょうひん',
  日用品: 'にちようひん',
  繊維: 'せんい',
  商社: 'しょうしゃ',
  流通: 'りゅうつう',
  総合商社: 'そうごうしょうしゃ',
  専門商社: 'せんもんしょうしゃ',
  卸売: 'おろしうり',
  百貨店: 'ひゃっかてん',
  専門店: 'せんもんてん',
  小売: 'こうり',
  通信販売: 'つうしんはんばい',
  物流: 'ぶつりゅう',
  倉庫: 'そうこ',
  戦略コンサルティング: 'せんりゃくこんさるてぃんぐ',
  総合コンサルティング: 'そうごうこんさるてぃんぐ',
  財務: 'ざいむ',
  会計アドバイザリー: 'かいけいあどばいざりー',
  人事: 'じんじ',
  組織コンサルティング: 'そしきこんさるてぃんぐ',
  広告: 'こうこく',
  総合広告代理店: 'そうごうこうこくだいりてん',
  インターネット広告: 'いんたーねっとこうこく',
  広報: 'こうほう',
  市場調査: 'しじょうちょうさ',
  クリエイティブ制作: 'くりえいてぃぶせいさく',
  新聞: 'しんぶん',
  出版: 'しゅっぱん',
  映画: 'えいが',
  映像制作: 'えいぞうせいさく',
  音楽: 'おんがく',
  芸能: 'げいのう',
  公務員: 'こうむいん',
  教育: 'きょういく',
  国家公務員: 'こっかこうむいん',
  地方公務員: 'ちほうこうむいん',
  学校教員: 'がっこうきょういん',
  大学: 'だいがく',
  研究機関: 'けんきゅうきかん',
  教育サービス: 'きょういくさーびす',
  学習塾: 'がくしゅうじゅく',
  医療: 'いりょう',
  福祉: 'ふくし',
  病院: 'びょういん',
  医療機関: 'いりょうきかん',
  調剤薬局: 'ちょうざいやっきょく',
  介護: 'かいご',
  福祉サービス: 'ふくしさーびす',
  医療機器: 'いりょうきき',
  その他: 'そのた',
  不動産: 'ふどうさん',
  建設: 'けんせつ',
  住宅: 'じゅうたく',
  電力: 'でんりょく',
  鉄道: 'てつどう',
  航空: 'こうくう',
  運輸: 'うんゆ',
  人材サービス: 'じんざいさーびす',
};

/**
 * Each job type's words as people type them: its Japanese label's pieces (the label itself is
 * in the message catalogues, ja/mentors profileFields.jobTypes) and their readings.
 */
export const JOB_TYPE_WORDS: Readonly<Record<JobType, readonly string[]>> = {
  sales: ['営業', 'えいぎょう'],
  planning_marketing: ['企画', 'きかく', 'マーケティング'],
  corporate: ['管理部門', 'かんりぶもん', '人事', 'じんじ', '経理', 'けいり', '総務', 'そうむ'],
  engineering: ['エンジニア', '技術職', 'ぎじゅつしょく'],
  research: ['研究', 'けんきゅう', '開発', 'かいはつ'],
  specialist: ['専門職', 'せんもんしょく', '士業', 'しぎょう', '医療', 'いりょう'],
  service: ['販売', 'はんばい', 'サービス'],
  creative: ['クリエイティブ'],
  consulting: ['コンサルタント'],
  public_service: ['公務員', 'こうむいん', '団体職員', 'だんたいしょくいん'],
  other: [],
};

/** Two kana at least: one kana is in too many readings to mean any of them. */
const SHORTEST_READ = 2;

/**
 * The industry words a search word stands for by its reading: 「だいりてん」 → 総合広告代理店.
 * A word is matched inside a reading, as search matches inside text.
 */
export function industryWordsRead(word: string): string[] {
  const folded = normalizeForSearch(word);
  if ([...folded].length < SHORTEST_READ) return [];
  return Object.entries(INDUSTRY_READINGS)
    .filter(([, reading]) => reading.includes(folded))
    .map(([written]) => written);
}

/** The job types a search word names, by a word of theirs or its reading: 「えいぎょう」 → sales. */
export function jobTypesRead(word: string): JobType[] {
  const folded = normalizeForSearch(word);
  if ([...folded].length < SHORTEST_READ) return [];
  return (Object.entries(JOB_TYPE_WORDS) as [JobType, readonly string[]][])
    .filter(([, words]) => words.some((w) => normalizeForSearch(w).includes(folded)))
    .map(([jobType]) => jobType);
}
