/**
 * Phone numbers in the masker's folded copy (contact-folding.ts), however their digits are
 * written: 「090-1234-5678」, 「090/1234/5678」, 「〇九〇ー一二三四ー五六七八」, 「ゼロキュウゼロ…」,
 * 「O9O 1234 5678」, 「090の1234の5678」, 「090🍎1234★5678」, 「090    1234    5678」, one digit
 * per line.
 *
 * Kanji numerals and kana number words count as digits only inside a run long enough to be a
 * phone number, so 三名, 第二志望, 一緒に and 二十歳 stay as they are. Between two digits of a run
 * stand any whitespace and at most three other characters: punctuation, symbols, emoji, or one
 * Latin letter (「090x1234x5678」); a word ends the run. What makes a run a number is checked on
 * its digits and its groups (what the characters between them split it into), because dates,
 * times, prices and years are digits with separators too:
 * - a number in Japan: 0, then not 0, 10–11 digits; abroad: +, 8–15 digits, or 81 and 11–12;
 * - split into groups with one separator (「090-1234-5678」, 「090 1234-5678」): at most five,
 *   the last of at least three digits, a first of two only 03 or 06;
 * - split any other way (「090-1234/5678」, 「090★1234★5678」): only as numbers in Japan are
 *   (3-4-4, 03 and 06 then 4-4, 3-3-4, 4-2-4, 5-1-4, 0120-123-456, 0800-123-4567, or two of
 *   these groups run together), so that 「12/01、12/15、2026」 (2-2-2-4) and 「12/03 10:00-11:00」
 *   (2-2-2-2-2) are dates and times;
 * - every digit alone, with the same characters between each (「0 9 0 …」, 「0★9★0…」), but
 *   not a list of dates (「8/1、8/2、8/3…」).
 *
 * Beside these, two rules for a mobile number (070, 080, 090, 050 and eight digits) given so
 * that no run holds it (issue 54's review):
 * - told in pieces with words between (「前半は090-12 後半は34-5678」, 「上3桁は080、真ん中1234、
 *   下5678」): runs a few characters apart whose digits together are the number, the first run
 *   starting with its three-digit prefix as one group (so 「09:00〜12:00」 is no start);
 * - written backwards (「8765-4321-090 (逆から)」, 「87654321090」): groups whose digits read
 *   from the end are the number, split as it would be (4-4-3 or not at all).
 * English number words count as digits as kana ones do (「zero nine zero one two…」).
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
/**
 * Number words in English, read out as digits ("zero nine zero", "oh eight oh"): only as whole
 * words (not "someone", "nineteen"), and like the kana ones only inside a run long enough to be
 * a number ("one or two" stays).
 */
const ENGLISH_NUMBER_WORD =
  /(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?![A-Za-z])/iy;
const ENGLISH_DIGITS: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
/** Any number word at a position, longest first (シチ before シ). */
const NUMBER_WORD = new RegExp(
  [...WORD_DIGITS.keys()].sort((a, b) => b.length - a.length).join('|'),
  'y',
);
/** The characters a number word starts with: only there is NUMBER_WORD tried. */
const WORD_STARTS = new Set([...WORD_DIGITS.keys()].map((word) => word.charCodeAt(0)));
/**
 * What people write between a number's groups: slashes, dots, dashes, brackets, 、・, and the
 * particles that join them as words (「090の1234の5678」, 「090 と 1234 と 5678」).
 */
const SEPARATORS = codes('/\\.。,、・･のとや-‐‑‒–—―−─━ー﹣_()[]{}「」『』【】〔〕<>|*');
/** Whitespace between two digits counts for nothing, however much of it there is. */
const SPACES = codes(' \t\n\r\u2028\u2029\u00a0\u3000');
/** Other characters that may stand between digits: punctuation, symbols and emoji (★, 🍎, →, ~). */
const FILLER = /[\p{P}\p{S}]/uy;
/** At most this many characters other than whitespace between two digits of one number. */
const MAX_FILLERS = 3;
/** Letters that stand for digits beside digits: O9O, l23. */
const DIGIT_LETTERS = new Map([...'OolI|'].map((letter, i) => [letter.charCodeAt(0), '00111'[i]!]));

interface Digit {
  digit: string;
  start: number;
  end: number;
  /** A number word or kanji numeral (a number may start or end inside a run of them). */
  word: boolean;
  /** The characters between this digit and the one before ('' when they touch). */
  gap: string;
  /** An English number word: words apart by spaces or a dash are one group ("zero nine zero"). */
  english?: boolean;
}

const isAsciiDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isLatinLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;

/** The digit at `at`, if one starts there (its `gap` is set by the caller). */
function digitAt(text: string, at: number): Digit | undefined {
  const gap = '';
  const code = text.charCodeAt(at);
  if (isAsciiDigit(code)) return { digit: text[at]!, start: at, end: at + 1, word: false, gap };
  if (isLatinLetter(code) && !isLatinLetter(text.charCodeAt(at - 1))) {
    ENGLISH_NUMBER_WORD.lastIndex = at;
    const english = ENGLISH_NUMBER_WORD.exec(text)?.[0];
    if (english) {
      const digit = ENGLISH_DIGITS[english.toLowerCase()]!;
      return { digit, start: at, end: at + english.length, word: true, gap, english: true };
    }
  }
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

/**
 * The length of the character at `at` if it may stand between two digits after `fillers`
 * characters other than whitespace, `letters` of them Latin letters; 0 if it ends the run.
 */
function fillerLength(text: string, at: number, fillers: number, letters: number): number {
  const code = text.charCodeAt(at);
  if (SPACES.has(code)) return 1;
  if (fillers >= MAX_FILLERS) return 0;
  if (SEPARATORS.has(code)) return 1;
  // One letter (「090x1234x5678」); two are a word (「1on1」).
  if (isLatinLetter(code)) return letters === 0 ? 1 : 0;
  FILLER.lastIndex = at;
  return FILLER.exec(text)?.[0].length ?? 0;
}

/** Runs of digits with whitespace and at most MAX_FILLERS other characters between neighbours. */
function digitRuns(text: string): Digit[][] {
  const runs: Digit[][] = [];
  let run: Digit[] = [];
  let gapStart = -1;
  let fillers = 0;
  let letters = 0;
  let at = 0;
  while (at < text.length) {
    const found = digitAt(text, at);
    if (found) {
      if (run.length > 0) found.gap = text.slice(gapStart, at);
      if (found.english && run.at(-1)?.english && /^[\s-]*$/.test(found.gap)) found.gap = '';
      run.push(found);
      at = found.end;
      gapStart = at;
      fillers = 0;
      letters = 0;
      continue;
    }
    const length = run.length > 0 ? fillerLength(text, at, fillers, letters) : 0;
    if (length > 0) {
      const code = text.charCodeAt(at);
      if (!SPACES.has(code)) fillers++;
      if (isLatinLetter(code)) letters++;
      at += length;
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

/** How numbers in Japan are split, by their first digits (see the module's comment). */
const JAPANESE_SHAPES: [first: RegExp, sizes: string[]][] = [
  [/^0[36]/, ['2-4-4', '2-8', '6-4']],
  [/^0[1-9]/, ['3-3-4', '4-2-4', '5-1-4', '3-7', '4-6', '5-5', '6-4']],
  [/^0[2-9]0/, ['3-4-4', '3-8', '7-4']],
  [/^0(?:120|570|990)/, ['4-3-3', '4-6', '7-3']],
  [/^0800/, ['4-3-4', '4-7', '7-4']],
];

/** Whether a number in Japan (0 and 9–10 more digits) is split as such numbers are. */
function isJapaneseShape(digits: string, sizes: number[]): boolean {
  const shape = sizes.join('-');
  return JAPANESE_SHAPES.some(([first, shapes]) => first.test(digits) && shapes.includes(shape));
}

/**
 * Whether run[first..last], whose digits are `digits`, is split like a phone number (see the
 * module's comment).
 */
function isShapedLikeNumber(
  run: Digit[],
  first: number,
  last: number,
  digits: string,
  international: boolean,
): boolean {
  const sizes: number[] = [];
  const gaps: string[] = [];
  for (let i = first; i <= last; i++) {
    if (i === first || startsGroup(run, i)) {
      sizes.push(0);
      if (i !== first) gaps.push(run[i]!.gap.replace(/\s/g, ''));
    }
    sizes[sizes.length - 1]!++;
  }
  if (sizes.length === 1) return true;
  // Brackets go with any separator: 03 (1234) 5678, (090)1234-5678.
  const separators = new Set(gaps.map((gap) => gap.replace(/[()[\]{}「」『』【】〔〕<>]/g, '')));
  separators.delete('');
  if (sizes.every((size) => size === 1)) {
    // 「0-9-0 1-2-3-4 5-6-7-8」, but not 「8/1 8/2 8/3…」 (81 and ten digits).
    return gaps.every((gap) => gap === gaps[0]) || (digits[0] === '0' && separators.size <= 1);
  }
  // 81 is Japan's code only as one group (「81 90…」, 「8190…」), not in 「8/1 8/2…」.
  if (!international && digits.startsWith('81') && sizes[0] === 1) return false;
  const [separator = ''] = separators;
  const usual = [...separator].every((char) => SEPARATORS.has(char.charCodeAt(0)));
  // Of two-digit area codes there are only 03 and 06 (「12/05 2026 1000名」 is a date).
  const areaCode = sizes[0] !== 2 || digits[0] !== '0' || /^0[36]/.test(digits);
  if (separators.size <= 1 && usual && areaCode && sizes.length <= 5 && sizes.at(-1)! >= 3) {
    return true;
  }
  if (digits[0] === '0') return isJapaneseShape(digits, sizes);
  // +81 90-1234/5678, 8190★1234★5678: the number in Japan without its 0, after 81 in a group.
  if (!digits.startsWith('81') || sizes[0]! < 2) return false;
  const domestic = [...sizes];
  domestic[0]! -= 2;
  if (domestic[0] === 0) domestic.shift();
  domestic[0]!++;
  return isJapaneseShape(`0${digits.slice(2)}`, domestic);
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

/** A mobile number in Japan (070, 080, 090 and the IP phones' 050), without separators. */
const MOBILE = /^0[5789]0[1-9]\d{7}$/;
/** At most this many characters between the pieces of a number told in pieces. */
const MAX_BETWEEN_PIECES = 12;

const digitsOf = (run: Digit[]) => run.map((digit) => digit.digit).join('');

/** The run's groups as [first, last] indexes (see startsGroup). */
function groupsOf(run: Digit[]): [number, number][] {
  const groups: [number, number][] = [];
  run.forEach((_, i) => {
    if (startsGroup(run, i)) groups.push([i, i]);
    else groups.at(-1)![1] = i;
  });
  return groups;
}

/**
 * A mobile number told in pieces (see the module's comment): runs not already a number, each
 * within MAX_BETWEEN_PIECES characters of the one before, whose digits together are the number;
 * the first starts with the prefix as one group (not 「09:00」), so times and dates do not start one.
 */
function numbersInPieces(text: string, runs: Digit[][], taken: Range[]): Range[] {
  const free = runs.filter(
    (run) => !taken.some(([start, end]) => start < run.at(-1)!.end && run[0]!.start < end),
  );
  const ranges: Range[] = [];
  for (let first = 0; first < free.length; first++) {
    const [firstGroup] = groupsOf(free[first]!);
    if (firstGroup![1] - firstGroup![0] < 2 || !/^0[5789]0/.test(digitsOf(free[first]!))) continue;
    let digits = '';
    for (let last = first; last < free.length && digits.length < 11; last++) {
      const between =
        last === first ? '' : text.slice(free[last - 1]!.at(-1)!.end, free[last]![0]!.start);
      if (between.length > MAX_BETWEEN_PIECES) break;
      digits += digitsOf(free[last]!);
      if (last > first && MOBILE.test(digits)) {
        for (const run of free.slice(first, last + 1))
          ranges.push([run[0]!.start, run.at(-1)!.end]);
        first = last;
      }
    }
  }
  return ranges;
}

/** Group sizes of a mobile number written backwards: 3-4-4 read from the end, or one group. */
const REVERSED_SHAPES = new Set(['4-4-3', '8-3', '4-7', '11']);

/** A mobile number written backwards within a run (see the module's comment). */
function reversedNumbers(run: Digit[]): Range[] {
  const groups = groupsOf(run);
  const ranges: Range[] = [];
  for (let first = 0; first < groups.length; first++) {
    for (let last = first; last < Math.min(groups.length, first + 3); last++) {
      // Eleven digits ending in 0, or no need to read them backwards.
      const [from, to] = [groups[first]![0], groups[last]![1]];
      if (to - from + 1 !== 11 || run[to]!.digit !== '0') continue;
      const slice = run.slice(from, to + 1);
      const sizes = groups.slice(first, last + 1).map(([start, end]) => end - start + 1);
      const reversed = [...digitsOf(slice)].reverse().join('');
      if (MOBILE.test(reversed) && REVERSED_SHAPES.has(sizes.join('-'))) {
        ranges.push([slice[0]!.start, slice.at(-1)!.end]);
      }
    }
  }
  return ranges;
}

/** Where phone numbers stand in the folded text, from the first digit (or +) to the last. */
export function findPhoneNumbers(text: string): Range[] {
  const runs = digitRuns(text);
  const ranges = runs.flatMap((run) => [...numbersInRun(text, run), ...reversedNumbers(run)]);
  return [...ranges, ...numbersInPieces(text, runs, ranges)];
}

/** The numbers written forwards in one run (see the module's comment). */
function numbersInRun(text: string, run: Digit[]): Range[] {
  const ranges: Range[] = [];
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
          isShapedLikeNumber(run, first, last, digits, plus !== undefined)
        ) {
          found = last;
        }
      }
      if (found >= 0) ranges.push([plus ?? run[first]!.start, run[found]!.end]);
    }
    first = found >= 0 ? found + 1 : first + 1;
  }
  return ranges;
}
