import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { WAITING_REQUESTS_DEFAULT_LIMIT } from '../../shared/constants';
import type { WaitingRequests } from '../../shared/schemas/waiting-requests';
import type { Executor } from '../db/client';
import { mentors, seminar, visitRequests } from '../db/schema';
import { waitsForMentor } from './queries';

/**
 * A first visit before anyone's fifth (issue 57, point 3; docs/PRODUCT.md §7): a student may
 * have at most the seminar's limit of requests waiting for an alumna's answer at once
 * (waitsForMentor). A new request and a booking are refused with visit/waiting-limit once she
 * has that many, read under the student's lock (service.ts lockRequestedMentor); her page says
 * it before she fills a form.
 */

/** The seminar's limit, in SQL: the admins' setting, or the default while the row is absent. */
export function waitingLimitSql(): SQL<number> {
  return sql<number>`coalesce((select ${seminar.waitingRequestsLimit} from ${seminar} where ${seminar.id} = 1), ${WAITING_REQUESTS_DEFAULT_LIMIT})`;
}

/** Whether `studentId` has the limit's number of requests waiting: a column of any statement. */
export function waitingFullOf(studentId: string | SQLWrapper): SQL<boolean> {
  return sql<boolean>`((select count(*) from ${visitRequests} where ${visitRequests.studentId} = ${studentId} and ${waitsForMentor()}) >= ${waitingLimitSql()})`;
}

/** Her requests waiting for an answer, oldest first, with the alumna each waits for. */
export async function waitingRequestsOf(db: Executor, studentId: string): Promise<WaitingRequests> {
  const rows = await db
    .select({
      id: visitRequests.id,
      mentorName: mentors.name,
      mentorUrlParam: mentors.urlParam,
      createdAt: visitRequests.createdAt,
      limit: waitingLimitSql(),
    })
    .from(visitRequests)
    .innerJoin(mentors, eq(mentors.userId, visitRequests.mentorId))
    .where(sql`${visitRequests.studentId} = ${studentId} and ${waitsForMentor()}`)
    .orderBy(asc(visitRequests.createdAt), asc(visitRequests.id));
  const limit = rows[0]?.limit ?? (await readWaitingLimit(db));
  return {
    limit: Number(limit),
    requests: rows.map((row) => ({
      id: row.id,
      mentorName: row.mentorName,
      mentorUrlParam: row.mentorUrlParam,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The seminar's limit as it stands. */
export async function readWaitingLimit(db: Executor): Promise<number> {
  const [row] = await db.select({ limit: waitingLimitSql() }).from(sql`(select 1) as one`);
  return Number(row!.limit);
}

/** The row's limit, locked for an admin's save; undefined while the seminar has no row. */
export async function lockWaitingLimit(db: Executor): Promise<number | undefined> {
  const [row] = await db
    .select({ limit: seminar.waitingRequestsLimit })
    .from(seminar)
    .where(eq(seminar.id, 1))
    .for('update');
  return row?.limit;
}

/**
 * The admins' limit, on the seminar's one row (made with empty names if no admin named the
 * seminar yet: unnamed, as invitations/seminar-service.ts readSeminar reads it).
 */
export async function upsertWaitingLimit(db: Executor, limit: number, updatedBy: string) {
  await db
    .insert(seminar)
    .values({ id: 1, waitingRequestsLimit: limit, updatedBy })
    .onConflictDoUpdate({
      target: seminar.id,
      set: { waitingRequestsLimit: limit, updatedBy, updatedAt: sql`now()` },
    });
}
