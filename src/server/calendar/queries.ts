import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mentors, students, users, visitRequests } from '../db/schema';

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

/** The user's agreed visits from `since` on, soonest first: what the feed lists. */
export function agreedVisitsOf(db: Executor, userId: string, since: Date) {
  return visits(db)
    .where(
      and(
        or(eq(visitRequests.studentId, userId), eq(visitRequests.mentorId, userId)),
        eq(visitRequests.status, 'accepted'),
        gt(visitRequests.meetingAt, since),
      ),
    )
    .orderBy(asc(visitRequests.meetingAt));
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
