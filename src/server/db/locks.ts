import { sql } from 'drizzle-orm';
import type { Transaction } from './client';

/**
 * A transaction-scoped advisory lock on a name: transactions that decide on the same thing
 * (is this address free? how many invitations does this inviter hold?) run one after the
 * other, so two submits cannot both pass the check. Released at commit or rollback.
 */
export async function lockName(tx: Transaction, name: string): Promise<void> {
  await lockNames(tx, [name]);
}

/**
 * Locks on several names in one statement, taken in the order given (PostgreSQL evaluates a
 * select list left to right): callers keep one order so two transactions cannot deadlock.
 */
export async function lockNames(tx: Transaction, names: readonly string[]): Promise<void> {
  const locks = names.map((name) => sql`pg_advisory_xact_lock(hashtext(${name}))`);
  await tx.execute(sql`select ${sql.join(locks, sql`, `)}`);
}

export function lockEmailAddress(tx: Transaction, email: string): Promise<void> {
  return lockName(tx, `email:${email}`);
}
