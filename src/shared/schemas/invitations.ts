import { z } from 'zod';
import { toHalfWidth } from '../half-width';
import { EMAIL_PATTERN } from './common';
import { VALIDATION } from '../messages/validation-keys';

export const INVITATION_ROLES = ['mentor', 'mentor_pending'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

export const createInvitationSchema = z.object({
  email: z
    .string({ error: VALIDATION.emailRequired })
    .overwrite(toHalfWidth)
    .trim()
    .min(1, VALIDATION.emailRequired)
    .max(254, VALIDATION.inviteEmailInvalid)
    .regex(EMAIL_PATTERN, VALIDATION.inviteEmailInvalid)
    .transform((email) => email.toLowerCase()),
  /** Only admins choose; a mentor's invitation always carries `mentor`. */
  role: z.enum(INVITATION_ROLES).optional(),
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
