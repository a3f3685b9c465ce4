import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { SIGN_IN_LINK_TTL_MS, SIGN_IN_MAX_ATTEMPTS } from '../../shared/constants';
import type { VerificationStatus } from '../../shared/schemas/auth';
import type { Database, Executor, Transaction } from '../db/client';
import { signInTokens, users } from '../db/schema';
import { AppError } from '../errors';
import { lockName } from '../db/locks';
import { recordAudit } from '../lib/audit';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { hashesEqual, sha256 } from '../lib/secrets';
import { completeInvitationOf, deadInvitationOf } from '../invitations';
import { completeStudentRegistration } from './registration-service';
import { createSession, endAllSessions, type SignedIn } from '../credentials/sessions';
import {
  claimToken,
  codeIsUsable,
  countCodeFailure,
  countFailure,
  isUsable,
} from '../credentials/tokens';
import type { BindBrowser } from '../credentials/browser-binding';
import { codeHash, issueSignInMail } from '../credentials/sign-in-links';

const MINUTE = 60_000;
/**
 * Per client address: a whole seminar signing in together from one classroom (one address
 * behind the campus NAT) still gets in, while a script trying addresses is stopped. An
 * address has no limit of this kind, as anyone may ask for it: see SIGN_IN_MAILS_PER_ADDRESS.
 */
export const SIGN_IN_LIMITS = {
  mailPerClient: { name: 'sign-in-mail:client', max: 120, windowMs: 15 * MINUTE },
  completePerClient: { name: 'sign-in-complete:client', max: 120, windowMs: 15 * MINUTE },
  /**
   * Typed codes are counted per browser binding, not per address, so a
   * stranger typing codes for someone's address cannot lock the owner out.
   */
  codePerBrowser: { name: 'sign-in-code:browser', max: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * The sign-in mails one address receives in any hour, whoever asks: its inbox is not
 * flooded. Strangers cannot spend them: while a link sent to the address lives, asking again
 * sends nothing, so their asking makes at most one mail per link lifetime (10 minutes).
 */
export const SIGN_IN_MAILS_PER_ADDRESS = { max: 10, windowMs: 60 * MINUTE } as const;

/**
 * Mails a single-use sign-in link with a short code to an existing user, bound to the asking
 * browser. The honeypot is checked by the caller; unknown and suspended addresses get their
 * own messages. Anyone may ask for any address, so asking again while a link sent to it
 * lives, or past the address's mails for the hour, answers the same and sends nothing: the
 * owner signs in with the link she already has, and a stranger's asking neither floods her
 * inbox nor keeps her from signing in (only the stranger's own client is limited).
 */
export async function sendSignInLink(
  db: Database,
  email: string,
  clientIp: string,
  bindBrowser: BindBrowser,
) {
  await consumeLimit(db, SIGN_IN_LIMITS.mailPerClient, clientIp);

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new AppError('auth/user-not-found');
  if (user.suspendedAt) throw new AppError('auth/user-disabled');
  await refuseDeadSignUp(db, user);

  await db.transaction(async (tx) => {
    // The browser is bound whether or not a mail goes, so its cookie tells nothing either.
    const browserHash = await bindBrowser(tx);
    const mails = await signInMailsTo(tx, user.id, email);
    if (mails.live || mails.spent) return;
    await issueSignInMail(tx, { email, userId: user.id, browserHash });
  });
}

/**
 * The address's sign-in mails as they decide a new one: `live` while a link mailed to it for
 * this user in the last SIGN_IN_LINK_TTL_MS can still sign in (an alumna's confirmation link
 * lives a day, but one who lost its mail is not kept from a sign-in link that long), `spent` once it received SIGN_IN_MAILS_PER_ADDRESS in the last
 * hour. Holds the address's lock to the caller's commit, so requests at once decide one after
 * another (in every app process) and none sends a second live link or an eleventh mail.
 */
async function signInMailsTo(
  tx: Transaction,
  userId: string,
  email: string,
): Promise<{ live: boolean; spent: boolean }> {
  await lockName(tx, `sign-in-mail:${email}`);
  const since = sql`now() - make_interval(secs => ${SIGN_IN_MAILS_PER_ADDRESS.windowMs / 1000})`;
  const [mails] = await tx
    .select({
      live: sql<number>`count(*) filter (where ${signInTokens.userId} = ${userId}
        and ${signInTokens.usedAt} is null and ${signInTokens.expiresAt} > now()
        and ${signInTokens.createdAt} > now() - make_interval(secs => ${SIGN_IN_LINK_TTL_MS / 1000})
        and ${signInTokens.failedAttempts} < ${SIGN_IN_MAX_ATTEMPTS})`.mapWith(Number),
      lastHour: sql<number>`count(*)`.mapWith(Number),
    })
    .from(signInTokens)
    .where(
      and(
        eq(signInTokens.email, email),
        eq(signInTokens.purpose, 'sign_in'),
        gt(signInTokens.createdAt, since),
      ),
    );
  return { live: mails!.live > 0, spent: mails!.lastHour >= SIGN_IN_MAILS_PER_ADDRESS.max };
}

/**
 * Whether a link can still complete (unused, unexpired, not burnt), asked by its
 * landing page before it asks for the address. Changes nothing; counted against the same
 * per-client limit as completing, so it is no cheaper way to probe.
 */
export async function linkStatus(
  db: Database,
  token: string,
  clientIp: string,
): Promise<{ usable: boolean }> {
  await consumeLimit(db, SIGN_IN_LIMITS.completePerClient, clientIp);
  const [row] = await db
    .select()
    .from(signInTokens)
    .where(eq(signInTokens.tokenHash, sha256(token)))
    .limit(1);
  return { usable: row !== undefined && isUsable(row) };
}

/**
 * Completes sign-in from a link. Opening the link does nothing (mail scanners open links);
 * this POST does. The address must be the one the link was sent to.
 */
export async function completeWithLink(
  db: Database,
  input: { token: string; email: string },
  clientIp: string,
): Promise<SignedIn> {
  await consumeLimit(db, SIGN_IN_LIMITS.completePerClient, clientIp);
  const [row] = await db
    .select()
    .from(signInTokens)
    .where(eq(signInTokens.tokenHash, sha256(input.token)))
    .limit(1);
  if (!row || !isUsable(row)) throw new AppError('auth/invalid-link');
  if (!hashesEqual(row.email, input.email)) {
    await countFailure(db, row.id);
    throw new AppError('auth/email-mismatch');
  }
  return row.purpose === 'registration'
    ? completeStudentRegistration(db, row.id)
    : consume(db, row.id);
}

/**
 * Completes sign-in with the code from the e-mail, typed in the browser that asked for it
 *: the code is bound to that browser's binding cookie. Another client has
 * no binding, or another one, and finds no code to guess nor any link to burn.
 */
export async function completeWithCode(
  db: Database,
  input: { email: string; code: string },
  clientIp: string,
  browserHash: string | undefined,
): Promise<SignedIn> {
  await consumeLimit(db, SIGN_IN_LIMITS.completePerClient, clientIp);
  if (!browserHash) throw new AppError('auth/invalid-code');
  await consumeLimit(db, SIGN_IN_LIMITS.codePerBrowser, browserHash);
  // Only this browser's newest mail counts: an older code stops working once a new one was
  // sent here, and a mail someone else asked for does not touch it.
  const [row] = await db
    .select()
    .from(signInTokens)
    .where(
      and(
        eq(signInTokens.email, input.email),
        eq(signInTokens.purpose, 'sign_in'),
        eq(signInTokens.browserHash, browserHash),
      ),
    )
    .orderBy(desc(signInTokens.createdAt))
    .limit(1);
  if (!row?.codeHash || !codeIsUsable(row)) throw new AppError('auth/invalid-code');
  if (!hashesEqual(row.codeHash, codeHash(row.id, input.code))) {
    await countCodeFailure(db, row.id);
    throw new AppError('auth/invalid-code');
  }
  return consume(db, row.id);
}

/** An unverified account whose invitation died cannot sign in either. */
async function refuseDeadSignUp(db: Executor, user: { id: string; emailVerified: boolean }) {
  if (user.emailVerified) return;
  const dead = await deadInvitationOf(db, user.id);
  if (dead) throw new AppError(dead);
}

/** Consumes a sign-in token and mints a session for its user. */
async function consume(db: Database, tokenId: string): Promise<SignedIn> {
  return db.transaction(async (tx) => {
    const token = await claimToken(tx, tokenId);
    if (!token?.userId) throw new AppError('auth/invalid-link');
    const [user] = await tx.select().from(users).where(eq(users.id, token.userId)).limit(1);
    if (!user) throw new AppError('auth/user-not-found');
    // A link proves the address it was mailed to, and signs in only while that is the
    // account's (a change of address and its undo also end the links: endSignInLinks).
    if (token.email !== user.email) throw new AppError('auth/invalid-link');
    if (user.suspendedAt) throw new AppError('auth/user-disabled');
    // Following a link proves the address: this is what verifies an unverified account.
    if (!user.emailVerified) {
      // A revoked or expired invitation can no longer be activated.
      const dead = await deadInvitationOf(tx, user.id);
      if (dead) throw new AppError(dead);
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      await completeInvitationOf(tx, user.id);
      // Whoever held this account before its address was proven (the form
      // may have been sent by someone else) keeps nothing of it.
      await endAllSessions(tx, user.id);
    }
    const sessionToken = await createSession(tx, user.id);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'auth.sign-in',
      targetType: 'user',
      targetId: user.id,
    });
    return { sessionToken, userId: user.id };
  });
}

/**
 * The account whose newest mail this browser asked for, as the waiting
 * page may see it (address and whether it is verified), and nothing more.
 */
async function waitingAccountOf(db: Executor, browserHash: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(signInTokens)
    .innerJoin(users, eq(users.id, signInTokens.userId))
    .where(eq(signInTokens.browserHash, browserHash))
    .orderBy(desc(signInTokens.createdAt))
    .limit(1);
  return row;
}

export async function verificationStatusOf(
  db: Executor,
  browserHash: string | undefined,
): Promise<VerificationStatus> {
  const account = browserHash ? await waitingAccountOf(db, browserHash) : undefined;
  if (!account) return { status: 'none', email: null };
  return { status: account.emailVerified ? 'verified' : 'waiting', email: account.email };
}

/**
 * Whether this browser sent the alumni form that made the account: it holds the link mailed in
 * that transaction (both rows take the transaction's now(), so their times are equal). A
 * browser that only asked /login for the address holds links made later.
 */
async function madeTheAccount(db: Executor, userId: string, browserHash: string) {
  const [row] = await db
    .select({ id: signInTokens.id })
    .from(signInTokens)
    .innerJoin(users, eq(users.id, signInTokens.userId))
    .where(
      and(
        eq(signInTokens.userId, userId),
        eq(signInTokens.browserHash, browserHash),
        eq(signInTokens.createdAt, users.createdAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The waiting page's resend: a new verification mail, bound to this browser, for the signed-in
 * unverified user or else for the account this browser is waiting on (`waitingOn`, the hash
 * of the binding it sent). Nothing once verified. The account's own session, or the browser
 * that sent its alumni form, asks because a mail did not come: a live link does not stop it,
 * but the address's mails for the hour do (told as too many requests, which tells the asker
 * nothing new). Any other browser waits on the account only because it asked /login for the
 * address, as anyone may: it is answered as sendSignInLink answers, so a stranger cannot spend
 * the owner's hour of mails.
 */
export async function resendVerification(
  db: Database,
  signedIn: { id: string; email: string; emailVerified: boolean } | null,
  waitingOn: string | undefined,
  bindBrowser: BindBrowser,
  clientIp: string,
): Promise<void> {
  const account = signedIn ?? (waitingOn ? await waitingAccountOf(db, waitingOn) : undefined);
  if (!account) throw new AppError('auth/unauthenticated');
  if (account.emailVerified) return;
  await consumeLimit(db, SIGN_IN_LIMITS.mailPerClient, clientIp);
  await refuseDeadSignUp(db, { id: account.id, emailVerified: false });
  const own =
    signedIn !== null ||
    (waitingOn !== undefined && (await madeTheAccount(db, account.id, waitingOn)));
  await db.transaction(async (tx) => {
    const mails = await signInMailsTo(tx, account.id, account.email);
    if (!own && (mails.live || mails.spent)) {
      // Bound all the same, as sendSignInLink binds: the cookie tells nothing either.
      await bindBrowser(tx);
      return;
    }
    if (mails.spent) throw new AppError('auth/too-many-requests');
    const browserHash = await bindBrowser(tx);
    await issueSignInMail(tx, { email: account.email, userId: account.id, browserHash }, 'verify');
  });
}
