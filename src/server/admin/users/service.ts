import { expireInvitationsOf } from '../../invitations';
import { and, eq, sql } from 'drizzle-orm';
import type { NoShowDecision } from '../../../shared/constants';
import { PROFILE_OF_ROLE, type Role } from '../../../shared/roles';
import type { AdminUser } from '../../../shared/schemas/admin';
import type { SessionUser } from '../../../shared/schemas/auth';
import { ensureAnotherActiveAdmin, removeAccount } from '../../accounts';
import { endAllSessions } from '../../credentials/sessions';
import type { Database, Transaction } from '../../db/client';
import { lockName } from '../../db/locks';
import {
  mentors,
  groupSessionPlaces,
  noShowClaims,
  signInTokens,
  students,
  users,
  visitRequests,
} from '../../db/schema';
import { AppError } from '../../errors';
import { mailLinks } from '../../mail/mail-context';
import { mentorApprovedMail } from '../../mail/templates';
import { tell } from '../../notifications';
import { recordAudit } from '../../lib/audit';
import { findAdminUser } from './queries';

/**
 * An admin's changes to other people's accounts. Each runs in one transaction with its audit
 * entry, after taking the "admins" lock: two admins acting at once (demoting or suspending
 * each other) are decided one after the other, so the site never loses its last admin.
 */

async function lockAccount(tx: Transaction, userId: string) {
  await lockName(tx, 'admins');
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new AppError('not-found');
  return user;
}

function refuseOwnAccount(actor: SessionUser, userId: string): void {
  // Admins leave through withdrawal in the menu, never by suspending or deleting themselves.
  if (actor.id === userId) throw new AppError('admin/self-action');
}

/** A role needs the profile its pages show (PROFILE_OF_ROLE). */
async function hasProfileFor(tx: Transaction, userId: string, role: Role): Promise<boolean> {
  const needed = PROFILE_OF_ROLE[role];
  if (needed === null) return true;
  const profiles = needed === 'student' ? students : mentors;
  const [row] = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row !== undefined;
}

async function answer(tx: Transaction, userId: string): Promise<AdminUser> {
  const user = await findAdminUser(tx, userId);
  if (!user) throw new AppError('not-found');
  return user;
}

/**
 * Approving an alumnus (mentor_pending → mentor) is a role change like any other. The account
 * is signed out everywhere (docs/PRODUCT.md §3): a page open in the old role, a demoted admin's
 * console most of all, does not outlive it; the sessions' deletion tells every process.
 */
export async function changeUserRole(
  db: Database,
  actor: SessionUser,
  userId: string,
  role: Role,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (user.role === role) return answer(tx, userId);
    if (!(await hasProfileFor(tx, userId, role))) throw new AppError('admin/profile-required');
    if (user.role === 'admin') await ensureAnotherActiveAdmin(tx, userId);
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    await endAllSessions(tx, userId);
    if (user.role === 'mentor_pending' && role === 'mentor') {
      // The alumna has been waiting since she registered: tell her, in the same transaction.
      await tell(tx, {
        userId,
        kind: 'mentorApproved',
        mail: (recipient) => mentorApprovedMail(mailLinks(tx).mentorProfile(), recipient),
      });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.user.role',
      targetType: 'user',
      targetId: userId,
      details: { from: user.role, to: role },
    });
    return answer(tx, userId);
  });
}

/**
 * Suspension: the account can no longer sign in, and it is signed out everywhere at once
 * (sessions and unused sign-in links go). The profile and its data stay until reinstated.
 */
export async function suspendUser(
  db: Database,
  actor: SessionUser,
  userId: string,
): Promise<AdminUser> {
  refuseOwnAccount(actor, userId);
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (user.suspendedAt) return answer(tx, userId);
    if (user.role === 'admin') await ensureAnotherActiveAdmin(tx, userId);
    await tx
      .update(users)
      .set({ suspendedAt: sql`now()` })
      .where(eq(users.id, userId));
    await endAllSessions(tx, userId);
    await tx.delete(signInTokens).where(eq(signInTokens.userId, userId));
    await expireInvitationsOf(tx, userId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.user.suspend',
      targetType: 'user',
      targetId: userId,
    });
    return answer(tx, userId);
  });
}

export async function reinstateUser(
  db: Database,
  actor: SessionUser,
  userId: string,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user.suspendedAt) return answer(tx, userId);
    await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, userId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.user.reinstate',
      targetType: 'user',
      targetId: userId,
    });
    return answer(tx, userId);
  });
}

/**
 * Lets a student whose requests two no-shows stopped send them again: the no-shows so far no
 * longer count (docs/PRODUCT.md §7).
 */
export async function clearNoShows(
  db: Database,
  actor: SessionUser,
  userId: string,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const cleared = await tx
      .update(students)
      .set({ noShowsClearedAt: new Date() })
      .where(eq(students.userId, userId))
      .returning({ userId: students.userId });
    if (cleared.length === 0) throw new AppError('not-found');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.user.clear-no-shows',
      targetType: 'user',
      targetId: userId,
    });
    return answer(tx, userId);
  });
}

/**
 * An admin's decision on a no-show claim against the user, after reading both sides
 * (docs/decisions/0033-no-show-claims.md): upheld, it counts toward the stop; dismissed, it
 * never does. A withdrawn claim stands no more and takes none. It may be decided again
 * (audited each time); the claim, its reason and the answer stay as they were.
 */
export async function decideNoShowClaim(
  db: Database,
  actor: SessionUser,
  userId: string,
  visitRequestId: string,
  decision: NoShowDecision,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const againstUser = sql`case when ${noShowClaims.claimantSide} = 'mentor' then ${visitRequests.studentId} else ${visitRequests.mentorId} end = ${userId}`;
    const [claim] = await tx
      .select({ side: noShowClaims.claimantSide, withdrawnAt: noShowClaims.withdrawnAt })
      .from(noShowClaims)
      .innerJoin(visitRequests, eq(visitRequests.id, noShowClaims.visitRequestId))
      .where(and(eq(noShowClaims.visitRequestId, visitRequestId), againstUser))
      .for('update', { of: noShowClaims });
    if (!claim) throw new AppError('not-found');
    if (claim.withdrawnAt) throw new AppError('visit/no-show-not-claimed');
    await tx
      .update(noShowClaims)
      .set({ decision, decidedAt: new Date(), decidedBy: actor.id, updatedAt: new Date() })
      .where(
        and(
          eq(noShowClaims.visitRequestId, visitRequestId),
          eq(noShowClaims.claimantSide, claim.side),
        ),
      );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.user.no-show-decision',
      targetType: 'user',
      targetId: userId,
      details: { visitRequestId, decision },
    });
    return answer(tx, userId);
  });
}

/**
 * An admin's decision on a 座談会's 欠席 recorded of the student (decision 0045), as on a visit's
 * claim (decideNoShowClaim): her seated place's claim, standing (not withdrawn), audited each time.
 */
export async function decideGroupSessionAbsence(
  db: Database,
  actor: SessionUser,
  userId: string,
  sessionId: string,
  decision: NoShowDecision,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const own = and(
      eq(groupSessionPlaces.sessionId, sessionId),
      eq(groupSessionPlaces.studentId, userId),
      eq(groupSessionPlaces.state, 'seated'),
    );
    const [place] = await tx
      .select({
        claimedAt: groupSessionPlaces.absenceClaimedAt,
        withdrawnAt: groupSessionPlaces.absenceWithdrawnAt,
      })
      .from(groupSessionPlaces)
      .where(own)
      .for('update');
    if (!place?.claimedAt) throw new AppError('not-found');
    if (place.withdrawnAt) throw new AppError('visit/no-show-not-claimed');
    await tx
      .update(groupSessionPlaces)
      .set({ absenceDecision: decision, absenceDecidedAt: new Date(), absenceDecidedBy: actor.id })
      .where(own);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.user.no-show-decision',
      targetType: 'user',
      targetId: userId,
      details: { groupSessionId: sessionId, decision },
    });
    return answer(tx, userId);
  });
}

/** Deletion has exactly the effects of the user's own withdrawal, recorded as the admin's act. */
export async function deleteUser(db: Database, actor: SessionUser, userId: string): Promise<void> {
  refuseOwnAccount(actor, userId);
  await db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (user.role === 'admin') await ensureAnotherActiveAdmin(tx, userId);
    await removeAccount(tx, userId, { actorId: actor.id, action: 'admin.user.delete' });
  });
}
