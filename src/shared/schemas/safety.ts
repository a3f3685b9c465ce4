import { z } from 'zod';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from '../constants';
import { VALIDATION } from '../messages/validation-keys';
import { multiLineText } from './common';

/**
 * A report of a user to the admins: the account named, or (a 座談会 post reported by itself)
 * the post, whose author the server finds: a student reports another's question without
 * learning who asked (PRODUCT.md §7c).
 */
export const reportFormSchema = z
  .object({
    userId: z.uuid({ error: VALIDATION.reportTargetInvalid }).optional(),
    reason: z.enum(REPORT_REASONS, { error: VALIDATION.reportReasonRequired }),
    details: multiLineText(VALIDATION.reportDetailsRequired)
      .trim()
      .min(1, VALIDATION.reportDetailsRequired)
      .max(REPORT_DETAILS_MAX_LENGTH, VALIDATION.reportDetailsTooLong),
    /** The request the report is about, when made from one. */
    visitRequestId: z.uuid().optional(),
    /** The thread message the report is about: the report keeps its words for the admins. */
    messageId: z.uuid().optional(),
    /** A post in a 座談会's thread the report is about: kept in words as a message is. */
    groupSessionPostId: z.uuid().optional(),
  })
  .refine((report) => report.userId !== undefined || report.groupSessionPostId !== undefined, {
    path: ['userId'],
    message: VALIDATION.reportTargetInvalid,
  });
export type ReportForm = z.input<typeof reportFormSchema>;

export const blockTargetSchema = z.object({ userId: z.uuid() });

/** POST /api/reports answers with the new report's id. */
export const reportCreatedSchema = z.object({ id: z.string() });

/** PUT /api/blocks/:userId; `cancelledRequests` counts the open visit requests it ended. */
export const blockResultSchema = z.object({
  blocked: z.boolean(),
  cancelledRequests: z.number().int().nonnegative(),
});
export type BlockResult = z.infer<typeof blockResultSchema>;

/** One entry of the caller's own block list, newest first. */
export const blockedUserSchema = z.object({
  userId: z.string(),
  /** Name and role as shown elsewhere, e.g. 「佐藤 美咲（OG）」. */
  label: z.string(),
  blockedAt: z.date(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

// ---------------------------------------------------------------- the admins' side

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_RESOLUTION_NOTE_MAX_LENGTH = 500;

export const adminReportListQuerySchema = z.object({
  /** Absent means every report. */
  status: z.enum([...REPORT_STATUSES, 'all']).optional(),
  cursor: z.string().max(200).optional(),
});
export type AdminReportListQuery = z.input<typeof adminReportListQuerySchema>;

export const adminReportSchema = z.object({
  id: z.string(),
  /** null once the reporter has withdrawn. */
  reporter: z.object({ id: z.string(), label: z.string(), email: z.string() }).nullable(),
  reported: z.object({
    /** null once the reported account is gone; the label was kept when the report was made. */
    id: z.string().nullable(),
    label: z.string(),
    /** What the users page searches by, to find the account and act on it. */
    email: z.string().nullable(),
    suspended: z.boolean(),
  }),
  /** One of REPORT_REASONS (text, so a reason retired later still lists). */
  reason: z.string(),
  details: z.string(),
  /**
   * The request the report is about, by its two people and its date, never its id (names are
   * null once the person withdrew). meetingAt is the agreed time; before one, the request's date.
   */
  visit: z
    .object({
      studentName: z.string().nullable(),
      mentorName: z.string().nullable(),
      meetingAt: z.date().nullable(),
      requestedAt: z.date(),
    })
    .nullable(),
  /** The reported thread message's words as they were when reported. */
  messageBody: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.date(),
  /** The admins' note: what was done or found, written while open or handled. */
  note: z.string().nullable(),
  /** Who marked it handled (対応済み) and when; null while open. */
  resolution: z
    .object({
      /** null once the resolving admin has withdrawn. */
      resolvedBy: z.object({ id: z.string(), email: z.string() }).nullable(),
      resolvedAt: z.date(),
    })
    .nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportPageSchema = z.object({
  reports: z.array(adminReportSchema),
  nextCursor: z.string().nullable(),
});
export type AdminReportPage = z.infer<typeof adminReportPageSchema>;

export const reportIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/admin/reports/:id/resolve: what the admin did, for the record (optional). */
export const resolveReportSchema = z.object({
  note: multiLineText()
    .trim()
    .max(REPORT_RESOLUTION_NOTE_MAX_LENGTH, VALIDATION.reportNoteTooLong)
    .optional(),
});
export type ResolveReportInput = z.input<typeof resolveReportSchema>;

/** PUT /api/admin/reports/:id/note: the admins' note, written or changed; empty removes it. */
export const reportNoteSchema = z.object({
  note: multiLineText().trim().max(REPORT_RESOLUTION_NOTE_MAX_LENGTH, VALIDATION.reportNoteTooLong),
});
export type ReportNoteInput = z.input<typeof reportNoteSchema>;

/**
 * An address held against registering again after its account went while suspended
 * or reported (GET /api/admin/registration-holds); cleared by an admin.
 */
export const registrationHoldSchema = z.object({
  id: z.string(),
  email: z.string(),
  reason: z.enum(['report', 'suspension']),
  /** The name and role the person had. */
  label: z.string(),
  createdAt: z.date(),
  clearedAt: z.date().nullable(),
  /** null while held, or once the clearing admin has withdrawn. */
  clearedByEmail: z.string().nullable(),
});
export type RegistrationHold = z.infer<typeof registrationHoldSchema>;
export const registrationHoldListSchema = z.array(registrationHoldSchema);
export const registrationHoldIdParamsSchema = z.object({ id: z.uuid() });
