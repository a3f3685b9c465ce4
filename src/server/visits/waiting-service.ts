import type { SessionUser } from '../../shared/schemas/auth';
import type { WaitingLimit } from '../../shared/schemas/waiting-requests';
import type { Database } from '../db/client';
import { recordAudit } from '../lib/audit';
import { lockWaitingLimit, readWaitingLimit, upsertWaitingLimit } from './waiting-queries';

/**
 * An admin sets how many requests one student may have waiting for an answer at once (issue
 * 57, point 3), audited with the old and the new limit; a save that changes nothing records
 * nothing. Requests already waiting stay: a lower limit stops only new ones.
 */
export async function setWaitingLimit(
  db: Database,
  actor: SessionUser,
  input: WaitingLimit,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = (await lockWaitingLimit(tx)) ?? (await readWaitingLimit(tx));
    if (before === input.waitingRequestsLimit) return;
    await upsertWaitingLimit(tx, input.waitingRequestsLimit, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.seminar.waiting-limit',
      targetType: 'seminar',
      details: { from: before, to: input.waitingRequestsLimit },
    });
  });
}
