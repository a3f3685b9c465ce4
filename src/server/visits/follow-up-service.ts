import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/schemas/auth';
import type {
  noShowAnswerSchema,
  visitFeedbackSchema,
  visitOutcomeSchema,
} from '../../shared/schemas/visit-requests';
import type { Database, Transaction } from '../db/client';
import { noShowClaims, visitFeedback, visitRequests } from '../db/schema';
import { readDesk } from '../desk';
import { AppError } from '../errors';
import { addresseeOf } from '../mail/addressee';
import { mailLinks } from '../mail/mail-context';
import { noShowClaimedMail } from '../mail/templates';
import { tell } from '../notifications';
import { answerDeadline, countedNoShows, followUpOpen, type Side } from './queries';
import { lockOwnRequest, otherSide } from './transition';

/**
 * After the meeting (docs/PRODUCT.md §7): each side says whether it took place or the other
 * did not come, and may leave private feedback for the seminar. The student's お礼 is a thread
 * message (thread/service.ts postThanks).
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
 * 実施済み, or a no-show of the other side. Either may be changed while the follow-up is open.
 * A no-show is a claim against the other side (it may stop a student's requests): stored with
 * its optional reason in no_show_claims, on the other side's bell and mailed to them always.
 * One claim per visit and side, ever (docs/decisions/0033-no-show-claims.md): changing back to
 * 実施済み withdraws it for good, keeping its reason and any answer, and a withdrawn claim is not
 * filed again (visit/no-show-withdrawn), so flipping the record tells the other side once.
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
    await recordOwnOutcome(tx, request, side, user.id, input);
  });
}

/**
 * The one way a side's outcome changes, on a request its caller locked and whose follow-up is
 * open: recordOutcome, and 「無事に終わりました」 (safe-end-service.ts), which records 実施済み.
 */
export async function recordOwnOutcome(
  tx: Transaction,
  request: VisitRow,
  side: Side,
  userId: string,
  input: z.output<typeof visitOutcomeSchema>,
): Promise<void> {
  const id = request.id;
  const ownClaim = and(eq(noShowClaims.visitRequestId, id), eq(noShowClaims.claimantSide, side));
  const [claim] = await tx
    .select({ withdrawnAt: noShowClaims.withdrawnAt, answeredAt: noShowClaims.answeredAt })
    .from(noShowClaims)
    .where(ownClaim);
  if (input.outcome === 'no_show' && claim?.withdrawnAt) {
    throw new AppError('visit/no-show-withdrawn');
  }
  await tx
    .update(visitRequests)
    .set(side === 'student' ? { studentOutcome: input.outcome } : { mentorOutcome: input.outcome })
    .where(eq(visitRequests.id, id));
  if (input.outcome === 'held') {
    if (claim && !claim.withdrawnAt) {
      await tx
        .update(noShowClaims)
        .set({ withdrawnAt: new Date(), updatedAt: new Date() })
        .where(ownClaim);
    }
    return;
  }
  if (claim) {
    // Recorded again while it stands: the reason may be put better until the other side
    // answered; once answered, the answer replies to the reason as it was, which stays.
    if (!claim.answeredAt) {
      await tx
        .update(noShowClaims)
        .set({ reason: input.reason, updatedAt: new Date() })
        .where(ownClaim);
    }
    return;
  }
  await tx
    .insert(noShowClaims)
    .values({ visitRequestId: id, claimantSide: side, reason: input.reason });
  const otherId = side === 'student' ? request.mentorId : request.studentId;
  if (otherId) await tellAccused(tx, id, userId, otherId, otherSide(side));
}

/**
 * The bell and the mail to the side said not to have come, once per claim: never the reason,
 * which the page shows. A student is told until when her answer holds the claim for the admins
 * and how many claims count against her now.
 */
async function tellAccused(
  tx: Transaction,
  id: string,
  claimantId: string,
  accusedId: string,
  accusedSide: Side,
): Promise<void> {
  const other = (await addresseeOf(tx, claimantId)) ?? '';
  await tell(tx, {
    userId: accusedId,
    kind: 'noShowReported',
    facts: { visitRequestId: id, actorName: other },
    mail: async (recipient) =>
      noShowClaimedMail(mailLinks(tx).visitRequest(id), await readDesk(tx), {
        other,
        recipient,
        student:
          accusedSide === 'student'
            ? {
                answerBy: answerDeadline(new Date()),
                counted: await countedNoShows(tx, accusedId),
              }
            : undefined,
      }),
  });
}

/**
 * The answer 「参加しました」 of the side said not to have come: once, with a note the claimant
 * and the admins read beside the claim. Only while the claim stands (not withdrawn); not bound
 * to the follow-up's 30 days, since a claim keeps counting after them.
 */
export async function answerNoShow(
  db: Database,
  user: SessionUser,
  id: string,
  input: z.output<typeof noShowAnswerSchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { side } = await lockOwnRequest(tx, id, user.id);
    const claimantSide = otherSide(side);
    const [claim] = await tx
      .select({ answeredAt: noShowClaims.answeredAt, withdrawnAt: noShowClaims.withdrawnAt })
      .from(noShowClaims)
      .where(and(eq(noShowClaims.visitRequestId, id), eq(noShowClaims.claimantSide, claimantSide)));
    if (!claim || claim.withdrawnAt) throw new AppError('visit/no-show-not-claimed');
    if (claim.answeredAt) throw new AppError('visit/no-show-answered');
    await tx
      .update(noShowClaims)
      .set({ answerNote: input.note, answeredAt: new Date(), updatedAt: new Date() })
      .where(and(eq(noShowClaims.visitRequestId, id), eq(noShowClaims.claimantSide, claimantSide)));
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
