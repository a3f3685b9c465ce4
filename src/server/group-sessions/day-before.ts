import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { DAY_BEFORE_REMINDER_HOUR } from '../../shared/constants';
import type { Database, Transaction } from '../db/client';
import { groupSessionPlaces, groupSessions } from '../db/schema';
import { readDesk } from '../desk';
import { DAY_MS, tokyoDayBeforeAt, tokyoDayStart } from '../lib/tokyo-time';
import { mailLinks } from '../mail/mail-context';
import { groupSessionDayBeforeMail } from '../mail/templates';
import { tell } from '../notifications';
import { findSession } from './queries';

const BATCH = 50;

/**
 * 座談会's 前日確認 (issue 58 point 4), as a visit's (visits/timers-service.ts
 * sendDayBeforeReminders): at DAY_BEFORE_REMINDER_HOUR Japan time the day before, each seated
 * student and its alumna are told, on the bell and by mail. It runs in the visits' timer job
 * (app.ts); each batch is claimed FOR UPDATE SKIP LOCKED and marked day_before_sent_at in the
 * transaction that queues its mails, so however many processes run it, each is told once. One
 * opened after that moment for the next day is marked without telling anyone, as a visit agreed
 * then is: they have just arranged it. Returns how many sessions it handled.
 */
export async function sendGroupSessionDayBefore(db: Database, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const { claimed, handled } = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: groupSessions.id,
          startsAt: groupSessions.startsAt,
          createdAt: groupSessions.createdAt,
        })
        .from(groupSessions)
        .where(
          and(
            isNull(groupSessions.cancelledAt),
            isNull(groupSessions.dayBeforeSentAt),
            gt(groupSessions.startsAt, now),
            // The latest it can be due: 18:00 the day before one late that next day.
            lte(groupSessions.startsAt, new Date(now.getTime() + 2 * DAY_MS)),
          ),
        )
        .orderBy(asc(groupSessions.startsAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let done = 0;
      for (const row of rows) {
        // In start order: the first not yet due ends the pass.
        const dueAt = tokyoDayBeforeAt(row.startsAt, DAY_BEFORE_REMINDER_HOUR);
        if (dueAt > now) break;
        await tx
          .update(groupSessions)
          .set({ dayBeforeSentAt: now })
          .where(eq(groupSessions.id, row.id));
        done++;
        // Opened after its moment had passed (after 18:00 for the next day, or on the day): the
        // alumna has just arranged it, and a reminder now would reach her alone, before anyone
        // took a seat. Unlike a visit agreed that evening, whose two sides are both set.
        if (row.createdAt >= dueAt || tokyoDayStart(row.startsAt) <= now) continue;
        await remindOf(tx, row.id, now);
      }
      return { claimed: rows.length, handled: done };
    });
    total += handled;
    if (claimed < BATCH || handled < claimed) return total;
  }
}

/** Tells each seated student and its alumna of one 座談会 tomorrow. */
async function remindOf(tx: Transaction, id: string, now: Date) {
  const session = (await findSession(tx, id, null, now))!;
  const desk = await readDesk(tx);
  const link = mailLinks(tx).groupSession(id);
  const facts = {
    mentor: session.mentorName,
    title: session.title,
    startsAt: session.startsAt,
    meetingPlace: session.meetingFormat === 'in_person' ? session.meetingPlace : null,
  };
  const seated = await tx
    .select({ studentId: groupSessionPlaces.studentId })
    .from(groupSessionPlaces)
    .where(and(eq(groupSessionPlaces.sessionId, id), eq(groupSessionPlaces.state, 'seated')));
  for (const { studentId } of seated) {
    await tell(tx, {
      userId: studentId,
      kind: 'groupSessionDayBefore',
      facts: { visitRequestId: null, groupSessionId: id, actorName: session.mentorName },
      mail: (recipient) => groupSessionDayBeforeMail(link, facts, desk, recipient),
    });
  }
  await tell(tx, {
    userId: session.mentorId,
    kind: 'groupSessionDayBeforeHost',
    facts: { visitRequestId: null, groupSessionId: id, actorName: '' },
    mail: (recipient) =>
      groupSessionDayBeforeMail(link, { ...facts, seated: seated.length }, desk, recipient),
  });
}
