import { and, asc, desc, eq, gt, inArray, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { instantSql, type Instant } from '../db/prepared';
import {
  groupSessionPlaces,
  groupSessions,
  mentors,
  students,
  universities,
  users,
} from '../db/schema';
import { eitherBlocked, noShowLimitOf } from '../visits';
import { universityNameEnOf } from '../universities';

/**
 * Whether the student `studentId` is one the 座談会 of the statement's `group_sessions` row is for:
 * every student, a student of one of its grades, or a student of its university.
 */
export function inAudienceOf(studentId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${students} aud where aud.user_id = ${studentId} and (${groupSessions.audienceKind} = 'all' or (${groupSessions.audienceKind} = 'grades' and aud.grade = any(${groupSessions.audienceGrades})) or (${groupSessions.audienceKind} = 'university' and aud.university_id = ${groupSessions.audienceUniversityId})))`;
}

/** Seats taken and places on the waiting list, counted in the statement that reads the session. */
export const seatedCount = sql<number>`(select count(*)::int from group_session_places taken where taken.session_id = ${groupSessions.id} and taken.state = 'seated')`;
export const waitingCount = sql<number>`(select count(*)::int from group_session_places queued where queued.session_id = ${groupSessions.id} and queued.state = 'waiting')`;

/**
 * The reader's place and what may stop her taking one, as columns of the statement that reads
 * the session: her state, her position on the waiting list (those waiting with a number not
 * above hers: 1 = next, whatever gaps leaving made in the numbers), a block either way, and the
 * no-show stop of visits. Null columns for a reader who is no student.
 */
function readerColumns(studentId: string | null, now: Instant) {
  if (!studentId) {
    return {
      myState: sql<string | null>`null`,
      myPosition: sql<number>`0`,
      blocked: sql<boolean>`false`,
      noShowStopped: sql<boolean>`false`,
      inAudience: sql<boolean>`false`,
    };
  }
  return {
    myState: sql<
      string | null
    >`(select mine.state from group_session_places mine where mine.session_id = ${groupSessions.id} and mine.student_id = ${studentId})`,
    myPosition: sql<number>`(select count(*)::int from group_session_places mine join group_session_places ahead on ahead.session_id = mine.session_id and ahead.state = 'waiting' and ahead.wait_no <= mine.wait_no where mine.session_id = ${groupSessions.id} and mine.student_id = ${studentId} and mine.state = 'waiting')`,
    blocked: eitherBlocked(groupSessions.mentorId, studentId),
    noShowStopped: noShowLimitOf(studentId, now),
    inAudience: inAudienceOf(studentId),
  };
}

function sessionColumns(studentId: string | null, now: Instant) {
  return {
    id: groupSessions.id,
    mentorId: groupSessions.mentorId,
    title: groupSessions.title,
    description: groupSessions.description,
    topics: groupSessions.topics,
    startsAt: groupSessions.startsAt,
    endsAt: groupSessions.endsAt,
    signUpClosesAt: groupSessions.signUpClosesAt,
    meetingFormat: groupSessions.meetingFormat,
    placeKind: groupSessions.placeKind,
    meetingPlace: groupSessions.meetingPlace,
    meetingUrl: groupSessions.meetingUrl,
    seats: groupSessions.seats,
    audienceKind: groupSessions.audienceKind,
    audienceGrades: groupSessions.audienceGrades,
    audienceUniversityId: groupSessions.audienceUniversityId,
    audienceUniversityName: universities.name,
    audienceUniversityNameEn: universities.nameEn,
    cancelledAt: groupSessions.cancelledAt,
    cancelledReason: groupSessions.cancelledReason,
    mentorName: mentors.name,
    mentorCompany: mentors.company,
    mentorUrlParam: mentors.urlParam,
    mentorIndustry: mentors.industry,
    mentorIconId: mentors.iconId,
    mentorListed: mentors.listed,
    seated: seatedCount,
    waiting: waitingCount,
    ...readerColumns(studentId, now),
  };
}

export function sessionsWithMentor(db: Executor, studentId: string | null, now: Instant) {
  return db
    .select(sessionColumns(studentId, now))
    .from(groupSessions)
    .innerJoin(mentors, eq(mentors.userId, groupSessions.mentorId))
    .leftJoin(universities, eq(universities.id, groupSessions.audienceUniversityId));
}

export type SessionRow = Awaited<ReturnType<typeof sessionsWithMentor>>[number];

/** A page of sessions, and how many there are in all, under `where`, in `order`. */
export async function sessionPage(
  db: Executor,
  studentId: string | null,
  now: Date,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
): Promise<{ rows: SessionRow[]; total: number }> {
  const rows = await sessionsWithMentor(db, studentId, now)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(groupSessions)
    .innerJoin(mentors, eq(mentors.userId, groupSessions.mentorId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** One session, as `studentId` (or a reader who is no student: null) reads it. */
export async function findSession(
  db: Executor,
  id: string,
  studentId: string | null,
  now = new Date(),
): Promise<SessionRow | undefined> {
  const [row] = await sessionsWithMentor(db, studentId, now)
    .where(eq(groupSessions.id, id))
    .limit(1);
  return row;
}

/** Upcoming: not cancelled, not started. */
export function upcoming(now: Date): SQL {
  return and(isNull(groupSessions.cancelledAt), gt(groupSessions.startsAt, now))!;
}

export const soonestFirst = [asc(groupSessions.startsAt), asc(groupSessions.id)];
/** Those still to come first, soonest first; then those held, latest first. */
export function upcomingFirstThenLatest(now: Date): SQL[] {
  const ahead = sql`${groupSessions.startsAt} > ${instantSql(now)}`;
  return [
    sql`(${ahead}) desc`,
    sql`case when ${ahead} then ${groupSessions.startsAt} end asc`,
    desc(groupSessions.startsAt),
    asc(groupSessions.id),
  ];
}

/**
 * Sessions still to come (not cancelled, not started) of `where`, locked for a change of their
 * places as lockSession locks one, in id order: two changes that lock several lock them in one
 * order.
 */
export function lockUpcoming(db: Executor, where: SQL, now: Date) {
  return db
    .select()
    .from(groupSessions)
    .where(and(upcoming(now), where))
    .orderBy(asc(groupSessions.id))
    .for('update');
}

/** Of `sessionIds`, those in which the student holds a seat or a place on the waiting list. */
export async function heldIn(db: Executor, sessionIds: string[], studentId: string) {
  if (sessionIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ sessionId: groupSessionPlaces.sessionId })
    .from(groupSessionPlaces)
    .where(
      and(
        inArray(groupSessionPlaces.sessionId, sessionIds),
        eq(groupSessionPlaces.studentId, studentId),
        inArray(groupSessionPlaces.state, ['seated', 'waiting']),
      ),
    );
  return new Set(rows.map((row) => row.sessionId));
}

/** Sessions in which the student holds a seat or a place on the waiting list. */
export function holdsPlace(studentId: string): SQL {
  return sql`exists (select 1 from ${groupSessionPlaces} held where held.session_id = ${groupSessions.id} and held.student_id = ${studentId} and held.state in ('seated', 'waiting'))`;
}

/**
 * The session's row locked for a change of its places (a seat taken or left, a cancellation):
 * every change of one session's places comes one after another, so the lowest free seat and the
 * next waiting number are read with no one else placing anyone (decision 0045).
 */
export async function lockSession(db: Executor, id: string) {
  const [row] = await db.select().from(groupSessions).where(eq(groupSessions.id, id)).for('update');
  return row;
}

export type LockedSession = NonNullable<Awaited<ReturnType<typeof lockSession>>>;

/** The student's row in a session, if she ever held a place in it. */
export async function placeOf(db: Executor, sessionId: string, studentId: string) {
  const [row] = await db
    .select()
    .from(groupSessionPlaces)
    .where(
      and(eq(groupSessionPlaces.sessionId, sessionId), eq(groupSessionPlaces.studentId, studentId)),
    );
  return row;
}

/**
 * Whether the student is one the session is for, with what else stops her joining: a block either
 * way and the no-show stop (visits' own conditions). One statement.
 */
export async function joinFacts(db: Executor, sessionId: string, studentId: string, now: Date) {
  const [row] = await db
    .select({
      inAudience: inAudienceOf(studentId),
      blocked: eitherBlocked(groupSessions.mentorId, studentId),
      noShowStopped: noShowLimitOf(studentId, now),
    })
    .from(groupSessions)
    .where(eq(groupSessions.id, sessionId));
  return row!;
}

/**
 * The lowest free seat of the locked session (null when every seat is taken), and the number
 * after the last on its waiting list: where the next student goes.
 */
export async function nextPlaceIn(db: Executor, session: LockedSession) {
  const [row] = await db
    .select({
      seatNo: sql<
        number | null
      >`(select min(n)::int from generate_series(1, ${session.seats}::int) n where not exists (select 1 from group_session_places s where s.session_id = ${session.id} and s.seat_no = n))`,
      waitNo: sql<number>`(select coalesce(max(w.wait_no), 0)::int + 1 from group_session_places w where w.session_id = ${session.id})`,
    })
    .from(sql`(select 1) one`);
  return row!;
}

/** Puts the student in her place: a new row, or her row from before she left, taken again. */
export async function placeStudent(
  db: Executor,
  session: LockedSession,
  studentId: string,
  place: { seatNo: number } | { waitNo: number },
  now: Date,
) {
  const values = {
    state: 'seatNo' in place ? ('seated' as const) : ('waiting' as const),
    seatNo: 'seatNo' in place ? place.seatNo : null,
    waitNo: 'waitNo' in place ? place.waitNo : null,
    changedAt: now,
  };
  await db
    .insert(groupSessionPlaces)
    .values({ sessionId: session.id, sessionSeats: session.seats, studentId, ...values })
    .onConflictDoUpdate({
      target: [groupSessionPlaces.sessionId, groupSessionPlaces.studentId],
      set: values,
    });
}

/** Her place given up (her seat freed, or her number on the list); resolves the seat she held. */
export async function leavePlace(db: Executor, sessionId: string, studentId: string, now: Date) {
  const [before] = await db
    .select({ seatNo: groupSessionPlaces.seatNo })
    .from(groupSessionPlaces)
    .where(
      and(eq(groupSessionPlaces.sessionId, sessionId), eq(groupSessionPlaces.studentId, studentId)),
    );
  await db
    .update(groupSessionPlaces)
    .set({ state: 'left', seatNo: null, waitNo: null, changedAt: now })
    .where(
      and(eq(groupSessionPlaces.sessionId, sessionId), eq(groupSessionPlaces.studentId, studentId)),
    );
  return before?.seatNo ?? null;
}

/**
 * The first on the waiting list who may still take a seat moved up to the seat `seatNo`;
 * resolves who, if anyone. Those ahead of her who no longer may (a block either way with its
 * alumna, the no-show stop: what refuses a seat to one joining now) lose their place on the
 * way, untold, as a block tells nobody.
 */
export async function moveUpTo(
  db: Executor,
  session: { id: string; mentorId: string },
  seatNo: number,
  now: Date,
) {
  const waiting = and(
    eq(groupSessionPlaces.sessionId, session.id),
    eq(groupSessionPlaces.state, 'waiting'),
  );
  const [first] = await db
    .select({ studentId: groupSessionPlaces.studentId, waitNo: groupSessionPlaces.waitNo })
    .from(groupSessionPlaces)
    .where(
      and(
        waiting,
        not(eitherBlocked(session.mentorId, groupSessionPlaces.studentId)),
        not(noShowLimitOf(groupSessionPlaces.studentId, now)),
      ),
    )
    .orderBy(asc(groupSessionPlaces.waitNo))
    .limit(1);
  await db
    .update(groupSessionPlaces)
    .set({ state: 'left', waitNo: null, changedAt: now })
    .where(first ? and(waiting, lt(groupSessionPlaces.waitNo, first.waitNo!)) : waiting);
  if (!first) return null;
  await db
    .update(groupSessionPlaces)
    .set({ state: 'seated', seatNo, waitNo: null, changedAt: now })
    .where(
      and(
        eq(groupSessionPlaces.sessionId, session.id),
        eq(groupSessionPlaces.studentId, first.studentId),
      ),
    );
  return first.studentId;
}

/**
 * Everyone seated or waiting: who is told of a cancellation. With `unblockedWith` (its alumna),
 * only those with no block either way between them: who her posts in its thread reach.
 */
export async function holdersOf(
  db: Executor,
  sessionId: string,
  { unblockedWith }: { unblockedWith?: string } = {},
) {
  const rows = await db
    .select({ studentId: groupSessionPlaces.studentId })
    .from(groupSessionPlaces)
    .where(
      and(
        eq(groupSessionPlaces.sessionId, sessionId),
        or(eq(groupSessionPlaces.state, 'seated'), eq(groupSessionPlaces.state, 'waiting')),
        ...(unblockedWith ? [not(eitherBlocked(unblockedWith, groupSessionPlaces.studentId))] : []),
      ),
    );
  return rows.map((row) => row.studentId);
}

/** Who comes, as the alumna and the admins see it: seated first (by seat), then waiting in order. */
export function attendeesOf(db: Executor, sessionId: string) {
  return db
    .select({
      studentId: groupSessionPlaces.studentId,
      name: students.name,
      university: students.universityName,
      universityNameEn: universityNameEnOf(students.universityId),
      grade: students.grade,
      state: groupSessionPlaces.state,
      attended: groupSessionPlaces.attended,
      position: sql<number>`(row_number() over (partition by ${groupSessionPlaces.state} order by ${groupSessionPlaces.waitNo}))::int`,
    })
    .from(groupSessionPlaces)
    .innerJoin(students, eq(students.userId, groupSessionPlaces.studentId))
    .where(
      and(
        eq(groupSessionPlaces.sessionId, sessionId),
        or(eq(groupSessionPlaces.state, 'seated'), eq(groupSessionPlaces.state, 'waiting')),
      ),
    )
    .orderBy(
      sql`${groupSessionPlaces.state} = 'waiting'`,
      asc(groupSessionPlaces.seatNo),
      asc(groupSessionPlaces.waitNo),
    );
}

/** The alumna a 座談会 is opened for, with what decides whether it may be. */
export async function findHost(db: Executor, by: { userId: string } | { urlParam: string }) {
  const [row] = await db
    .select({
      userId: mentors.userId,
      name: mentors.name,
      listed: mentors.listed,
      acceptingRequests: mentors.acceptingRequests,
      employerRules: mentors.employerRules,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where('userId' in by ? eq(mentors.userId, by.userId) : eq(mentors.urlParam, by.urlParam))
    .limit(1);
  return row;
}

export async function universityExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: universities.id })
    .from(universities)
    .where(eq(universities.id, id));
  return row !== undefined;
}
