import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { RETENTION_DAYS } from '../../shared/constants';
import type { Executor } from '../db/client';
import { registrationHolds, userReports, visitRequests } from '../db/schema';

/**
 * Retention (docs/RETENTION.md): resolved reports and cleared holds go RETENTION_DAYS
 * after they were resolved or cleared. Open reports and uncleared holds stay.
 */
export async function purgeExpiredSafetyRecords(db: Executor, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 24 * 60 * 60 * 1000);
  await db
    .delete(userReports)
    .where(
      and(
        eq(userReports.status, 'resolved'),
        isNotNull(userReports.resolvedAt),
        lt(userReports.resolvedAt, cutoff),
      ),
    );
  await db
    .delete(registrationHolds)
    .where(and(isNotNull(registrationHolds.clearedAt), lt(registrationHolds.clearedAt, cutoff)));
  // A request both of whose people have left belongs to nobody, unless a report still cites it.
  await db
    .delete(visitRequests)
    .where(
      and(
        isNull(visitRequests.studentId),
        isNull(visitRequests.mentorId),
        sql`not exists (select 1 from ${userReports} where ${userReports.visitRequestId} = ${visitRequests.id})`,
      ),
    );
}
