import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { VISIT_DURATION_MINUTES } from '../../shared/constants';
import type { Executor } from '../db/client';
import { instantSql } from '../db/prepared';
import { mentors, visitRequests } from '../db/schema';
import { AppError } from '../errors';

/**
 * A student booking two alumnae at the same hour is warned first (issue 56): a new request or
 * booking whose time (any of the times she offers) starts within VISIT_DURATION_MINUTES of a
 * visit she has agreed with another alumna, or of a slot another booking of hers holds, is
 * answered 409 visit/same-hour until she sends it again with `sameHourConfirmed`. A warning,
 * not a rule: she may mean to meet both (one online after another), so it is read before the
 * request's own locks and rate limit, and a confirmed resend is not counted twice.
 */
export async function warnOfSameHour(
  db: Executor,
  studentId: string,
  /** The alumna asked now, by her page's address: a visit with her is not another alumna's. */
  mentorUrlParam: string,
  times: readonly Date[],
  confirmed: boolean | undefined,
): Promise<void> {
  if (confirmed || times.length === 0) return;
  const [clash] = await db
    .select({ id: visitRequests.id })
    .from(visitRequests)
    .where(
      and(
        eq(visitRequests.studentId, studentId),
        // With the same alumna it is the one-open-request rule's to answer (visit/already-open).
        sql`${visitRequests.mentorId} not in (select ${mentors.userId} from ${mentors} where ${mentors.urlParam} = ${mentorUrlParam})`,
        or(
          and(eq(visitRequests.status, 'accepted'), near(visitRequests.meetingAt, times)),
          and(eq(visitRequests.status, 'pending'), near(visitRequests.bookedFrom, times)),
        ),
      ),
    )
    .limit(1);
  if (clash) throw new AppError('visit/same-hour');
}

/** The column's time starts less than a visit's length before or after one of `times`. */
function near(column: SQLWrapper, times: readonly Date[]): SQL {
  const length = VISIT_DURATION_MINUTES * 60 * 1000;
  return or(
    ...times.map(
      (time) =>
        sql`(${column} > ${instantSql(new Date(time.getTime() - length))} and ${column} < ${instantSql(new Date(time.getTime() + length))})`,
    ),
  )!;
}
