import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { SAFE_END_ASK_AFTER_HOURS } from '../../shared/constants';
import { maskContactDetails } from '../../shared/contact-masking';
import type { SessionUser } from '../../shared/schemas/auth';
import type { GroupSessionView } from '../../shared/schemas/group-sessions';
import type { NoShowClaim, noShowAnswerSchema } from '../../shared/schemas/visit-requests';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../db/client';
import { groupSessionPlaces, groupSessions, students } from '../db/schema';
import { readDesk } from '../desk';
import { AppError } from '../errors';
import { mailLinks } from '../mail/mail-context';
import { groupSessionAbsentMail, groupSessionSafeEndAskMail } from '../mail/templates';
import { tell } from '../notifications';
import { absenceCleared, absenceCounts, answerDeadline, countedNoShows } from '../visits';
import { findSession } from './queries';

/**
 * After a 座談会 is held (issue 58 point 4, decision 0045): a seated student's 欠席 is a no-show
 * claim against her under the visits' rules (decision 0033: told once when filed, answered once
 * with 「参加しました」, withdrawn for good by changing it back to 参加, counted when an admin
 * upheld it or NO_SHOW_ANSWER_DAYS passed unanswered: visits/queries.ts absenceCounts), and an
 * in-person one asks each seated student 「無事に終わりましたか」 as a visit does. All of it lives on
 * her row of group_session_places.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const BATCH = 50;
/**
 * Only an ask due within this long is made (as a visit's SAFE_END_ASK_WINDOW_MS, two days here so
 * that one held the evening before is asked whatever hour the timer first runs after it).
 */
const SAFE_END_ASK_WINDOW_MS = 2 * DAY_MS;

/** The claim columns of a place, as the visits' rule reads a claim (absenceCounts). */
export const placeClaim = {
  createdAt: groupSessionPlaces.absenceClaimedAt,
  answeredAt: groupSessionPlaces.absenceAnsweredAt,
  withdrawnAt: groupSessionPlaces.absenceWithdrawnAt,
  decision: groupSessionPlaces.absenceDecision,
};

/** The places of a session (or the one of a student) with what comes after it, as pages show it. */
export function placesAfter(db: Executor, sessionId: string, now: Date) {
  return db
    .select({
      studentId: groupSessionPlaces.studentId,
      state: groupSessionPlaces.state,
      attended: groupSessionPlaces.attended,
      claimedAt: groupSessionPlaces.absenceClaimedAt,
      answerNote: groupSessionPlaces.absenceAnswerNote,
      answeredAt: groupSessionPlaces.absenceAnsweredAt,
      withdrawnAt: groupSessionPlaces.absenceWithdrawnAt,
      decision: groupSessionPlaces.absenceDecision,
      counts: absenceCounts(placeClaim, groupSessions.startsAt, students.noShowsClearedAt, now),
      cleared: absenceCleared(groupSessions.startsAt, students.noShowsClearedAt),
      safeEndAskedAt: groupSessionPlaces.safeEndAskedAt,
      safeEndConfirmedAt: groupSessionPlaces.safeEndConfirmedAt,
    })
    .from(groupSessionPlaces)
    .innerJoin(groupSessions, eq(groupSessions.id, groupSessionPlaces.sessionId))
    .innerJoin(students, eq(students.userId, groupSessionPlaces.studentId))
    .where(eq(groupSessionPlaces.sessionId, sessionId));
}

type PlaceAfter = Awaited<ReturnType<typeof placesAfter>>[number];

/** Her 欠席 as a visit's claim reads (the alumna gives no reason: it is a record). */
export function absenceOf(place: PlaceAfter): NoShowClaim | null {
  if (!place.claimedAt) return null;
  return {
    reason: '',
    claimedAt: place.claimedAt.toISOString(),
    answer:
      place.answeredAt !== null
        ? { note: place.answerNote ?? '', at: place.answeredAt.toISOString() }
        : null,
    withdrawnAt: place.withdrawnAt?.toISOString() ?? null,
    answerBy: answerDeadline(place.claimedAt).toISOString(),
    decision: place.decision,
    counts: place.counts,
    cleared: place.cleared,
  };
}

/** 「無事に終わりましたか」 once asked, never after a 欠席. */
export function safeEndOf(place: PlaceAfter): NonNullable<GroupSessionView['after']>['safeEnd'] {
  if (!place.safeEndAskedAt || place.attended === false) return null;
  return {
    askedAt: place.safeEndAskedAt.toISOString(),
    confirmedAt: place.safeEndConfirmedAt?.toISOString() ?? null,
  };
}

/** The reading student's own after it is held (her seat's), or null when she had none. */
export async function afterFor(
  db: Executor,
  studentId: string,
  session: { id: string; mentorId: string },
  now: Date,
): Promise<GroupSessionView['after']> {
  const sessionId = session.id;
  const places = await placesAfter(db, sessionId, now);
  const mine = places.find((place) => place.studentId === studentId && place.state === 'seated');
  if (!mine) return null;
  const absence = absenceOf(mine);
  return {
    absence,
    noShowsCounted: absence ? await countedNoShows(db, studentId) : 0,
    safeEnd: safeEndOf(mine),
    hostId: session.mentorId,
  };
}

/**
 * What the alumna's record does to a seated student's claim (under the session's lock): 参加
 * withdraws a standing one for good; 欠席 files one the first time only, and never again after a
 * withdrawal (visit/no-show-withdrawn, as a visit's). Returns whether the claim was filed now
 * (she is then told, once).
 */
export async function recordOne(
  tx: Transaction,
  sessionId: string,
  place: { studentId: string; claimedAt: Date | null; withdrawnAt: Date | null },
  attended: boolean,
  now: Date,
): Promise<boolean> {
  const filed = !attended && !place.claimedAt;
  if (!attended && place.withdrawnAt) throw new AppError('visit/no-show-withdrawn');
  const standing = place.claimedAt !== null && place.withdrawnAt === null;
  await tx
    .update(groupSessionPlaces)
    .set({
      attended,
      absenceClaimedAt: place.claimedAt ?? (attended ? null : now),
      absenceWithdrawnAt: attended && standing ? now : place.withdrawnAt,
    })
    .where(
      and(
        eq(groupSessionPlaces.sessionId, sessionId),
        eq(groupSessionPlaces.studentId, place.studentId),
      ),
    );
  return filed;
}

/** The student recorded 欠席 is told once, on the bell and by mail (always: a claim against her). */
export async function tellAbsent(tx: Transaction, sessionId: string, studentId: string, now: Date) {
  const session = (await findSession(tx, sessionId, null, now))!;
  const desk = await readDesk(tx);
  const link = mailLinks(tx).groupSession(sessionId);
  await tell(tx, {
    userId: studentId,
    kind: 'groupSessionAbsent',
    facts: { visitRequestId: null, groupSessionId: sessionId, actorName: session.mentorName },
    mail: async (recipient) =>
      groupSessionAbsentMail(
        link,
        {
          mentor: session.mentorName,
          title: session.title,
          startsAt: session.startsAt,
          answerBy: answerDeadline(now),
          counted: await countedNoShows(tx, studentId),
        },
        desk,
        recipient,
      ),
  });
}

/** Her seated place in the session, locked, or not-found. */
async function lockOwnPlace(tx: Transaction, sessionId: string, studentId: string) {
  const [place] = await tx
    .select({
      place: groupSessionPlaces,
      meetingFormat: groupSessions.meetingFormat,
      endsAt: groupSessions.endsAt,
      cancelledAt: groupSessions.cancelledAt,
    })
    .from(groupSessionPlaces)
    .innerJoin(groupSessions, eq(groupSessions.id, groupSessionPlaces.sessionId))
    .where(
      and(
        eq(groupSessionPlaces.sessionId, sessionId),
        eq(groupSessionPlaces.studentId, studentId),
        eq(groupSessionPlaces.state, 'seated'),
      ),
    )
    .for('update', { of: groupSessionPlaces });
  if (!place) throw new AppError('not-found');
  return place;
}

/**
 * 「参加しました」: the student's answer, once, to a 欠席 that stands (as a visit's answerNoShow:
 * not bound to the attendance's days, since a claim keeps counting after them).
 */
export async function answerAbsence(
  db: Database,
  user: Pick<SessionUser, 'id'>,
  sessionId: string,
  input: z.output<typeof noShowAnswerSchema>,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { place } = await lockOwnPlace(tx, sessionId, user.id);
    if (!place.absenceClaimedAt || place.absenceWithdrawnAt) {
      throw new AppError('visit/no-show-not-claimed');
    }
    if (place.absenceAnsweredAt) throw new AppError('visit/no-show-answered');
    await tx
      .update(groupSessionPlaces)
      .set({ absenceAnswerNote: maskContactDetails(input.note).text, absenceAnsweredAt: now })
      .where(
        and(eq(groupSessionPlaces.sessionId, sessionId), eq(groupSessionPlaces.studentId, user.id)),
      );
  });
}

/** When an in-person session's ask falls due: SAFE_END_ASK_AFTER_HOURS after its end. */
function safeEndDueAt(endsAt: Date): Date {
  return new Date(endsAt.getTime() + SAFE_END_ASK_AFTER_HOURS * HOUR_MS);
}

/**
 * 「無事に終わりました」: her one tap, once asked or due (as a visit's confirmSafeEnd); a second
 * changes nothing. Never after a 欠席, an online or a cancelled one (visit/safe-end-not-asked).
 */
export async function confirmGroupSessionSafeEnd(
  db: Database,
  user: Pick<SessionUser, 'id'>,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { place, meetingFormat, endsAt, cancelledAt } = await lockOwnPlace(
      tx,
      sessionId,
      user.id,
    );
    if (place.safeEndConfirmedAt) return;
    const due =
      meetingFormat === 'in_person' && cancelledAt === null && safeEndDueAt(endsAt) <= now;
    if (place.attended === false || !(place.safeEndAskedAt || due)) {
      throw new AppError('visit/safe-end-not-asked');
    }
    await tx
      .update(groupSessionPlaces)
      .set({ safeEndConfirmedAt: now, safeEndAskedAt: place.safeEndAskedAt ?? now })
      .where(
        and(eq(groupSessionPlaces.sessionId, sessionId), eq(groupSessionPlaces.studentId, user.id)),
      );
  });
}

/**
 * 「無事に終わりましたか」 after an in-person 座談会 (as visits' askSafeEnd): SAFE_END_ASK_AFTER_HOURS
 * after its end, each seated student not recorded 欠席 is asked on the bell and by mail, once:
 * each batch of places is claimed FOR UPDATE SKIP LOCKED and marked safe_end_asked_at in the
 * transaction that tells them (as day-before.ts). Never after a cancellation; only an ask due
 * within SAFE_END_ASK_WINDOW_MS. Returns how many were asked.
 */
export async function askGroupSessionSafeEnd(db: Database, now = new Date()): Promise<number> {
  const dueBy = new Date(now.getTime() - SAFE_END_ASK_AFTER_HOURS * HOUR_MS);
  let total = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          sessionId: groupSessionPlaces.sessionId,
          studentId: groupSessionPlaces.studentId,
        })
        .from(groupSessionPlaces)
        .innerJoin(groupSessions, eq(groupSessions.id, groupSessionPlaces.sessionId))
        .where(
          and(
            eq(groupSessionPlaces.state, 'seated'),
            isNull(groupSessionPlaces.safeEndAskedAt),
            sql`${groupSessionPlaces.attended} is not false`,
            eq(groupSessions.meetingFormat, 'in_person'),
            isNull(groupSessions.cancelledAt),
            lte(groupSessions.endsAt, dueBy),
            gt(groupSessions.endsAt, new Date(dueBy.getTime() - SAFE_END_ASK_WINDOW_MS)),
          ),
        )
        .orderBy(asc(groupSessions.endsAt))
        .limit(BATCH)
        .for('update', { of: groupSessionPlaces, skipLocked: true });
      const desk = rows.length > 0 ? await readDesk(tx) : null;
      const sessions = new Map<string, Awaited<ReturnType<typeof findSession>>>();
      for (const row of rows) {
        await tx
          .update(groupSessionPlaces)
          .set({ safeEndAskedAt: now })
          .where(
            and(
              eq(groupSessionPlaces.sessionId, row.sessionId),
              eq(groupSessionPlaces.studentId, row.studentId),
            ),
          );
        if (!sessions.has(row.sessionId)) {
          sessions.set(row.sessionId, await findSession(tx, row.sessionId, null, now));
        }
        const session = sessions.get(row.sessionId)!;
        const facts = {
          mentor: session.mentorName,
          title: session.title,
          startsAt: session.startsAt,
        };
        await tell(tx, {
          userId: row.studentId,
          kind: 'groupSessionSafeEndAsk',
          facts: {
            visitRequestId: null,
            groupSessionId: row.sessionId,
            actorName: session.mentorName,
          },
          mail: (recipient) =>
            groupSessionSafeEndAskMail(
              mailLinks(tx).groupSession(row.sessionId),
              facts,
              desk,
              recipient,
            ),
        });
      }
      return rows.length;
    });
    total += claimed;
    if (claimed < BATCH) return total;
  }
}

/** An attendee's after, as its alumna (her 欠席 claim) and the admins (and 「無事に…」) read it. */
export function attendeeAfter(places: PlaceAfter[], studentId: string, admin: boolean) {
  const place = places.find((one) => one.studentId === studentId);
  return {
    absence: place ? absenceOf(place) : null,
    safeEnd: place && admin ? safeEndOf(place) : null,
  };
}
