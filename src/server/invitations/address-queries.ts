import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { registrationHolds, users } from '../db/schema';
import { AppError } from '../errors';

/*
 * Whose an address already is, and whether it is held against registering again (holds are
 * placed and cleared by safety, which stands above; read here by invitations and, through this
 * feature's index, by registration).
 */

/** An uncleared hold on the address. */
export async function isAddressHeld(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: registrationHolds.id })
    .from(registrationHolds)
    .where(
      and(
        eq(registrationHolds.email, email.trim().toLowerCase()),
        isNull(registrationHolds.clearedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses registering (or inviting) a held address with its own message, which tells the
 * person to contact the seminar: the one who left knows the address was theirs.
 */
export async function refuseHeldAddress(db: Executor, email: string): Promise<void> {
  if (await isAddressHeld(db, email)) throw new AppError('account/address-held');
}

/**
 * The first check of any new address (a student's registration, an invitation): refused with
 * its own message while held, then whether a user already signs in with it.
 */
export async function isUserAddress(db: Executor, email: string): Promise<boolean> {
  await refuseHeldAddress(db, email);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user !== undefined;
}
