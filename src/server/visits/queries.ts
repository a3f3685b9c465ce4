import { and, eq, gt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { holds } from '../db/holds';
import { visitRequests } from '../db/schema';

/**
 * A request is open while it waits for an answer, or once accepted until its meeting time has
 * passed: a student has at most one open request per alumnus.
 */
export function isOpen(now: Date) {
  return or(
    eq(visitRequests.status, 'pending'),
    and(eq(visitRequests.status, 'accepted'), gt(visitRequests.meetingAt, now)),
  )!;
}

/** A request's two sides. */
export type Side = 'student' | 'mentor';

/**
 * Whose answer a pending request waits for: the alumnus's, unless the open proposal
 * of another time is the alumnus's own; then the student's. Nobody's once it is not pending.
 */
export function awaitingSide(request: { status: string; proposedBy: Side | null }): Side | null {
  if (request.status !== 'pending') return null;
  return request.proposedBy === 'mentor' ? 'student' : 'mentor';
}

/**
 * The same in SQL: the requests that wait for `userId`'s answer, or (a student's) that hold
 * something the alumnus did which the student has not opened: the requests tab's badge.
 */
export function needsAttentionOf(userId: string): SQL {
  const pending = eq(visitRequests.status, 'pending');
  return or(
    and(
      eq(visitRequests.mentorId, userId),
      pending,
      sql`${visitRequests.proposedBy} is distinct from 'mentor'`,
    ),
    and(
      eq(visitRequests.studentId, userId),
      or(
        and(pending, eq(visitRequests.proposedBy, 'mentor')),
        eq(visitRequests.studentUnseen, true),
      ),
    ),
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
