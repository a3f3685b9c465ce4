import { BULK_INVITATIONS_PER_DAY } from '../../../shared/constants';
import type { SessionUser } from '../../../shared/schemas/auth';
import {
  addressLines,
  invitedAddressOf,
  type BulkInvitationResult,
  type BulkOutcome,
  type InvitationRole,
} from '../../../shared/schemas/invitations';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { createInvitationIn } from '../../invitations';
import { recordAudit } from '../../lib/audit';
import { consumeLimit, type Limit } from '../../lib/rate-limit';

/**
 * Mails an admin's lists may send in a day, counted per admin: a seminar's intake of alumni,
 * never a mailing list (each line over it is answered 'limited', and nothing is sent for it).
 */
const LIST_INVITATIONS_PER_ADMIN: Limit = {
  name: 'bulk-invitation:admin',
  max: BULK_INVITATIONS_PER_DAY,
  windowMs: 24 * 60 * 60_000,
};

/** The answers of createInvitationIn that say what the address already is. */
const OUTCOME_OF: Partial<Record<string, BulkOutcome>> = {
  'invitation/already-invited': 'already-invited',
  'invitation/already-registered-as-mentor': 'already-member',
};

export interface BulkInvitationRequest {
  addresses: string;
  role?: InvitationRole | undefined;
  message?: string | undefined;
}

/**
 * An admin invites every address of a list, one per line (docs/PRODUCT.md §5): each line is
 * checked and invited on its own, through the same checks and mail as one invitation, in its
 * own transaction, so that one refused address keeps none of the others from being sent; each
 * is answered in the list's order. An address twice in the list is invited once (the second is
 * 'already-invited'). Only lines that would be mailed count towards the day's limit.
 */
export async function inviteList(
  db: Database,
  actor: SessionUser,
  input: BulkInvitationRequest,
): Promise<BulkInvitationResult> {
  const results: BulkInvitationResult['results'] = [];
  let limited = false;
  for (const line of addressLines(input.addresses)) {
    const email = invitedAddressOf(line);
    if (!email) {
      results.push({ line, outcome: 'invalid' });
      continue;
    }
    results.push({ line: email, outcome: limited ? 'limited' : await inviteOne(email) });
    if (results.at(-1)!.outcome === 'limited') limited = true;
  }
  const counts = Object.fromEntries(
    [...new Set(results.map((result) => result.outcome))].map((outcome) => [
      outcome,
      results.filter((result) => result.outcome === outcome).length,
    ]),
  );
  await recordAudit(db, {
    actorId: actor.id,
    action: 'admin.invitation.bulk',
    targetType: 'invitation',
    details: counts,
  });
  return { results };

  async function inviteOne(email: string): Promise<BulkOutcome> {
    try {
      await db.transaction(async (tx) => {
        await consumeLimit(tx, LIST_INVITATIONS_PER_ADMIN, actor.id);
        await createInvitationIn(tx, actor, { email, role: input.role, message: input.message });
      });
      return 'sent';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'auth/too-many-requests') return 'limited';
      return OUTCOME_OF[error.code] ?? 'invalid';
    }
  }
}
