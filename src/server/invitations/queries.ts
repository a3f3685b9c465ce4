import { and, count, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { INVITATION_HISTORY_LIMIT, PENDING_REGISTRATION_BLOCK_MS } from '../../shared/constants';
import type { Executor } from '../db/client';
import { invitations, mentors, pendingRegistrations, users } from '../db/schema';
import { isUserAddress } from './address-queries';

/** Pending invitations past their expiry become expired (expiredAt recorded). */
export async function expireDueInvitations(db: Executor): Promise<void> {
  await db
    .update(invitations)
    .set({ status: 'expired', expiredAt: sql`now()` })
    .where(and(eq(invitations.status, 'pending'), lte(invitations.expiresAt, sql`now()`)));
}

/** Pending, unexpired invitations the inviter holds: what the quota counts. */
export async function countOpenInvitations(db: Executor, inviterId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.inviterId, inviterId),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, sql`now()`),
      ),
    );
  return row?.n ?? 0;
}

export function invitationHistory(db: Executor, inviterId: string) {
  return db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.inviterId, inviterId),
        inArray(invitations.status, ['pending', 'expired']),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(INVITATION_HISTORY_LIMIT);
}

/**
 * "Already registered as OG": a user with the address, or an alumnus whose confirmed contact it
 * is (an unconfirmed one may be someone else's address, typed by mistake or on purpose, and must
 * not keep its owner from being invited).
 */
export async function isRegisteredAddress(db: Executor, email: string): Promise<boolean> {
  if (await isUserAddress(db, email)) return true;
  const [mentor] = await db
    .select({ id: mentors.userId })
    .from(mentors)
    .where(and(eq(mentors.contactEmail, email), isNotNull(mentors.contactEmailConfirmedAt)))
    .limit(1);
  return mentor !== undefined;
}

export async function hasOpenInvitation(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.email, email),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function isPendingCodeInUse(db: Executor, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.inviteCode, code), eq(invitations.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** On verification: the invitation the alumnus registered with is completed (userId, completedAt). */
export async function completeInvitationOf(tx: Executor, userId: string): Promise<void> {
  const [mentor] = await tx
    .select({ invitationId: mentors.invitationId })
    .from(mentors)
    .where(eq(mentors.userId, userId))
    .limit(1);
  if (!mentor?.invitationId) return;
  // Only a pending invitation completes; revoked and expired stay so.
  await tx
    .update(invitations)
    .set({ status: 'completed', userId, completedAt: sql`now()` })
    .where(
      and(
        eq(invitations.id, mentor.invitationId),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, sql`now()`),
      ),
    );
}

/**
 * Why an unverified alumnus account can no longer be activated, if it
 * cannot: the invitation it was submitted with was revoked, has expired (or is past its
 * expiry), or its inviter was suspended or withdrew (which expires it). Undefined: alive, or
 * not an invited account.
 */
export async function deadInvitationOf(
  tx: Executor,
  userId: string,
): Promise<'invitation/expired' | 'invitation/invalid-or-used' | undefined> {
  const [row] = await tx
    .select({ invitation: invitations })
    .from(mentors)
    .innerJoin(invitations, eq(invitations.id, mentors.invitationId))
    .where(eq(mentors.userId, userId))
    .limit(1);
  if (!row) return undefined;
  const { invitation } = row;
  if (invitation.revokedAt) return 'invitation/invalid-or-used';
  if (invitation.status === 'expired') return 'invitation/expired';
  if (invitation.status === 'pending' && invitation.expiresAt.getTime() <= Date.now()) {
    return 'invitation/expired';
  }
  if (invitation.status === 'completed' && invitation.userId !== userId) {
    return 'invitation/invalid-or-used';
  }
  return undefined;
}

/**
 * An account submitted with an invitation that then died can never be
 * activated; it must not block a fresh invitation to the same address. Removes it (its
 * profile, icon and tokens go with it by cascade). Called under the address lock.
 */
export async function removeAbandonedSignUp(tx: Executor, email: string): Promise<void> {
  const [user] = await tx
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user || user.emailVerified) return;
  if (!(await deadInvitationOf(tx, user.id))) return;
  await tx.delete(users).where(eq(users.id, user.id));
}

/** A suspended inviter's pending invitations expire, as on withdrawal. */
export async function expireInvitationsOf(tx: Executor, inviterId: string): Promise<void> {
  await tx
    .update(invitations)
    .set({ status: 'expired', expiredAt: sql`now()` })
    .where(and(eq(invitations.inviterId, inviterId), eq(invitations.status, 'pending')));
}

/**
 * An address is taken (docs/PRODUCT.md §4) when it is a user, has a pending (unexpired)
 * invitation, or a pending registration younger than 24 hours. Callers never say which.
 */
export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  if (await isUserAddress(db, email)) return true;
  if (await hasOpenInvitation(db, email)) return true;
  const [pending] = await db
    .select({ id: pendingRegistrations.id })
    .from(pendingRegistrations)
    .where(
      and(
        eq(pendingRegistrations.email, email),
        gt(pendingRegistrations.createdAt, new Date(Date.now() - PENDING_REGISTRATION_BLOCK_MS)),
      ),
    )
    .limit(1);
  return pending !== undefined;
}

/** What gave way to an undo (giveWayToUndo), for its audit entry. */
export type GaveWayToUndo = 'unconfirmed-account' | 'waiting-registration' | 'open-invitation';

/**
 * The undo of a change of address gives the address back to its owner (docs/PRODUCT.md §3).
 * What was made for it meanwhile, before isReservedForUndo kept it, gives way: an account
 * whose link was never followed (its profile, icon and links go by cascade), a student's
 * registration waiting for its link, an open invitation. An account that followed its link
 * proved the mailbox: only an admin can tell whose the address is, so it stays and the answer
 * is 'taken'. Called under the address's lock.
 */
export async function giveWayToUndo(
  tx: Executor,
  email: string,
): Promise<'taken' | GaveWayToUndo[]> {
  const [holder] = await tx
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (holder?.emailVerified) return 'taken';
  const gaveWay: GaveWayToUndo[] = [];
  if (holder) {
    await tx.delete(users).where(eq(users.id, holder.id));
    gaveWay.push('unconfirmed-account');
  }
  const registrations = await tx
    .delete(pendingRegistrations)
    .where(eq(pendingRegistrations.email, email))
    .returning({ id: pendingRegistrations.id });
  if (registrations.length > 0) gaveWay.push('waiting-registration');
  const expired = await tx
    .update(invitations)
    .set({ status: 'expired', expiredAt: sql`now()` })
    .where(and(eq(invitations.email, email), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id });
  if (expired.length > 0) gaveWay.push('open-invitation');
  return gaveWay;
}
