import { and, desc, eq } from 'drizzle-orm';
import { SIGN_IN_CODE_LENGTH, SIGN_IN_LINK_TTL_MS } from '../../shared/constants';
import { paths } from '../../shared/paths';
import type { Database, Executor } from '../db/client';
import { signInTokens, users } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { hashesEqual, randomDigits, randomToken, sha256 } from '../lib/secrets';
import { enqueueMail } from '../mail/outbox';
import { signInMail } from '../mail/templates';
import { completeInvitationOf } from '../invitations/queries';
import { completeStudentRegistration } from '../registration/service';
import { createSession } from './sessions';
import { claimToken, countFailure, isUsable } from './tokens';

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
  codePerAddress: { name: 'sign-in-code:address', max: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

export interface SignInDeps {
  db: Database;
  appOrigin: string;
  /** Called after a commit that queued mail, so it goes out at once. */
  onMailQueued: () => void;
}

export interface SignedIn {
  sessionToken: string;
  userId: string;
}

function codeHash(tokenId: string, code: string): string {
  return sha256(`${tokenId}:${code}`);
}

/**
 * Mails a single-use sign-in link with a short code to an existing user. The honeypot is
 * checked by the caller; unknown and suspended addresses get the spec's messages.
 */
export async function sendSignInLink(deps: SignInDeps, email: string, clientIp: string) {
  await consumeLimit(deps.db, SIGN_IN_LIMITS.mailPerClient, clientIp);
  await consumeLimit(deps.db, SIGN_IN_LIMITS.mailPerAddress, email);

  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new AppError('auth/user-not-found');
  if (user.suspendedAt) throw new AppError('auth/user-disabled');

  await deps.db.transaction(async (tx) => {
    await issueSignInMail(tx, deps.appOrigin, { email, userId: user.id });
  });
  deps.onMailQueued();
}

/** Stores a fresh link for the user and queues its e-mail, inside the caller's transaction. */
export async function issueSignInMail(
  tx: Executor,
  appOrigin: string,
  target: { email: string; userId: string },
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
  });
  const link = `${appOrigin}${paths.authVerifyEmail}?token=${encodeURIComponent(token)}`;
  await enqueueMail(tx, { to: target.email, ...signInMail(link, code, kind) });
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

/** Completes sign-in with the code from the e-mail, for a link opened in another browser. */
export async function completeWithCode(
  deps: SignInDeps,
  input: { email: string; code: string },
  clientIp: string,
): Promise<SignedIn> {
  await consumeLimit(deps.db, SIGN_IN_LIMITS.completePerClient, clientIp);
  await consumeLimit(deps.db, SIGN_IN_LIMITS.codePerAddress, input.email);
  // Only the newest link counts: an older code stops working once a new one was sent.
  const [row] = await deps.db
    .select()
    .from(signInTokens)
    .where(and(eq(signInTokens.email, input.email), eq(signInTokens.purpose, 'sign_in')))
    .orderBy(desc(signInTokens.createdAt))
    .limit(1);
  if (!row || !isUsable(row) || !row.codeHash) throw new AppError('auth/invalid-code');
  if (!hashesEqual(row.codeHash, codeHash(row.id, input.code))) {
    await countFailure(deps.db, row.id);
    throw new AppError('auth/invalid-code');
  }
  return consume(deps, row.id);
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
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      await completeInvitationOf(tx, user.id);
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
