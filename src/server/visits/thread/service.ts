import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  THREAD_MESSAGES_PER_HOUR,
  THREAD_OPEN_DAYS_AFTER_MEETING,
} from '../../../shared/constants';
import { maskContactDetails } from '../../../shared/contact-masking';
import type { SessionUser } from '../../../shared/schemas/auth';
import type {
  Thread,
  ThreadClosedReason,
  ThreadMessage,
  threadPostSchema,
} from '../../../shared/schemas/threads';
import { blockedBy } from '../blocks-queries';
import { writesBeforeAcceptance } from '../contact-rule-service';
import { expectFollowUpOpen } from '../follow-up-service';
import type { Database, Executor } from '../../db/client';
import { visitMessages, visitRequests } from '../../db/schema';
import { addresseeOf } from '../../mail/addressee';
import { markRequestNotificationsRead, tell } from '../../notifications';
import { AppError } from '../../errors';
import { consumeLimit, type Limit } from '../../lib/rate-limit';
import { threadMessages, toThreadMessage } from './queries';

/**
 * A request's thread (docs/PRODUCT.md §7): the student and the alumnus write to each other
 * while the request waits or is agreed, and for 30 days after the meeting; afterwards, and
 * after a refusal or a cancellation, it stays readable.
 */

type Side = 'student' | 'mentor';
type RequestRow = typeof visitRequests.$inferSelect;
type MessageKind = 'message' | 'thanks';
type PostInput = z.output<typeof threadPostSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How many messages one person may send in an hour: one limit for every thread they write in
 * (a 座談会's thread counts against it too: group-sessions/posts.ts).
 */
export const MESSAGES_PER_USER: Limit = {
  name: 'thread:sender',
  max: THREAD_MESSAGES_PER_HOUR,
  windowMs: 60 * 60 * 1000,
};

/** The caller's side of a request, or not-found: another's request answers as if absent. */
function sideOf(request: RequestRow | undefined, userId: string): Side {
  if (request?.studentId === userId) return 'student';
  if (request?.mentorId === userId) return 'mentor';
  throw new AppError('not-found');
}

function otherId(request: RequestRow, side: Side): string | null {
  return side === 'student' ? request.mentorId : request.studentId;
}

/** Whether the request itself still takes messages: waiting, or agreed until 30 days after. */
function requestTakesMessages(request: RequestRow, now: Date): boolean {
  if (request.status === 'pending') return true;
  if (request.status !== 'accepted' || !request.meetingAt) return false;
  return now.getTime() < request.meetingAt.getTime() + THREAD_OPEN_DAYS_AFTER_MEETING * DAY_MS;
}

/**
 * Why `side` cannot post, or null if it can. A block is named only to the one who made it:
 * the blocked person sees an ended conversation, as the request page shows them (§8).
 */
async function closedReason(
  db: Executor,
  request: RequestRow,
  side: Side,
  now: Date,
): Promise<ThreadClosedReason | null> {
  const me = side === 'student' ? request.studentId! : request.mentorId!;
  const other = otherId(request, side);
  if (!other) return 'withdrawn';
  const [blocks] = await db
    .select({ mine: blockedBy(me, other), theirs: blockedBy(other, me) })
    .from(sql`(select 1) as one`);
  if (blocks?.mine) return 'blocked';
  if (blocks?.theirs) return 'ended';
  return requestTakesMessages(request, now) ? null : 'ended';
}

/** Refuses a post `side` cannot make now (the reason's own error for one's own block). */
async function expectOpenFor(tx: Executor, request: RequestRow, side: Side): Promise<void> {
  const reason = await closedReason(tx, request, side, new Date());
  if (reason === 'blocked') throw new AppError('thread/blocked');
  if (reason) throw new AppError('thread/closed');
}

/**
 * Contact details are masked until the alumnus accepts (§7), by the rule of every request text
 * (visits/contact-rule-service.ts); a thread message is masked as it is stored, so its author
 * and a report read what the other side reads.
 */
function masksContacts(request: RequestRow): boolean {
  return writesBeforeAcceptance(request);
}

/** The message a browser already sent under this id, if any (a retry is stored once). */
async function messageWithClientId(tx: Executor, id: string, clientId: string) {
  const [row] = await tx
    .select()
    .from(visitMessages)
    .where(and(eq(visitMessages.visitRequestId, id), eq(visitMessages.clientId, clientId)))
    .limit(1);
  return row;
}

async function findRequest(db: Executor, id: string, lock = false) {
  const query = db.select().from(visitRequests).where(eq(visitRequests.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The thread as the caller sees it. */
export async function readThread(db: Database, user: SessionUser, id: string): Promise<Thread> {
  const request = await findRequest(db, id);
  const side = sideOf(request, user.id);
  const rows = await threadMessages(db, id);
  return {
    messages: rows.map((row) => toThreadMessage(row, side)),
    closedReason: await closedReason(db, request!, side, new Date()),
    masksContacts: masksContacts(request!),
    readAt:
      (side === 'student' ? request!.studentReadAt : request!.mentorReadAt)?.toISOString() ?? null,
  };
}

/**
 * Posts a message. Under the request's row lock, so that an acceptance, a cancellation or a
 * block decided at the same moment is seen: the message is masked or refused accordingly. A
 * message sent again with the same clientId (a retry after a lost answer) is stored once.
 */
export function postThreadMessage(db: Database, user: SessionUser, id: string, input: PostInput) {
  return post(db, user, id, input, 'message');
}

/**
 * The student's お礼 after the visit (docs/PRODUCT.md §7): once, from the meeting time until the
 * thread closes, shown in the thread as a thanks. A retry with the same clientId is stored once.
 */
export function postThanks(db: Database, user: SessionUser, id: string, input: PostInput) {
  return post(db, user, id, input, 'thanks');
}

/** Why a thanks cannot be given for this visit, if it cannot: after it, once, and only if held. */
function expectThanksAllowed(request: RequestRow): void {
  expectFollowUpOpen(request, new Date());
  if (request.thankedAt) throw new AppError('visit/already-thanked');
  // A no-show recorded by either side makes a thanks for the meeting untrue (issue 33 point 5).
  if (request.studentOutcome === 'no_show' || request.mentorOutcome === 'no_show') {
    throw new AppError('visit/no-show-recorded');
  }
}

/**
 * The one path of a post, a message or a thanks: counted against the sender's hourly limit,
 * then under the request's row lock, a retry answered with what was stored, the post checked
 * against the thread (and a thanks against the visit), masked by the request's rule and stored.
 */
async function post(
  db: Database,
  user: SessionUser,
  id: string,
  input: PostInput,
  kind: MessageKind,
): Promise<ThreadMessage> {
  await consumeLimit(db, MESSAGES_PER_USER, user.id);
  return db.transaction(async (tx) => {
    const request = await findRequest(tx, id, true);
    const side = sideOf(request, user.id);
    // Only the student thanks: to the alumnus, the request answers as if absent.
    if (kind === 'thanks' && side !== 'student') throw new AppError('not-found');
    const already = await messageWithClientId(tx, id, input.clientId);
    if (already) {
      // A retry: the caller's own post (a thanks, when thanking). The same id from the other
      // side is not a retry: it names nothing of the caller's.
      if (already.senderSide === side && (kind === 'message' || already.kind === 'thanks')) {
        return toThreadMessage(already, side);
      }
      throw new AppError('already-exists');
    }
    if (kind === 'thanks') expectThanksAllowed(request!);
    await expectOpenFor(tx, request!, side);
    // A thanks comes after acceptance, so the rule leaves it as written.
    const { text, masked } = masksContacts(request!)
      ? maskContactDetails(input.body)
      : { text: input.body, masked: false };
    return insertMessage(tx, request!, user.id, side, { ...input, body: text, masked, kind });
  });
}

/**
 * Stores a message the caller may post, tells the other side on the bell (a thanks as such;
 * the mail job gathers both) and marks the thread read up to it for the sender; the same update
 * marks a thanks as given.
 */
async function insertMessage(
  tx: Executor,
  request: RequestRow,
  senderId: string,
  side: Side,
  message: { body: string; masked: boolean; clientId: string; kind: MessageKind },
): Promise<ThreadMessage> {
  const [row] = await tx
    .insert(visitMessages)
    .values({
      visitRequestId: request.id,
      senderId,
      senderSide: side,
      body: message.body,
      masked: message.masked,
      kind: message.kind,
      clientId: message.clientId,
      // The app's clock, as for the read marks and the mail pass it is compared with.
      createdAt: new Date(),
    })
    .returning();
  const recipientId = otherId(request, side);
  if (recipientId) {
    await tell(tx, {
      userId: recipientId,
      kind: message.kind,
      facts: { visitRequestId: request.id, actorName: (await addresseeOf(tx, senderId)) ?? '' },
    });
  }
  const read =
    side === 'student' ? { studentReadAt: row!.createdAt } : { mentorReadAt: row!.createdAt };
  await tx
    .update(visitRequests)
    .set({ ...read, ...(message.kind === 'thanks' ? { thankedAt: row!.createdAt } : {}) })
    .where(eq(visitRequests.id, request.id));
  return toThreadMessage(row!, side);
}

/**
 * The caller has read the thread up to now: their page calls it as the thread shows, and again
 * when the other side's messages are newer than their mark. A read is a read: the mark moves
 * only when a message from the other side is newer than it (the update finds no row
 * otherwise, and writes nothing), as the request's notifications are marked only while unread.
 */
export async function markThreadRead(db: Database, user: SessionUser, id: string): Promise<void> {
  const request = await findRequest(db, id);
  const side = sideOf(request, user.id);
  const mark = side === 'student' ? visitRequests.studentReadAt : visitRequests.mentorReadAt;
  await db
    .update(visitRequests)
    .set(side === 'student' ? { studentReadAt: new Date() } : { mentorReadAt: new Date() })
    .where(
      and(
        eq(visitRequests.id, id),
        sql`exists (select 1 from ${visitMessages} where ${visitMessages.visitRequestId} = ${visitRequests.id} and ${visitMessages.senderSide} <> ${side} and ${visitMessages.createdAt} > coalesce(${mark}, '-infinity'))`,
      ),
    );
  // Having the request open is having read what the bell said about it.
  await markRequestNotificationsRead(db, user.id, id);
}
