import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { outbox } from '../db/schema';
import type { OutboxRow } from '../outbox/sender';

/**
 * The end of a claim by the database's clock, which every process compares it with: an app
 * host whose clock runs behind must not write a lease that has already run out.
 */
function leaseEnd(leaseMs: number) {
  return sql`now() + make_interval(secs => ${leaseMs / 1000})`;
}

/**
 * Claims up to `limit` due rows of `channel`, oldest first, by pushing their next attempt past
 * the lease: one statement (its subquery locks what it picks, skipping what another process is
 * claiming at the same moment), so two processes never take one row, and a row a dead process
 * took is due again once its lease ran out.
 */
export async function claimDue(
  db: Executor,
  channel: string,
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, channel),
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ nextAttemptAt: leaseEnd(leaseMs) })
    .where(inArray(outbox.id, due))
    .returning();
  // What the statement returns comes in no particular order: the oldest is sent first.
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Pushes the lease of rows still being sent; only ever later, never earlier. */
export async function renewClaims(db: Executor, ids: string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ nextAttemptAt: sql`greatest(${outbox.nextAttemptAt}, ${leaseEnd(leaseMs)})` })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'pending')));
}

/**
 * The row as this process claimed it: a failure is written only while the row is still so,
 * pending with the attempts it had. A process that stalled past its lease may find that another
 * took the row since and sent it, or tried it again: its late failure must not undo that (mark a
 * sent row failed, drop a row due again). A delivery is written whatever came since: it went out.
 */
function stillAsClaimed(id: string, claimedAttempts: number | undefined) {
  return claimedAttempts === undefined
    ? eq(outbox.id, id)
    : and(eq(outbox.id, id), eq(outbox.status, 'pending'), eq(outbox.attempts, claimedAttempts));
}

/**
 * A row is done: kept with its outcome (and what it keeps at rest), or gone. `claimedAttempts`
 * (a failure's): only if no other process has moved the row on since (stillAsClaimed).
 */
export async function finishRow(
  db: Executor,
  id: string,
  keep: false | Partial<OutboxRow>,
  claimedAttempts?: number,
): Promise<void> {
  const where = stillAsClaimed(id, claimedAttempts);
  if (keep === false) {
    await db.delete(outbox).where(where);
    return;
  }
  await db.update(outbox).set(keep).where(where);
}

/**
 * A failed attempt of the row claimed with `claimedAttempts`: due again `waitMs` from now by the
 * database's clock, which every process compares it with (as the lease's end).
 */
export async function retryRowLater(
  db: Executor,
  id: string,
  claimedAttempts: number,
  waitMs: number,
  error: string,
): Promise<void> {
  await db
    .update(outbox)
    .set({
      attempts: claimedAttempts + 1,
      nextAttemptAt: leaseEnd(waitMs),
      lastError: error.slice(0, 500),
    })
    .where(stillAsClaimed(id, claimedAttempts));
}
