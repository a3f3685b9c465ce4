import { z } from 'zod';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from '../constants';

/** A report of a user to the admins (issue 10). */
export const reportFormSchema = z.object({
  userId: z.uuid({ error: 'validation.reportTargetInvalid' }),
  reason: z.enum(REPORT_REASONS, { error: 'validation.reportReasonRequired' }),
  details: z
    .string({ error: 'validation.reportDetailsRequired' })
    .trim()
    .min(1, 'validation.reportDetailsRequired')
    .max(REPORT_DETAILS_MAX_LENGTH, 'validation.reportDetailsTooLong'),
  /** The request the report is about, when made from one. */
  visitRequestId: z.uuid().optional(),
});
export type ReportForm = z.input<typeof reportFormSchema>;

export const blockTargetSchema = z.object({ userId: z.uuid() });
