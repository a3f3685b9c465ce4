import type { SessionUser } from '../../shared/schemas/auth';
import type { Seminar } from '../../shared/schemas/seminar';
import type { Database, Executor } from '../db/client';
import { recordAudit } from '../lib/audit';
import { selectSeminar, upsertSeminar } from './seminar-queries';

const FIELDS = ['name', 'leaderName'] as const;

/**
 * The seminar as its invitations name it (docs/PRODUCT.md §5): null while it is not set (no
 * row, or both fields emptied); the mail then names the site's office, as before.
 */
export async function readSeminar(db: Executor): Promise<Seminar | null> {
  const row = await selectSeminar(db);
  if (!row || FIELDS.every((field) => row[field] === '')) return null;
  return row;
}

/**
 * An admin names the seminar (both empty unsets it). Audited with the fields that changed and
 * their new values: they are the seminar's public names, printed in every invitation, so who
 * changed them to what is worth keeping. A save that changes nothing records nothing.
 */
export async function setSeminar(db: Database, actor: SessionUser, input: Seminar) {
  await db.transaction(async (tx) => {
    const before = await selectSeminar(tx, true);
    const changed = FIELDS.filter((field) => (before?.[field] ?? '') !== input[field]);
    if (changed.length === 0) return;
    await upsertSeminar(tx, input, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.seminar.update',
      targetType: 'seminar',
      details: { fields: changed, ...input },
    });
  });
}
