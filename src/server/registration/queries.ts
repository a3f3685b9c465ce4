import { and, eq, gt } from 'drizzle-orm';
import { PENDING_REGISTRATION_BLOCK_MS } from '../../shared/constants';
import type { Executor } from '../db/client';
import { pendingRegistrations, users } from '../db/schema';
import { hasOpenInvitation } from '../invitations/queries';
import { refuseHeldAddress } from '../address-holds/queries';

/**
 * Spec section 5: an address is taken when it is a user, has a pending (unexpired)
 * invitation, or a pending registration younger than 24 hours. Callers never say which.
 */
export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  // Issue 16: a held address is refused with its own message (account/address-held).
  await refuseHeldAddress(db, email);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user) return true;
  if (await hasOpenInvitation(db, email)) return true;
  const [pending] = await db
    .select({ id: pendingRegistrations.id })
    .from(pendingRegistrations)
    .where(
      and(
        eq(pendingRegistrations.email, email),
        gt(pendingRegistrations.createdAt, new Date(Date.now() - PENDING_REGISTRATION_BLOCK_MS)),
      ),
    )
    .limit(1);
  return pending !== undefined;
}
