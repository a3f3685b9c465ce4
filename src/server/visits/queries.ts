import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
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

/** The alumnus accepted a request of this student: the condition for "accepted only" contacts. */
export async function hasAcceptedRequest(
  db: Executor,
  studentId: string,
  mentorId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(visitRequests)
    .where(
      and(
        eq(visitRequests.studentId, studentId),
        eq(visitRequests.mentorId, mentorId),
        eq(visitRequests.status, 'accepted'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
