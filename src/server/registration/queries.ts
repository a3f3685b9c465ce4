import { and, eq, gt } from 'drizzle-orm';
import { PENDING_REGISTRATION_BLOCK_MS } from '../../shared/constants';
import type { Executor } from '../db/client';
import { pendingRegistrations } from '../db/schema';
import { hasOpenInvitation, isUserAddress } from '../invitations';

/**
 * An address is taken (docs/PRODUCT.md §4) when it is a user, has a pending (unexpired)
 * invitation, or a pending registration younger than 24 hours. Callers never say which.
 */
export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  if (await isUserAddress(db, email)) return true;
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
