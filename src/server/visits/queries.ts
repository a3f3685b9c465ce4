import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  NO_SHOW_ANSWER_DAYS,
  NO_SHOW_LIMIT,
  NO_SHOW_WINDOW_DAYS,
  THREAD_OPEN_DAYS_AFTER_MEETING,
} from '../../shared/constants';

const DAY_MS = 24 * 60 * 60 * 1000;
import type { Executor } from '../db/client';
import { instantSql, type Instant } from '../db/prepared';
import { mentors, students, visitRequests } from '../db/schema';
import { requestsClosedBy } from '../booking';
import { tokyoMonthStart } from '../lib/tokyo-time';

/**
 * A request is open while it waits for an answer, or once accepted until its meeting time has
 * passed: a student has at most one open request per alumnus.
 */
export function isOpen(now: Instant) {
  return or(
    eq(visitRequests.status, 'pending'),
    and(eq(visitRequests.status, 'accepted'), sql`${visitRequests.meetingAt} > ${instantSql(now)}`),
  )!;
}

/**
 * Whether the two sides may still say how the meeting went, thank and give feedback: an agreed
 * visit whose time has come, until the thread closes (THREAD_OPEN_DAYS_AFTER_MEETING).
 */
export function followUpOpen(
  request: { status: string; meetingAt: Date | null },
  now: Date,
): boolean {
  if (request.status !== 'accepted' || !request.meetingAt) return false;
  return request.meetingAt <= now && now < followUpEndsAt(request.meetingAt);
}

/**
 * When what follows a meeting closes (its thread, how it went, attendance): THREAD_OPEN_DAYS_AFTER_MEETING
 * after its time. A visit's and a 座談会's alike.
 */
export function followUpEndsAt(meetingAt: Date): Date {
  return new Date(meetingAt.getTime() + THREAD_OPEN_DAYS_AFTER_MEETING * DAY_MS);
}

/**
 * shared/place-words.ts isInPersonVisit in SQL, for the timers' claim of the safe-end ask: the
 * alumna's kind of place decides, and the format on requests agreed before kinds existed.
 */
export function inPersonVisitSql(): SQL {
  return sql`coalesce(${visitRequests.placeKind} <> 'online', ${visitRequests.meetingFormat} = 'in_person')`;
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
 * awaitingSide(request) === 'mentor' in SQL: pending, and the alumna has not answered — the
 * student's request, or times the student proposed to her. A time the alumna proposed waits for
 * the student; an agreed booking (自動で承諾) is not pending. The alumna's inbox badge and the
 * student's limit of requests waiting at once (visits/waiting-queries.ts) both read it.
 */
export function waitsForMentor(): SQL {
  return and(
    eq(visitRequests.status, 'pending'),
    sql`${visitRequests.proposedBy} is distinct from 'mentor'`,
  )!;
}

/**
 * The same in SQL: the requests that wait for `userId`'s answer, or (a student's) that hold
 * something the alumnus did which the student has not opened: the requests tab's badge.
 */
export function needsAttentionOf(userId: string): SQL {
  const pending = eq(visitRequests.status, 'pending');
  return or(
    and(eq(visitRequests.mentorId, userId), waitsForMentor()),
    and(
      eq(visitRequests.studentId, userId),
      or(
        and(pending, eq(visitRequests.proposedBy, 'mentor')),
        eq(visitRequests.studentUnseen, true),
      ),
    ),
  )!;
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

/** no_show_claims, or an alias of it in the statement at hand. */
type ClaimTable = Record<'createdAt' | 'answeredAt' | 'withdrawnAt' | 'decision', SQLWrapper>;

/**
 * When the side a claim names may no longer hold it off by answering: NO_SHOW_ANSWER_DAYS
 * after the claim (an answer is still taken later, and the admins read it).
 */
export function answerDeadline(claimedAt: Date): Date {
  return new Date(claimedAt.getTime() + NO_SHOW_ANSWER_DAYS * DAY_MS);
}

/**
 * Whether a no-show claim counts toward NO_SHOW_LIMIT (docs/decisions/0033-no-show-claims.md):
 * it stands (not withdrawn) and an admin upheld it after reading both sides, or no admin decided
 * and NO_SHOW_ANSWER_DAYS passed without an answer in time. A claim answered in time waits for
 * an admin: the claimant alone cannot stop a student who says she came. Read through
 * claimCountsAgainstStudent, which adds who it is against and the admins' clearance.
 */
function claimCounts(claim: ClaimTable, now: Instant): SQL<boolean> {
  const deadline = sql`(${claim.createdAt} + make_interval(secs => ${(NO_SHOW_ANSWER_DAYS * DAY_MS) / 1000}))`;
  const counts = sql`${claim.withdrawnAt} is null and (${claim.decision} = 'upheld' or (${claim.decision} is null and ${deadline} <= ${instantSql(now)} and (${claim.answeredAt} is null or ${claim.answeredAt} > ${deadline})))`;
  // Nested, so that drizzle names each column with its table (or alias) in a select list too;
  // false, never null, for an undecided claim.
  return sql<boolean>`coalesce(${counts}, false)`;
}

/** no_show_claims with its claimant_side, or an alias of it in the statement at hand. */
type SidedClaimTable = ClaimTable & Record<'claimantSide', SQLWrapper>;

/**
 * Whether a claim counts against the student toward her stop: an alumna's claim
 * (claimCounts) on a visit after an admin last cleared her no-shows (「依頼停止を解除」 sets
 * students.no_shows_cleared_at), so that a clearance also clears a claim upheld or left
 * unanswered afterwards about a visit before it. `meetingAt` is the visit's meeting_at and
 * `clearedAt` her students.no_shows_cleared_at; and on a visit of the last NO_SHOW_WINDOW_DAYS.
 * The one rule for the stop, the count, the request page's claim box and the admins' list.
 */
export function claimCountsAgainstStudent(
  claim: SidedClaimTable,
  meetingAt: SQLWrapper,
  clearedAt: SQLWrapper,
  now: Instant,
): SQL<boolean> {
  return sql<boolean>`(${claim.claimantSide} = 'mentor' and ${meetingAt} > ${noShowWindowStart(now)} and not ${claimCleared(claim, meetingAt, clearedAt)} and ${claimCounts(claim, now)})`;
}

/** Claims about visits before this (NO_SHOW_WINDOW_DAYS ago) no longer count. */
function noShowWindowStart(now: Instant): SQL {
  return sql`(${instantSql(now)} - make_interval(secs => ${(NO_SHOW_WINDOW_DAYS * DAY_MS) / 1000}))`;
}

/**
 * An alumna's claim about a visit at or before the student's last clearance: it never counts
 * again, whatever is decided later (what the pages say in place of where it stands).
 */
export function claimCleared(
  claim: Pick<SidedClaimTable, 'claimantSide'>,
  meetingAt: SQLWrapper,
  clearedAt: SQLWrapper,
): SQL<boolean> {
  return sql<boolean>`(${claim.claimantSide} = 'mentor' and coalesce(${meetingAt} <= ${clearedAt}, false))`;
}

/** The claims of recentNoShows, by a name of their own inside it. */
const counted = {
  claimantSide: sql.raw('counted.claimant_side'),
  createdAt: sql.raw('counted.created_at'),
  answeredAt: sql.raw('counted.answered_at'),
  withdrawnAt: sql.raw('counted.withdrawn_at'),
  decision: sql.raw('counted.decision'),
};

/**
 * How many claims against the student for visits of the last NO_SHOW_WINDOW_DAYS count
 * (claimCountsAgainstStudent), and her 座談会 absences of that window: a count for any query that has the student's user id and their
 * students.no_shows_cleared_at at hand.
 */
export function recentNoShows(
  studentId: UserRef,
  clearedAt: SQLWrapper,
  now: Instant,
): SQL<number> {
  const claims = sql`(select count(*)::int from no_show_claims counted join visit_requests missed on missed.id = counted.visit_request_id where missed.student_id = ${studentId} and ${claimCountsAgainstStudent(counted, sql.raw('missed.meeting_at'), clearedAt, now)})`;
  return sql<number>`(${claims} + ${groupSessionAbsences(studentId, clearedAt, now)})`;
}

/** A 座談会 absence's claim columns (group_session_places), by the name recentNoShows gives it. */
const absent = {
  createdAt: sql.raw('absent.absence_claimed_at'),
  answeredAt: sql.raw('absent.absence_answered_at'),
  withdrawnAt: sql.raw('absent.absence_withdrawn_at'),
  decision: sql.raw('absent.absence_decision'),
};

/**
 * 座談会 (issue 58): each 欠席 its alumna recorded of the student's seat is a claim against her
 * (decision 0045), counted by the very rule of a visit's (claimCounts: upheld, or unanswered for
 * NO_SHOW_ANSWER_DAYS; never withdrawn or dismissed), under the same window and the admins'
 * clearance.
 */
function groupSessionAbsences(studentId: UserRef, clearedAt: SQLWrapper, now: Instant): SQL {
  return sql`(select count(*)::int from group_session_places absent join group_sessions held on held.id = absent.session_id where absent.student_id = ${studentId} and absent.state = 'seated' and absent.absence_claimed_at is not null and held.cancelled_at is null and ${absenceCounts(absent, sql.raw('held.starts_at'), clearedAt, now)})`;
}

/**
 * Whether a 座談会 absence counts against the student now (the claim columns of
 * group_session_places, the session's start, her clearance): for the count above, her page and
 * the console.
 */
export function absenceCounts(
  place: ClaimTable,
  startsAt: SQLWrapper,
  clearedAt: SQLWrapper,
  now: Instant,
): SQL<boolean> {
  return sql<boolean>`(${startsAt} > ${noShowWindowStart(now)} and not ${absenceCleared(startsAt, clearedAt)} and ${claimCounts(place, now)})`;
}

/** A 座談会 absence at or before the student's last clearance: it never counts again. */
export function absenceCleared(startsAt: SQLWrapper, clearedAt: SQLWrapper): SQL<boolean> {
  return sql<boolean>`coalesce(${startsAt} <= ${clearedAt}, false)`;
}

/** Whether the student has reached NO_SHOW_LIMIT: their requests stop until an admin clears it. */
export function requestsStopped(
  studentId: UserRef,
  clearedAt: SQLWrapper,
  now: Instant,
): SQL<boolean> {
  return sql<boolean>`(${recentNoShows(studentId, clearedAt, now)} >= ${NO_SHOW_LIMIT})`;
}

/** The student's open request to the alumnus, if any, as a column of the statement that reads her. */
export function openRequestIdOf(studentId: UserRef, mentorId: SQLWrapper, now: Instant) {
  return sql<
    string | null
  >`(select ${visitRequests.id} from ${visitRequests} where ${visitRequests.studentId} = ${studentId} and ${visitRequests.mentorId} = ${mentorId} and ${isOpen(now)} limit 1)`;
}

/** reachedNoShowLimit in SQL: false for anyone without a student profile. */
export function noShowLimitOf(studentId: UserRef, now: Instant): SQL<boolean> {
  return sql<boolean>`coalesce((select ${requestsStopped(students.userId, students.noShowsClearedAt, now)} from ${students} where ${students.userId} = ${studentId}), false)`;
}

/** Whether the student's requests are stopped by no-shows (NO_SHOW_LIMIT within the window). */
export async function reachedNoShowLimit(db: Executor, studentId: string): Promise<boolean> {
  return (await countedNoShows(db, studentId)) >= NO_SHOW_LIMIT;
}

/** How many claims against the student count toward the stop now (0 for anyone else). */
export async function countedNoShows(db: Executor, studentId: string): Promise<number> {
  const [row] = await db
    .select({ counted: recentNoShows(students.userId, students.noShowsClearedAt, new Date()) })
    .from(students)
    .where(eq(students.userId, studentId));
  return row?.counted ?? 0;
}

/**
 * A listed alumna by her urlParam as a new request needs her: whether she takes requests now
 * (booking's one rule, requestsClosedBy) and her employer's rules. Read here,
 * not through the OG list's query (mentors/), so that visits stands beside the alumni and not
 * above them: who is listed is the database's own column (mentors.listed, migration 0019), not
 * a rule copied here.
 * `extra` adds columns read with her, given her id's column (the pair's facts, under the locks).
 */
export async function findRequestedMentor<Extra extends Record<string, SQL> = Record<never, SQL>>(
  db: Executor,
  urlParam: string,
  now = new Date(),
  extra: (mentorId: SQLWrapper) => Extra = () => ({}) as Extra,
) {
  const [row] = await db
    .select({
      userId: mentors.userId,
      closedBy: requestsClosedBy(tokyoMonthStart(now)),
      employerRules: mentors.employerRules,
      ...extra(mentors.userId),
    })
    .from(mentors)
    .where(and(eq(mentors.listed, true), eq(mentors.urlParam, urlParam)))
    .limit(1);
  return row;
}
