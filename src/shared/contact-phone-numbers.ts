/**
 * Phone numbers in the masker's folded copy (contact-folding.ts), however their digits are
 * written: 「090-1234-5678」, 「090/1234/5678」, 「〇九〇ー一二三四ー五六七八」, 「ゼロキュウゼロ…」,
 * 「O9O 1234 5678」, 「090の1234の5678」, one digit per line.
 *
 * Kanji numerals and kana number words count as digits only inside a run long enough to be a
 * phone number, so 三名, 第二志望, 一緒に and 二十歳 stay as they are. What makes a run a number
 * is checked on its digits and its groups (what separators split it into), because dates,
 * times, prices and years are digits with separators too:
 * - a number in Japan: 0, then not 0, 10–11 digits; abroad: +, 8–15 digits, or 81 and 11–12;
 * - split into groups: at most five, the last of at least three digits, the same separator
 *   between them (「12/01, 12/15, 2026」 is dates), unless every digit stands alone (「0 9 0 …」).
 */
export type Range = [start: number, end: number];

// The text is read by character codes: a one-character string of kana or kanji is a new string
// each time, and a 2,000-character message would make thousands of them on every keystroke.
function codes(chars: string): Set<number> {
  return new Set([...chars].map((char) => char.charCodeAt(0)));
}

/** Kana number words (as read out: にい, ごお) and kanji numerals, by the digit they stand for. */
const NUMBER_WORDS = [
  'ゼロ ぜろ レイ れい マル まる 〇 ○ ◯ 零',
  'イチ いち 一 壱',
  'ニイ ニー にい にー ニ に 二 弐',
  'サン さん 三 参',
  'ヨン よん シ し 四',
  'ゴオ ゴー ごお ごー ゴ ご 五',
  'ロク ろく 六',
  'ナナ なな シチ しち 七',
  'ハチ はち 八',
  'キュウ キュー きゅう きゅー ク く 九',
];
const WORD_DIGITS = new Map(
  NUMBER_WORDS.flatMap((words, digit) =>
    words.split(' ').map((word): [string, string] => [word, String(digit)]),
  ),
);
/** Any number word at a position, longest first (シチ before シ). */
const NUMBER_WORD = new RegExp(
  [...WORD_DIGITS.keys()].sort((a, b) => b.length - a.length).join('|'),
  'y',
);
/** The characters a number word starts with: only there is NUMBER_WORD tried. */
const WORD_STARTS = new Set([...WORD_DIGITS.keys()].map((word) => word.charCodeAt(0)));
/** What may stand between a number's digits: spaces, slashes, dots, dashes, brackets, 、・の. */
const SEPARATORS = codes(
  ' \t\n\r\u2028\u2029/\\.。,、・･の-‐‑‒–—―−─━ー﹣_()[]{}「」『』【】〔〕<>|*',
);
/** Letters that stand for digits beside digits: O9O, l23. */
const DIGIT_LETTERS = new Map([...'OolI|'].map((letter, i) => [letter.charCodeAt(0), '00111'[i]!]));
/** At most this many separator characters between two digits of one number. */
const MAX_GAP = 3;

interface Digit {
  digit: string;
  start: number;
  end: number;
  /** A number word or kanji numeral (a number may start or end inside a run of them). */
  word: boolean;
  /** The separators between this digit and the one before ('' when they touch). */
  gap: string;
}

const isAsciiDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** The digit at `at`, if one starts there (its `gap` is set by the caller). */
function digitAt(text: string, at: number): Digit | undefined {
  const gap = '';
  const code = text.charCodeAt(at);
  if (isAsciiDigit(code)) return { digit: text[at]!, start: at, end: at + 1, word: false, gap };
  const letter = DIGIT_LETTERS.get(code);
  if (letter && (isAsciiDigit(text.charCodeAt(at - 1)) || isAsciiDigit(text.charCodeAt(at + 1)))) {
    return { digit: letter, start: at, end: at + 1, word: false, gap };
  }
  if (!WORD_STARTS.has(code)) return undefined;
  NUMBER_WORD.lastIndex = at;
  const word = NUMBER_WORD.exec(text)?.[0];
  if (!word) return undefined;
  return { digit: WORD_DIGITS.get(word)!, start: at, end: at + word.length, word: true, gap };
}

/** Runs of digits with at most MAX_GAP separators between neighbours. */
function digitRuns(text: string): Digit[][] {
  const runs: Digit[][] = [];
  let run: Digit[] = [];
  let gapStart = -1;
  let at = 0;
  while (at < text.length) {
    const found = digitAt(text, at);
    if (found) {
      if (run.length > 0) found.gap = text.slice(gapStart, at);
      run.push(found);
      at = found.end;
      gapStart = at;
    } else if (run.length > 0 && SEPARATORS.has(text.charCodeAt(at)) && at - gapStart < MAX_GAP) {
      at++;
    } else {
      if (run.length > 0) runs.push(run);
      run = [];
      at++;
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** A new group starts where a separator stands or where digits change from words to figures. */
function startsGroup(run: Digit[], i: number): boolean {
  return i === 0 || run[i]!.gap !== '' || run[i]!.word !== run[i - 1]!.word;
}

function isNumber(digits: string, international: boolean): boolean {
  if (international) return digits.length >= 8 && digits.length <= 15 && digits[0] !== '0';
  if (digits.startsWith('81'))
    return digits.length >= 11 && digits.length <= 12 && digits[2] !== '0';
  return digits.length >= 10 && digits.length <= 11 && digits[0] === '0' && digits[1] !== '0';
}

/** Whether more digits could still make these the start of a number without + (not 00…, 80…). */
function mayBeginNumber(digits: string): boolean {
  if (digits[0] === '0') return digits.length < 2 || digits[1] !== '0';
  return digits[0] === '8' && (digits.length < 2 || digits[1] === '1') && digits[2] !== '0';
}

/** Whether run[first..last] is split like a phone number (see the module's comment). */
function isShapedLikeNumber(run: Digit[], first: number, last: number): boolean {
  const sizes: number[] = [];
  const separators = new Set<string>();
  for (let i = first; i <= last; i++) {
    if (i === first || startsGroup(run, i)) {
      sizes.push(0);
      // Brackets and spaces go with any separator: 03 (1234) 5678, 090 1234-5678.
      const separator = run[i]!.gap.replace(/[\s()[\]{}「」『』【】〔〕<>]/g, '');
      if (i !== first && separator !== '') separators.add(separator);
    }
    sizes[sizes.length - 1]!++;
  }
  if (sizes.length === 1 || sizes.every((size) => size === 1)) return true;
  return sizes.length <= 5 && sizes.at(-1)! >= 3 && separators.size <= 1;
}

/** A number may start and end between groups, or anywhere among number words (「に〇九〇…」). */
const mayStart = (run: Digit[], i: number) => run[i]!.word || startsGroup(run, i);
const mayEnd = (run: Digit[], i: number) =>
  run[i]!.word || i === run.length - 1 || startsGroup(run, i + 1);

/** The "+" of an international number just before `start` (「+81 90…」), if there is one. */
function plusBefore(text: string, start: number): number | undefined {
  if (text[start - 1] === '+') return start - 1;
  if (text[start - 1] === ' ' && text[start - 2] === '+') return start - 2;
  return undefined;
}

/** Where phone numbers stand in the folded text, from the first digit (or +) to the last. */
export function findPhoneNumbers(text: string): Range[] {
  const ranges: Range[] = [];
  for (const run of digitRuns(text)) {
    let first = 0;
    while (first < run.length) {
      let found = -1;
      const plus = run[first]!.word ? undefined : plusBefore(text, run[first]!.start);
      // Every number starts with 0, 81 or +.
      const digit = run[first]!.digit;
      if ((digit === '0' || digit === '8' || plus !== undefined) && mayStart(run, first)) {
        let digits = '';
        for (let last = first; last < run.length && digits.length < 15; last++) {
          digits += run[last]!.digit;
          if (plus === undefined && !mayBeginNumber(digits)) break;
          if (
            mayEnd(run, last) &&
            isNumber(digits, plus !== undefined) &&
            isShapedLikeNumber(run, first, last)
          ) {
            found = last;
          }
        }
        if (found >= 0) ranges.push([plus ?? run[first]!.start, run[found]!.end]);
      }
      first = found >= 0 ? found + 1 : first + 1;
    }
  }
  return ranges;
}
