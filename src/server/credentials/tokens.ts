import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { SIGN_IN_MAX_ATTEMPTS } from '../../shared/constants';
import type { Database, Executor } from '../db/client';
import { signInTokens } from '../db/schema';

/** Unused, unexpired and not burnt by wrong addresses or codes. */
export function isUsable(row: typeof signInTokens.$inferSelect): boolean {
  return (
    row.usedAt === null &&
    row.expiresAt.getTime() > Date.now() &&
    row.failedAttempts < SIGN_IN_MAX_ATTEMPTS
  );
}

/** A wrong address or code counts against the link; enough of them burn it. */
export async function countFailure(db: Database, tokenId: string): Promise<void> {
  await db
    .update(signInTokens)
    .set({ failedAttempts: sql`${signInTokens.failedAttempts} + 1` })
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
