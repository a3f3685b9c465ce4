import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/schemas/auth';
import type { visitFeedbackSchema, visitOutcomeSchema } from '../../shared/schemas/visit-requests';
import type { Database } from '../db/client';
import { visitFeedback, visitRequests } from '../db/schema';
import { AppError } from '../errors';
import { addresseeOf } from '../mail/addressee';
import { notify } from '../notifications/service';
import { followUpOpen } from './queries';
import { lockOwnRequest } from './service';

/**
 * After the meeting (docs/PRODUCT.md §7): each side says whether it took place or the other
 * did not come, and may leave private feedback for the seminar. The student's お礼 is a thread
 * message (threads/service.ts postThanks).
 */

type VisitRow = typeof visitRequests.$inferSelect;

/** Refuses unless the visit's time has come and its thread is still open. */
export function expectFollowUpOpen(request: VisitRow, now: Date): void {
  if (followUpOpen(request, now)) return;
  if (request.status !== 'accepted' || !request.meetingAt) throw new AppError('visit/not-open');
  if (request.meetingAt > now) throw new AppError('visit/not-held-yet');
  throw new AppError('visit/follow-up-closed');
}

/**
 * 実施済み, or a no-show of the other side. Either may be changed while the follow-up is open; a
 * new no-show report is on the other side's bell (it may stop a student's requests).
 */
export async function recordOutcome(
  db: Database,
  user: SessionUser,
  id: string,
  input: z.output<typeof visitOutcomeSchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { request, side } = await lockOwnRequest(tx, id, user.id);
    expectFollowUpOpen(request, new Date());
    const before = side === 'student' ? request.studentOutcome : request.mentorOutcome;
    await tx
      .update(visitRequests)
      .set(
        side === 'student' ? { studentOutcome: input.outcome } : { mentorOutcome: input.outcome },
      )
      .where(eq(visitRequests.id, id));
    const otherId = side === 'student' ? request.mentorId : request.studentId;
    if (input.outcome === 'no_show' && before !== 'no_show' && otherId) {
      await notify(tx, {
        userId: otherId,
        kind: 'noShowReported',
        visitRequestId: id,
        actorName: (await addresseeOf(tx, user.id)) ?? '',
      });
    }
  });
}

/** The caller's private feedback on the visit (1–5 and a comment), saved or replaced. */
export async function saveFeedback(
  db: Database,
  user: SessionUser,
  id: string,
  input: z.output<typeof visitFeedbackSchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { request, side } = await lockOwnRequest(tx, id, user.id);
    expectFollowUpOpen(request, new Date());
    await tx
      .insert(visitFeedback)
      .values({ visitRequestId: id, side, rating: input.rating, comment: input.comment })
      .onConflictDoUpdate({
        target: [visitFeedback.visitRequestId, visitFeedback.side],
        set: { rating: input.rating, comment: input.comment, updatedAt: new Date() },
      });
  });
}
