import { and, count, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { THREAD_MAIL_INTERVAL_MINUTES, THREAD_READING_SECONDS } from '../../../shared/constants';
import type { Database, Transaction } from '../../db/client';
import { backgroundTurns } from '../../lib/background-turns';
import { users, visitMessages, visitRequests } from '../../db/schema';
import { addresseeOf } from '../../mail/addressee';
import { mailLinks } from '../../mail/mail-context';
import { tell } from '../../notifications';
import { threadMessagesMail } from '../../mail/templates';

/**
 * New thread messages reach the other side by mail, gathered (docs/PRODUCT.md §7, §11): at most
 * one mail per thread and recipient in THREAD_MAIL_INTERVAL_MINUTES, none about a message until
 * it has waited THREAD_READING_SECONDS unread (someone reading the thread sees it within
 * THREAD_POLL_INTERVAL_MS and their page marks it read), none to someone who turned message
 * mails off. The mail counts the unread messages and never quotes them.
 *
 * Runs every half minute in every app process (a post has nothing to mail yet): each thread is
 * decided under its row lock (SKIP LOCKED), so two processes never mail the same messages twice.
 */

type Side = 'student' | 'mentor';

const SIDES = {
  student: {
    recipient: visitRequests.studentId,
    senderId: visitRequests.mentorId,
    readAt: visitRequests.studentReadAt,
    mailedAt: visitRequests.studentMessagesMailedAt,
    sender: 'mentor',
  },
  mentor: {
    recipient: visitRequests.mentorId,
    senderId: visitRequests.studentId,
    readAt: visitRequests.mentorReadAt,
    mailedAt: visitRequests.mentorMessagesMailedAt,
    sender: 'student',
  },
} as const;

/** The requests whose `side` has messages to be mailed about now. */
function dueFor(side: Side, now: Date): SQL {
  const s = SIDES[side];
  const interval = new Date(now.getTime() - THREAD_MAIL_INTERVAL_MINUTES * 60_000);
  // Only a message that had its time to be read: sent before this.
  const unreadSince = new Date(now.getTime() - THREAD_READING_SECONDS * 1000);
  return and(
    or(isNull(s.mailedAt), lt(s.mailedAt, interval)),
    sql`exists (select 1 from ${users} where ${users.id} = ${s.recipient} and ${users.suspendedAt} is null and not ('messages' = any(${users.mailOptOut})))`,
    sql`exists (select 1 from ${visitMessages} where ${visitMessages.visitRequestId} = ${visitRequests.id} and ${visitMessages.senderSide} = ${s.sender} and ${visitMessages.senderId} is not null and ${visitMessages.createdAt} > coalesce(${s.readAt}, '-infinity') and ${visitMessages.createdAt} > coalesce(${s.mailedAt}, '-infinity') and ${visitMessages.createdAt} <= ${unreadSince.toISOString()}::timestamptz)`,
  )!;
}

/** Mails every recipient who is due one; returns how many mails were queued. */
export async function mailUnreadMessages(db: Database, now = new Date()): Promise<number> {
  let queued = 0;
  // A pass of many threads takes turns with the requests (lib/background-turns.ts).
  const turn = backgroundTurns();
  for (const side of ['student', 'mentor'] as const) {
    const due = await db
      .select({ id: visitRequests.id })
      .from(visitRequests)
      .where(dueFor(side, now));
    for (const { id } of due) {
      await turn();
      const sent = await db.transaction((tx) => mailOne(tx, id, side, now));
      if (sent) queued++;
    }
  }
  return queued;
}

/** One thread and recipient, decided again under the row's lock. */
async function mailOne(tx: Transaction, id: string, side: Side, now: Date): Promise<boolean> {
  const s = SIDES[side];
  const [request] = await tx
    .select({ recipientId: s.recipient, senderId: s.senderId, readAt: s.readAt })
    .from(visitRequests)
    .where(and(eq(visitRequests.id, id), dueFor(side, now)))
    .for('update', { skipLocked: true });
  if (!request?.recipientId) return false;
  const [unread] = await tx
    .select({ n: count() })
    .from(visitMessages)
    .where(
      and(
        eq(visitMessages.visitRequestId, id),
        eq(visitMessages.senderSide, s.sender),
        gt(visitMessages.createdAt, request.readAt ?? new Date(0)),
      ),
    );
  const senderName = request.senderId ? await addresseeOf(tx, request.senderId) : null;
  await tell(tx, {
    userId: request.recipientId,
    kind: 'threadMessages',
    mail: (recipient) =>
      threadMessagesMail(
        mailLinks(tx).visitRequest(id),
        { sender: senderName ?? '', recipient },
        unread?.n ?? 1,
      ),
  });
  await tx
    .update(visitRequests)
    .set(side === 'student' ? { studentMessagesMailedAt: now } : { mentorMessagesMailedAt: now })
    .where(eq(visitRequests.id, id));
  return true;
}
