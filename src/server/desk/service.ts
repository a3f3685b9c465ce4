import type { SessionUser } from '../../shared/schemas/auth';
import type { ConsultationDesk, DeskAnswer } from '../../shared/schemas/desk';
import type { Database, Executor } from '../db/client';
import { recordAudit } from '../lib/audit';
import { selectDesk, upsertDesk } from './queries';

const FIELDS = ['name', 'email', 'phone', 'hours', 'note'] as const;

/**
 * The seminar's 相談窓口 (docs/PRODUCT.md §8) as the site shows it: null while it is not set (no
 * row, or every field emptied), and the page, the footer and the mail then name the admins'
 * contact instead. Read from the database on every call: one row by its key costs less than a
 * cache that every process must empty when an admin changes it.
 */
export async function readDesk(db: Executor): Promise<ConsultationDesk | null> {
  const desk = await selectDesk(db);
  if (!desk || FIELDS.every((field) => desk[field] === '')) return null;
  return desk;
}

/** What GET /api/desk answers: the desk, and the inquiry form that stands for the admins. */
export async function deskAnswer(db: Executor, inquiryUrl: string): Promise<DeskAnswer> {
  return { desk: await readDesk(db), inquiryUrl };
}

/**
 * An admin sets the desk (all fields empty unsets it). Audited with the names of the fields
 * that changed, never their values; a save that changes nothing writes and records nothing.
 */
export async function setDesk(
  db: Database,
  actor: SessionUser,
  input: ConsultationDesk,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await selectDesk(tx, true);
    const changed = FIELDS.filter((field) => (before?.[field] ?? '') !== input[field]);
    if (changed.length === 0) return;
    await upsertDesk(tx, input, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.desk.update',
      targetType: 'consultation_desk',
      details: { fields: changed, set: FIELDS.some((field) => input[field] !== '') },
    });
  });
}
