import { z } from 'zod';

/** Spec section 5: a simple x@y.z pattern. Message values are catalogue keys. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailInvalid')
  .regex(EMAIL_PATTERN, 'validation.emailInvalid')
  .transform((email) => email.toLowerCase());

/** Bots fill every field; people never see this one. */
export const honeypotSchema = z.string().max(200).optional();

export const SHORT_TEXT_MAX_LENGTH = 100;

/** A required one-line text: trimmed, non-empty (with its own message), at most 100 characters. */
export function requiredText(requiredKey: string) {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .max(SHORT_TEXT_MAX_LENGTH, 'validation.textTooLong');
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
