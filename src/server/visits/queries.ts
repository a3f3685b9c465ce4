import { and, eq, gt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { holds } from '../db/holds';
import { visitRequests } from '../db/schema';

/**
 * A request is open while it waits for an answer, or once accepted until its meeting time has
 * passed: a student has at most one open request per alumnus (issue 10).
 */
export function isOpen(now: Date) {
  return or(
    eq(visitRequests.status, 'pending'),
    and(eq(visitRequests.status, 'accepted'), gt(visitRequests.meetingAt, now)),
  )!;
}

/** The student's open request to this alumnus, if any. */
export async function findOpenRequestId(
  db: Executor,
  studentId: string,
  mentorId: string,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .select({ id: visitRequests.id })
    .from(visitRequests)
    .where(
      and(
        eq(visitRequests.studentId, studentId),
        eq(visitRequests.mentorId, mentorId),
        isOpen(now),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** A user id, or the column of the query the condition is part of. */
type UserRef = string | SQLWrapper;

/**
 * The alumnus accepted a request of this student (one cancelled after acceptance no longer
 * counts): what opens an "accepted only" contact address.
 */
export function acceptedBetween(studentId: UserRef, mentorId: UserRef): SQL<boolean> {
  return sql<boolean>`exists (select 1 from visit_requests accepted where accepted.student_id = ${studentId} and accepted.mentor_id = ${mentorId} and accepted.status = 'accepted')`;
}

export function hasAcceptedRequest(
  db: Executor,
  studentId: string,
  mentorId: string,
): Promise<boolean> {
  return holds(db, acceptedBetween(studentId, mentorId));
}
