import { sql } from 'drizzle-orm';
import type { Transaction } from './client';

/**
 * A transaction-scoped advisory lock on a name: transactions that decide on the same thing
 * (is this address free? how many invitations does this inviter hold?) run one after the
 * other, so two submits cannot both pass the check. Released at commit or rollback.
 */
export async function lockName(tx: Transaction, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

export function lockEmailAddress(tx: Transaction, email: string): Promise<void> {
  return lockName(tx, `email:${email}`);
}
