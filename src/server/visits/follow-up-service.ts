import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/schemas/auth';
import type {
  noShowAnswerSchema,
  visitFeedbackSchema,
  visitOutcomeSchema,
} from '../../shared/schemas/visit-requests';
import type { Database, Transaction } from '../db/client';
import { noShowClaims, users, visitFeedback, visitRequests } from '../db/schema';
import { readDesk } from '../desk';
import { AppError } from '../errors';
import { addresseeOf } from '../mail/addressee';
import { mailLinks } from '../mail/mail-context';
import { enqueueMail } from '../mail/outbox';
import { noShowClaimedMail } from '../mail/templates';
import { notify } from '../notifications';
import { followUpOpen } from './queries';
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
 * its optional reason in no_show_claims, and a new one is on the other side's bell and mailed to
 * them always. Changing back to 実施済み withdraws the claim, and any answer with it.
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
    const ownClaim = and(eq(noShowClaims.visitRequestId, id), eq(noShowClaims.claimantSide, side));
    if (input.outcome === 'held') {
      await tx.delete(noShowClaims).where(ownClaim);
      return;
    }
    // Recorded again: the reason is replaced; an answer already given stays with the claim.
    await tx
      .insert(noShowClaims)
      .values({ visitRequestId: id, claimantSide: side, reason: input.reason })
      .onConflictDoUpdate({
        target: [noShowClaims.visitRequestId, noShowClaims.claimantSide],
        set: { reason: input.reason, updatedAt: new Date() },
      });
    const otherId = side === 'student' ? request.mentorId : request.studentId;
    if (before !== 'no_show' && otherId) await tellAccused(tx, id, user.id, otherId);
  });
}

/** The bell and the mail to the side said not to have come: never the reason, which the page shows. */
async function tellAccused(
  tx: Transaction,
  id: string,
  claimantId: string,
  accusedId: string,
): Promise<void> {
  const other = (await addresseeOf(tx, claimantId)) ?? '';
  await notify(tx, {
    userId: accusedId,
    kind: 'noShowReported',
    visitRequestId: id,
    actorName: other,
  });
  const [account] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, accusedId));
  if (!account) return;
  const mail = noShowClaimedMail(mailLinks(tx).visitRequest(id), await readDesk(tx), {
    other,
    recipient: await addresseeOf(tx, accusedId),
  });
  await enqueueMail(tx, { to: account.email, ...mail });
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
      .select({ answeredAt: noShowClaims.answeredAt })
      .from(noShowClaims)
      .where(and(eq(noShowClaims.visitRequestId, id), eq(noShowClaims.claimantSide, claimantSide)));
    if (!claim) throw new AppError('visit/no-show-not-claimed');
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
