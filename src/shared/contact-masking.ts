/**
 * The site's rule: contact details are exchanged only after an alumnus accepts a request
 * (docs/PRODUCT.md §7). Before that, phone numbers, e-mail addresses, messenger IDs and links
 * typed into a thread message are replaced by MASK before the message is stored; the page says
 * why, and warns while the message is typed (so this runs on every keystroke: one folding pass,
 * one scan for digits and a few patterns anchored at word starts, each linear in the text).
 *
 * Detection runs on a folded copy of the text (contact-folding.ts: NFKC, invisible characters
 * dropped, decorated digits and look-alike letters as ASCII), whose every unit knows the original
 * characters it came from; a match masks exactly those, so text around a contact is kept as
 * typed. People who want to pass a contact write it so that a plain pattern misses it
 * (「〇九〇ー一二三四…」, 「tanaka(at)gmail。com」, 「LІNE: hana」), so each pattern takes the
 * spellings people use; src/shared/contact-masking.test-corpus.ts holds the ones it must catch and
 * the ordinary messages it must leave alone.
 */
import { foldForMasking, originalRange } from './contact-folding';
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
/** 「@」 and its spellings: ＠ and ﹫ (folded), (at), [at], アット, ★ (「★を@に変えてください」). */
const AT = String.raw`(?:\s*(?:@|[★☆]|アットマーク|あっとまーく|アット|あっと)\s*|\s*[(\[{<【「]\s*at\s*[)\]}>】」]\s*|\s+(?<word>at)\s+)`;
const LABEL = '[A-Za-z0-9-]+';

/**
 * tanaka@example.co.jp with any spelling of @ and of the dots; an address at a known mail
 * service needs no domain ending (「tanaka(at)gmail」). When the @ is only the word "at" or the
 * last dot has spaces around it, the ending must be a known one, so that English stays as it is.
 */
const EMAIL = new RegExp(
  String.raw`(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+${AT}(?:${LABEL}(?:${DOT}${LABEL})*${LAST_DOT}(?<tld>[A-Za-z]{2,})|(?:gmail|yahoo|icloud|outlook|hotmail|docomo|ezweb|softbank)(?![A-Za-z]))(?![A-Za-z0-9-])`,
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
/**
 * A messenger's name, then the ID given for it: 「LINE ID: tanaka01」, 「インスタは hana_s」. Without
 * a label or a sign (other than a dash) between them, only a word that looks like an ID (a
 * digit, "_", "." or "-") counts, so that "LINE and mail" and "Instagram-like" stay as they are.
 */
const MESSENGER_ID = new RegExp(
  String.raw`(?:(?<![A-Za-z])(?<ascii>${ASCII_NAMES})(?:(?=id(?![A-Za-z]))|(?![A-Za-z]))|(?<japanese>${JAPANESE_NAMES}))(?<label>\s*(?:の\s*)?(?:id|アイディー|アイディ|アカウント|account|username|ユーザー名|ユーザーネーム)(?![A-Za-z]))?(?<sign>\s*(?:は|:|=|→|⇒|->|>|-|ー|~|〜)\s*)?\s*(?<id>@?[A-Za-z0-9][A-Za-z0-9._-]{2,}(?:#\d{4})?)`,
  'gi',
);
/** A handle on its own: "@tanaka_0101" (an e-mail's @ is taken first). */
const HANDLE = /(?<![A-Za-z0-9._%+-])@[A-Za-z0-9_.]{3,30}/g;

/** A trailing dot, comma or bracket closes the sentence around a link, not the link. */
const trimLink = (link: string) => link.replace(/[.,;:!?)\]]+$/, '').length;

function messengerId(match: RegExpMatchArray): Range | undefined {
  const { ascii, japanese, label, sign = '', id = '' } = match.groups!;
  const name = ascii ?? japanese ?? '';
  // A dash is also how words join (「Instagram-like」, 「X-ray」): only the other signs name an ID.
  const named = Boolean(label) || /[:=→⇒>は]/.test(sign);
  if (AMBIGUOUS_NAMES.test(name) && !(named && /[A-Za-z]/.test(id))) return undefined;
  if (!named && !/[\d_.-]/.test(id)) return undefined;
  // Digits only: an ID when named as one or long (「LINEは2027年から」 is a year).
  if (/^@?\d+$/.test(id) && !label && id.length < 6) return undefined;
  const end = match.index! + match[0].length;
  return [end - id.length, end];
}

function collect(folded: string): Range[] {
  const ranges: Range[] = [];
  const whole = (match: RegExpMatchArray, length = match[0].length): Range => [
    match.index!,
    match.index! + length,
  ];
  for (const link of [SCHEME_LINK, WWW_LINK, MESSENGER_DOMAIN]) {
    for (const match of folded.matchAll(link)) ranges.push(whole(match, trimLink(match[0])));
  }
  for (const match of folded.matchAll(BARE_LINK)) {
    if (!NOT_HOSTS.test(match.groups!.host!)) ranges.push(whole(match, trimLink(match[0])));
  }
  for (const match of folded.matchAll(EMAIL)) {
    const { word, spaced, tld } = match.groups!;
    if ((word || spaced) && !(tld && KNOWN_TLD.test(tld))) continue;
    ranges.push(whole(match));
  }
  ranges.push(...findPhoneNumbers(folded));
  for (const match of folded.matchAll(MESSENGER_ID)) {
    const range = messengerId(match);
    if (range) ranges.push(range);
  }
  for (const match of folded.matchAll(HANDLE)) ranges.push(whole(match));
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
  const folded = foldForMasking(text);
  const ranges = collect(folded.text).filter(([start, end]) => end > start);
  if (ranges.length === 0) return { text, masked: false };
  let out = '';
  let at = 0;
  for (const [start, end] of merge(
    ranges.map(([start, end]) => originalRange(folded, start, end)),
  )) {
    out += text.slice(at, start) + MASK;
    at = end;
  }
  return { text: out + text.slice(at), masked: true };
}
