import { z } from 'zod';
import { hasEmoji, toHalfWidth } from '../half-width';
import { toHiragana, toKatakana } from '../search';
import { VALIDATION, type ValidationKey } from '../messages/validation-keys';

/**
 * docs/PRODUCT.md §4's x@y.z, kept strict: one plain ASCII address and nothing a mail
 * library would read as more, so no comma or semicolon (lists), angle brackets or parentheses
 * (display names, comments), quotes, colon (groups), spaces or a second @. The local part is
 * RFC 5322's dot-atom without the quote; the domain is host-name labels. Message values are
 * catalogue keys.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** True for one plain address as EMAIL_PATTERN reads it (and no longer than SMTP allows). */
export function isPlainEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** An address as typed: full-width letters, digits and ＠ read as half-width (toHalfWidth). */
export const emailSchema = z
  .string({ error: VALIDATION.emailRequired })
  .overwrite(toHalfWidth)
  .trim()
  .min(1, VALIDATION.emailRequired)
  .max(254, VALIDATION.emailInvalid)
  .regex(EMAIL_PATTERN, VALIDATION.emailInvalid)
  .transform((email) => email.toLowerCase());

/** Bots fill every field; people never see this one. */
export const honeypotSchema = z.string().max(200).optional();

export const SHORT_TEXT_MAX_LENGTH = 100;

/**
 * What a mail client would turn into a link: a scheme (`://`, `mailto:`), `www.`,
 * a domain-like `name.tld`, an address, or markup brackets. Checked on the NFKC form, so
 * full-width look-alikes (．：／＜＞＠) count too; 。 and ｡ are read as dots.
 */
const LINK_LIKE_PATTERNS = [
  /:\/\//,
  /\bmailto:/i,
  /www\./i,
  /[\p{L}\p{N}_-][.。](?:[a-z]{2,}|xn--)/iu,
  /[<>]/,
  /@/,
];

/** True when a name could become a link, a mail address or markup in a mail. */
export function looksLinkLike(text: string): boolean {
  const folded = text.normalize('NFKC');
  return LINK_LIKE_PATTERNS.some((pattern) => pattern.test(folded));
}

/**
 * A person's name (students, alumni): required one-line text that names put into mails can
 * never turn into a link or markup there, and without emoji (a name is a salutation in mail and
 * a heading on the page), each refused with its own message.
 */
export function personName(requiredKey: ValidationKey) {
  return requiredText(requiredKey)
    .refine((name) => !looksLinkLike(name), VALIDATION.nameLinkLike)
    .refine((name) => !hasEmoji(name), VALIDATION.nameEmoji);
}

/**
 * A required code-like one-line text (学籍番号): as requiredText, with full-width letters and
 * digits read as half-width, so ＡＢ１２３ and AB123 are one number.
 */
export function halfWidthText(requiredKey: ValidationKey) {
  return oneLineText(requiredKey)
    .overwrite(toHalfWidth)
    .trim()
    .min(1, requiredKey)
    .max(SHORT_TEXT_MAX_LENGTH, VALIDATION.textTooLong);
}

/**
 * Characters nobody sees that change how the text around them reads: zero-width spaces and
 * joiners, direction marks, embeddings, overrides and isolates (「report」, U+202E, 「fdp.exe」
 * reads as 「reportexe.pdf」), the byte-order mark: every format character (\p{Cf}: also the soft
 * hyphen, U+061C, U+2060–U+2064 and the tag characters that smuggle hidden text), the combining
 * grapheme joiner, and the letters that are drawn blank (ㅤ U+3164, U+115F, U+1160, U+FFA0,
 * the braille blank U+2800), so a name of nothing else is empty.
 */
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Control characters (C0, DEL, C1) other than the tab and the line feed. */
const CONTROLS = /(?![\t\n])\p{Cc}/gu;

/** Every way a line may end or be broken: CR LF, CR, LF, VT, FF, NEL, U+2028 and U+2029. */
const LINE_BREAK = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;

/** A run of line breaks and tabs, where one-line text has a space. */
const BREAKS_AND_TABS = /[\t\r\n\v\f\u0085\u2028\u2029]+/g;

/**
 * Text as it is stored: without the invisible characters and controls, which a paste from a
 * chat or a PDF brings in unseen, so they are removed rather than refused. Multi-line text
 * keeps its line breaks (as \n) and tabs; one-line text has each run of them as one space.
 */
export function visibleText(text: string, lines: 'one' | 'many'): string {
  const kept = text.replace(INVISIBLE, '');
  return (
    lines === 'many' ? kept.replace(LINE_BREAK, '\n') : kept.replace(BREAKS_AND_TABS, ' ')
  ).replace(CONTROLS, '');
}

/**
 * Every free-text field starts here: a string cleaned by visibleText before any other check, so
 * "required" and the length limits apply to what is stored (a field of only invisible
 * characters is empty). Add .trim(), .min() and .max() after it.
 */
export function oneLineText(error?: ValidationKey) {
  return z.string(error ? { error } : undefined).overwrite((text) => visibleText(text, 'one'));
}

/** As oneLineText, for a text area: line breaks and tabs kept. */
export function multiLineText(error?: ValidationKey) {
  return z.string(error ? { error } : undefined).overwrite((text) => visibleText(text, 'many'));
}

/** A required one-line text: trimmed, non-empty (with its own message), at most 100 characters. */
export function requiredText(requiredKey: ValidationKey) {
  return oneLineText(requiredKey)
    .trim()
    .min(1, requiredKey)
    .max(SHORT_TEXT_MAX_LENGTH, VALIDATION.textTooLong);
}

/** An optional one-line text: trimmed, at most 100 characters; '' or absent is null (not given). */
export function optionalText() {
  return oneLineText()
    .trim()
    .max(SHORT_TEXT_MAX_LENGTH, VALIDATION.textTooLong)
    .optional()
    .transform((value) => value || null);
}

/** The part after @, lower-cased: what a university's domain list is compared with. */
export function emailDomain(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

export function emailMatchesDomains(email: string, domains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domains.some((allowed) => allowed.toLowerCase() === domain);
}

export const NAME_READING_MAX_LENGTH = 40;

/** Kana, the long-vowel mark, the middle dot and spaces: what a reading may hold. */
const KANA_READING = /^[\p{Script=Hiragana}\p{Script=Katakana}ー・\s]*$/u;

/** A reading as typed: visible, NFKC (half-width ｶﾅ → カナ), runs of spaces (also 全角) as one. */
function foldTypedReading(reading: string): string {
  return visibleText(reading, 'one').normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * ふりがな of a university, optional; hiragana or katakana, stored as hiragana so that the list
 * of universities runs in one あいうえお order. Empty stays empty.
 */
export const kanaReadingSchema = oneLineText(VALIDATION.nameReadingKana)
  .trim()
  .max(NAME_READING_MAX_LENGTH, VALIDATION.nameReadingKana)
  .regex(KANA_READING, VALIDATION.nameReadingKana)
  .transform((reading) => toHiragana(reading.replace(/\s+/g, ' ')))
  .optional();

/** A フリガナ as typed, checked: kana only, at most NAME_READING_MAX_LENGTH characters. */
const typedReading = (requiredKey?: ValidationKey) =>
  z
    .string({ error: requiredKey ?? VALIDATION.nameReadingKana })
    .transform(foldTypedReading)
    .pipe(
      z
        .string()
        .min(requiredKey ? 1 : 0, requiredKey)
        .max(NAME_READING_MAX_LENGTH, VALIDATION.nameReadingKana)
        .regex(KANA_READING, VALIDATION.nameReadingKana),
    )
    .transform(toKatakana);

/**
 * A person's フリガナ (docs/PRODUCT.md §4), required: katakana, hiragana typed is converted, so
 * every reading is shown alike and lists sort in one アイウエオ order.
 */
export const personReadingSchema = typedReading(VALIDATION.nameReadingRequired);

/** A company's フリガナ, optional, as a person's; empty: not given (null). */
export const companyReadingSchema = typedReading()
  .optional()
  .transform((reading) => reading || null);
