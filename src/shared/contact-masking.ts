/**
 * The site's rule: contact details are exchanged only after an alumnus accepts a request
 * (docs/PRODUCT.md §7). Before that, phone numbers, e-mail addresses, messenger IDs and links
 * typed into a thread message are replaced by MASK before the message is stored; the page says
 * why, and warns while the message is typed (so this runs on every keystroke: one folding pass,
 * one scan for digits and a few patterns anchored at word starts, each linear in the text; a
 * second reading only of a copy without the spaces of letters spaced out, when there are any).
 * RULES lists the kinds of contact, each with the rule that finds it.
 *
 * Detection runs on a folded copy of the text (contact-folding.ts: NFKC, invisible characters
 * dropped, decorated digits and look-alike letters as ASCII), whose every unit knows the original
 * characters it came from; a match masks exactly those, so text around a contact is kept as
 * typed. People who want to pass a contact write it so that a plain pattern misses it
 * (「〇九〇ー一二三四…」, 「tanaka(at)gmail。com」, 「LІNE: hana」, 「前半は090-12 後半は34-5678」,
 * 「インスタ hanahana」, 「t a n a k a @ g m a i l」), so each pattern takes the spellings people use;
 * src/shared/contact-masking.test-corpus.ts holds the ones it must catch and the ordinary
 * messages it must leave alone.
 */
import { foldForMasking, originalRange, type FoldedText } from './contact-folding';
import { findPhoneNumbers, type Range } from './contact-phone-numbers';

export const MASK = '＊＊＊';

/** Characters a link goes on with (RFC 3986's, without the quotes people put around a link). */
const URL_CHARS = String.raw`[A-Za-z0-9\-._~:/?#\[\]@!$&*+,;=%]`;
/** Top-level domains of the links people pass; a bare host needs one of them and a path. */
const TLDS = String.raw`com|net|org|info|biz|jp|io|me|co|app|dev|ly|gl|gle|gg|to|tv|cc|link|site|xyz|page|ee|am|us|uk|tokyo|online|so|ai|sh|ws|la|fm|be|de|fr|cn|kr|tw|hk`;
/** 「.」, 「。」 and their spellings: (dot), [dot], ドット. */
const DOT = String.raw`(?:[.。]|\s*(?:[(\[{<【「]\s*dot\s*[)\]}>】」]|ドット|どっと)\s*|\s+dot\s+)`;
/** The last dot of an address may have spaces around it (「gmail . com」) before a known ending. */
const LAST_DOT = String.raw`(?:${DOT}|(?<spaced>\s+[.。]\s*|[.。]\s+))`;
/**
 * 「@」 and its spellings: ＠ and ﹫ (folded), アット, ★ (「★を@に変えてください」), any of them or
 * "at" and "a" in brackets ((at), [at], (a), (アット), 【アット】), and the word "at".
 */
const AT_WORD = String.raw`@|[★☆]|アットマーク|あっとまーく|アット|あっと`;
const AT = String.raw`(?:\s*(?:${AT_WORD})\s*|\s*[(\[{<【「]\s*(?:at|a|${AT_WORD})\s*[)\]}>】」]\s*|\s+(?<word>at)\s+)`;
const LABEL = '[A-Za-z0-9-]+';

/** Mail services people name instead of their domain (「tanaka(at)gmail」, 「gmail.comの…」). */
const MAIL_SERVICES = 'gmail|yahoo|icloud|outlook|hotmail|docomo|ezweb|softbank';
/**
 * Those of them that are nothing but mail (not an employer, a carrier or a program): after the
 * word "at", or named without their domain before a name, they can only be an address
 * (「tanaka at gmail」, 「gmail は tanaka0101」), where "worked at Yahoo", "look at Outlook" and
 * 「docomo の iPhone15」 are not.
 */
const MAIL_ONLY_SERVICES = /^(?:gmail|icloud|hotmail|ezweb)$/i;
/** Words before "at" in English sentences, which no one takes for a mail address's name. */
const ENGLISH_BEFORE_AT =
  /^(?:.{1,2}|are|was|were|him|her|them|you|work|works|worked|look|looked|stay|live|lives|meet|job|intern|interned)$/i;

/**
 * tanaka@example.co.jp with any spelling of @ and of the dots; an address at a known mail
 * service needs no domain ending (「tanaka(at)gmail」). When the @ is only the word "at" or the
 * last dot has spaces around it, the ending must be a known one (or the service one of
 * AT_WORD_SERVICES), so that English stays as it is.
 */
const EMAIL = new RegExp(
  String.raw`(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+${AT}(?:${LABEL}(?:${DOT}${LABEL})*${LAST_DOT}(?<tld>[A-Za-z]{2,})|(?<service>${MAIL_SERVICES})(?![A-Za-z]))(?![A-Za-z0-9-])`,
  'gi',
);
/**
 * An address told back to front: the service, then the name before its @ (「gmail.comの
 * tanaka0101」, 「gmail は tanaka0101」). After a whole domain and の, は, : or → any name counts;
 * otherwise only one that looks like an address's (a digit, "_" or ".") after one of
 * MAIL_ONLY_SERVICES, so that 「Gmail or Outlook」 and 「docomo の iPhone15」 stay.
 */
const SERVICE_THEN_NAME = new RegExp(
  String.raw`(?<![A-Za-z0-9.@-])(?<service>${MAIL_SERVICES})(?<domain>(?:${DOT}${LABEL})+)?(?<sign>\s*(?:の|は|:|=|→)\s*|\s+)(?<name>[A-Za-z0-9][A-Za-z0-9._%+-]{2,})(?![A-Za-z0-9])`,
  'gi',
);
/** Any link: before acceptance, a link is a way to move the conversation off the site. */
const SCHEME_LINK = new RegExp(
  String.raw`(?<![A-Za-z])(?:h(?:tt|xx)ps?|ttps?|ftp)\s?[:;]?\s?\/\/${URL_CHARS}+`,
  'gi',
);
const WWW_LINK = new RegExp(
  String.raw`(?<![A-Za-z0-9.-])www[.。]${LABEL}(?:[.。]${LABEL})+(?:\/${URL_CHARS}*)?`,
  'gi',
);
/** example.com/guide: a host with a known ending and a path (not "Ver.2", "Node.js/React"). */
const BARE_LINK = new RegExp(
  String.raw`(?<![A-Za-z0-9.@-])(?<host>(?:${LABEL}[.。])+(?:${TLDS}))\/${URL_CHARS}*`,
  'gi',
);
/** .NET's names, which look like hosts with a path in 「ASP.NET/C#」. */
const NOT_HOSTS = /^(?:asp|ado|vb)\.net$/i;
const KNOWN_TLD = new RegExp(`^(?:${TLDS})$`, 'i');
/** Messengers' and social networks' addresses, with or without a path: 「line.me」 is enough. */
const MESSENGER_DOMAIN = new RegExp(
  String.raw`(?<![A-Za-z0-9.-])(?:www${DOT})?(?:${[
    'line.me',
    'lin.ee',
    'instagram.com',
    'instagr.am',
    'twitter.com',
    'x.com',
    'facebook.com',
    'fb.me',
    'fb.com',
    'm.me',
    'discord.gg',
    'discord.com',
    't.me',
    'wa.me',
    'u.wechat.com',
    'open.kakao.com',
    'tiktok.com',
    'threads.net',
    'linkedin.com',
  ]
    .map((domain) => domain.replaceAll('.', DOT))
    .join('|')})(?![A-Za-z0-9-])(?:\/${URL_CHARS}*)?`,
  'gi',
);

/** Skype's own IDs, "live:" and the name ("live:.cid.123abc", "skype live:tanaka_h"). */
const SKYPE_ID = /(?<![A-Za-z0-9])live:(?=[A-Za-z0-9._-]*[A-Za-z])[A-Za-z0-9._-]{3,}/gi;

/** A name written with a space, dot or dash between its letters, as 「L I N E」 or 「ラ・イ・ン」. */
const withGaps = (letters: string[]) => letters.join('[\\s.・_-]?');
/** LINE and the names of other messengers; 「ライソ」 is LINE drawn with ソ for ン. */
const LINE_NAME = withGaps(['l', '[i1!|]', 'n', 'e']);
const ASCII_NAMES = `${LINE_NAME}|instagram|insta|twitter|discord|skype|wechat|kakaotalk|kakao|telegram|tiktok|facebook|messenger|snapchat|x|ig|fb`;
/** Words that end in ライン without being LINE. */
const NOT_LINE =
  '(?<!オン|ガイド|デッド|ボーダー|アウト|タイム|ダウン|ホット|フロント|スタート|ゴール|生産|最前)';
const JAPANESE_NAMES = `${NOT_LINE}${withGaps(['ラ', 'イ', '[ンソ]'])}|らいん|イ[ンソ]スタ(?:グラム)?|いんすた|ツイッター|ディスコード|ディスコ|スカイプ|カカオ(?:トーク)?|テレグラム|フェイスブック|ティックトック|メッセンジャー|エックス`;
/** Names that are also ordinary words or letters: only with a label or sign (「X: hana_s」). */
const AMBIGUOUS_NAMES = /^(?:x|ig|fb|エックス)$/i;
/** A messenger's name, ASCII or Japanese (the groups `ascii` and `japanese`). */
const NAME = String.raw`(?:(?<![A-Za-z])(?<ascii>${ASCII_NAMES})(?:(?=id(?![A-Za-z]))|(?![A-Za-z]))|(?<japanese>${JAPANESE_NAMES}))`;
/** What labels an ID: 「ID」, 「アカウント」, "username"… */
const ID_LABEL = String.raw`(?:id|アイディー|アイディ|アカウント名?|account|username|ユーザー名|ユーザーネーム)(?![A-Za-z])`;
/**
 * The signs between a name or label and its ID, several in a row as people write them
 * (「ラインidは、hana0101」, 「IDです→hana0101」, 「LINE IDは→hana」).
 */
const SIGNS = String.raw`(?:\s*(?:は|です|:|=|→|⇒|->|>|-|ー|~|〜|、|,))+\s*`;
/** Signs that say an ID follows (a dash also joins words, a comma lists them). */
const NAMING_SIGN = /[:=→⇒>は]|です/;
const ID = String.raw`@?[A-Za-z0-9][A-Za-z0-9._-]{2,}(?:#\d{4})?`;
/**
 * A messenger's name, then the ID given for it: 「LINE ID: tanaka01」, 「インスタは hana_s」. Without
 * a label or a sign (other than a dash or comma) between them, only a word that looks like an
 * ID (a digit, "_", "." or "-") counts, so that "LINE and mail" and "Instagram-like" stay as
 * they are, or a plain word in Japanese around (「インスタ hanahana」, 「kakao hanahana」; see
 * messengerId).
 */
const MESSENGER_ID = new RegExp(
  String.raw`${NAME}(?<label>\s*(?:の\s*)?${ID_LABEL})?(?<sign>${SIGNS})?\s*(?<id>${ID})`,
  'gi',
);
/**
 * Words that follow a messenger's name without being an ID: its products and features
 * (「LINE Pay」, 「インスタ Live」, 「LINE WORKS」), other services (「インスタ note」) and English
 * words.
 */
const NOT_IDS =
  /^(?:live|story|stories|reels?|dm|pay|works|music|official|business|shop|shopping|ads?|lite|app|web|video|post|posts|and|or|the|for|with|group|call|chat|news|game|games|premium|manga|gift|note|threads|youtube|twitter|tiktok|facebook|slack|teams|zoom|google)$/i;
/**
 * An ID to search for after a network's name: 「インスタでhanahana_0101って検索して」, 「ラインで
 * 「hana0101」と検索」, 「らいんやってます！ hanako0101 で検索してください」. Right after the name
 * (with で or の) any word counts; further on (up to 20 characters, one sentence) only one that
 * looks like an ID, after a name that is not also a letter (「X社とY社…SPI3で検索」 stays).
 */
const SEARCH_ID = new RegExp(
  String.raw`${NAME}(?<between>[^\n。]{0,20}?)[「『"“]?(?<id>${ID})[」』"”]?\s*(?:って|と|で|を)?\s*(?:検索|けんさく|サーチ|search|調べ|探し)`,
  'gi',
);
/**
 * An ID with its label and a sign but no messenger's name (「IDです→hana0101」, 「ID：hanahana」):
 * with a letter in it, so that a number the label names (「社員ID: 12345」) stays.
 */
const LABELLED_ID = new RegExp(
  String.raw`(?<![A-Za-z])${ID_LABEL}(?<sign>${SIGNS})(?<id>@?(?=[A-Za-z0-9._-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9._-]{2,})`,
  'gi',
);
/** A handle on its own: "@tanaka_0101" (an e-mail's @ is taken first). */
const HANDLE = /(?<![A-Za-z0-9._%+-])@[A-Za-z0-9_.]{3,30}/g;

/** A trailing dot, comma or bracket closes the sentence around a link, not the link. */
const trimLink = (link: string) => link.replace(/[.,;:!?)\]]+$/, '').length;

const isAscii = (char: string | undefined) => char !== undefined && char.charCodeAt(0) < 0x80;
const looksLikeId = (id: string) => /[\d_.-]/.test(id);

/**
 * Messengers written in ASCII whose name has no products after it: LINE, Instagram, X and the
 * like have many (「LINE Bank」, 「Instagram marketing」), KakaoTalk or Skype hardly any.
 */
const PLAIN_ASCII_NAMES = /^(?:kakaotalk|kakao|skype|wechat|telegram|discord)$/i;

/**
 * A plain word after a messenger's name, in Japanese text: 「インスタ hanahana」, 「カカオ
 * hanahana」, 「kakao hanahana」. A Japanese writer puts no English word after インスタ but its
 * features and other services (NOT_IDS), which are capitalised (「LINE Bank」, 「インスタ Threads」,
 * 「カカオ Nibs」): the word is in small letters, alone (not in a list of names: 「インスタ、
 * Twitter」, 「インスタ twitter youtube」). A name in ASCII counts only if one of PLAIN_ASCII_NAMES,
 * with Japanese (or nothing) on both sides, so that English stays as it is.
 */
function isPlainWordId(match: RegExpMatchArray, folded: string, id: string): boolean {
  const { ascii, sign = '' } = match.groups!;
  if (NOT_IDS.test(id) || !/^[a-z]+$/.test(id) || !/^\s*$/.test(sign)) return false;
  const end = match.index! + match[0].length;
  if (/^\s*[A-Za-z]/.test(folded.slice(end, end + 20))) return false;
  if (!ascii) return true;
  if (!PLAIN_ASCII_NAMES.test(ascii)) return false;
  const before = folded[match.index! - 1];
  return !isAscii(folded[end]) && (!isAscii(before) || before === '\n');
}

function messengerId(match: RegExpMatchArray, folded: string): Range | undefined {
  const { ascii, japanese, label, sign = '', id = '' } = match.groups!;
  const name = ascii ?? japanese ?? '';
  // A dash is also how words join (「Instagram-like」, 「X-ray」), a comma lists them: only the
  // other signs name an ID.
  const named = Boolean(label) || NAMING_SIGN.test(sign);
  if (AMBIGUOUS_NAMES.test(name) && !(named && /[A-Za-z]/.test(id))) return undefined;
  if (!named && !looksLikeId(id) && !isPlainWordId(match, folded, id)) return undefined;
  // Digits only: an ID when named as one or long (「LINEは2027年から」 is a year).
  if (/^@?\d+$/.test(id) && !label && id.length < 6) return undefined;
  const end = match.index! + match[0].length;
  return [end - id.length, end];
}

/** The ID of a SEARCH_ID match, if it is one (see SEARCH_ID). */
function searchedId(match: RegExpMatchArray): Range | undefined {
  const { ascii, japanese, between = '', id = '' } = match.groups!;
  const adjacent = /^\s*(?:で|の|から)?\s*$/.test(between);
  if (!adjacent && (AMBIGUOUS_NAMES.test(ascii ?? japanese ?? '') || !looksLikeId(id))) {
    return undefined;
  }
  const start = match[0].indexOf(id, (ascii ?? japanese ?? '').length + between.length);
  return [match.index! + start, match.index! + start + id.length];
}

/** A range found, as a list for flatMap (a Range is itself an array, so `?? []` would spread it). */
const found = (range: Range | undefined): Range[] => (range ? [range] : []);

const whole = (match: RegExpMatchArray, length = match[0].length): Range => [
  match.index!,
  match.index! + length,
];

/** Each kind of contact the masker knows, by the rule that finds it in the folded text. */
const RULES: { name: string; find: (folded: string) => Range[] }[] = [
  {
    name: 'links',
    find: (folded) => [
      ...[SCHEME_LINK, WWW_LINK, MESSENGER_DOMAIN].flatMap((link) =>
        [...folded.matchAll(link)].map((match) => whole(match, trimLink(match[0]))),
      ),
      ...[...folded.matchAll(BARE_LINK)]
        .filter((match) => !NOT_HOSTS.test(match.groups!.host!))
        .map((match) => whole(match, trimLink(match[0]))),
    ],
  },
  {
    name: 'e-mail addresses',
    find: (folded) =>
      [...folded.matchAll(EMAIL)]
        .filter((match) => {
          const { word, spaced, tld, service } = match.groups!;
          if (tld && KNOWN_TLD.test(tld)) return true;
          if (spaced) return false;
          if (!word) return true;
          // "I am at Gmail", "we work at gmail": the words before "at" are English, not a name.
          const name = /^\S+/.exec(match[0])![0];
          return MAIL_ONLY_SERVICES.test(service ?? '') && !ENGLISH_BEFORE_AT.test(name);
        })
        .map((match) => whole(match)),
  },
  {
    name: 'addresses told service first',
    find: (folded) =>
      [...folded.matchAll(SERVICE_THEN_NAME)]
        .filter((match) => {
          const { service = '', domain, sign = '', name = '' } = match.groups!;
          if (domain) return sign.trim() !== '' || looksLikeId(name);
          return MAIL_ONLY_SERVICES.test(service) && looksLikeId(name);
        })
        .map((match) => whole(match)),
  },
  { name: 'phone numbers', find: findPhoneNumbers },
  {
    name: 'messenger IDs',
    find: (folded) =>
      [...folded.matchAll(MESSENGER_ID)].flatMap((match) => found(messengerId(match, folded))),
  },
  {
    name: 'IDs to search for',
    find: (folded) => [...folded.matchAll(SEARCH_ID)].flatMap((match) => found(searchedId(match))),
  },
  {
    name: 'labelled IDs',
    find: (folded) =>
      [...folded.matchAll(LABELLED_ID)]
        .filter((match) => NAMING_SIGN.test(match.groups!.sign!))
        .map((match): Range => {
          const end = match.index! + match[0].length;
          return [end - match.groups!.id!.length, end];
        }),
  },
  { name: 'Skype IDs', find: (folded) => [...folded.matchAll(SKYPE_ID)].map((m) => whole(m)) },
  { name: 'handles', find: (folded) => [...folded.matchAll(HANDLE)].map((m) => whole(m)) },
];

/**
 * Letters written one by one with spaces between (「t a n a k a @ g m a i l」, 「L I N E : h a n a
 * 0 1」): four or more single characters, each alone between spaces. The copy without those
 * spaces is read again by the rules other than phone numbers (which take spaces already).
 */
const SPACED_OUT = /(?<!\S)[!-~](?:[ \t\u3000]+[!-~](?!\S)){3,}/g;

function squeezeSpacedOut(folded: FoldedText): FoldedText | undefined {
  const keep: number[] = [];
  let at = 0;
  for (const match of folded.text.matchAll(SPACED_OUT)) {
    // Digits alone are the phone numbers' (which take spaces already): only letters are read again.
    if (!/[A-Za-z]/.test(match[0])) continue;
    for (; at < match.index; at++) keep.push(at);
    for (; at < match.index + match[0].length; at++)
      if (!/\s/.test(folded.text[at]!)) keep.push(at);
  }
  if (at === 0) return undefined;
  for (; at < folded.text.length; at++) keep.push(at);
  return {
    text: keep.map((i) => folded.text[i]).join(''),
    from: keep.map((i) => folded.from[i]!),
    to: keep.map((i) => folded.to[i]!),
  };
}

/** Where the contacts stand in the original text. */
function collect(folded: FoldedText): Range[] {
  const ranges = RULES.flatMap((rule) =>
    rule.find(folded.text).map(([start, end]) => originalRange(folded, start, end)),
  );
  const squeezed = squeezeSpacedOut(folded);
  if (squeezed) {
    for (const rule of RULES) {
      if (rule.find === findPhoneNumbers) continue;
      for (const [start, end] of rule.find(squeezed.text)) {
        ranges.push(originalRange(squeezed, start, end));
      }
    }
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

/** The text with `ranges` (merged, in order) replaced by MASK. */
function applyMasks(text: string, ranges: Range[]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + MASK;
    at = end;
  }
  return out + text.slice(at);
}

/** Where the text's contact details stand, merged and in order. */
function contactRanges(text: string): Range[] {
  return merge(collect(foldForMasking(text)).filter(([start, end]) => end > start));
}

/** The text with every contact detail replaced by MASK, and whether anything was. */
export function maskContactDetails(text: string): { text: string; masked: boolean } {
  const ranges = contactRanges(text);
  if (ranges.length === 0) return { text, masked: false };
  return { text: applyMasks(text, ranges), masked: true };
}

/**
 * Texts read one after the other as one (a note's questions, answers and advice), masked as the
 * one text they make a line each: a contact split between two (「インスタ」 as a question,
 * 「hanahana」 as its answer) is masked in both, as the form's warning reads them.
 */
export function maskContactDetailsAcross(texts: readonly string[]): {
  texts: string[];
  masked: boolean;
} {
  const ranges = contactRanges(texts.join('\n'));
  if (ranges.length === 0) return { texts: [...texts], masked: false };
  let offset = 0;
  const masked = texts.map((text) => {
    const start = offset;
    offset += text.length + 1;
    const own = ranges
      .map(([from, to]): Range => [Math.max(from - start, 0), Math.min(to - start, text.length)])
      .filter(([from, to]) => to > from);
    return applyMasks(text, own);
  });
  return { texts: masked, masked: true };
}
