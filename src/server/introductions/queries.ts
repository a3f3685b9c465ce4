import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { monthlyLimitReached } from '../booking';
import type { Executor } from '../db/client';
import type { Instant } from '../db/prepared';
import { introductions, mentors, students, users } from '../db/schema';
import { eitherBlocked } from '../visits';

/**
 * The student an introduction is about, if she is one and may be introduced (not suspended),
 * with how the introducer stands to her: whether they have a visit together (one the alumna
 * accepted: what lets an alumna introduce a student, so that she introduces only someone she has
 * met) and whether a block stands between them either way (a student who blocked an alumna hears
 * from her through no introduction). One statement.
 */
export async function findIntroducibleStudent(
  db: Executor,
  studentId: string,
  introducerId: string,
) {
  const [row] = await db
    .select({
      id: users.id,
      name: students.name,
      university: students.universityName,
      met: sql<boolean>`exists (select 1 from visit_requests met where met.mentor_id = ${introducerId} and met.student_id = ${users.id} and met.status = 'accepted')`,
      blocked: eitherBlocked(introducerId, users.id),
    })
    .from(users)
    .innerJoin(students, eq(students.userId, users.id))
    .where(
      and(eq(users.id, studentId), eq(users.role, 'student'), sql`${users.suspendedAt} is null`),
    )
    .limit(1);
  return row;
}

/**
 * The alumna to be introduced, by her list name, with what decides whether this student can be
 * introduced to her by the introducer: listed (a suspended account is not), her own setting, a
 * block either way with the student or with the introducer (whose name and words she would
 * read), and a pending introduction of the pair. One statement.
 */
export async function findIntroducedMentor(
  db: Executor,
  urlParam: string,
  studentId: string,
  introducerId: string,
) {
  const [row] = await db
    .select({
      userId: mentors.userId,
      name: mentors.name,
      company: mentors.company,
      urlParam: mentors.urlParam,
      takesIntroductions: mentors.takesIntroductions,
      blocked: sql<boolean>`(${eitherBlocked(mentors.userId, studentId)} or ${eitherBlocked(mentors.userId, introducerId)})`,
      // Only an alumna answers an introduction: an admin who keeps a profile is listed, but
      // the answer and the setting are an alumna's (routes.ts).
      isAlumna: sql<boolean>`(${users.role} = 'mentor')`,
      pending: pendingBetween(studentId, mentors.userId),
    })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where(and(eq(mentors.listed, true), eq(mentors.urlParam, urlParam)))
    .limit(1);
  return row;
}

function pendingBetween(studentId: string, mentorId: SQLWrapper) {
  return sql<boolean>`exists (select 1 from introductions waiting where waiting.student_id = ${studentId} and waiting.mentor_id = ${mentorId} and waiting.status = 'pending')`;
}

/**
 * One introduction with the names its page shows, and the request made from it. Given
 * `monthStart` (an answer, under the alumna's lock), also whether her monthly limit is reached
 * (booking's one count): an opt-in counts toward it.
 */
export async function findIntroduction(db: Executor, id: string, monthStart?: Instant) {
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
      blocked: eitherBlocked(introductions.mentorId, introductions.studentId),
      // The introducer's name and words reach the student on an opt-in.
      introducerBlocked: sql<boolean>`(${introductions.introducedBy} is not null and ${eitherBlocked(introductions.introducedBy, introductions.studentId)})`,
      atLimit: monthStart ? monthlyLimitReached(monthStart) : sql<boolean>`false`,
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
