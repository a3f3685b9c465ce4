import { z } from 'zod';
import { INTRODUCTION_REASON_MAX_LENGTH } from '../constants';
import { VALIDATION } from '../messages/validation-keys';
import { paths } from '../paths';
import { multiLineText } from './common';

/**
 * 紹介 (decision 0044): an alumna who met the student, or an admin, introduces her to another
 * alumna with a short reason.
 */
export const introductionFormSchema = z.object({
  studentId: z.uuid(),
  /** The introduced alumna, as the OG list names her. */
  mentorUrlParam: z.string().trim().min(1).max(100),
  reason: multiLineText(VALIDATION.introductionReasonRequired)
    .trim()
    .min(1, VALIDATION.introductionReasonRequired)
    .max(INTRODUCTION_REASON_MAX_LENGTH, VALIDATION.introductionReasonTooLong),
});
export type IntroductionFormInput = z.input<typeof introductionFormSchema>;
export type IntroductionForm = z.output<typeof introductionFormSchema>;

/** The student an introducer is about to introduce, as the form's heading names her. */
export const introducedStudentSchema = z.object({
  id: z.string(),
  name: z.string(),
  university: z.string(),
});
export type IntroducedStudent = z.infer<typeof introducedStudentSchema>;

export const INTRODUCTION_STATUSES = ['pending', 'opted_in', 'declined'] as const;
export type IntroductionStatus = (typeof INTRODUCTION_STATUSES)[number];

/**
 * One introduction as its reader sees it: the introduced alumna (any status), the student (only
 * once the alumna opted in: never a pending or declined one), or its introducer.
 */
export const introductionViewSchema = z.object({
  id: z.string(),
  /** How the reader stands to it. */
  as: z.enum(['mentor', 'student', 'introducer']),
  status: z.enum(INTRODUCTION_STATUSES),
  /** The introducer's name; empty when an admin introduced (the seminar's office). */
  introducerName: z.string(),
  introducerRole: z.enum(['mentor', 'admin']),
  reason: z.string(),
  student: z.object({ name: z.string(), university: z.string() }),
  mentor: z.object({ name: z.string(), company: z.string(), urlParam: z.string() }),
  /** The student's request made from it, once she made one (one per introduction). */
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type IntroductionView = z.infer<typeof introductionViewSchema>;

/**
 * Her request form with the introduction attached (`?introduction=`): the student's one step from
 * the notice. Here rather than in paths.ts, which the first page downloads.
 */
export function introducedRequestPath(urlParam: string, introductionId: string): string {
  return `${paths.mentorVisitRequest(urlParam)}?introduction=${encodeURIComponent(introductionId)}`;
}

export const introductionAnswerSchema = z.object({ answer: z.enum(['opt_in', 'decline']) });
export type IntroductionAnswer = z.infer<typeof introductionAnswerSchema>;

/** Whether the alumna may be introduced (her own setting). */
export const introductionSettingsSchema = z.object({ takesIntroductions: z.boolean() });
export type IntroductionSettings = z.infer<typeof introductionSettingsSchema>;
