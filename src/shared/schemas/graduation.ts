import { z } from 'zod';
import { PROFILE_GRADES } from '../constants';
import { emailSchema } from './common';
import { mentorProfileFieldsSchema } from './mentors';

/**
 * Graduation into OG (docs/PRODUCT.md §4): a student of the last grades (or of a cohort an admin
 * marked) applies with a personal address and an alumni profile; the address is confirmed by
 * the link mailed to it, the account then awaits an admin's approval as an invited alumna does.
 */

/** Where the student's application stands. */
export const GRADUATION_STATES = ['address-unconfirmed', 'awaiting-approval'] as const;
export type GraduationState = (typeof GRADUATION_STATES)[number];

/** GET /api/graduation: whether the student may apply, and what the form starts from. */
export const graduationStatusSchema = z.object({
  eligible: z.boolean(),
  /** The application not yet confirmed by its link (the address it was mailed to). */
  pendingEmail: z.string().nullable(),
  prefill: z.object({
    name: z.string(),
    nameReading: z.string().nullable(),
    universityId: z.string().nullable(),
    universityName: z.string(),
    universityNameEn: z.string().nullable(),
    /** Her 学部 as a student: the alumni form's 出身学部 starts from it ('' when she cleared it). */
    faculty: z.string(),
    graduationYear: z.number().int(),
  }),
});
export type GraduationStatus = z.infer<typeof graduationStatusSchema>;

/**
 * POST /api/graduation (multipart, with the icon): the alumni profile and the personal address.
 * The university is the student's own whatever the form names (carried over).
 */
export const graduationApplicationSchema = z.intersection(
  mentorProfileFieldsSchema,
  z.object({ email: emailSchema }),
);
export type GraduationApplicationFields = z.input<typeof graduationApplicationSchema>;

export const graduationTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** An admin marks a graduating cohort: students of these grades (of one university, or all). */
export const graduationCohortSchema = z.object({
  grades: z.array(z.enum(PROFILE_GRADES)).min(1).max(PROFILE_GRADES.length),
  universityId: z.string().trim().min(1).max(100).optional(),
});
export type GraduationCohortInput = z.input<typeof graduationCohortSchema>;

export const graduationCohortResultSchema = z.object({ marked: z.number().int() });

/** The admins' list of graduates who applied: newest first. */
export const graduationApplicantSchema = z.object({
  userId: z.string(),
  name: z.string(),
  universityName: z.string(),
  email: z.string(),
  role: z.string(),
  state: z.enum([...GRADUATION_STATES, 'approved']),
  appliedAt: z.date(),
});
export const graduationApplicantListSchema = z.object({
  applicants: z.array(graduationApplicantSchema),
  /** Students marked as graduating who have not applied. */
  markedNotApplied: z.number().int(),
});
export type GraduationApplicantList = z.infer<typeof graduationApplicantListSchema>;
