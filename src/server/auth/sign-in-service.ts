import { and, desc, eq } from 'drizzle-orm';
import { SIGN_IN_CODE_LENGTH, SIGN_IN_LINK_TTL_MS } from '../../shared/constants';
import { paths } from '../../shared/paths';
import type { VerificationStatus } from '../../shared/schemas/auth';
import type { Database, Executor } from '../db/client';
import { signInTokens, users } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { hashesEqual, randomDigits, randomToken, sha256 } from '../lib/secrets';
import { enqueueMail } from '../mail/outbox';
import { signInMail } from '../mail/templates';
import { completeInvitationOf, deadInvitationOf } from '../invitations/queries';
import { completeStudentRegistration } from '../registration/service';
import { createSession, endAllSessions, type SignedIn } from '../credentials/sessions';
import { claimToken, countFailure, isUsable } from '../credentials/tokens';
import { addresseeOf } from '../mail/addressee';

const MINUTE = 60_000;
/**
 * Per address: enough for a mistyped code or two, too few to flood someone's inbox. Per
 * client address: a whole seminar signing in together from one classroom (one address behind
 * the campus NAT) still gets in, while a script trying addresses is stopped.
 */
export const SIGN_IN_LIMITS = {
  mailPerAddress: { name: 'sign-in-mail:address', max: 5, windowMs: 15 * MINUTE },
  mailPerClient: { name: 'sign-in-mail:client', max: 120, windowMs: 15 * MINUTE },
  completePerClient: { name: 'sign-in-complete:client', max: 120, windowMs: 15 * MINUTE },
  /**
   * Typed codes are counted per browser binding, not per address, so a
   * stranger typing codes for someone's address cannot lock the owner out.
   */
  codePerBrowser: { name: 'sign-in-code:browser', max: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

export interface SignInDeps {
  db: Database;
  appOrigin: string;
  /** Called after a commit that queued mail, so it goes out at once. */
  onMailQueued: () => void;
}

function codeHash(tokenId: string, code: string): string {
  return sha256(`${tokenId}:${code}`);
}

/**
 * Mails a single-use sign-in link with a short code to an existing user. The honeypot is
 * checked by the caller; unknown and suspended addresses get their own messages.
 */
export async function sendSignInLink(
  deps: SignInDeps,
  email: string,
  clientIp: string,
  browserHash: string,
) {
  await consumeLimit(deps.db, SIGN_IN_LIMITS.mailPerClient, clientIp);
  await consumeLimit(deps.db, SIGN_IN_LIMITS.mailPerAddress, email);

  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new AppError('auth/user-not-found');
  if (user.suspendedAt) throw new AppError('auth/user-disabled');
  await refuseDeadSignUp(deps.db, user);

  await deps.db.transaction(async (tx) => {
    await issueSignInMail(tx, deps.appOrigin, { email, userId: user.id, browserHash });
  });
  deps.onMailQueued();
}

/** Stores a fresh link for the user and queues its e-mail, inside the caller's transaction. */
export async function issueSignInMail(
  tx: Executor,
  appOrigin: string,
  target: { email: string; userId: string; browserHash: string },
  kind: 'sign-in' | 'verify' = 'sign-in',
): Promise<void> {
  const id = crypto.randomUUID();
  const token = randomToken();
  const code = randomDigits(SIGN_IN_CODE_LENGTH);
  await tx.insert(signInTokens).values({
    id,
    tokenHash: sha256(token),
    codeHash: codeHash(id, code),
    email: target.email,
    userId: target.userId,
    purpose: 'sign_in',
    expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MS),
    browserHash: target.browserHash,
  });
  const link = `${appOrigin}${paths.authVerifyEmail}?token=${encodeURIComponent(token)}`;
  const addressee = await addresseeOf(tx, target.userId);
  await enqueueMail(tx, { to: target.email, ...signInMail(link, code, kind, addressee) });
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
  deps: SignInDeps,
  input: { token: string; email: string },
  clientIp: string,
): Promise<SignedIn> {
  await consumeLimit(deps.db, SIGN_IN_LIMITS.completePerClient, clientIp);
  const [row] = await deps.db
    .select()
    .from(signInTokens)
    .where(eq(signInTokens.tokenHash, sha256(input.token)))
    .limit(1);
  if (!row || !isUsable(row)) throw new AppError('auth/invalid-link');
  if (!hashesEqual(row.email, input.email)) {
    await countFailure(deps.db, row.id);
    throw new AppError('auth/email-mismatch');
  }
  return row.purpose === 'registration'
    ? completeStudentRegistration(deps.db, row.id)
    : consume(deps, row.id);
}

/**
 * Completes sign-in with the code from the e-mail, typed in the browser that asked for it
 *: the code is bound to that browser's binding cookie. Another client has
 * no binding, or another one, and finds no code to guess nor any link to burn.
 */
export async function completeWithCode(
  deps: SignInDeps,
  input: { email: string; code: string },
  clientIp: string,
  browserHash: string | undefined,
): Promise<SignedIn> {
  await consumeLimit(deps.db, SIGN_IN_LIMITS.completePerClient, clientIp);
  if (!browserHash) throw new AppError('auth/invalid-code');
  await consumeLimit(deps.db, SIGN_IN_LIMITS.codePerBrowser, browserHash);
  // Only this browser's newest mail counts: an older code stops working once a new one was
  // sent here, and a mail someone else asked for does not touch it.
  const [row] = await deps.db
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
  if (!row || !isUsable(row) || !row.codeHash) throw new AppError('auth/invalid-code');
  if (!hashesEqual(row.codeHash, codeHash(row.id, input.code))) {
    await countFailure(deps.db, row.id);
    throw new AppError('auth/invalid-code');
  }
  return consume(deps, row.id);
}

/** An unverified account whose invitation died cannot sign in either. */
async function refuseDeadSignUp(db: Executor, user: { id: string; emailVerified: boolean }) {
  if (user.emailVerified) return;
  const dead = await deadInvitationOf(db, user.id);
  if (dead) throw new AppError(dead);
}

/** Consumes a sign-in token and mints a session for its user. */
async function consume(deps: SignInDeps, tokenId: string): Promise<SignedIn> {
  return deps.db.transaction(async (tx) => {
    const token = await claimToken(tx, tokenId);
    if (!token?.userId) throw new AppError('auth/invalid-link');
    const [user] = await tx.select().from(users).where(eq(users.id, token.userId)).limit(1);
    if (!user) throw new AppError('auth/user-not-found');
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
 * The waiting page's resend: a new verification mail, bound to this browser, for the signed-in
 * unverified user or else for the account this browser is waiting on. Nothing once verified.
 */
export async function resendVerification(
  deps: SignInDeps,
  signedIn: { id: string; email: string; emailVerified: boolean } | null,
  browserHash: string,
  clientIp: string,
): Promise<void> {
  const account = signedIn ?? (await waitingAccountOf(deps.db, browserHash));
  if (!account) throw new AppError('auth/unauthenticated');
  if (account.emailVerified) return;
  await consumeLimit(deps.db, SIGN_IN_LIMITS.mailPerClient, clientIp);
  await consumeLimit(deps.db, SIGN_IN_LIMITS.mailPerAddress, account.email);
  await refuseDeadSignUp(deps.db, { id: account.id, emailVerified: false });
  await deps.db.transaction((tx) =>
    issueSignInMail(
      tx,
      deps.appOrigin,
      { email: account.email, userId: account.id, browserHash },
      'verify',
    ),
  );
  deps.onMailQueued();
}
