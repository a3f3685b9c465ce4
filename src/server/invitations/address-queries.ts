import { and, eq, gt, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { emailChanges, registrationHolds, users } from '../db/schema';
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
 * An address a change of sign-in address took away, while that change's undo link works
 * (docs/PRODUCT.md §3): it is kept for its owner, so that nobody (an intruder with the owner's
 * session above all) can take it by an invitation, a registration or the alumni form and so
 * make the undo fail. Read in JavaScript time, as the undo link's expiry is.
 */
export async function isReservedForUndo(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(and(eq(emailChanges.oldEmail, email), undoStillWorks()))
    .limit(1);
  return row !== undefined;
}

/**
 * An applied change of address whose undo link still works: one rule for the old address kept
 * for its owner (above) and for the further change refused meanwhile (email-change/service.ts).
 * Read in JavaScript time, as the links' expiries are.
 */
export function undoStillWorks(): SQL {
  return and(
    isNotNull(emailChanges.appliedAt),
    isNull(emailChanges.undoneAt),
    gt(emailChanges.undoExpiresAt, new Date()),
  )!;
}

/**
 * The first check of any new address (a student's registration, an invitation, the alumni
 * form, a change of address): refused with its own message while held, then whether a user
 * already signs in with it or it waits for an undo (answered as taken, so the answer tells no
 * more than "already in use" does).
 */
export async function isUserAddress(db: Executor, email: string): Promise<boolean> {
  await refuseHeldAddress(db, email);
  if (await isReservedForUndo(db, email)) return true;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user !== undefined;
}
