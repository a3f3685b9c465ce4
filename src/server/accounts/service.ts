import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AuditAction } from '../../shared/audit-actions';
import type { Database, Transaction } from '../db/client';
import { lockName } from '../db/locks';
import { invitations, users } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { holdAddressOnRemoval } from '../invitations';
import { cancelOpenRequestsOnWithdrawal } from '../visits';
import { groupSessionsOnWithdrawal } from '../group-sessions';
import { notesOnWithdrawal } from '../visit-notes';
import { forgetNameInBells } from '../notifications';
import { forgetMailTo } from '../mail/outbox';

/** Who removes an account: the user themselves (withdrawal) or an admin (deletion). */
export interface AccountRemoval {
  /** null for a withdrawal: the actor is gone with the row. */
  actorId: string | null;
  action: Extract<AuditAction, 'account.withdraw' | 'admin.user.delete'>;
  /** A withdrawing student's choice: her shared 訪問記録 stay without her name (else deleted). */
  keepSharedNotes?: boolean;
}

/**
 * Withdrawal (docs/PRODUCT.md §10): in one transaction the user's pending invitations expire, and
 * the user row goes with everything hanging on it (student or mentor profile, icons, sessions,
 * sign-in links). Completed invitations stay, with the inviter and the invitee cleared by
 * their foreign keys. The address is free to register again afterwards, unless it is held
 * (suspended, or an open report against it).
 */
export async function withdrawAccount(
  db: Database,
  userId: string,
  choice: { keepSharedNotes: boolean } = { keepSharedNotes: false },
): Promise<void> {
  await db.transaction(async (tx) => {
    // The last admin cannot leave: nobody could run the site until the next restart.
    await lockName(tx, 'admins');
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
    if (user?.role === 'admin') await ensureAnotherActiveAdmin(tx, userId);
    await removeAccount(tx, userId, {
      actorId: null,
      action: 'account.withdraw',
      keepSharedNotes: choice.keepSharedNotes,
    });
  });
}

/**
 * Refuses a change that would leave no admin able to act (not suspended) besides `userId`.
 * Callers hold the "admins" lock, so two such changes are decided one after the other.
 */
export async function ensureAnotherActiveAdmin(tx: Transaction, userId: string): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt), ne(users.id, userId)));
  if ((row?.n ?? 0) === 0) throw new AppError('admin/last-admin');
}

/**
 * The effects of a withdrawal inside the caller's transaction, so an admin's deletion is the
 * same removal with its own checks and audit entry. The entry keeps only ids, no personal data.
 * What others own stays. Visit requests lose the person (the other side sees
 * 「退会したユーザー」), the open ones are cancelled with a mail to the other side; her places in
 * 座談会 still to come are given up and her own 座談会 called off, everyone told; 訪問記録 go or
 * stay as docs/RETENTION.md says; reports keep
 * who was reported; a suspended or reported address is held against registering again.
 */
export async function removeAccount(
  tx: Transaction,
  userId: string,
  removal: AccountRemoval,
): Promise<void> {
  await holdAddressOnRemoval(tx, userId);
  await cancelOpenRequestsOnWithdrawal(tx, userId);
  // Before the row goes: her foreign keys would free a seat without moving anyone up, or take
  // her 座談会 away with nobody told.
  await groupSessionsOnWithdrawal(tx, userId);
  await notesOnWithdrawal(tx, userId, removal.keepSharedNotes ?? false);
  await tx
    .update(invitations)
    .set({ status: 'expired', expiredAt: sql`now()` })
    .where(and(eq(invitations.inviterId, userId), eq(invitations.status, 'pending')));
  // Last, after everyone was told: what the tellings above wrote must not name her either.
  await forgetNameInBells(tx, userId);
  // While her profile still says which addresses were hers.
  await forgetMailTo(tx, userId);
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  if (deleted.length === 0) throw new AppError('not-found');
  await recordAudit(tx, {
    actorId: removal.actorId,
    action: removal.action,
    targetType: 'user',
    targetId: userId,
  });
}
