import { eq } from 'drizzle-orm';
import {
  hasEmployerRules,
  normalisedEmployerRules,
  storedEmployerRules,
  type EmployerRules,
} from '../../shared/schemas/employer-rules';
import type { Database } from '../db/client';
import { lockName } from '../db/locks';
import { mentors } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { refreshNextSlots } from '../booking';

/**
 * She records her employer's rules for OB・OG訪問 (or clears them: all off and no desk is stored
 * as none). Under her visits lock, as a request or a booking takes it, so that no request is
 * checked against the rules she is replacing; her earliest open slot is worked out again, as
 * the rules may close windows she saved before.
 */
export async function saveEmployerRules(
  db: Database,
  userId: string,
  input: EmployerRules,
): Promise<{ employerRules: EmployerRules }> {
  const rules = normalisedEmployerRules(input);
  return db.transaction(async (tx) => {
    await lockName(tx, `visits:${userId}`);
    const [row] = await tx
      .update(mentors)
      .set({ employerRules: hasEmployerRules(rules) ? rules : null })
      .where(eq(mentors.userId, userId))
      .returning({ employerRules: mentors.employerRules });
    if (!row) throw new AppError('not-found');
    await recordAudit(tx, {
      actorId: userId,
      action: 'mentor.employer-rules-update',
      targetType: 'mentor',
      targetId: userId,
    });
    await refreshNextSlots(tx, [userId]);
    return { employerRules: storedEmployerRules(row.employerRules) };
  });
}
