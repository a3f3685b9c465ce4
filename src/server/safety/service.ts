import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth';
import type { z } from 'zod';
import type { BlockedUser, BlockResult, reportFormSchema } from '../../shared/schemas/safety';
import type { Database, Executor } from '../db/client';
import { mentors, students, userBlocks, userReports, users, visitRequests } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { changeRequests, findOwnThreadMessage, isOpen, lockUserPair } from '../visits';
import { findParty, partyColumns, partyLabel } from '../lib/party';
import { groupSessionsOnBlock, reportablePost } from '../group-sessions';

/**
 * Reports and blocks, the users' side. Any verified user may report or block any
 * other account by its id; ids come from pages the caller could see (a detail page, a request).
 */

/** Enough for someone who meets several people badly in a day; not enough to flood the admins. */
const REPORT_LIMIT: Limit = { name: 'report:reporter', max: 10, windowMs: 24 * 60 * 60 * 1000 };

/** A request between exactly these two people, whichever side each is on. */
function betweenPair(a: string, b: string) {
  return or(
    and(eq(visitRequests.studentId, a), eq(visitRequests.mentorId, b)),
    and(eq(visitRequests.studentId, b), eq(visitRequests.mentorId, a)),
  )!;
}

/**
 * A report to the admins. The reported person's name and role are kept as they are now, so
 * the report still says who it was about after a rename or a withdrawal.
 */
export async function createReport(
  db: Database,
  reporter: SessionUser,
  input: z.output<typeof reportFormSchema>,
): Promise<{ id: string }> {
  if (input.userId === reporter.id) throw new AppError('report/self');
  // Counted before the look-up, so the route cannot be used to probe for accounts either.
  await consumeLimit(db, REPORT_LIMIT, reporter.id);
  return db.transaction(async (tx) => {
    // A 座談会 post keeps its words in the report as a message does (no link: it has no request),
    // and names its author where the reporter named no one (her question's author is hidden).
    const post = input.groupSessionPostId
      ? await reportablePost(tx, reporter, input.groupSessionPostId, input.userId)
      : null;
    const reportedId = input.userId ?? post?.authorId;
    if (!reportedId) throw new AppError('not-found');
    const reported = await findParty(tx, reportedId);
    if (!reported) throw new AppError('not-found');
    if (input.visitRequestId !== undefined) {
      // Only a request between the two of them: nobody attaches someone else's request.
      const [request] = await tx
        .select({ id: visitRequests.id })
        .from(visitRequests)
        .where(
          and(eq(visitRequests.id, input.visitRequestId), betweenPair(reporter.id, reported.id)),
        )
        .limit(1);
      if (!request) throw new AppError('not-found');
    }
    const message = input.messageId
      ? await reportedMessage(tx, reporter.id, reported.id, input.messageId)
      : null;
    const [report] = await tx
      .insert(userReports)
      .values({
        reporterId: reporter.id,
        reportedId: reported.id,
        reportedLabel: reported.label,
        reportedEmail: reported.email,
        reason: input.reason,
        details: input.details,
        visitRequestId: message?.visitRequestId ?? input.visitRequestId ?? null,
        messageId: message?.id ?? null,
        messageBody: message?.body ?? post?.body ?? null,
      })
      .returning({ id: userReports.id });
    await recordAudit(tx, {
      actorId: reporter.id,
      action: 'report.create',
      targetType: 'report',
      targetId: report!.id,
      details: { reason: input.reason },
    });
    return { id: report!.id };
  });
}

/**
 * The message a report is about: one the reported person sent in a thread the reporter takes
 * part in. Anything else answers as if it did not exist.
 */
async function reportedMessage(
  tx: Executor,
  reporterId: string,
  reportedId: string,
  messageId: string,
) {
  const found = await findOwnThreadMessage(tx, reporterId, messageId);
  if (!found || found.message.senderId !== reportedId) throw new AppError('not-found');
  return found.message;
}

/**
 * Blocks a person, and in the same transaction cancels every open request between the two
 * (either side may have sent it), as the blocker's cancellation, through the one change of a
 * request, and takes a student's places in the alumna's 座談会 still to come. Nobody is told, on the bell or by mail: telling the other person would tell them
 * they were blocked. Blocking again changes nothing.
 */
export async function blockUser(
  db: Database,
  blocker: SessionUser,
  blockedId: string,
): Promise<BlockResult> {
  if (blockedId === blocker.id) throw new AppError('block/self');
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, blockedId))
      .limit(1);
    if (!target) throw new AppError('not-found');
    // A request being sent between the two at this moment is decided before or after the block.
    await lockUserPair(tx, blocker.id, blockedId);
    const added = await tx
      .insert(userBlocks)
      .values({ blockerId: blocker.id, blockedId })
      .onConflictDoNothing()
      .returning({ blockerId: userBlocks.blockerId });
    const now = new Date();
    // Through the one path every change of a request takes (visits/transition.ts), so that what
    // follows any cancellation follows this one too: her earliest slot is worked out again at
    // once, not at the timers' next look an hour on.
    const cancelled = await changeRequests(tx, {
      where: and(betweenPair(blocker.id, blockedId), isOpen(now))!,
      set: {
        status: 'cancelled',
        cancelledBy: sql<
          'student' | 'mentor'
        >`case when ${visitRequests.studentId} = ${blocker.id}::uuid then 'student' else 'mentor' end`,
        cancelledAt: now,
      },
      // Told to nobody: the bell or a mail would tell the other person they were blocked.
      tell: async () => null,
    });
    // A student's places in the alumna's 座談会 still to come go too (decision 0045, amended).
    await groupSessionsOnBlock(tx, blocker.id, blockedId, now);
    if (added.length > 0 || cancelled.length > 0) {
      await recordAudit(tx, {
        actorId: blocker.id,
        action: 'block.create',
        targetType: 'user',
        targetId: blockedId,
        details: { cancelledRequests: cancelled.length },
      });
    }
    return { blocked: true, cancelledRequests: cancelled.length };
  });
}

/** Lifts a block; requests can be exchanged again. Lifting one that is not there changes nothing. */
export async function unblockUser(
  db: Database,
  blocker: SessionUser,
  blockedId: string,
): Promise<BlockResult> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blocker.id), eq(userBlocks.blockedId, blockedId)))
      .returning({ blockedId: userBlocks.blockedId });
    if (removed.length > 0) {
      await recordAudit(tx, {
        actorId: blocker.id,
        action: 'block.remove',
        targetType: 'user',
        targetId: blockedId,
      });
    }
    return { blocked: false, cancelledRequests: 0 };
  });
}

/** The people the caller blocked, newest first, named as they are now. */
export async function listBlockedUsers(db: Executor, blockerId: string): Promise<BlockedUser[]> {
  const rows = await db
    .select({
      userId: userBlocks.blockedId,
      blockedAt: userBlocks.createdAt,
      ...partyColumns(),
    })
    .from(userBlocks)
    .leftJoin(mentors, eq(mentors.userId, userBlocks.blockedId))
    .leftJoin(students, eq(students.userId, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
  return rows.map((row) => ({
    userId: row.userId,
    label: partyLabel(row),
    blockedAt: row.blockedAt,
  }));
}
