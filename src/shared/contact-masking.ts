/**
 * The site's rule: contact details are exchanged only after an alumnus accepts a request
 * (docs/PRODUCT.md §7). Before that, phone numbers, e-mail addresses and messenger IDs typed into a
 * thread message are replaced by MASK before the message is stored; the page says why.
 *
 * Detection runs on a folded copy of the text that has the same length (full-width letters,
 * digits and signs become ASCII, dash-like signs become "-"), so 「０９０ー１２３４ー５６７８」 is
 * found as a phone number and the match's positions are the original's.
 */
export const MASK = '＊＊＊';

const EMAIL = /[A-Za-z0-9._%+-]+\s*@\s*[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** Runs of digits with separators; a run is a phone number if its digit count says so. */
const DIGIT_RUN = /\+?\d[\d\s().-]{7,}\d/g;
/** Links that open a messenger or a social profile. */
const MESSENGER_LINK =
  /(?:https?:\/\/)?(?:www\.)?(?:line\.me|lin\.ee|instagram\.com|instagr\.am|twitter\.com|x\.com|facebook\.com|fb\.me|m\.me|discord\.gg|discord\.com\/users|t\.me|wa\.me|u\.wechat\.com|open\.kakao\.com|tiktok\.com)\/\S*/gi;
/**
 * A messenger's name, then the ID given for it: 「LINE ID: tanaka01」, 「インスタは hana_s」. Without
 * a label or a sign between them, only a word that looks like an ID (a digit, "_", "." or "-")
 * counts, so that "LINE and mail" stays as it is.
 */
const MESSENGER_ID =
  /(?:(?<![A-Za-z])(?:line|instagram|insta|twitter|discord|skype|wechat|kakao|telegram|tiktok|facebook|fb|messenger)(?![A-Za-z])|(?<!オン)ライン|らいん|インスタ|いんすた|ツイッター|ディスコード|ディスコ|スカイプ|カカオ|テレグラム|フェイスブック)(\s*(?:の\s*)?(?:id|アイディー|アカウント|account|username|ユーザー名)(?![A-Za-z]))?(\s*(?:は|:|=|→|-|＝)\s*)?\s*(@?[A-Za-z0-9][A-Za-z0-9._-]{2,})/gi;
/** A handle on its own: "@tanaka_0101" (an e-mail's @ is taken first). */
const HANDLE = /(?<![A-Za-z0-9._%+-])@[A-Za-z0-9_.]{3,30}/g;

const DASHES = new Set(['ー', '−', '‐', '‑', '–', '—', '―', '─', '－']);

/** The same text with full-width ASCII as ASCII and dashes as "-", one character for one. */
function fold(text: string): string {
  let folded = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let out = char;
    if (code >= 0xff01 && code <= 0xff5e) out = String.fromCodePoint(code - 0xfee0);
    else if (code === 0x3000) out = ' ';
    else if (DASHES.has(char)) out = '-';
    // Keep the length in UTF-16 units, so positions match the original.
    folded += out.length === char.length ? out : char;
  }
  return folded;
}

function isPhoneNumber(run: string): boolean {
  const digits = run.replace(/\D/g, '');
  // Japanese numbers: 0 and 9–10 more digits; abroad: + and 8–15 digits.
  if (run.startsWith('+')) return digits.length >= 8 && digits.length <= 15;
  return digits.startsWith('0') && digits.length >= 10 && digits.length <= 11;
}

type Range = [start: number, end: number];

function collect(folded: string): Range[] {
  const ranges: Range[] = [];
  for (const match of folded.matchAll(MESSENGER_LINK)) {
    ranges.push([match.index, match.index + match[0].length]);
  }
  for (const match of folded.matchAll(EMAIL)) {
    ranges.push([match.index, match.index + match[0].length]);
  }
  for (const match of folded.matchAll(DIGIT_RUN)) {
    if (isPhoneNumber(match[0])) ranges.push([match.index, match.index + match[0].length]);
  }
  for (const match of folded.matchAll(MESSENGER_ID)) {
    const [whole, label, sign, id = ''] = match;
    if (!label && !sign && !/[\d_.-]/.test(id)) continue;
    const end = match.index + whole.length;
    ranges.push([end - id.length, end]);
  }
  for (const match of folded.matchAll(HANDLE)) {
    ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

/** Overlapping or touching ranges become one, in order. */
function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** The text with every contact detail replaced by MASK, and whether anything was. */
export function maskContactDetails(text: string): { text: string; masked: boolean } {
  const ranges = merge(collect(fold(text)));
  if (ranges.length === 0) return { text, masked: false };
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + MASK;
    at = end;
  }
  return { text: out + text.slice(at), masked: true };
}
