/**
 * Japanese input habits (docs/PRODUCT.md §4): a keyboard left in 全角 mode types ａｂｃ１２３＠ where
 * an address, a code, a 学籍番号 or a phone number means abc123@. Such fields read the typed text
 * as its half-width form, on the page when the field is left and on the server again.
 */

/** The full-width forms of ASCII ！ … ～ (U+FF01–U+FF5E) and the ideographic space. */
const FULL_WIDTH_ASCII = /[\uFF01-\uFF5E\u3000]/g;

/** The offset from a full-width form (U+FF01–U+FF5E) to its ASCII character. */
const FULL_WIDTH_OFFSET = 0xfee0;

/**
 * The text with full-width letters, digits, symbols (＠, ．, －) and spaces as their ASCII
 * characters; everything else as it was. Not NFKC, which also rewrites ㈱, ｶﾅ and the like.
 */
export function toHalfWidth(text: string): string {
  return text.replace(FULL_WIDTH_ASCII, (character) =>
    character === '\u3000' ? ' ' : String.fromCharCode(character.charCodeAt(0) - FULL_WIDTH_OFFSET),
  );
}

/**
 * Emoji and what only emoji are made of: pictographs (also ©, ™ and the like), flags' regional
 * indicators, skin tones and the keycap mark (1️⃣). Digits, # and *, which Unicode also counts
 * as emoji, are not.
 */
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\u20E3]/u;

/** True when the text holds an emoji: a name may not (a mail's salutation would carry it). */
export function hasEmoji(text: string): boolean {
  return EMOJI.test(text);
}
