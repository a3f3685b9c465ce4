import type { Database, Executor, Transaction } from '../db/client';

/**
 * How the outbox's engine learns that something was queued: a transaction that queued a row
 * wakes it once it committed (never one that rolled back: its rows never were), so no service
 * and no route has to remember to wake it (decision 0002, decision 0034).
 */
const wakeOf = new WeakMap<Database, () => void>();
/** Each transaction opened on a connected database, its database, and whether it queued. */
const ofTransaction = new WeakMap<Transaction, { db: Database; queued: boolean }>();

/**
 * Connects the engine to the app's database: its transactions that queued a row call `wake`
 * once they committed. Connecting the database again (an app built anew on it, in tests) gives
 * it the new engine.
 */
export function connectOutbox(db: Database, wake: () => void): void {
  const connected = wakeOf.has(db);
  wakeOf.set(db, wake);
  if (connected) return;
  const transaction = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    const open = { db, queued: false };
    const result = await transaction((tx) => {
      // An attempt run again (db/retry.ts, after a blip) queues its rows anew.
      open.queued = false;
      ofTransaction.set(tx, open);
      return work(tx);
    }, config);
    if (open.queued) wakeOf.get(db)?.();
    return result;
  };
}

/** The connected database `executor` is, or whose transaction it is. */
export function databaseOf(executor: Executor): Database {
  return ofTransaction.get(executor as Transaction)?.db ?? (executor as Database);
}

/**
 * A row was queued with `executor`: the engine wakes once it is committed, at once when it was
 * written outside a transaction (its statement committed it). A row queued in a nested
 * transaction (a savepoint, unused so far) waits for the engine's next poll.
 */
export function outboxQueued(executor: Executor): void {
  const open = ofTransaction.get(executor as Transaction);
  if (open) open.queued = true;
  else wakeOf.get(executor as Database)?.();
}
