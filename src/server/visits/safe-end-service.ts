import { eq } from 'drizzle-orm';
import { SAFE_END_ASK_AFTER_HOURS } from '../../shared/constants';
import type { SessionUser } from '../../shared/schemas/auth';
import type { Database } from '../db/client';
import { visitRequests } from '../db/schema';
import { AppError } from '../errors';
import { isInPersonVisit } from '../../shared/place-words';
import { recordOwnOutcome } from './follow-up-service';
import { followUpOpen } from './queries';
import { lockOwnRequest } from './transition';

/**
 * 「無事に終わりました」 (docs/PRODUCT.md §7): the student's one tap after an in-person visit,
 * once the ask is due (timers-service.ts askSafeEnd). The alumna's request is not hers to
 * answer (not-found, as any request not one's own). A second tap changes nothing: the first
 * time stays.
 *
 * It is also her answer to 「OG訪問は実施されましたか？」 (issue 56): a visit that ended well was
 * held, so the tap records 実施済み for her side through the follow-up's own step
 * (recordOwnOutcome), while the follow-up is open and she has recorded nothing yet. An outcome
 * she already gave stays as she gave it: a no-show claim is withdrawn only by her changing it
 * (docs/decisions/0033-no-show-claims.md), never by a tap about her safety. 「困ったことがあった」
 * is a report and records nothing.
 */

const HOUR_MS = 60 * 60 * 1000;

type VisitRow = typeof visitRequests.$inferSelect;

/** Whether the student may say now that the visit ended well: asked, or the ask is due. */
export function safeEndDue(request: VisitRow, now: Date): boolean {
  if (request.safeEndAskedAt) return true;
  if (request.status !== 'accepted' || !request.meetingAt || !isInPersonVisit(request)) {
    return false;
  }
  return request.meetingAt.getTime() + SAFE_END_ASK_AFTER_HOURS * HOUR_MS <= now.getTime();
}

export async function confirmSafeEnd(
  db: Database,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { request, side } = await lockOwnRequest(tx, id, user.id, 'student');
    if (request.safeEndConfirmedAt) return;
    if (!safeEndDue(request, now)) throw new AppError('visit/safe-end-not-asked');
    await tx
      .update(visitRequests)
      .set({ safeEndConfirmedAt: now, safeEndAskedAt: request.safeEndAskedAt ?? now })
      .where(eq(visitRequests.id, id));
    if (request.studentOutcome === null && followUpOpen(request, now)) {
      await recordOwnOutcome(tx, request, side, user.id, { outcome: 'held', reason: '' });
    }
  });
}
