/**
 * The copy of a message the contact masker reads (contact-masking.ts): every way of writing a
 * character that looks or reads the same folded to one, so that 「０９０」, 「𝟎𝟗𝟎」, 「⓪⑨⓪」 and
 * 「0\u200b9\u200b0」 are all "090", 「ﾗｲﾝ」 is 「ライン」 and Cyrillic 「LІNE」 is "LINE".
 *
 * - NFKC per character with its combining marks (full-width, half-width kana with their
 *   voicing marks, mathematical and circled digits, ﹫ and ＠, ｡ and ．), then the marks left
 *   over dropped (a keycap's ⃣, a strike-through's ̶);
 * - invisible characters dropped (zero-width spaces and joiners, direction marks, the soft
 *   hyphen, BOM, variation selectors, controls other than line breaks and tabs, Hangul fillers);
 * - the digits NFKC leaves alone (❶, ➀, ⓵, ⓫, 🄌, and every script's own digits) as ASCII;
 * - letters of other alphabets that look like Latin ones (Cyrillic І, Greek Ν, small capitals
 *   ʟɪɴᴇ) as those.
 *
 * The copy has other lengths than the original, so each of its UTF-16 units keeps where its
 * source starts and ends in the original: a match in the copy masks exactly the original
 * characters it came from, invisible ones between them included.
 */
export interface FoldedText {
  /** The folded copy the detectors read. */
  text: string;
  /** For each UTF-16 unit of `text`: the start of the original characters it came from. */
  from: number[];
  /** For each UTF-16 unit of `text`: the end of the original characters it came from. */
  to: number[];
}

/** Where the folded copy's [start, end) came from in the original (end > start). */
export function originalRange(folded: FoldedText, start: number, end: number): [number, number] {
  return [folded.from[start]!, folded.to[end - 1]!];
}

/** Letters of other alphabets drawn like Latin ones (what an evasion swaps into LINE, insta…). */
const LOOK_ALIKES = new Map(
  [
    // Cyrillic
    'АA ВB ЕE КK МM НH ОO РP СC ТT ХX УY ҮY ІI ӀI ЈJ ЅS ԀD ԚQ ԜW',
    'аa еe оo рp сc уy үy хx іi ӏl јj ѕs ԁd ԛq ԝw һh кk',
    // Greek
    'ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX αa ιi κk νv οo ρp υu χx',
    // Latin small capitals and other variants
    'ᴀa ʙb ᴄc ᴅd ᴇe ɢg ʜh ɪi ᴊj ᴋk ʟl ᴍm ɴn ᴏo ᴘp ʀr ꜱs ᴛt ᴜu ᴠv ᴡw ʏy ᴢz ıi ɩi ɑa ɡg',
  ]
    .flatMap((pairs) => pairs.split(' '))
    .map((pair): [string, string] => [pair[0]!, pair[1]!]),
);

/** Circled and other decorated digits NFKC keeps as they are: ❶…❿, ➀…➉, ➊…➓, ⓵…⓾, ⓫…⓴, ⓿, 🄌. */
const DECORATED_DIGITS = new Map<number, string>();
for (const first of [0x2776, 0x2780, 0x278a, 0x24f5]) {
  for (let n = 1; n <= 10; n++) DECORATED_DIGITS.set(first + n - 1, String(n));
}
for (let n = 11; n <= 20; n++) DECORATED_DIGITS.set(0x24eb + n - 11, String(n));
for (const zero of [0x24ea, 0x24ff, 0x1f10b, 0x1f10c]) DECORATED_DIGITS.set(zero, '0');

/** Hangul fillers and the braille blank: letters by category, blank on the page. */
const BLANK_LETTERS = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x2800]);
/**
 * Format characters (U+200B–U+200F, U+202A–U+202E, U+2060–U+2069, U+FEFF, U+00AD…), controls and
 * marks left without a character to join (variation selectors, a keycap's ⃣, a strike-through).
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{M}]/u;
const COMBINING = /[\p{M}\uff9e\uff9f]/u;
const DECIMAL_DIGIT = /\p{Nd}/u;

function isInvisible(char: string): boolean {
  if (char === '\n' || char === '\r' || char === '\t') return false;
  return BLANK_LETTERS.has(char.codePointAt(0)!) || INVISIBLE.test(char);
}

/** Kana, kanji and their punctuation: NFKC leaves them as they are (the bulk of a message). */
function isStable(code: number): boolean {
  return (
    (code >= 0x20 && code < 0x7f) ||
    (code >= 0x3041 && code <= 0x3096) ||
    (code >= 0x30a1 && code <= 0x30fa) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    code === 0x3001 ||
    code === 0x3002 ||
    code === 0x30fc
  );
}

/**
 * Another script's digit (٠١٢…, ०१२…) as ASCII: Unicode keeps each script's digits 0–9 in a row,
 * so the value is how many digits come before it in its row.
 */
function asciiDigit(char: string): string {
  let code = char.codePointAt(0)!;
  let value = 0;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(code - 1))) {
    code--;
    value++;
  }
  return String(value % 10);
}

/** One character with its combining marks, folded (possibly to nothing, possibly to several). */
function foldCluster(cluster: string): string {
  const code = cluster.codePointAt(0)!;
  const decorated = DECORATED_DIGITS.get(code);
  if (decorated) return decorated;
  let out = '';
  for (const char of cluster.normalize('NFKC')) {
    if (isInvisible(char)) continue;
    if (char >= '0' && char <= '9') out += char;
    else if (char.length > 1 || char.charCodeAt(0) >= 0x80) {
      out += LOOK_ALIKES.get(char) ?? (DECIMAL_DIGIT.test(char) ? asciiDigit(char) : char);
    } else out += char;
  }
  return out;
}

/** The folded copy of a text, with where each of its units came from. */
export function foldForMasking(text: string): FoldedText {
  const parts: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  while (at < text.length) {
    const code = text.codePointAt(at)!;
    let end = at + (code > 0xffff ? 2 : 1);
    // A character and the marks that belong to it (ｶﾞ, か\u3099, 0\ufe0f\u20e3) fold together.
    while (end < text.length && text.charCodeAt(end) >= 0x300) {
      const nextCode = text.codePointAt(end)!;
      if (isStable(nextCode)) break;
      const next = String.fromCodePoint(nextCode);
      if (!COMBINING.test(next)) break;
      end += next.length;
    }
    const cluster = text.slice(at, end);
    const out = isStable(code) && end === at + 1 ? cluster : foldCluster(cluster);
    if (out.length > 0) {
      parts.push(out);
      for (let i = 0; i < out.length; i++) {
        from.push(at);
        to.push(end);
      }
    }
    at = end;
  }
  return { text: parts.join(''), from, to };
}
