import { z } from 'zod';
import { emailSchema, honeypotSchema } from './common';
import { studentFieldsSchema } from './students';
import { VALIDATION } from '../messages/validation-keys';

/**
 * Student registration (docs/PRODUCT.md §4): every student field required with its own
 * message. The domain rule needs the chosen university's domains, so the form and the server
 * check it beside this schema (emailMatchesDomains).
 */
export const studentRegistrationSchema = studentFieldsSchema.extend({
  email: emailSchema,
  /** Set by "agree and continue" in the terms dialog. */
  termsAccepted: z.literal(true, { error: VALIDATION.termsRequired }),
  website: honeypotSchema,
});
export type StudentRegistrationInput = z.input<typeof studentRegistrationSchema>;
export type StudentRegistration = z.output<typeof studentRegistrationSchema>;

// The registration link's page shows what was entered, and the owner of
// the address confirms (correcting what a stranger may have typed) or cancels it.

/** The link and the address it was sent to, as the sign-in link asks for. */
export const registrationLinkRequestSchema = z.object({
  // Any malformed token is simply an invalid link, as for sign-in links.
  token: z.string().min(1).max(200),
  email: emailSchema,
});
export type RegistrationLinkRequest = z.input<typeof registrationLinkRequestSchema>;

export const pendingRegistrationViewSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** '' for a registration begun before readings were asked for. */
  nameReading: z.string(),
  studentNumber: z.string(),
  universityName: z.string(),
  universityNameEn: z.string().nullable(),
  faculty: z.string(),
  department: z.string(),
  grade: z.string(),
});
export type PendingRegistrationView = z.infer<typeof pendingRegistrationViewSchema>;

/** null: a usable link that is no registration (a sign-in link), or no usable link at all. */
export const registrationLinkAnswerSchema = z.object({
  registration: pendingRegistrationViewSchema.nullable(),
});
export type RegistrationLinkAnswer = z.infer<typeof registrationLinkAnswerSchema>;

/** What the owner may correct; the university follows from the address, the grade is editable later. */
export const registrationCorrectionSchema = studentFieldsSchema.pick({
  name: true,
  nameReading: true,
  studentNumber: true,
  faculty: true,
  department: true,
});
export type RegistrationCorrectionInput = z.input<typeof registrationCorrectionSchema>;
export type RegistrationCorrection = z.output<typeof registrationCorrectionSchema>;

export const registrationConfirmSchema = registrationLinkRequestSchema.extend(
  registrationCorrectionSchema.shape,
);
export type RegistrationConfirmRequest = z.input<typeof registrationConfirmSchema>;
