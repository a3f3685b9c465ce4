/**
 * Normalises Japanese text for partial matching: NFKC (full-width ↔ half-width, ｶﾅ → カナ),
 * lower case, katakana folded to hiragana (サクラ finds さくら), spaces removed (山田花子
 * finds 山田 花子). Applied to both the stored search text and the query.
 */
export function normalizeForSearch(text: string): string {
  return toHiragana(text.normalize('NFKC').toLowerCase()).replace(/\s+/g, '');
}

/**
 * The katakana search folds (ァ U+30A1 to ヶ U+30F6) and how far below it their hiragana stand:
 * named so that an SQL copy of the folding (server/db/company-key.ts) reads the same range.
 */
export const FOLDED_KATAKANA = { first: 0x30a1, last: 0x30f6, toHiragana: 0x60 } as const;

/** Katakana as hiragana: how search folds kana, and how universities' readings are stored. */
export function toHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/g, (c) =>
    String.fromCharCode(c.charCodeAt(0) - FOLDED_KATAKANA.toHiragana),
  );
}

/** Hiragana as katakana: how a person's フリガナ is stored and shown, whichever was typed. */
export function toKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}
