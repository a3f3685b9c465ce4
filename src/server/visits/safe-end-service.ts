import { eq } from 'drizzle-orm';
import { SAFE_END_ASK_AFTER_HOURS } from '../../shared/constants';
import type { SessionUser } from '../../shared/schemas/auth';
import type { Database } from '../db/client';
import { visitRequests } from '../db/schema';
import { AppError } from '../errors';
import { isInPersonVisit } from '../../shared/place-words';
import { lockOwnRequest } from './transition';

/**
 * 「無事に終わりました」 (docs/PRODUCT.md §7): the student's one tap after an in-person visit,
 * once the ask is due (timers-service.ts askSafeEnd). The alumna's request is not hers to
 * answer (not-found, as any request not one's own). A second tap changes nothing: the first
 * time stays.
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
    const { request } = await lockOwnRequest(tx, id, user.id, 'student');
    if (request.safeEndConfirmedAt) return;
    if (!safeEndDue(request, now)) throw new AppError('visit/safe-end-not-asked');
    await tx
      .update(visitRequests)
      .set({ safeEndConfirmedAt: now, safeEndAskedAt: request.safeEndAskedAt ?? now })
      .where(eq(visitRequests.id, id));
  });
}
