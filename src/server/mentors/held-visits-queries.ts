import { and, count, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { visitRequests } from '../db/schema';

/**
 * What the site records of visits that took place: the 実施 N件 of the OG list and an alumna's
 * page, and the admins' figures. It lives with the alumni, not in visits/, because visits/ reads
 * the alumni (a request needs a listed alumna) and the alumni read this.
 */
/**
 * A visit that took place: agreed, marked 実施済み by at least one side and reported a no-show
 * by neither. What the alumnus's page counts (実施 N件) and the admins' funnel.
 */
export function wasHeld(visit: HeldColumns = visitRequests): SQL {
  return and(
    sql`${visit.status} = 'accepted'`,
    or(sql`${visit.studentOutcome} = 'held'`, sql`${visit.mentorOutcome} = 'held'`),
    sql`${visit.studentOutcome} is distinct from 'no_show'`,
    sql`${visit.mentorOutcome} is distinct from 'no_show'`,
  )!;
}

/** visit_requests, or an alias of it (a request's other visits, read beside it). */
type HeldColumns = Record<'status' | 'studentOutcome' | 'mentorOutcome', SQLWrapper>;

/** The OG訪問 the alumnus held: 実施 N件 on their page. */
export async function countHeldVisits(db: Executor, mentorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(visitRequests)
    .where(and(eq(visitRequests.mentorId, mentorId), wasHeld()));
  return row?.n ?? 0;
}

/**
 * An alumnus's record for the admins: requests received, answered (accepted, declined or
 * another time proposed), held, and the average of the students' ratings (null without any).
 */
export function mentorVisitStats(mentorId: SQLWrapper) {
  return {
    received: sql<number>`(select count(*)::int from visit_requests received where received.mentor_id = ${mentorId})`,
    answered: sql<number>`(select count(*)::int from visit_requests answered where answered.mentor_id = ${mentorId} and answered.responded_at is not null)`,
    held: sql<number>`(select count(*)::int from ${visitRequests} where ${visitRequests.mentorId} = ${mentorId} and ${wasHeld()})`,
    averageRating: sql<
      number | null
    >`(select round(avg(rated.rating), 1)::float8 from visit_feedback rated join visit_requests rated_visit on rated_visit.id = rated.visit_request_id where rated_visit.mentor_id = ${mentorId} and rated.side = 'student')`,
  };
}
