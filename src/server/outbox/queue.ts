import type { Executor } from '../db/client';
import { outbox } from '../db/schema';
import { outboxQueued } from './wake';

/**
 * Writes rows to the outbox. Call it inside the transaction of the change that causes them, so
 * the two commit or fail together and an outage of a channel loses nothing; the engine wakes
 * once that transaction committed (outbox/wake.ts).
 */
export async function queueOutbox(
  executor: Executor,
  rows: (typeof outbox.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await executor.insert(outbox).values(rows);
  outboxQueued(executor);
}
