import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { SAFE_END_UNCONFIRMED_AFTER_HOURS } from '../../../shared/constants';
import {
  UNCONFIRMED_VISITS_LIMIT,
  type AdminUnconfirmedVisitList,
} from '../../../shared/schemas/admin';
import type { Executor } from '../../db/client';
import {
  groupSessionPlaces,
  groupSessions,
  mentors,
  students,
  userReports,
  visitRequests,
} from '../../db/schema';

const HOUR_MS = 60 * 60 * 1000;

/**
 * 「確認が取れていない訪問」: the student was asked 「無事に終わりましたか」 more than
 * SAFE_END_UNCONFIRMED_AFTER_HOURS ago and has neither confirmed nor reported the alumna about
 * that visit (a report reaches the admins' reports list, where someone already knows), most
 * recent first.
 */
export async function listUnconfirmedVisits(
  db: Executor,
  now = new Date(),
): Promise<AdminUnconfirmedVisitList> {
  const reported = sql`exists (select 1 from ${userReports} where ${userReports.visitRequestId} = ${visitRequests.id} and ${userReports.reporterId} = ${visitRequests.studentId})`;
  const rows = await db
    .select({
      meetingAt: visitRequests.meetingAt,
      studentName: students.name,
      mentorName: mentors.name,
    })
    .from(visitRequests)
    .leftJoin(students, eq(students.userId, visitRequests.studentId))
    .leftJoin(mentors, eq(mentors.userId, visitRequests.mentorId))
    .where(
      and(
        isNotNull(visitRequests.meetingAt),
        lte(
          visitRequests.safeEndAskedAt,
          new Date(now.getTime() - SAFE_END_UNCONFIRMED_AFTER_HOURS * HOUR_MS),
        ),
        isNull(visitRequests.safeEndConfirmedAt),
        sql`not ${reported}`,
      ),
    )
    .orderBy(desc(visitRequests.meetingAt))
    .limit(UNCONFIRMED_VISITS_LIMIT + 1);
  const all = [
    ...rows.map((row) => ({ ...row, meetingAt: row.meetingAt! })),
    ...(await unconfirmedGroupSessionPlaces(db, now)),
  ].sort((x, y) => y.meetingAt.getTime() - x.meetingAt.getTime());
  return {
    items: all.slice(0, UNCONFIRMED_VISITS_LIMIT),
    more: all.length > UNCONFIRMED_VISITS_LIMIT,
  };
}

/**
 * The same for an in-person 座談会 (group-sessions/after.ts asks each seated student): asked
 * long enough ago, neither confirmed nor a report of hers about its alumna since the ask.
 */
async function unconfirmedGroupSessionPlaces(db: Executor, now: Date) {
  const reported = sql`exists (select 1 from ${userReports} where ${userReports.reporterId} = ${groupSessionPlaces.studentId} and ${userReports.reportedId} = ${groupSessions.mentorId} and ${userReports.createdAt} >= ${groupSessionPlaces.safeEndAskedAt})`;
  return db
    .select({
      meetingAt: groupSessions.startsAt,
      studentName: students.name,
      mentorName: mentors.name,
    })
    .from(groupSessionPlaces)
    .innerJoin(groupSessions, eq(groupSessions.id, groupSessionPlaces.sessionId))
    .leftJoin(students, eq(students.userId, groupSessionPlaces.studentId))
    .leftJoin(mentors, eq(mentors.userId, groupSessions.mentorId))
    .where(
      and(
        lte(
          groupSessionPlaces.safeEndAskedAt,
          new Date(now.getTime() - SAFE_END_UNCONFIRMED_AFTER_HOURS * HOUR_MS),
        ),
        isNull(groupSessionPlaces.safeEndConfirmedAt),
        sql`${groupSessionPlaces.attended} is not false`,
        sql`not ${reported}`,
      ),
    )
    .orderBy(desc(groupSessions.startsAt))
    .limit(UNCONFIRMED_VISITS_LIMIT + 1);
}
