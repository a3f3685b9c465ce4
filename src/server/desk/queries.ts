import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { consultationDesk } from '../db/schema';
import type { ConsultationDesk } from '../../shared/schemas/desk';

/** The one row of the 相談窓口 (its id is always 1: a check constraint keeps it so). */
const DESK_ID = 1;

const deskColumns = {
  name: consultationDesk.name,
  email: consultationDesk.email,
  phone: consultationDesk.phone,
  hours: consultationDesk.hours,
  note: consultationDesk.note,
};

/**
 * The desk's fields as stored; undefined while no admin has ever set it. `forUpdate` locks the
 * row, so that two admins saving at once are written one after the other and each audit entry
 * names what its own save changed.
 */
export async function selectDesk(
  db: Executor,
  forUpdate = false,
): Promise<ConsultationDesk | undefined> {
  const query = db
    .select(deskColumns)
    .from(consultationDesk)
    .where(eq(consultationDesk.id, DESK_ID));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function upsertDesk(
  db: Executor,
  desk: ConsultationDesk,
  updatedBy: string,
): Promise<void> {
  await db
    .insert(consultationDesk)
    .values({ id: DESK_ID, ...desk, updatedBy })
    .onConflictDoUpdate({
      target: consultationDesk.id,
      set: { ...desk, updatedBy, updatedAt: sql`now()` },
    });
}
