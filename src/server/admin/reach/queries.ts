import { and, asc, count, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  AdminReach,
  LeftOutStudent,
  NeverAskedMentor,
} from '../../../shared/schemas/admin-reach';
import type { Executor } from '../../db/client';
import { mentors, students, universities, users, visitRequests } from '../../db/schema';
import {
  agreedCount,
  medianHoursToAnswer,
  requestMonth,
  tokyoMonthStartOf,
} from '../visit-figures';

/**
 * What 「依頼の偏り」 counts, each figure one statement aggregated by the database: the months'
 * figures, the requests per alumna, and the three lists of who is left out.
 */

/** People who can ask or be asked today: not suspended (a withdrawn one has no row). */
const notSuspended = isNull(users.suspendedAt);
/** Alumni who can be asked: approved (awaiting approval is not on the list yet). */
const canBeAsked = and(eq(users.role, 'mentor'), notSuspended);
const canAsk = and(eq(users.role, 'student'), notSuspended);

/** How many of a list's rows the statement returns: a page's first few, or all for the CSV. */
export type ListLimit = number | 'all';

/** The list's people in `total` (counted before the limit), read with the page's first rows. */
const totalRows = sql<number>`(count(*) over ())::int`;

export interface MonthFigures {
  month: string;
  requested: number;
  agreed: number;
  decided: number;
  medianHours: number | null;
}

/** Per month of the request since `firstMonth`: sent, agreed, answered one way or the other, median answer time. */
export function monthFigures(db: Executor, firstMonth: string): Promise<MonthFigures[]> {
  return db
    .select({
      month: requestMonth,
      requested: count(),
      agreed: agreedCount,
      decided: sql<number>`count(*) filter (where ${visitRequests.meetingAt} is not null or ${visitRequests.status} in ('declined', 'expired'))::int`,
      medianHours: medianHoursToAnswer,
    })
    .from(visitRequests)
    .where(gte(visitRequests.createdAt, tokyoMonthStartOf(firstMonth)))
    .groupBy(requestMonth);
}

/** Each alumna asked in each month since `firstMonth`, most asked first (a withdrawn one has no profile). */
export function requestsPerMentor(db: Executor, firstMonth: string) {
  return db
    .select({
      month: requestMonth,
      userId: mentors.userId,
      name: mentors.name,
      count: count(),
    })
    .from(visitRequests)
    .innerJoin(mentors, eq(mentors.userId, visitRequests.mentorId))
    .where(gte(visitRequests.createdAt, tokyoMonthStartOf(firstMonth)))
    .groupBy(requestMonth, mentors.userId, mentors.name)
    .orderBy(desc(count()), asc(mentors.name), asc(mentors.userId));
}

export async function countAskableAlumni(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where(canBeAsked);
  return row?.n ?? 0;
}

/** Alumni who can be asked and received no request since `since`, the longest unasked first. */
export async function neverAskedMentors(
  db: Executor,
  since: Date,
  limit: ListLimit,
): Promise<AdminReach['neverAsked']> {
  const lastAskedAt =
    sql<Date | null>`(select max(${visitRequests.createdAt}) from ${visitRequests} where ${visitRequests.mentorId} = ${users.id})`.mapWith(
      visitRequests.createdAt,
    );
  const query = db
    .select({
      userId: users.id,
      name: mentors.name,
      company: mentors.company,
      lastAskedAt,
      acceptingRequests: mentors.acceptingRequests,
      registeredAt: mentors.createdAt,
      total: totalRows,
    })
    .from(users)
    .innerJoin(mentors, eq(mentors.userId, users.id))
    .where(
      and(
        canBeAsked,
        sql`not exists (select 1 from ${visitRequests} where ${and(eq(visitRequests.mentorId, users.id), gte(visitRequests.createdAt, since))})`,
      ),
    )
    .orderBy(sql`${lastAskedAt} asc nulls first`, asc(mentors.createdAt), asc(users.id));
  const rows = await (limit === 'all' ? query : query.limit(limit));
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ total: _total, ...item }): NeverAskedMentor => item),
  };
}

/** A student's requests sent, and the last one's time. */
const sentRequests = sql<number>`(select count(*) from ${visitRequests} where ${visitRequests.studentId} = ${users.id})::int`;
const lastRequestAt =
  sql<Date | null>`(select max(${visitRequests.createdAt}) from ${visitRequests} where ${visitRequests.studentId} = ${users.id})`.mapWith(
    visitRequests.createdAt,
  );

/** Students who can ask, with what the lists show of them; `where` and `order` choose the list. */
async function leftOutStudents(
  db: Executor,
  where: SQL,
  order: SQL[],
  limit: ListLimit,
): Promise<AdminReach['noRequest']> {
  const query = db
    .select({
      userId: users.id,
      name: students.name,
      universityName: students.universityName,
      universityNameEn: universities.nameEn,
      grade: students.grade,
      registeredAt: students.createdAt,
      requests: sentRequests,
      lastRequestAt,
      total: totalRows,
    })
    .from(users)
    .innerJoin(students, eq(students.userId, users.id))
    .leftJoin(universities, eq(universities.id, students.universityId))
    .where(and(canAsk, where))
    .orderBy(...order, asc(students.createdAt), asc(users.id));
  const rows = await (limit === 'all' ? query : query.limit(limit));
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ total: _total, ...item }): LeftOutStudent => item),
  };
}

/** Students who have never sent a request, the longest registered first. */
export function studentsWithoutRequest(db: Executor, limit: ListLimit) {
  return leftOutStudents(
    db,
    sql`not exists (select 1 from ${visitRequests} where ${visitRequests.studentId} = ${users.id})`,
    [],
    limit,
  );
}

/** Students who sent requests but have no agreed visit, the most requests first. */
export function studentsWithoutVisit(db: Executor, limit: ListLimit) {
  return leftOutStudents(
    db,
    sql`exists (select 1 from ${visitRequests} where ${visitRequests.studentId} = ${users.id}) and not exists (select 1 from ${visitRequests} where ${visitRequests.studentId} = ${users.id} and ${visitRequests.status} = 'accepted')`,
    [desc(sentRequests)],
    limit,
  );
}
