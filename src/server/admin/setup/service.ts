import type { AdminSetup } from '../../../shared/schemas/seminar';
import type { Executor } from '../../db/client';
import { invitations } from '../../db/schema';
import { readDesk } from '../../desk';
import { readSeminar } from '../../invitations';

/**
 * What a new seminar sets up first, each step done or not: its 相談窓口, its name for the
 * invitations, and its first invitation (any, by anyone: once alumni are being invited, the
 * list has done its work).
 */
export async function setupOf(db: Executor): Promise<AdminSetup> {
  const [desk, seminar, [invited]] = await Promise.all([
    readDesk(db),
    readSeminar(db),
    db.select({ id: invitations.id }).from(invitations).limit(1),
  ]);
  return { desk: desk !== null, seminar: seminar !== null, invitations: invited !== undefined };
}
