import { z } from 'zod';
import { toHalfWidth } from '../half-width';
import { BULK_INVITATION_MAX_ADDRESSES, INVITATION_MESSAGE_MAX_LENGTH } from '../constants';
import { EMAIL_PATTERN, multiLineText } from './common';
import { VALIDATION } from '../messages/validation-keys';

export const INVITATION_ROLES = ['mentor', 'mentor_pending'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

const invitedEmailSchema = z
  .string({ error: VALIDATION.emailRequired })
  .overwrite(toHalfWidth)
  .trim()
  .min(1, VALIDATION.emailRequired)
  .max(254, VALIDATION.inviteEmailInvalid)
  .regex(EMAIL_PATTERN, VALIDATION.inviteEmailInvalid)
  .transform((email) => email.toLowerCase());

/**
 * The inviter's personal line (issue 56, point 4): optional, short, printed in the mail with
 * contact details masked (the form warns while typing), as any text to someone not yet met.
 */
const invitationMessageSchema = multiLineText()
  .trim()
  .max(INVITATION_MESSAGE_MAX_LENGTH, VALIDATION.inviteMessageTooLong)
  .optional();

export const createInvitationSchema = z.object({
  email: invitedEmailSchema,
  /** Only admins choose; a mentor's invitation always carries `mentor`. */
  role: z.enum(INVITATION_ROLES).optional(),
  message: invitationMessageSchema,
});
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'completed', 'expired']),
  role: z.enum(INVITATION_ROLES),
  createdAt: z.date(),
  expiresAt: z.date(),
  /**
   * The code and the link carrying it, for an admin only: an alumna's invitee gets them by
   * mail, and she is not shown them (docs/PRODUCT.md §5).
   */
  inviteCode: z.string().optional(),
  invitationUrl: z.string().optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationQuotaSchema = z.object({
  /** null: unlimited (admins). */
  limit: z.number().nullable(),
  remaining: z.number().nullable(),
});
export type InvitationQuota = z.infer<typeof invitationQuotaSchema>;

export const invitationHistorySchema = z.object({
  invitations: z.array(invitationSchema),
  quota: invitationQuotaSchema,
});
export type InvitationHistory = z.infer<typeof invitationHistorySchema>;

export const invitationLookupQuerySchema = z.object({
  email: z.string().max(254).optional(),
  code: z.string().max(20).optional(),
});

export const invitationLookupSchema = z.object({
  email: z.string(),
  role: z.enum(INVITATION_ROLES),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

/** One line of an admin's list: the address as it will be invited, or null if it is none. */
export function invitedAddressOf(line: string): string | null {
  const parsed = invitedEmailSchema.safeParse(line);
  return parsed.success ? parsed.data : null;
}

/** The lines of a list that hold anything: what counts towards its limit and is reported. */
export function addressLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * An admin's list (POST /api/admin/invitations/bulk): one address per line, at most
 * BULK_INVITATION_MAX_ADDRESSES, each checked and answered on its own; one role and one
 * personal line for all of them.
 */
export const bulkInvitationSchema = z.object({
  addresses: z
    .string({ error: VALIDATION.bulkAddressesRequired })
    .max(BULK_INVITATION_MAX_ADDRESSES * 300, VALIDATION.bulkTooManyAddresses)
    .refine((text) => addressLines(text).length > 0, VALIDATION.bulkAddressesRequired)
    .refine(
      (text) => addressLines(text).length <= BULK_INVITATION_MAX_ADDRESSES,
      VALIDATION.bulkTooManyAddresses,
    ),
  role: z.enum(INVITATION_ROLES).optional(),
  message: invitationMessageSchema,
});
export type BulkInvitationInput = z.input<typeof bulkInvitationSchema>;

/**
 * What became of one line: invited and mailed; an open invitation already waits there; it is
 * already a member's; not an address; or past the day's limit of invitations from lists.
 */
export const BULK_OUTCOMES = [
  'sent',
  'already-invited',
  'already-member',
  'invalid',
  'limited',
] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const bulkInvitationResultSchema = z.object({
  results: z.array(z.object({ line: z.string(), outcome: z.enum(BULK_OUTCOMES) })),
});
export type BulkInvitationResult = z.infer<typeof bulkInvitationResultSchema>;
