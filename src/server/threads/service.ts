import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { THREAD_MESSAGES_PER_HOUR, THREAD_OPEN_DAYS_AFTER_MEETING } from '../../shared/constants';
import { maskContactDetails } from '../../shared/contact-masking';
import type { SessionUser } from '../../shared/schemas/auth';
import type {
  Thread,
  ThreadClosedReason,
  ThreadMessage,
  threadPostSchema,
} from '../../shared/schemas/threads';
import { blockedBy } from '../blocks/queries';
import type { Database, Executor } from '../db/client';
import { visitMessages, visitRequests } from '../db/schema';
import { addresseeOf } from '../mail/addressee';
import { markRequestNotificationsRead, notify } from '../notifications/service';
import { AppError } from '../errors';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { threadMessages, toThreadMessage } from './queries';

/**
 * A request's thread (docs/PRODUCT.md §7): the student and the alumnus write to each other
 * while the request waits or is agreed, and for 30 days after the meeting; afterwards, and
 * after a refusal or a cancellation, it stays readable.
 */

type Side = 'student' | 'mentor';
type RequestRow = typeof visitRequests.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const MESSAGES_PER_USER: Limit = {
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

/** Contact details are masked until the alumnus accepts (§7). */
function masksContacts(request: RequestRow): boolean {
  return request.status !== 'accepted';
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
export async function postThreadMessage(
  db: Database,
  user: SessionUser,
  id: string,
  input: z.output<typeof threadPostSchema>,
): Promise<ThreadMessage> {
  await consumeLimit(db, MESSAGES_PER_USER, user.id);
  return db.transaction(async (tx) => {
    const request = await findRequest(tx, id, true);
    const side = sideOf(request, user.id);
    const [already] = await tx
      .select()
      .from(visitMessages)
      .where(and(eq(visitMessages.visitRequestId, id), eq(visitMessages.clientId, input.clientId)))
      .limit(1);
    if (already) {
      // The same id from the other side is not a retry: it names nothing of the caller's.
      if (already.senderSide !== side) throw new AppError('already-exists');
      return toThreadMessage(already, side);
    }
    const reason = await closedReason(tx, request!, side, new Date());
    if (reason === 'blocked') throw new AppError('thread/blocked');
    if (reason) throw new AppError('thread/closed');
    const { text, masked } = masksContacts(request!)
      ? maskContactDetails(input.body)
      : { text: input.body, masked: false };
    const [row] = await tx
      .insert(visitMessages)
      .values({
        visitRequestId: id,
        senderId: user.id,
        senderSide: side,
        body: text,
        masked,
        clientId: input.clientId,
        // The app's clock, as for the read marks and the mail pass it is compared with.
        createdAt: new Date(),
      })
      .returning();
    const recipientId = otherId(request!, side);
    if (recipientId) {
      await notify(tx, {
        userId: recipientId,
        kind: 'message',
        visitRequestId: id,
        actorName: (await addresseeOf(tx, user.id)) ?? '',
      });
    }
    // The sender has read the thread up to their own message.
    await tx
      .update(visitRequests)
      .set(
        side === 'student' ? { studentReadAt: row!.createdAt } : { mentorReadAt: row!.createdAt },
      )
      .where(eq(visitRequests.id, id));
    return toThreadMessage(row!, side);
  });
}

/**
 * The caller has read the thread up to now. The page calls it while the thread is on screen,
 * which also tells the mail job that the caller is reading (no mail meanwhile).
 */
export async function markThreadRead(db: Database, user: SessionUser, id: string): Promise<void> {
  const request = await findRequest(db, id);
  const side = sideOf(request, user.id);
  await db
    .update(visitRequests)
    .set(side === 'student' ? { studentReadAt: new Date() } : { mentorReadAt: new Date() })
    .where(eq(visitRequests.id, id));
  // Having the request open is having read what the bell said about it.
  await markRequestNotificationsRead(db, user.id, id);
}
