import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invitations, users } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';

/**
 * Withdrawal (spec section 4): in one transaction the user's pending invitations expire, and
 * the user row goes with everything hanging on it (student or mentor profile, icons, sessions,
 * sign-in links). Completed invitations stay, with the inviter and the invitee cleared by
 * their foreign keys. The address is free to register again afterwards.
 */
export async function withdrawAccount(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ status: 'expired', expiredAt: sql`now()` })
      .where(and(eq(invitations.inviterId, userId), eq(invitations.status, 'pending')));
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    if (deleted.length === 0) throw new AppError('not-found');
    // The actor is gone with the row: the entry keeps only the id, no personal data.
    await recordAudit(tx, {
      actorId: null,
      action: 'account.withdraw',
      targetType: 'user',
      targetId: userId,
    });
  });
}
