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
