import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { SIGN_IN_MAX_ATTEMPTS } from '../../shared/constants';
import type { Database, Executor } from '../db/client';
import { signInTokens } from '../db/schema';

type SignInToken = typeof signInTokens.$inferSelect;

/** Unused, unexpired and not burnt by wrong addresses. */
export function isUsable(row: SignInToken): boolean {
  return (
    row.usedAt === null &&
    row.expiresAt.getTime() > Date.now() &&
    row.failedAttempts < SIGN_IN_MAX_ATTEMPTS
  );
}

/** Its link usable, and its code not burnt by wrong codes. */
export function codeIsUsable(row: SignInToken): boolean {
  return isUsable(row) && row.codeHash !== null && row.codeFailedAttempts < SIGN_IN_MAX_ATTEMPTS;
}

/** A wrong address counts against the link; enough of them burn it. */
export async function countFailure(db: Database, tokenId: string): Promise<void> {
  await db
    .update(signInTokens)
    .set({ failedAttempts: sql`${signInTokens.failedAttempts} + 1` })
    .where(eq(signInTokens.id, tokenId));
}

/**
 * A wrong code counts against the code alone; enough of them burn the code, not the link.
 * Whoever asked for a mail to someone else's address can type codes in their own browser,
 * but must not be able to burn the link the owner is reading.
 */
export async function countCodeFailure(db: Database, tokenId: string): Promise<void> {
  await db
    .update(signInTokens)
    .set({ codeFailedAttempts: sql`${signInTokens.codeFailedAttempts} + 1` })
    .where(eq(signInTokens.id, tokenId));
}

/**
 * Marks the token used inside the caller's transaction, once: of two browsers racing, one
 * gets the row back and the other nothing.
 */
export async function claimToken(tx: Executor, tokenId: string) {
  const [token] = await tx
    .update(signInTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(signInTokens.id, tokenId),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, sql`now()`),
        lt(signInTokens.failedAttempts, SIGN_IN_MAX_ATTEMPTS),
      ),
    )
    .returning();
  return token;
}

/**
 * Every outstanding sign-in link and code of the account stops working: a change of address
 * and its undo end them as they end its sessions, so a link mailed to an address the account
 * no longer has (an intruder's, asked for before the undo) cannot sign in to it. Marked used
 * rather than deleted: the address's mails for the hour still count them.
 */
export async function endSignInLinks(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(signInTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(signInTokens.userId, userId), isNull(signInTokens.usedAt)));
}
