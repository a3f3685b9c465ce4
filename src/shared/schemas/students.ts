import { z } from 'zod';
import { GRADES, PROFILE_GRADES } from '../constants';
import {
  halfWidthText,
  multiLineText,
  optionalText,
  personName,
  personReadingSchema,
  requiredText,
} from './common';
import { VALIDATION } from '../messages/validation-keys';

/**
 * The student's fields, each with its rule and its own message (docs/PRODUCT.md §4): registration
 * asks for them all, its review corrects some, the profile edit page takes name and reading from
 * here. The web's StudentFields shows them the same way on the three pages.
 */
export const studentFieldsSchema = z.object({
  name: personName(VALIDATION.nameRequired),
  nameReading: personReadingSchema,
  studentNumber: halfWidthText(VALIDATION.studentNumberRequired),
  universityId: z
    .string({ error: VALIDATION.universityRequired })
    .trim()
    .min(1, VALIDATION.universityRequired)
    .max(100),
  faculty: requiredText(VALIDATION.facultyRequired),
  department: requiredText(VALIDATION.departmentRequired),
  grade: z.enum(GRADES, { error: VALIDATION.gradeRequired }),
});
export type StudentField = keyof typeof studentFieldsSchema.shape;

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

export const SELF_INTRODUCTION_MAX_LENGTH = 1000;

/**
 * /student-profile/edit: name, its reading and grade required, the rest optional (docs/PRODUCT.md
 * §4); the grade may also be 卒業予定 here.
 */
export const studentProfileUpdateSchema = studentFieldsSchema
  .pick({ name: true, nameReading: true })
  .extend({
    grade: z.enum(PROFILE_GRADES, { error: VALIDATION.gradeRequired }),
    faculty: optionalText(),
    department: optionalText(),
    desiredIndustry: optionalText(),
    desiredJobType: optionalText(),
    selfIntroduction: multiLineText()
      .trim()
      .max(SELF_INTRODUCTION_MAX_LENGTH, VALIDATION.introductionTooLong)
      .optional()
      .transform((value) => value || null),
  });
export type StudentProfileUpdateInput = z.input<typeof studentProfileUpdateSchema>;
