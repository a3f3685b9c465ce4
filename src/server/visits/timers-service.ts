import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  BOOKING_HOLD_HOURS,
  BOOKING_LAPSE_REMINDER_HOURS,
  DAY_BEFORE_REMINDER_HOUR,
  MENTOR_PAUSE_AFTER_EXPIRED,
  SAFE_END_ASK_AFTER_HOURS,
  VISIT_EXPIRY_DAYS,
  VISIT_NOTE_REMINDER_HOURS,
  VISIT_REMINDER_DAYS,
} from '../../shared/constants';
import type { Database, Transaction } from '../db/client';
import { instantSql } from '../db/prepared';
import { mentors, visitNotes, visitRequests } from '../db/schema';
import { addresseeOf } from '../mail/addressee';
import { mailLinks } from '../mail/mail-context';
import {
  dayBeforeMail,
  mentorAutoPausedMail,
  noteReminderMail,
  safeEndAskMail,
} from '../mail/templates';
import { tokyoDayBeforeAt, tokyoDayStart } from '../lib/tokyo-time';
import { readDesk } from '../desk';
import type { ConsultationDesk } from '../../shared/schemas/desk';
import { tell } from '../notifications';
import { changeRequests, nameOn, studentNamesOf } from './transition';
import { refreshNextSlots } from '../booking';
import { inPersonVisitSql, type Side } from './queries';
import { requestTextsAsRead } from './contact-rule-service';

/**
 * The timed work that closes the loop of every visit (docs/PRODUCT.md §7): the reminder of an
 * unanswered request, its expiry, the 前日確認 to both sides, 「無事に終わりましたか」 after, and
 * the one reminder to thank and keep a 訪問記録.
 *
 * Every process runs it (app.ts, every VISIT_TIMERS_POLL_MS); tests call it with their own
 * `now`. Each batch is claimed with FOR UPDATE SKIP LOCKED and marked done in the transaction
 * that queues its mails and notifications, so two processes never act on the same request and
 * nothing is sent twice.
 */

type VisitRow = typeof visitRequests.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/**
 * An ask falls due for this long: a visit whose ask is older (held before the ask existed, or
 * while no process ran) is never asked, days after it was over.
 */
const SAFE_END_ASK_WINDOW_MS = DAY_MS;
const BATCH = 50;

/** Runs every kind of due work; returns how many requests it acted on. */
export async function runVisitTimers(db: Database, now = new Date()): Promise<number> {
  return (
    (await remindUnanswered(db, now)) +
    (await expireUnanswered(db, now)) +
    (await remindLapsingBookings(db, now)) +
    (await sendDayBeforeReminders(db, now)) +
    (await askSafeEnd(db, now)) +
    (await remindToKeepNote(db, now))
  );
}

/** Waiting for the alumnus, who has not answered at all yet (a proposal is an answer). */
function unansweredByMentor(): SQL {
  return and(
    eq(visitRequests.status, 'pending'),
    sql`${visitRequests.proposedBy} is distinct from 'mentor'`,
    isNull(visitRequests.respondedAt),
  )!;
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Claims up to BATCH requests matching `where` (skipping those another process holds), lets
 * `act` handle them in the same transaction, and repeats while batches come back full.
 * `act` returns how many it handled; those must no longer match `where`.
 */
async function inBatches(
  db: Database,
  where: SQL,
  order: SQL,
  act: (tx: Transaction, rows: VisitRow[]) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const handled = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(visitRequests)
        .where(where)
        .orderBy(order)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      return { claimed: rows.length, done: await act(tx, rows) };
    });
    total += handled.done;
    if (handled.claimed < BATCH || handled.done < handled.claimed) return total;
  }
}

/** After VISIT_REMINDER_DAYS unanswered, the alumnus is reminded, once. */
export function remindUnanswered(db: Database, now: Date): Promise<number> {
  const where = and(
    unansweredByMentor(),
    isNull(visitRequests.remindedAt),
    lte(visitRequests.createdAt, daysBefore(now, VISIT_REMINDER_DAYS)),
    // Due to expire instead: no reminder of what is about to end (a booking's hold ends first).
    gt(visitRequests.createdAt, daysBefore(now, VISIT_EXPIRY_DAYS)),
    isNull(visitRequests.bookedFrom),
  )!;
  return inBatches(db, where, asc(visitRequests.createdAt), (tx, rows) =>
    remindMentor(tx, rows, 'unansweredReminder', now),
  );
}

/** The alumna of each request is reminded of it, on the bell and by mail; marked reminded. */
async function remindMentor(
  tx: Transaction,
  rows: VisitRow[],
  kind: 'unansweredReminder' | 'bookingLapsing',
  now: Date,
): Promise<number> {
  for (const request of rows) {
    await changeRequests(tx, {
      where: eq(visitRequests.id, request.id),
      set: { remindedAt: now },
      tell: async () => ({
        kind,
        to: 'mentor',
        names: request.studentId
          ? await studentNamesOf(tx, request.studentId)
          : { actor: '', university: '' },
      }),
    });
  }
  return rows.length;
}

/**
 * A booking lapses unanswered when its hold ends (BOOKING_HOLD_HOURS after it was made) or when
 * its slot starts, whichever comes first (expireUnanswered); BOOKING_LAPSE_REMINDER_HOURS before
 * that the alumna is reminded, once: `reminded_at`, which remindUnanswered leaves to bookings,
 * is set in the transaction that tells her, so however many processes run this, one tells her.
 */
export function remindLapsingBookings(db: Database, now: Date): Promise<number> {
  const at = instantSql(now);
  const lapsesAt = sql`least(${visitRequests.createdAt} + make_interval(hours => ${BOOKING_HOLD_HOURS}), ${visitRequests.bookedFrom})`;
  const where = and(
    unansweredByMentor(),
    isNotNull(visitRequests.bookedFrom),
    isNull(visitRequests.remindedAt),
    sql`${lapsesAt} - make_interval(hours => ${BOOKING_LAPSE_REMINDER_HOURS}) <= ${at}`,
    sql`${lapsesAt} > ${at}`,
  )!;
  return inBatches(db, where, asc(visitRequests.createdAt), (tx, rows) =>
    remindMentor(tx, rows, 'bookingLapsing', now),
  );
}

/**
 * A request expires after VISIT_EXPIRY_DAYS without the alumnus's answer, or once every time
 * on it (the preferred slots and any proposal) has passed. It then no longer counts as open;
 * the student is told, with the way to other alumni. Unanswered ones count towards the
 * alumnus's automatic pause.
 */
export function expireUnanswered(db: Database, now: Date): Promise<number> {
  const at = instantSql(now);
  const where = and(
    eq(visitRequests.status, 'pending'),
    or(
      and(unansweredByMentor(), lte(visitRequests.createdAt, daysBefore(now, VISIT_EXPIRY_DAYS))),
      // A booking holds its slot at most BOOKING_HOLD_HOURS: unanswered by then, the slot is freed.
      and(
        unansweredByMentor(),
        isNotNull(visitRequests.bookedFrom),
        lte(visitRequests.createdAt, new Date(now.getTime() - BOOKING_HOLD_HOURS * HOUR_MS)),
      ),
      sql`(${at} >= all(${visitRequests.preferredSlots}) and (${visitRequests.proposedTime} is null or ${visitRequests.proposedTime} <= ${at}))`,
    ),
  )!;
  return inBatches(db, where, asc(visitRequests.createdAt), async (tx, rows) => {
    for (const request of rows) {
      await changeRequests(tx, {
        where: eq(visitRequests.id, request.id),
        set: { status: 'expired', expiredAt: now, studentUnseen: true },
        // The student is shown the way to other alumni.
        tell: async () => ({
          kind: 'expired',
          to: 'student',
          names: { actor: request.mentorId ? await nameOn(tx, 'mentor', request.mentorId) : '' },
          link: mailLinks(tx).mentorsList(),
        }),
      });
      if (!request.mentorId) continue;
      await tell(tx, {
        userId: request.mentorId,
        kind: 'expiredUnanswered',
        facts: {
          visitRequestId: request.id,
          actorName: request.studentId ? await nameOn(tx, 'student', request.studentId) : '',
        },
      });
      // A request that ran out while the student had the turn is not the alumnus's silence.
      if (request.respondedAt === null && request.proposedBy !== 'mentor') {
        await countExpiredInRow(tx, request.mentorId, request.id, now);
      }
    }
    return rows.length;
  });
}

/**
 * One more request expired unanswered in a row; at MENTOR_PAUSE_AFTER_EXPIRED the alumnus's
 * requests are paused (受付停止) and they are told how to resume (their mail is not optional:
 * it changes what their page shows students).
 */
async function countExpiredInRow(
  tx: Transaction,
  mentorId: string,
  visitRequestId: string,
  now: Date,
): Promise<void> {
  const [mentor] = await tx
    .update(mentors)
    .set({ expiredInRow: sql`${mentors.expiredInRow} + 1` })
    .where(eq(mentors.userId, mentorId))
    .returning({ expiredInRow: mentors.expiredInRow, accepting: mentors.acceptingRequests });
  if (!mentor || mentor.expiredInRow < MENTOR_PAUSE_AFTER_EXPIRED) return;
  await tx
    .update(mentors)
    .set({
      expiredInRow: 0,
      ...(mentor.accepting ? { acceptingRequests: false, autoPausedAt: now } : {}),
    })
    .where(eq(mentors.userId, mentorId));
  // Already paused by their own choice: nothing changes for them to hear about.
  if (!mentor.accepting) return;
  await refreshNextSlots(tx, [mentorId], now);
  await tell(tx, {
    userId: mentorId,
    kind: 'autoPaused',
    facts: { visitRequestId, actorName: '' },
    mail: (recipient) =>
      mentorAutoPausedMail(
        mailLinks(tx).mentorProfileEdit(),
        MENTOR_PAUSE_AFTER_EXPIRED,
        recipient,
      ),
  });
}

/**
 * 前日確認: at DAY_BEFORE_REMINDER_HOUR Japan time the day before an agreed visit, both sides
 * are reminded of it. A visit agreed later than that (for the same or the next day) gets none:
 * they have just arranged it. Agreed visits come in meeting order, so the first not yet due
 * ends the pass.
 */
export function sendDayBeforeReminders(db: Database, now: Date): Promise<number> {
  const where = and(
    eq(visitRequests.status, 'accepted'),
    isNull(visitRequests.dayBeforeSentAt),
    gt(visitRequests.meetingAt, now),
    // The latest a reminder can be due: 18:00 the day before a meeting late that next day.
    lte(visitRequests.meetingAt, new Date(now.getTime() + 2 * DAY_MS)),
  )!;
  return inBatches(db, where, asc(visitRequests.meetingAt), async (tx, rows) => {
    let handled = 0;
    // Each mail names the seminar's 相談窓口 as it is now: read once per batch.
    let desk: ConsultationDesk | null | undefined;
    for (const request of rows) {
      const meetingAt = request.meetingAt!;
      if (tokyoDayBeforeAt(meetingAt, DAY_BEFORE_REMINDER_HOUR) > now) break;
      await tx
        .update(visitRequests)
        .set({ dayBeforeSentAt: now })
        .where(eq(visitRequests.id, request.id));
      handled++;
      // The meeting is today already: the reminder's moment passed before the visit was agreed.
      if (tokyoDayStart(meetingAt) <= now) continue;
      if (desk === undefined) desk = await readDesk(tx);
      await remindDayBefore(tx, request, 'student', desk);
      await remindDayBefore(tx, request, 'mentor', desk);
    }
    return handled;
  });
}

async function remindDayBefore(
  tx: Transaction,
  request: VisitRow,
  side: Side,
  desk: ConsultationDesk | null,
): Promise<void> {
  const userId = side === 'student' ? request.studentId : request.mentorId;
  const otherId = side === 'student' ? request.mentorId : request.studentId;
  if (!userId) return;
  const other = otherId ? ((await addresseeOf(tx, otherId)) ?? '') : '';
  const links = mailLinks(tx);
  await tell(tx, {
    userId,
    kind: 'dayBefore',
    facts: { visitRequestId: request.id, actorName: other },
    mail: (recipient) =>
      dayBeforeMail(
        links.visitRequest(request.id),
        links.visitRequestCancel(request.id),
        { other, recipient },
        {
          purpose: request.purpose,
          meetingFormat: request.meetingFormat,
          preferredSlots: request.preferredSlots,
          meetingAt: request.meetingAt,
          meetingPlace: request.meetingPlace,
          meetingUrl: request.meetingUrl,
          agenda: {
            topics: request.agendaTopics,
            questions: requestTextsAsRead(request, side).agendaQuestions,
          },
        },
        desk,
      ),
  });
}

/**
 * 「無事に終わりましたか」: SAFE_END_ASK_AFTER_HOURS after an agreed in-person visit's time, the
 * student is asked on the bell and by mail to confirm with one tap that it ended well. Only an
 * ask due within the last SAFE_END_ASK_WINDOW_MS is made, so visits held before this existed are
 * never asked. The mail is not optional: it is a safety message, and the console's list of
 * visits not confirmed counts on the student having had it (docs/PRODUCT.md §7).
 */
export function askSafeEnd(db: Database, now: Date): Promise<number> {
  const dueBy = new Date(now.getTime() - SAFE_END_ASK_AFTER_HOURS * HOUR_MS);
  const where = and(
    eq(visitRequests.status, 'accepted'),
    isNull(visitRequests.safeEndAskedAt),
    sql`${visitRequests.studentId} is not null`,
    inPersonVisitSql(),
    lte(visitRequests.meetingAt, dueBy),
    gt(visitRequests.meetingAt, new Date(dueBy.getTime() - SAFE_END_ASK_WINDOW_MS)),
  )!;
  return inBatches(db, where, asc(visitRequests.meetingAt), async (tx, rows) => {
    // The mail names the 相談窓口 for a visit that did not end well; one read per batch.
    const desk = rows.length > 0 ? await readDesk(tx) : null;
    for (const request of rows) {
      await tx
        .update(visitRequests)
        .set({ safeEndAskedAt: now })
        .where(eq(visitRequests.id, request.id));
      const studentId = request.studentId!;
      const other = request.mentorId ? ((await addresseeOf(tx, request.mentorId)) ?? '') : '';
      await tell(tx, {
        userId: studentId,
        kind: 'safeEndAsk',
        facts: { visitRequestId: request.id, actorName: other },
        mail: (recipient) =>
          safeEndAskMail(mailLinks(tx).visitRequest(request.id), desk, {
            other,
            recipient,
          }),
      });
    }
    return rows.length;
  });
}

/**
 * The one reminder after a held visit (docs/PRODUCT.md §7a): VISIT_NOTE_REMINDER_HOURS after its
 * start, the student is asked on the bell, and by mail unless she opted out of reminders, to
 * thank (if she has not) and to keep a 訪問記録 while she remembers. Never for a visit she already
 * wrote about or one said not to have taken place, never twice, and only within a day of falling
 * due, so visits held before this existed are never reminded.
 */
export function remindToKeepNote(db: Database, now: Date): Promise<number> {
  const dueBy = new Date(now.getTime() - VISIT_NOTE_REMINDER_HOURS * HOUR_MS);
  const where = and(
    eq(visitRequests.status, 'accepted'),
    isNull(visitRequests.noteRemindedAt),
    sql`${visitRequests.studentId} is not null`,
    lte(visitRequests.meetingAt, dueBy),
    gt(visitRequests.meetingAt, new Date(dueBy.getTime() - DAY_MS)),
    sql`${visitRequests.studentOutcome} is distinct from 'no_show'`,
    sql`${visitRequests.mentorOutcome} is distinct from 'no_show'`,
    sql`not exists (select 1 from ${visitNotes} where ${visitNotes.visitRequestId} = ${visitRequests.id})`,
  )!;
  return inBatches(db, where, asc(visitRequests.meetingAt), async (tx, rows) => {
    for (const request of rows) {
      await tx
        .update(visitRequests)
        .set({ noteRemindedAt: now })
        .where(eq(visitRequests.id, request.id));
      const studentId = request.studentId!;
      const other = request.mentorId ? ((await addresseeOf(tx, request.mentorId)) ?? '') : '';
      const links = mailLinks(tx);
      await tell(tx, {
        userId: studentId,
        kind: 'noteReminder',
        facts: { visitRequestId: request.id, actorName: other },
        mail: (recipient) =>
          noteReminderMail(
            request.thankedAt ? links.visitNoteWrite(request.id) : links.visitRequest(request.id),
            { thanked: request.thankedAt !== null, other, recipient },
          ),
      });
    }
    return rows.length;
  });
}
