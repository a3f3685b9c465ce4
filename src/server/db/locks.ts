import { sql } from 'drizzle-orm';
import type { Transaction } from './client';

/**
 * Serialises transactions that decide whether an address is free (registration, invitation),
 * so two submits for one address cannot both pass the check. Released at commit or rollback.
 */
export async function lockEmailAddress(tx: Transaction, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email:${email}`}))`);
}
