import type { Database, Executor, Transaction } from '../db/client';
import { linksOn, type MailLinks } from './links';

/**
 * What the mail layer knows of the app it serves, given once when the app is built (app.ts):
 * the links on the site's origin, and how to wake the outbox worker. A service reaches it
 * through the database or the transaction it already holds, so neither the origin nor the
 * worker travels through the services' signatures, and no route has to remember to wake the
 * worker after its work (decision 0002).
 */
interface MailContext {
  links: MailLinks;
  wake: () => void;
}

const ofDatabase = new WeakMap<Database, MailContext>();
/** Each transaction opened on a connected database, and whether it queued mail. */
const ofTransaction = new WeakMap<Transaction, { context: MailContext; queued: boolean }>();

/**
 * Connects the mail layer to the app's database: its transactions that queued mail wake the
 * worker once they committed (never one that rolled back: its mail never was), and its mail
 * links are made on `origin`. Connecting the database again (an app built anew on it, in
 * tests) gives it the new origin and worker.
 */
export function connectMail(db: Database, origin: string, wake: () => void): void {
  const connected = ofDatabase.has(db);
  ofDatabase.set(db, { links: linksOn(origin), wake });
  if (connected) return;
  wakeAfterCommit(db, () => ofDatabase.get(db)!);
}

function wakeAfterCommit<Config>(
  db: { transaction<T>(work: (tx: Transaction) => Promise<T>, config?: Config): Promise<T> },
  contextOf: () => MailContext,
): void {
  const transaction = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    const context = contextOf();
    const open = { context, queued: false };
    const result = await transaction((tx) => {
      // An attempt run again (db/retry.ts, after a blip) queues its mail anew.
      open.queued = false;
      ofTransaction.set(tx, open);
      return work(tx);
    }, config);
    if (open.queued) context.wake();
    return result;
  };
}

function contextOf(executor: Executor): MailContext | undefined {
  return (
    ofTransaction.get(executor as Transaction)?.context ?? ofDatabase.get(executor as Database)
  );
}

/** The site's links for a mail queued with `executor` (the app's database or a transaction of it). */
export function mailLinks(executor: Executor): MailLinks {
  const context = contextOf(executor);
  if (!context) throw new Error('mail links asked of a database the app has not connected');
  return context.links;
}

/**
 * Mail was written with `executor`: the worker wakes once it is committed, at once when it was
 * written outside a transaction (its statement committed it). Mail queued in a nested
 * transaction (a savepoint, unused so far) waits for the worker's next poll.
 */
export function mailQueued(executor: Executor): void {
  const open = ofTransaction.get(executor as Transaction);
  if (open) open.queued = true;
  else ofDatabase.get(executor as Database)?.wake();
}
