import { and, asc, count, desc, eq, gte, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PROFILE_GRADES } from '../../../shared/constants';
import {
  INVITATION_STATUSES,
  SIGN_UP_WEEKS,
  VISIT_FUNNEL_MONTHS,
  type AdminOverview,
} from '../../../shared/schemas/admin';
import { INDUSTRY_CATEGORIES, OTHER_CATEGORY, parseIndustry } from '../../../shared/taxonomy';
import type { Database, Executor } from '../../db/client';
import {
  invitations,
  mentors,
  students,
  universities,
  users,
  visitRequests,
} from '../../db/schema';
import { wasHeld } from '../../mentors';
import { expireDueInvitations } from '../../invitations';
import { countOpenReports } from '../reports';
import { outboxBacklog } from '../../mail/outbox';
import { atJapanTimeZone, tokyoMonths, tokyoWeekStarts } from '../../lib/tokyo-time';
import {
  agreedCount,
  medianHoursToAnswer,
  requestMonth,
  roundedHours,
  tokyoMonthStartOf,
} from '../visit-figures';

/**
 * The admin console's dashboard. Every number is counted by the database (group by); only
 * the zero-filling and the taxonomy's grouping of stored industries happen here.
 */
export async function adminOverview(db: Database): Promise<AdminOverview> {
  await expireDueInvitations(db);
  const [
    studentCounts,
    mentorCounts,
    invitationCounts,
    signUpsPerWeek,
    visits,
    openReports,
    outbox,
  ] = await Promise.all([
    countStudents(db),
    countMentors(db),
    countInvitations(db),
    countSignUpsPerWeek(db, new Date()),
    countVisits(db, new Date()),
    countOpenReports(db),
    outboxBacklog(db),
  ]);
  return {
    students: studentCounts,
    mentors: mentorCounts,
    invitations: invitationCounts,
    signUpsPerWeek,
    visits,
    openReports,
    outbox,
  };
}

const isStudent = eq(users.role, 'student');
/** Alumni as the schema defines them: approved or awaiting approval, with a profile. */
const isAlumnus = inArray(users.role, ['mentor', 'mentor_pending']);

async function countStudents(db: Executor): Promise<AdminOverview['students']> {
  const byUniversity = await db
    .select({
      universityName: students.universityName,
      // One name per group: students keep the name they registered with, the English one is
      // the university's (the same for every student of it).
      universityNameEn: max(universities.nameEn),
      count: count(),
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(universities, eq(universities.id, students.universityId))
    .where(isStudent)
    .groupBy(students.universityName)
    .orderBy(desc(count()), asc(students.universityName));
  const gradeRows = await db
    .select({ grade: students.grade, count: count() })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(isStudent)
    .groupBy(students.grade);
  return {
    total: sum(byUniversity),
    byGrade: inOrder(PROFILE_GRADES, gradeRows, (row) => row.grade).map(([grade, n]) => ({
      grade,
      count: n,
    })),
    byUniversity,
  };
}

async function countMentors(db: Executor): Promise<AdminOverview['mentors']> {
  // Grouped by the stored text (a few dozen values at most), then by category here.
  const industryRows = await db
    .select({ industry: mentors.industry, count: count() })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where(isAlumnus)
    .groupBy(mentors.industry);
  const byCategory = industryRows.map((row) => ({
    // Text the taxonomy does not know (hand-edited data) is counted as "other".
    category: parseIndustry(row.industry).category ?? OTHER_CATEGORY,
    count: row.count,
  }));
  const categories = INDUSTRY_CATEGORIES.map((category) => category.name);
  const byGraduationYear = await db
    .select({ year: mentors.graduationYear, count: count() })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where(isAlumnus)
    .groupBy(mentors.graduationYear)
    .orderBy(asc(mentors.graduationYear));
  return {
    total: sum(industryRows),
    byIndustryCategory: inOrder(categories, byCategory, (row) => row.category).map(
      ([category, n]) => ({ category, count: n }),
    ),
    byGraduationYear,
  };
}

async function countInvitations(db: Executor): Promise<AdminOverview['invitations']> {
  const rows = await db
    .select({ status: invitations.status, count: count() })
    .from(invitations)
    .groupBy(invitations.status);
  const byStatus = new Map(rows.map((row) => [row.status, row.count]));
  return INVITATION_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}

/** The Monday of a row's week in Japan time, as YYYY-MM-DD (date_trunc weeks start on Monday). */
function tokyoWeekOf(createdAt: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(date_trunc('week', ${atJapanTimeZone(createdAt)}), 'YYYY-MM-DD')`;
}

/** Midnight, Japan time, at the start of a YYYY-MM-DD day. */
function tokyoMidnight(day: string): SQL {
  return atJapanTimeZone(sql`${day}::date::timestamp`);
}

async function countSignUpsPerWeek(
  db: Executor,
  now: Date,
): Promise<AdminOverview['signUpsPerWeek']> {
  const weeks = tokyoWeekStarts(now, SIGN_UP_WEEKS);
  const since = tokyoMidnight(weeks[0]!);
  const studentWeek = tokyoWeekOf(students.createdAt);
  const mentorWeek = tokyoWeekOf(mentors.createdAt);
  const [studentRows, mentorRows] = await Promise.all([
    db
      .select({ week: studentWeek, count: count() })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      // The same people as the totals above: by role, not every profile row.
      .where(and(isStudent, gte(students.createdAt, since)))
      .groupBy(studentWeek),
    db
      .select({ week: mentorWeek, count: count() })
      .from(mentors)
      .innerJoin(users, eq(users.id, mentors.userId))
      .where(and(isAlumnus, gte(mentors.createdAt, since)))
      .groupBy(mentorWeek),
  ]);
  const studentsByWeek = new Map(studentRows.map((row) => [row.week, row.count]));
  const mentorsByWeek = new Map(mentorRows.map((row) => [row.week, row.count]));
  return weeks.map((weekStart) => ({
    weekStart,
    students: studentsByWeek.get(weekStart) ?? 0,
    mentors: mentorsByWeek.get(weekStart) ?? 0,
  }));
}

/**
 * The funnel of visit requests by the month they were sent: agreed (a meeting time was set,
 * even if cancelled later), held (mentors/held-visits-queries.ts), thanked; the answer rate and median time to
 * the alumnus's first answer over the same months.
 */
async function countVisits(db: Executor, now: Date): Promise<AdminOverview['visits']> {
  const months = tokyoMonths(now, VISIT_FUNNEL_MONTHS);
  const since = tokyoMonthStartOf(months[0]!);
  const month = requestMonth;
  const [rows, [answers]] = await Promise.all([
    db
      .select({
        month,
        requested: count(),
        accepted: agreedCount,
        held: sql<number>`count(*) filter (where ${wasHeld()})::int`,
        thanked: sql<number>`count(*) filter (where ${visitRequests.thankedAt} is not null)::int`,
      })
      .from(visitRequests)
      .where(gte(visitRequests.createdAt, since))
      .groupBy(month),
    db
      .select({
        answered: sql<number>`count(*) filter (where ${visitRequests.respondedAt} is not null)::int`,
        unanswered: sql<number>`count(*) filter (where ${visitRequests.status} = 'expired' and ${visitRequests.respondedAt} is null)::int`,
        medianHours: medianHoursToAnswer,
      })
      .from(visitRequests)
      .where(gte(visitRequests.createdAt, since)),
  ]);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const decided = (answers?.answered ?? 0) + (answers?.unanswered ?? 0);
  return {
    byMonth: months.map((m) => {
      const row = byMonth.get(m);
      return {
        month: m,
        requested: row?.requested ?? 0,
        accepted: row?.accepted ?? 0,
        held: row?.held ?? 0,
        thanked: row?.thanked ?? 0,
      };
    }),
    answerRate: decided > 0 ? answers!.answered / decided : null,
    medianHoursToAnswer: roundedHours(answers?.medianHours),
  };
}

function sum(rows: readonly { count: number }[]): number {
  return rows.reduce((total, row) => total + row.count, 0);
}

/**
 * Counts summed per key, in the given order with zeros for keys nobody has; keys outside the
 * order (legacy values) follow at the end, so the entries still add up to the total.
 */
function inOrder<R extends { count: number }>(
  order: readonly string[],
  rows: readonly R[],
  keyOf: (row: R) => string,
): [string, number][] {
  const counts = new Map<string, number>(order.map((key) => [key, 0]));
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + row.count);
  return [...counts.entries()];
}
