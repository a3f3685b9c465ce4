import { and, eq, gt, sql } from 'drizzle-orm';
import type { AdminInvitation } from '../../../shared/schemas/admin';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { Database, Executor } from '../../db/client';
import { invitations } from '../../db/schema';
import { AppError } from '../../errors';
import { createInvitationIn } from '../../invitations';
import { recordAudit } from '../../lib/audit';
import { findAdminInvitation } from './queries';

/** Pending and not yet past its expiry, whether or not expiry has been recorded. */
const isOpen = and(eq(invitations.status, 'pending'), gt(invitations.expiresAt, sql`now()`))!;

async function answer(db: Executor, id: string): Promise<AdminInvitation> {
  const invitation = await findAdminInvitation(db, id);
  if (!invitation) throw new AppError('not-found');
  return invitation;
}

/**
 * Revoking ends a pending invitation at once: it becomes expired, so its link and code answer
 * "expired" like any other, and revokedAt tells the console it was an admin's doing.
 */
export async function revokeInvitation(
  db: Database,
  actor: SessionUser,
  id: string,
): Promise<AdminInvitation> {
  return db.transaction(async (tx) => {
    // One conditional update: a revoke racing with a registration cannot undo a completion,
    // and one past its expiry is already expired (the next listing records it).
    const [revoked] = await tx
      .update(invitations)
      .set({ status: 'expired', expiredAt: sql`now()`, revokedAt: sql`now()` })
      .where(and(eq(invitations.id, id), isOpen))
      .returning({ id: invitations.id });
    if (!revoked) {
      await answer(tx, id); // not-found when there is no such invitation at all
      throw new AppError('invitation/not-pending');
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.invitation.revoke',
      targetType: 'invitation',
      targetId: id,
    });
    return answer(tx, id);
  });
}

/**
 * Sends an expired invitation again as a new one (fresh code and link, same address and role),
 * through the same checks and mail as any admin invitation. The old one stays in the history.
 */
export async function resendInvitation(
  db: Database,
  actor: SessionUser,
  id: string,
): Promise<AdminInvitation> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ invitation: invitations, open: sql<boolean>`${isOpen}` })
      .from(invitations)
      .where(eq(invitations.id, id));
    if (!previous) throw new AppError('not-found');
    // Expiry itself is applied by createInvitationIn, under its locks (taking row locks before
    // them here could deadlock with another invitation being created).
    if (previous.invitation.status === 'completed' || previous.open) {
      throw new AppError('invitation/not-expired');
    }
    const created = await createInvitationIn(tx, actor, {
      email: previous.invitation.email,
      role: previous.invitation.role,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.invitation.resend',
      targetType: 'invitation',
      targetId: created.id,
      details: { previousInvitationId: id },
    });
    return answer(tx, created.id);
  });
}
