import { and, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_LINK_TTL_MS, EMAIL_CHANGE_UNDO_TTL_MS } from '../../shared/constants';
import { VALIDATION } from '../../shared/messages/validation-keys';
import type { SessionUser } from '../../shared/schemas/auth';
import { emailMatchesDomains } from '../../shared/schemas/common';
import type { Database, Executor, Transaction } from '../db/client';
import { endAllSessions } from '../credentials/sessions';
import { endSignInLinks } from '../credentials/tokens';
import { lockEmailAddress } from '../db/locks';
import {
  emailChanges,
  mentors,
  pushSubscriptions,
  sessions,
  students,
  universityDomains,
  users,
} from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { randomToken, sha256 } from '../lib/secrets';
import { mailAddresseeOf } from '../mail/addressee';
import { mailLinks } from '../mail/mail-context';
import { enqueueMail } from '../mail/outbox';
import { emailChangeMail, emailChangedMail } from '../mail/templates';
import { giveWayToUndo, isEmailTaken, undoStillWorks, type GaveWayToUndo } from '../invitations';

/**
 * Changing the sign-in address (docs/PRODUCT.md §3): asked for while signed in, applied when the
 * link mailed to the new address is followed. The old address is then told, with a link that
 * undoes the change for a week (and signs everyone out), in case it was not its owner. While
 * that link works the address does not change again: a second change would send its own undo
 * link to the first new address, which may be an intruder's.
 */

const CHANGES_PER_USER: Limit = { name: 'email-change:user', max: 5, windowMs: 60 * 60 * 1000 };

/** A student keeps a university address: only graduation (becoming an OG) leaves it. */
async function expectAllowedFor(tx: Transaction, user: SessionUser, email: string) {
  if (user.role !== 'student') return;
  const [student] = await tx
    .select({ universityId: students.universityId })
    .from(students)
    .where(eq(students.userId, user.id));
  const domains = student?.universityId
    ? (
        await tx
          .select({ domain: universityDomains.domain })
          .from(universityDomains)
          .where(eq(universityDomains.universityId, student.universityId))
      ).map((row) => row.domain)
    : [];
  if (!emailMatchesDomains(email, domains)) {
    throw new AppError('invalid-argument', { email: VALIDATION.emailChangeUniversityOnly });
  }
}

/** Refuses a further change while an applied one's undo link still works. */
async function expectNoOpenUndo(db: Executor, userId: string): Promise<void> {
  const [open] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), undoStillWorks()))
    .limit(1);
  if (open) throw new AppError('email-change/undo-open');
}

/** Why an address changes: on /profile, or as the address of an application to become an OG. */
export type EmailChangePurpose = 'address' | 'graduation';

/**
 * Records a change of the user's address to `newEmail` (replacing an earlier unfollowed one of
 * the user's) and answers the token of the link that applies it; the caller mails the link.
 * Refused while an earlier change can still be undone, a graduation's address too.
 */
export async function startEmailChange(
  tx: Transaction,
  user: SessionUser,
  newEmail: string,
  purpose: EmailChangePurpose,
): Promise<{ id: string; token: string }> {
  await expectNoOpenUndo(tx, user.id);
  await lockEmailAddress(tx, newEmail);
  if (await isEmailTaken(tx, newEmail)) throw new AppError('auth/email-already-in-use');
  await tx
    .delete(emailChanges)
    .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.appliedAt)));
  const token = randomToken();
  const [change] = await tx
    .insert(emailChanges)
    .values({
      userId: user.id,
      purpose,
      oldEmail: user.email,
      newEmail,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_MS),
    })
    .returning({ id: emailChanges.id });
  return { id: change!.id, token };
}

/** Mails the new address its link; an earlier unfollowed request of the user's is replaced. */
export async function requestEmailChange(
  db: Database,
  user: SessionUser,
  email: string,
): Promise<void> {
  if (email === user.email) {
    throw new AppError('invalid-argument', { email: VALIDATION.emailSameAsCurrent });
  }
  await consumeLimit(db, CHANGES_PER_USER, user.id);
  await db.transaction(async (tx) => {
    await expectAllowedFor(tx, user, email);
    const { token } = await startEmailChange(tx, user, email, 'address');
    await enqueueMail(tx, {
      to: email,
      ...emailChangeMail(mailLinks(tx).emailChange(token), await mailAddresseeOf(tx, user.id)),
      readableUntil: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_MS),
    });
  });
}

/** The address is still no account's (decided under its lock, as registration decides it). */
async function expectNoAccountWith(tx: Transaction, email: string) {
  await lockEmailAddress(tx, email);
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw new AppError('auth/email-already-in-use');
}

/** Sets the user's sign-in address (and the student profile's copy of it). */
async function setAddress(tx: Transaction, userId: string, from: string, to: string) {
  await tx.update(users).set({ email: to }).where(eq(users.id, userId));
  await tx
    .update(students)
    .set({ email: to })
    .where(and(eq(students.userId, userId), eq(students.email, from)));
}

/**
 * The new address's link was followed: the address changes, every other session ends (the one
 * following the link, if it is the user's, stays), and the old address gets the undo link.
 */
export async function confirmEmailChange(
  db: Database,
  token: string,
  currentSessionHash: string | undefined,
): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const applied = await applyEmailChange(tx, token, 'address', currentSessionHash);
    return { email: applied.email };
  });
}

/**
 * Applies the change whose link carries `token` (of the given purpose: a graduation's link
 * changes nothing here), in the caller's transaction; see confirmEmailChange.
 */
export async function applyEmailChange(
  tx: Transaction,
  token: string,
  purpose: EmailChangePurpose,
  currentSessionHash: string | undefined,
): Promise<{ changeId: string; userId: string; email: string }> {
  const [change] = await tx
    .select()
    .from(emailChanges)
    .where(eq(emailChanges.tokenHash, sha256(token)))
    .for('update');
  if (
    !change ||
    change.purpose !== purpose ||
    change.appliedAt ||
    change.expiresAt.getTime() <= Date.now()
  ) {
    throw new AppError('auth/invalid-link');
  }
  const [user] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update');
  // Changed another way meanwhile: this link no longer describes the account.
  if (!user || user.email !== change.oldEmail || user.suspendedAt) {
    throw new AppError('auth/invalid-link');
  }
  // A change that got past startEmailChange's check (an older path, a row written by hand):
  // decided under the user's lock, which applying takes too.
  await expectNoOpenUndo(tx, user.id);
  await expectNoAccountWith(tx, change.newEmail);
  await setAddress(tx, user.id, change.oldEmail, change.newEmail);
  const undoToken = randomToken();
  const undoExpiresAt = new Date(Date.now() + EMAIL_CHANGE_UNDO_TTL_MS);
  await tx
    .update(emailChanges)
    .set({ appliedAt: new Date(), undoTokenHash: sha256(undoToken), undoExpiresAt })
    .where(eq(emailChanges.id, change.id));
  await tx
    .delete(sessions)
    .where(
      currentSessionHash
        ? and(eq(sessions.userId, user.id), ne(sessions.idHash, currentSessionHash))
        : eq(sessions.userId, user.id),
    );
  // The devices signed out get no more pushes either; this browser subscribes again on /profile.
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  // Nor can a link or code asked for before (to either address) sign in any more.
  await endSignInLinks(tx, user.id);
  await recordAudit(tx, {
    actorId: user.id,
    action: 'account.email-change',
    targetType: 'user',
    targetId: user.id,
  });
  const undoLink = mailLinks(tx).emailChangeUndo(undoToken);
  await enqueueMail(tx, {
    to: change.oldEmail,
    ...emailChangedMail(undoLink, change.newEmail, await mailAddresseeOf(tx, user.id)),
    readableUntil: undoExpiresAt,
  });
  return { changeId: change.id, userId: user.id, email: change.newEmail };
}

/**
 * An alumna's contact address equal to a sign-in address the undo takes away was confirmed at
 * once only because it was her sign-in address (setContactEmail): left alone, an intruder who
 * set both to his address would still be shown to students. It goes back to the restored
 * address, confirmed as that one is, and a link waiting for it stops working.
 */
async function restoreContactEmail(
  tx: Transaction,
  userId: string,
  undoneAddresses: string[],
  restored: string,
) {
  await tx
    .update(mentors)
    .set({
      contactEmail: restored,
      contactEmailConfirmedAt: new Date(),
      contactEmailTokenHash: null,
      contactEmailTokenExpiresAt: null,
    })
    .where(
      and(
        eq(mentors.userId, userId),
        inArray(
          sql`lower(${mentors.contactEmail})`,
          undoneAddresses.map((address) => address.toLowerCase()),
        ),
      ),
    );
}

/**
 * The old address's owner says it was not them: the address goes back to the one this change
 * left, whatever changed after it (a later change, an admin's), every session ends (an
 * intruder's too, in every process: the sessions' deletion notifies them), and admins see it in
 * the audit log. Later changes' undo links, which went to addresses after this one, die with it,
 * and so does a change still waiting for its link, and every sign-in link and code.
 */
export async function undoEmailChange(db: Database, token: string): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.undoTokenHash, sha256(token)))
      .for('update');
    if (
      !change?.appliedAt ||
      !change.undoExpiresAt ||
      change.undoneAt ||
      change.undoExpiresAt.getTime() <= Date.now()
    ) {
      throw new AppError('auth/invalid-link');
    }
    const [user] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update');
    if (!user) throw new AppError('auth/invalid-link');
    let gaveWay: GaveWayToUndo[] = [];
    if (user.email !== change.oldEmail) {
      await lockEmailAddress(tx, change.oldEmail);
      // Kept for this undo while it works; what got it before that (an account never
      // confirmed, say) gives way. Someone who proved the mailbox signs in with it: only an
      // admin can sort out whose it is.
      const freed = await giveWayToUndo(tx, change.oldEmail);
      if (freed === 'taken') throw new AppError('email-change/undo-address-taken');
      gaveWay = freed;
      await setAddress(tx, user.id, user.email, change.oldEmail);
    }
    const undone = await tx
      .update(emailChanges)
      .set({ undoneAt: new Date() })
      .where(
        and(
          eq(emailChanges.userId, user.id),
          isNull(emailChanges.undoneAt),
          gte(emailChanges.appliedAt, change.appliedAt),
        ),
      )
      .returning({ newEmail: emailChanges.newEmail });
    await restoreContactEmail(
      tx,
      user.id,
      [user.email, ...undone.map((row) => row.newEmail)],
      change.oldEmail,
    );
    await tx
      .delete(emailChanges)
      .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.appliedAt)));
    await endAllSessions(tx, user.id);
    // A link mailed to the intruder's address before the undo would sign in to the account.
    await endSignInLinks(tx, user.id);
    await recordAudit(tx, {
      actorId: null,
      action: 'account.email-change-undone',
      targetType: 'user',
      targetId: user.id,
      // What was removed for it, for an admin asked about it (never an address).
      ...(gaveWay.length > 0 ? { details: { gaveWay } } : {}),
    });
    return { email: change.oldEmail };
  });
}
