import { and, asc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mentors, students, users, visitRequests } from '../db/schema';
import { holdingBookedSlot } from '../booking';

/** An agreed visit with what its calendar event says. */
const visitColumns = {
  id: visitRequests.id,
  studentId: visitRequests.studentId,
  mentorId: visitRequests.mentorId,
  status: visitRequests.status,
  meetingAt: visitRequests.meetingAt,
  meetingFormat: visitRequests.meetingFormat,
  meetingPlace: visitRequests.meetingPlace,
  meetingUrl: visitRequests.meetingUrl,
  bookedFrom: visitRequests.bookedFrom,
  bookedUntil: visitRequests.bookedUntil,
  studentName: students.name,
  mentorName: mentors.name,
  updatedAt: visitRequests.updatedAt,
};

function visits(db: Executor) {
  return db
    .select(visitColumns)
    .from(visitRequests)
    .leftJoin(students, eq(students.userId, visitRequests.studentId))
    .leftJoin(mentors, eq(mentors.userId, visitRequests.mentorId));
}

export type CalendarVisit = Awaited<ReturnType<ReturnType<typeof visits>['execute']>>[number];

/** One request, if `userId` is its student or its alumnus. */
export async function findOwnVisit(db: Executor, userId: string, id: string) {
  const [row] = await visits(db)
    .where(
      and(
        eq(visitRequests.id, id),
        or(eq(visitRequests.studentId, userId), eq(visitRequests.mentorId, userId)),
      ),
    )
    .limit(1);
  return row;
}

/**
 * What the feed lists from `since` on, soonest first: the user's agreed visits, and the slots
 * their bookings hold while they wait for an answer (shown as tentative).
 */
export function feedVisitsOf(db: Executor, userId: string, since: Date) {
  return visits(db)
    .where(
      and(
        or(eq(visitRequests.studentId, userId), eq(visitRequests.mentorId, userId)),
        or(
          and(eq(visitRequests.status, 'accepted'), gt(visitRequests.meetingAt, since)),
          and(
            eq(visitRequests.status, 'pending'),
            isNotNull(visitRequests.bookedFrom),
            gt(visitRequests.bookedFrom, since),
          ),
        ),
      ),
    )
    .orderBy(sql`coalesce(${visitRequests.meetingAt}, ${visitRequests.bookedFrom})`);
}

/** Her slots that bookings hold from `since` on, agreed or waiting: busy in her slots feed. */
export function bookedSlotsOf(db: Executor, mentorId: string, since: Date) {
  return db
    .select({
      id: visitRequests.id,
      status: visitRequests.status,
      bookedFrom: visitRequests.bookedFrom,
      bookedUntil: visitRequests.bookedUntil,
      updatedAt: visitRequests.updatedAt,
    })
    .from(visitRequests)
    .where(and(holdingBookedSlot(mentorId), gt(visitRequests.bookedUntil, since)))
    .orderBy(asc(visitRequests.bookedFrom));
}

/** The account a feed token belongs to, unless suspended. */
export async function findFeedOwner(db: Executor, token: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.calendarToken, token), isNull(users.suspendedAt)))
    .limit(1);
  return row;
}
