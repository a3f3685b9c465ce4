import { z } from 'zod';
import {
  DESK_EMAIL_MAX_LENGTH,
  DESK_HOURS_MAX_LENGTH,
  DESK_NAME_MAX_LENGTH,
  DESK_NOTE_MAX_LENGTH,
  DESK_PHONE_MAX_LENGTH,
} from '../constants';
import { VALIDATION, type ValidationKey } from '../messages/validation-keys';
import { toHalfWidth } from '../half-width';
import { EMAIL_PATTERN, multiLineText, oneLineText } from './common';

/**
 * The seminar's 相談窓口 (docs/PRODUCT.md §8): set by the admins in the console (PUT
 * /api/admin/desk), read by anyone (GET /api/desk) for the footer, the report dialog, the request
 * page and the 前日確認 mail.
 */

/** Digits a phone number may have: a Japanese number has 10 or 11, E.164 at most 15. */
const PHONE_DIGITS = { min: 10, max: 15 } as const;

/**
 * What a phone number is typed with, besides digits: a leading +, hyphens, spaces and brackets.
 * Anything else (a letter, an invisible character, a second +) is refused, not removed: the
 * number is dialled from the page, so it must be exactly what the admin sees.
 */
const PHONE_PATTERN = /^\+?[0-9()\- ]+$/;

/** The dashes a Japanese keyboard types between digits (ー, －, ‐, –, —, ―) read as "-". */
const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF0D\uFF70]/g;

/** A phone number as stored: full-width digits folded (NFKC), dashes as "-", one space at most. */
export function foldPhone(phone: string): string {
  return phone.normalize('NFKC').replace(DASHES, '-').replace(/ +/g, ' ').trim();
}

function isPhoneLike(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(phone) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/** Optional, as the other free text: invisible characters and controls removed, then trimmed. */
const deskText = (max: number, tooLong: ValidationKey) => oneLineText().trim().max(max, tooLong);

const deskEmailSchema = z
  .string({ error: VALIDATION.emailInvalid })
  .overwrite(toHalfWidth)
  .trim()
  .max(DESK_EMAIL_MAX_LENGTH, VALIDATION.emailInvalid)
  .refine((email) => email === '' || EMAIL_PATTERN.test(email), VALIDATION.emailInvalid)
  .transform((email) => email.toLowerCase());

const deskPhoneSchema = z
  .string({ error: VALIDATION.deskPhoneInvalid })
  .max(DESK_PHONE_MAX_LENGTH * 2, VALIDATION.deskPhoneInvalid)
  .transform(foldPhone)
  .refine(
    (phone) => phone === '' || (phone.length <= DESK_PHONE_MAX_LENGTH && isPhoneLike(phone)),
    VALIDATION.deskPhoneInvalid,
  );

/**
 * The console's form, as the server applies it. Every field may be empty, and all empty is the
 * way to unset the desk (the site then shows the admins' contact); once anything is filled in,
 * a way to reach the desk, a mail address or a phone number, is needed.
 */
export const deskInputSchema = z
  .object({
    name: deskText(DESK_NAME_MAX_LENGTH, VALIDATION.deskNameTooLong),
    email: deskEmailSchema,
    phone: deskPhoneSchema,
    hours: deskText(DESK_HOURS_MAX_LENGTH, VALIDATION.deskHoursTooLong),
    note: multiLineText().trim().max(DESK_NOTE_MAX_LENGTH, VALIDATION.deskNoteTooLong),
  })
  .superRefine((desk, context) => {
    const anything = Object.values(desk).some((value) => value !== '');
    if (anything && desk.email === '' && desk.phone === '') {
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: VALIDATION.deskContactRequired,
      });
    }
  });
export type DeskInput = z.input<typeof deskInputSchema>;

export const consultationDeskSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  hours: z.string(),
  note: z.string(),
});
export type ConsultationDesk = z.infer<typeof consultationDeskSchema>;

/**
 * GET /api/desk: the desk as set, or null when it is not (no row, every field empty); the
 * page then names the admins' contact, the inquiry form the menu opens (INQUIRY_URL).
 */
export const deskAnswerSchema = z.object({
  desk: consultationDeskSchema.nullable(),
  inquiryUrl: z.string(),
});
export type DeskAnswer = z.infer<typeof deskAnswerSchema>;
