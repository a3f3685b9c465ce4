import { z } from 'zod';
import { LANGUAGES, SIGN_IN_CODE_LENGTH } from '../constants';
import { toHalfWidth } from '../half-width';
import { ROLES } from '../roles';
import { emailSchema, honeypotSchema, personReadingSchema } from './common';
import { VALIDATION } from '../messages/validation-keys';

export const loginLinkRequestSchema = z.object({
  email: emailSchema,
  website: honeypotSchema,
});
export type LoginLinkRequest = z.input<typeof loginLinkRequestSchema>;

export const completeLinkRequestSchema = z.object({
  // Any malformed token is simply an invalid link, answered with the invalid-link message.
  token: z.string().min(1).max(200),
  email: emailSchema,
});
export type CompleteLinkRequest = z.input<typeof completeLinkRequestSchema>;

/**
 * Whether a link from a mail can still be used, asked before the page asks for the
 * address, so a used or expired link says so at once. The token is 256 random bits: the answer
 * tells nothing about any account.
 */
export const linkStatusRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const linkStatusSchema = z.object({ usable: z.boolean() });
export type LinkStatus = z.infer<typeof linkStatusSchema>;

export const completeCodeRequestSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: VALIDATION.codeInvalid })
    .overwrite(toHalfWidth)
    .trim()
    .regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), VALIDATION.codeInvalid),
});
export type CompleteCodeRequest = z.input<typeof completeCodeRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  /** The profile has no フリガナ and the person has not been asked yet: the page asks once. */
  asksNameReading: z.boolean(),
  /** The language the person last chose (decision 0041); null until they choose. */
  language: z.enum(LANGUAGES).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  /** True when a session existed but ended by idle timeout: the page sends to /login?timeout=true. */
  timedOut: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const publicConfigSchema = z.object({
  inquiryUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * What the /verify-email waiting page reads when the browser holds no
 * session: the verification status of the one account whose mail this browser asked for.
 */
export const verificationStatusSchema = z.object({
  status: z.enum(['none', 'waiting', 'verified']),
  email: z.string().nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/**
 * The once-after-sign-in question (docs/PRODUCT.md §4): the reading, or null for 「あとで」;
 * either way the question is not asked again (the reading stays editable on the profile).
 */
export const nameReadingAnswerSchema = z.object({ nameReading: personReadingSchema.nullable() });
export type NameReadingAnswer = z.input<typeof nameReadingAnswerSchema>;
