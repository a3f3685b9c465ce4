import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { seminar } from '../db/schema';
import type { Seminar } from '../../shared/schemas/seminar';

/** The one row (its id is always 1: a check constraint keeps it so). */
const SEMINAR_ID = 1;

/** As stored; undefined while no admin ever set it. `forUpdate` orders two admins' saves. */
export async function selectSeminar(db: Executor, forUpdate = false): Promise<Seminar | undefined> {
  const query = db
    .select({ name: seminar.name, leaderName: seminar.leaderName })
    .from(seminar)
    .where(eq(seminar.id, SEMINAR_ID));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function upsertSeminar(db: Executor, value: Seminar, updatedBy: string) {
  await db
    .insert(seminar)
    .values({ id: SEMINAR_ID, ...value, updatedBy })
    .onConflictDoUpdate({
      target: seminar.id,
      set: { ...value, updatedBy, updatedAt: sql`now()` },
    });
}
