import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { introductions, mentors, students, users, visitRequests } from '../db/schema';
import { blockedBy } from '../visits';

/** The student an introduction is about, if she is one and may be introduced (not suspended). */
export async function findIntroducibleStudent(db: Executor, studentId: string) {
  const [row] = await db
    .select({ id: users.id, name: students.name, university: students.universityName })
    .from(users)
    .innerJoin(students, eq(students.userId, users.id))
    .where(
      and(eq(users.id, studentId), eq(users.role, 'student'), sql`${users.suspendedAt} is null`),
    )
    .limit(1);
  return row;
}

/**
 * Whether the alumna and the student have a visit together (one she accepted): what lets an
 * alumna introduce a student, so that she introduces only someone she has met.
 */
export async function haveMet(db: Executor, mentorId: string, studentId: string) {
  const [row] = await db
    .select({ id: visitRequests.id })
    .from(visitRequests)
    .where(
      and(
        eq(visitRequests.mentorId, mentorId),
        eq(visitRequests.studentId, studentId),
        eq(visitRequests.status, 'accepted'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The alumna to be introduced, by her list name, with what decides whether this student can be
 * introduced to her: listed (a suspended account is not), her own setting, a block either way,
 * and a pending introduction of the pair. One statement.
 */
export async function findIntroducedMentor(db: Executor, urlParam: string, studentId: string) {
  const [row] = await db
    .select({
      userId: mentors.userId,
      name: mentors.name,
      company: mentors.company,
      urlParam: mentors.urlParam,
      takesIntroductions: mentors.takesIntroductions,
      blocked: sql<boolean>`(${blockedBy(mentors.userId, studentId)} or ${blockedBy(studentId, mentors.userId)})`,
      pending: pendingBetween(studentId, mentors.userId),
    })
    .from(mentors)
    .where(and(eq(mentors.listed, true), eq(mentors.urlParam, urlParam)))
    .limit(1);
  return row;
}

function pendingBetween(studentId: string, mentorId: SQLWrapper) {
  return sql<boolean>`exists (select 1 from introductions waiting where waiting.student_id = ${studentId} and waiting.mentor_id = ${mentorId} and waiting.status = 'pending')`;
}

/** One introduction with the names its page shows, and the request made from it. */
export async function findIntroduction(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: introductions.id,
      studentId: introductions.studentId,
      mentorId: introductions.mentorId,
      introducedBy: introductions.introducedBy,
      introducerRole: introductions.introducerRole,
      introducerName: introductions.introducerName,
      reason: introductions.reason,
      status: introductions.status,
      createdAt: introductions.createdAt,
      studentName: students.name,
      studentUniversity: students.universityName,
      studentSuspended: sql<boolean>`exists (select 1 from users s where s.id = ${introductions.studentId} and s.suspended_at is not null)`,
      mentorName: mentors.name,
      mentorCompany: mentors.company,
      mentorUrlParam: mentors.urlParam,
      blocked: sql<boolean>`(${blockedBy(introductions.mentorId, introductions.studentId)} or ${blockedBy(introductions.studentId, introductions.mentorId)})`,
      requestId: sql<
        string | null
      >`(select made.id from visit_requests made where made.introduction_id = ${introductions.id})`,
    })
    .from(introductions)
    .innerJoin(students, eq(students.userId, introductions.studentId))
    .innerJoin(mentors, eq(mentors.userId, introductions.mentorId))
    .where(eq(introductions.id, id))
    .limit(1);
  return row;
}

export type IntroductionRow = NonNullable<Awaited<ReturnType<typeof findIntroduction>>>;
