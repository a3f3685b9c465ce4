import { foldForMasking } from './contact-folding';
import type { MeetingFormat, PlaceKind } from './constants';
import { VALIDATION, type ValidationKey } from './messages/validation-keys';

/**
 * The places a meeting may not be held (docs/PRODUCT.md §7, the safety rules): a place text that
 * names one of these words, in any of its readings, is refused with a message naming the word.
 * One list for the server's schemas and the forms' live check.
 *
 * Each word is read on a folded copy of the text (widths, case, hiragana as katakana, kana and
 * letters joined across spaces and dots, so that 「ｶﾗｵｹ」, "KARAOKE" and 「か ら お け」 are
 * カラオケ). Kana and kanji readings and long romaji are found anywhere in it; short English
 * words ("bar", "home", "hotel") only as words, so that "barista" stays.
 */
export interface RefusedPlaceWord {
  key: 'izakaya' | 'bar' | 'karaoke' | 'privateRoom' | 'home' | 'hotel';
  /** The word as the rules name it. */
  word: string;
  /** Its English label (what English mode names). */
  en: string;
  /** The message the field shows: names the word and says why. */
  message: ValidationKey;
  /** Readings found anywhere in the joined copy (katakana for kana; lower-case romaji). */
  readings: readonly string[];
  /** English words found as words in the spaced copy. */
  words?: readonly string[];
  /** Patterns on the joined copy, for words whose readings need context (個室, 自宅). */
  patterns?: readonly RegExp[];
  /** A reading that needs the kana around it as typed (バー): the joined copy, and it with hiragana kept. */
  named?: (joined: string, kanaAsTyped: string) => boolean;
  /** When the text matches this, the word is not refused (a hotel's lobby is public). */
  allowedWhen?: (joined: string, spaced: string) => boolean;
}

/** Katakana, with the long-vowel mark, which the Katakana script property leaves out. */
const KATAKANA_CHAR = /^[\p{Script=Katakana}ー]$/u;

/**
 * Kinds of bar named with バー: 「ショットバー」, 「ワインバー」… A バー inside a longer katakana word
 * (バーガー, メンバー, サーバー, カバー, オーバー, バーチャル) is another word.
 */
const BAR_PREFIXES = [
  'ショット',
  'ワイン',
  'スポーツ',
  'ダイニング',
  'カフェ',
  'ダーツ',
  'ガールズ',
  'ボーイズ',
  'ビア',
  'ミュージック',
  'ジャズ',
  'カクテル',
  'ウイスキー',
  'ウィスキー',
  'ホテル',
  'ラウンジ',
  'ゲイ',
  'オーセンティック',
];
const BAR_KINDS = new RegExp(`(?:${BAR_PREFIXES.join('|')})$`, 'u');

/**
 * A hotel's lobby, lounge, café or restaurant is a public place where people meet (the classic
 * business meeting in Japan): a hotel text naming one of them, and no room, is allowed. A love
 * hotel never is.
 */
const HOTEL_PUBLIC = /ロビー|ラウンジ|カフェ|喫茶|レストラン|lobby|lounge|cafe|café|restaurant/;
const HOTEL_ROOM = /部屋|ヘヤ|客室|(?<!ティー)ルーム|(?<!tea)room|(?<!喫茶)室/;

export const REFUSED_PLACE_WORDS: readonly RefusedPlaceWord[] = [
  {
    key: 'izakaya',
    word: '居酒屋',
    en: 'izakaya (Japanese pub)',
    message: VALIDATION.placeRefusedIzakaya,
    readings: ['居酒屋', 'イザカヤ', 'izakaya', '呑み屋', '飲み屋', 'ノミヤ'],
    words: ['pub', 'pubs'],
  },
  {
    key: 'bar',
    word: 'バー',
    en: 'bar',
    message: VALIDATION.placeRefusedBar,
    readings: ['スナック'],
    words: ['bar', 'bars'],
    // Only a バー that is a word of its own (or one of the bars above): the katakana around it
    // as written, so that 「駅前のばー」 is read as 「駅前の」 and a bar.
    named: (joined, kanaAsTyped) => {
      for (let at = joined.indexOf('バー'); at !== -1; at = joined.indexOf('バー', at + 1)) {
        const before = kanaAsTyped.slice(0, at);
        const after = kanaAsTyped.charAt(at + 2);
        if (KATAKANA_CHAR.test(after)) continue;
        if (!KATAKANA_CHAR.test(before.slice(-1)) || BAR_KINDS.test(before)) return true;
      }
      return false;
    },
  },
  {
    key: 'karaoke',
    word: 'カラオケ',
    en: 'karaoke',
    message: VALIDATION.placeRefusedKaraoke,
    readings: ['カラオケ', 'karaoke', 'カラ鉄'],
  },
  {
    key: 'privateRoom',
    word: '個室',
    en: 'private room',
    message: VALIDATION.placeRefusedPrivateRoom,
    readings: ['koshitsu'],
    // 「個室なし」「個室ではない席」 say there is none.
    patterns: [/個室(?!ナシ|無シ|無|デハナ|デハア|ジャナ|以外|ハナ|ハア|不可|ヲ避)/u, /コシツ/u],
    words: ['private room', 'private rooms', 'privateroom'],
  },
  {
    key: 'home',
    word: '自宅',
    en: 'home',
    message: VALIDATION.placeRefusedHome,
    readings: [
      '自室',
      'jitaku',
      '私ノ家',
      'ワタシノ家',
      '僕ノ家',
      'ボクノ家',
      '俺ノ家',
      'オレノ家',
      '実家',
    ],
    // 「自宅近くのカフェ」 is a café.
    patterns: [/(?:自宅|ジタク)(?!ノ?(?:近ク|チカク|最寄|モヨリ|付近|周辺|カラ))/u],
    words: ['home', 'my house', 'my place', 'my apartment', 'my flat', 'my room'],
  },
  {
    key: 'hotel',
    word: 'ホテル',
    en: 'hotel',
    message: VALIDATION.placeRefusedHotel,
    readings: ['ホテル', 'hotel'],
    words: ['hotel', 'hotels', 'inn', 'motel'],
    allowedWhen: (joined, spaced) =>
      (HOTEL_PUBLIC.test(joined) || HOTEL_PUBLIC.test(spaced)) &&
      !HOTEL_ROOM.test(joined) &&
      !HOTEL_ROOM.test(spaced),
  },
  {
    key: 'hotel',
    word: 'ホテル',
    en: 'hotel',
    message: VALIDATION.placeRefusedHotel,
    // Never allowed, lobby or not.
    readings: ['ラブホ', 'lovehotel', 'rabuho', 'レンタルルーム'],
  },
];

/** The text folded and lower-case, hiragana kept. */
function foldedCopy(text: string): string {
  return foldForMasking(text).text.normalize('NFKC').toLowerCase();
}

/** Hiragana as katakana (one for one: the copies keep their lengths). */
function asKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 0x60));
}

/** Letters, digits and ー only: 「か ら お け」 and 「居・酒・屋」 are read as written together. */
function joinedCopy(text: string): string {
  return text.replace(/[^\p{L}\p{N}ー]/gu, '');
}

/**
 * The first refused word the text names, or undefined. What a place field checks (the server's
 * schemas and the form's live message share it).
 */
export function refusedPlaceWord(text: string): RefusedPlaceWord | undefined {
  if (!text.trim()) return undefined;
  const folded = foldedCopy(text);
  const spaced = asKatakana(folded);
  const kanaAsTyped = joinedCopy(folded);
  const joined = asKatakana(kanaAsTyped);
  // English words between non-letters: "bar" but not "barista", "private room" over any spaces.
  const words = ` ${spaced.replace(/[^a-z]+/g, ' ')} `;
  return REFUSED_PLACE_WORDS.find((entry) => {
    const named =
      entry.readings.some((reading) => joined.includes(reading)) ||
      (entry.patterns ?? []).some((pattern) => pattern.test(joined)) ||
      entry.named?.(joined, kanaAsTyped) === true ||
      (entry.words ?? []).some((word) => words.includes(` ${word} `));
    return named && !entry.allowedWhen?.(joined, spaced);
  });
}

/**
 * Whether a visit is held in person (docs/PRODUCT.md §7): the one rule for "online visits" (the
 * after-visit safety ask skips them). The kind of place the alumna chose decides it; a request
 * agreed before place kinds existed goes by the format it was asked in. Accepting keeps the
 * format in step with the kind, so both say the same on new requests.
 */
export function isInPersonVisit(request: {
  meetingFormat: MeetingFormat;
  placeKind: PlaceKind | null;
}): boolean {
  return request.placeKind !== null
    ? request.placeKind !== 'online'
    : request.meetingFormat === 'in_person';
}

/** The format a kind of place makes the visit: 'online' only for online. */
export function meetingFormatOf(placeKind: PlaceKind): MeetingFormat {
  return placeKind === 'online' ? 'online' : 'in_person';
}
