import { z } from 'zod';
import { PROFILE_GRADES } from '../constants';
import { multiLineText, oneLineText, personName, personReadingSchema } from './common';
import { VALIDATION } from '../messages/validation-keys';

/** A student's own profile (/student-profile) as the API answers it. */
export const studentProfileSchema = z.object({
  name: z.string(),
  /** フリガナ in katakana; null only for an account made before it was asked for. */
  nameReading: z.string().nullable(),
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
  (max === 100 ? oneLineText() : multiLineText())
    .trim()
    .max(max, max === 100 ? VALIDATION.textTooLong : VALIDATION.introductionTooLong)
    .optional()
    .transform((value) => value || null);

export const SELF_INTRODUCTION_MAX_LENGTH = 1000;

/** /student-profile/edit: name, its reading and grade required, the rest optional (docs/PRODUCT.md §4). */
export const studentProfileUpdateSchema = z.object({
  name: personName(VALIDATION.nameRequired),
  nameReading: personReadingSchema,
  grade: z.enum(PROFILE_GRADES, { error: VALIDATION.gradeRequired }),
  faculty: optionalText(100),
  department: optionalText(100),
  desiredIndustry: optionalText(100),
  desiredJobType: optionalText(100),
  selfIntroduction: optionalText(SELF_INTRODUCTION_MAX_LENGTH),
});
export type StudentProfileUpdateInput = z.input<typeof studentProfileUpdateSchema>;
