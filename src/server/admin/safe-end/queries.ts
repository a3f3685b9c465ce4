import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { SAFE_END_UNCONFIRMED_AFTER_HOURS } from '../../../shared/constants';
import {
  UNCONFIRMED_VISITS_LIMIT,
  type AdminUnconfirmedVisitList,
} from '../../../shared/schemas/admin';
import type { Executor } from '../../db/client';
import { mentors, students, userReports, visitRequests } from '../../db/schema';

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
  return {
    items: rows
      .slice(0, UNCONFIRMED_VISITS_LIMIT)
      .map((row) => ({ ...row, meetingAt: row.meetingAt! })),
    more: rows.length > UNCONFIRMED_VISITS_LIMIT,
  };
}
