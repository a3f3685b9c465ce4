import { z } from 'zod';
import { GRADES } from '../constants';
import { emailSchema, honeypotSchema, personName, requiredText } from './common';

/**
 * Student registration (spec section 5): every field required with its own message. The
 * domain rule needs the chosen university's domains, so the form and the server check it
 * beside this schema (emailMatchesDomains).
 */
export const studentRegistrationSchema = z.object({
  name: personName('validation.nameRequired'),
  studentNumber: requiredText('validation.studentNumberRequired'),
  universityId: z
    .string({ error: 'validation.universityRequired' })
    .trim()
    .min(1, 'validation.universityRequired')
    .max(100),
  faculty: requiredText('validation.facultyRequired'),
  department: requiredText('validation.departmentRequired'),
  grade: z.enum(GRADES, { error: 'validation.gradeRequired' }),
  email: emailSchema,
  /** Set by "agree and continue" in the terms dialog. */
  termsAccepted: z.literal(true, { error: 'validation.termsRequired' }),
  website: honeypotSchema,
});
export type StudentRegistrationInput = z.input<typeof studentRegistrationSchema>;
export type StudentRegistration = z.output<typeof studentRegistrationSchema>;

export const universityOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Issue 17: ふりがな (may be empty for a university an admin added without one). */
  reading: z.string(),
  /** Issue 17: the English name, when an admin gave one. */
  nameEn: z.string().nullable(),
  domains: z.array(z.string()),
});
export type UniversityOption = z.infer<typeof universityOptionSchema>;

/**
 * Issue 17: universities in あいうえお順 of their reading (the name where there is none),
 * everywhere a list of them appears.
 */
export function byUniversityReading(
  a: { name: string; reading: string },
  b: { name: string; reading: string },
): number {
  return (a.reading || a.name).localeCompare(b.reading || b.name, 'ja');
}

export const studentProfileSchema = z.object({
  name: z.string(),
  studentNumber: z.string(),
  universityId: z.string().nullable(),
  universityName: z.string(),
  /** The university's romanised name, for English mode; null when none was given. */
  universityNameEn: z.string().nullable(),
  faculty: z.string(),
  department: z.string(),
  grade: z.string(),
  contactEmail: z.string(),
  desiredIndustry: z.string().nullable(),
  desiredJobType: z.string().nullable(),
  selfIntroduction: z.string().nullable(),
  email: z.string(),
});
export type StudentProfile = z.infer<typeof studentProfileSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, max === 100 ? 'validation.textTooLong' : 'validation.introductionTooLong')
    .optional()
    .transform((value) => value || null);

export const SELF_INTRODUCTION_MAX_LENGTH = 1000;

/** /student-profile/edit: name and grade required, the rest optional (spec section 5). */
export const studentProfileUpdateSchema = z.object({
  name: personName('validation.nameRequired'),
  grade: z.enum(GRADES, { error: 'validation.gradeRequired' }),
  faculty: optionalText(100),
  department: optionalText(100),
  desiredIndustry: optionalText(100),
  desiredJobType: optionalText(100),
  selfIntroduction: optionalText(SELF_INTRODUCTION_MAX_LENGTH),
});
export type StudentProfileUpdateInput = z.input<typeof studentProfileUpdateSchema>;

// Issue 16, point 10: the registration link's page shows what was entered, and the owner of
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
export const registrationCorrectionSchema = studentRegistrationSchema.pick({
  name: true,
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
