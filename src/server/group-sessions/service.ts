import { and, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { companyKey } from '../../shared/company';
import { maskContactDetails } from '../../shared/contact-masking';
import type { SessionUser } from '../../shared/schemas/auth';
import { meetingEndMinutes, storedEmployerRules } from '../../shared/schemas/employer-rules';
import type {
  GroupSessionCard,
  GroupSessionForm,
  GroupSessionJoinResult,
  GroupSessionList,
  GroupSessionListQuery,
  GroupSessionPlace,
  GroupSessionState,
  GroupSessionView,
} from '../../shared/schemas/group-sessions';
import { slotInstant } from '../../shared/schemas/visit-requests';
import { VALIDATION } from '../../shared/messages/validation-keys';
import { INDUSTRY_SEPARATOR } from '../../shared/taxonomy';
import { busyDuring, keepEmployerRules, refreshNextSlots } from '../booking';
import type { Database, Executor } from '../db/client';
import { companyKeyOf } from '../db/company-key';
import { lockName } from '../db/locks';
import { DAY_MS } from '../lib/tokyo-time';
import { groupSessions, mentors } from '../db/schema';
import { AppError } from '../errors';
import { mailLinks } from '../mail/mail-context';
import {
  groupSessionCancelledHostMail,
  groupSessionCancelledMail,
  groupSessionSeatGivenMail,
} from '../mail/templates';
import { tell } from '../notifications';
import { iconUrl } from '../storage';
import {
  attendeesOf,
  findHost,
  findSession,
  holdersOf,
  holdsPlace,
  inAudienceOf,
  joinFacts,
  leavePlace,
  lockSession,
  moveUpTo,
  nextPlaceIn,
  placeOf,
  placeStudent,
  sessionPage,
  soonestFirst,
  universityExists,
  upcoming,
  upcomingFirstThenLatest,
  type LockedSession,
  type SessionRow,
} from './queries';
import { afterFor, attendeeAfter, placesAfter } from './after';

/** The students' list: this many a page. */
export const GROUP_SESSIONS_PAGE_SIZE = 20;
/** A student's own list keeps the held ones this long. */
const HELD_KEPT_DAYS = 90;
/** At most this many on one alumna's or one student's own list. */
const OWN_LIST_LIMIT = 100;

type Reader = Pick<SessionUser, 'id' | 'role'>;

function studentIdOf(reader: Reader): string | null {
  return reader.role === 'student' ? reader.id : null;
}

/** Whether the reader sees it as its alumna or an admin: the words as written, who comes. */
function seesAll(reader: Reader, row: SessionRow): boolean {
  return reader.role === 'admin' || reader.id === row.mentorId;
}

export function stateOf(row: SessionRow, now: Date): GroupSessionState {
  if (row.cancelledAt) return 'cancelled';
  if (row.startsAt <= now) return 'held';
  if (row.signUpClosesAt <= now) return 'closed';
  return row.seated >= row.seats ? 'full' : 'open';
}

function placeIn(row: SessionRow): GroupSessionPlace {
  if (row.myState === 'seated') return { kind: 'seated' };
  if (row.myState === 'waiting') return { kind: 'waiting', position: row.myPosition };
  return { kind: 'none' };
}

/**
 * Words the alumna wrote, as a student reads them: contact details masked, as everything shown
 * to someone she has not met (shared/contact-masking).
 */
function shown(text: string, reader: Reader, row: SessionRow): string {
  return seesAll(reader, row) ? text : maskContactDetails(text).text;
}

export function cardOf(row: SessionRow, reader: Reader, now: Date): GroupSessionCard {
  const state = stateOf(row, now);
  const mine = placeIn(row);
  return {
    id: row.id,
    title: shown(row.title, reader, row),
    mentor: {
      name: row.mentorName,
      company: row.mentorCompany,
      urlParam: row.mentorUrlParam,
      industryCategory: row.mentorIndustry.split(INDUSTRY_SEPARATOR)[0]!.trim(),
      iconUrl: row.mentorIconId ? iconUrl(row.mentorIconId) : null,
    },
    topics: row.topics,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    signUpClosesAt: row.signUpClosesAt.toISOString(),
    meetingFormat: row.meetingFormat,
    placeKind: row.placeKind,
    seats: row.seats,
    seatsLeft: Math.max(0, row.seats - row.seated),
    state,
    audience:
      row.audienceKind === 'grades'
        ? { kind: 'grades', grades: row.audienceGrades }
        : row.audienceKind === 'university'
          ? {
              kind: 'university',
              universityId: row.audienceUniversityId ?? '',
              universityName: row.audienceUniversityName ?? '',
              universityNameEn: row.audienceUniversityNameEn ?? null,
            }
          : { kind: 'all' },
    mine,
    canJoin:
      reader.role === 'student' &&
      (state === 'open' || state === 'full') &&
      mine.kind === 'none' &&
      row.inAudience &&
      !row.blocked &&
      !row.noShowStopped,
  };
}

/** The cards of the sessions under `where`, in `order`, as `reader` sees them. */
async function cardsOf(
  db: Executor,
  reader: Reader,
  now: Date,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
): Promise<GroupSessionList> {
  const { rows, total } = await sessionPage(db, studentIdOf(reader), now, where, order, page);
  return { items: rows.map((row) => cardOf(row, reader, now)), total };
}

/**
 * Who may see a session on a list or its page: a student only those she is in the audience of
 * (or holds a place in), of a listed alumna; everyone else any listed alumna's.
 */
export function visibleTo(reader: Reader): SQL {
  const listed = eq(mentors.listed, true);
  if (reader.role !== 'student') return listed;
  return and(listed, inAudienceOf(reader.id))!;
}

/** The industry's category, or the company by any spelling of its name (decision 0040). */
export function narrowedBy(query: GroupSessionListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.industry) {
    conditions.push(
      or(
        eq(mentors.industry, query.industry),
        like(
          mentors.industry,
          `${query.industry.replace(/[\\%_]/g, '\\$&')}${INDUSTRY_SEPARATOR}%`,
        ),
      )!,
    );
  }
  if (query.company) {
    const key = companyKey(query.company);
    conditions.push(key ? sql`${companyKeyOf(mentors.company)} = ${key}` : sql`false`);
  }
  return conditions;
}

/** The 「座談会」 list: upcoming ones, soonest first, narrowed by industry or company. */
export async function listGroupSessions(
  db: Executor,
  reader: Reader,
  query: GroupSessionListQuery,
  now = new Date(),
): Promise<GroupSessionList> {
  return cardsOf(
    db,
    reader,
    now,
    and(upcoming(now), visibleTo(reader), ...narrowedBy(query)),
    soonestFirst,
    { limit: GROUP_SESSIONS_PAGE_SIZE, offset: (query.page - 1) * GROUP_SESSIONS_PAGE_SIZE },
  );
}

/**
 * The reader's own: a student's seats and waiting places (upcoming first, then those held in the
 * last 90 days); an alumna's own 座談会, upcoming and held. An admin has none of her own.
 */
export async function myGroupSessions(
  db: Executor,
  reader: Reader,
  now = new Date(),
): Promise<GroupSessionList> {
  let where: SQL;
  if (reader.role === 'student') {
    where = and(
      holdsPlace(reader.id),
      sql`${groupSessions.startsAt} > ${new Date(now.getTime() - HELD_KEPT_DAYS * DAY_MS).toISOString()}::timestamptz`,
    )!;
  } else if (reader.role === 'mentor') {
    where = eq(groupSessions.mentorId, reader.id);
  } else {
    return { items: [], total: 0 };
  }
  return cardsOf(db, reader, now, where, upcomingFirstThenLatest(now), {
    limit: OWN_LIST_LIMIT,
    offset: 0,
  });
}

/** One alumna's upcoming 座談会, for her page (a student's: those she may join). */
export async function mentorGroupSessions(
  db: Executor,
  reader: Reader,
  urlParam: string,
  now = new Date(),
): Promise<GroupSessionList> {
  return cardsOf(
    db,
    reader,
    now,
    and(upcoming(now), visibleTo(reader), eq(mentors.urlParam, urlParam)),
    soonestFirst,
    { limit: GROUP_SESSIONS_PAGE_SIZE, offset: 0 },
  );
}

/**
 * One 座談会's page. Its alumna and the admins see everything, who comes included; anyone else
 * sees the count of seats left and never who else comes, and the place's words and the URL only
 * once seated. A student it is not for, who holds no place in it, is told it does not exist.
 */
export async function groupSessionFor(
  db: Executor,
  reader: Reader,
  id: string,
  now = new Date(),
): Promise<GroupSessionView> {
  const row = await findSession(db, id, studentIdOf(reader), now);
  if (!row) throw new AppError('not-found');
  const card = cardOf(row, reader, now);
  const all = seesAll(reader, row);
  if (reader.role === 'student' && card.mine.kind === 'none') {
    if (!row.inAudience || !row.mentorListed) throw new AppError('not-found');
  }
  const placeShown = all || card.mine.kind === 'seated';
  // After it is held (after.ts): each attendee's 欠席 claim, and her 「無事に終わりましたか」 to admins.
  const after = all && row.startsAt <= now ? await placesAfter(db, id, now) : [];
  const attendees = all
    ? (await attendeesOf(db, id)).map((attendee) => ({
        studentId: attendee.studentId,
        name: attendee.name,
        university: attendee.university,
        universityNameEn: attendee.universityNameEn,
        grade: attendee.grade,
        place:
          attendee.state === 'seated'
            ? { kind: 'seated' as const }
            : { kind: 'waiting' as const, position: attendee.position },
        attended: attendee.attended,
        ...attendeeAfter(after, attendee.studentId, reader.role === 'admin'),
      }))
    : null;
  return {
    ...card,
    description: shown(row.description, reader, row),
    meetingPlace: placeShown ? row.meetingPlace : null,
    meetingUrl: placeShown ? row.meetingUrl : null,
    as: reader.role === 'admin' ? 'admin' : reader.id === row.mentorId ? 'host' : 'student',
    waitingCount: row.waiting,
    attendees,
    // The reason comes from its alumna or an admin: masked for students, as the mail masks it.
    cancelledReason: row.cancelledReason === null ? null : shown(row.cancelledReason, reader, row),
    after:
      reader.role === 'student' && card.mine.kind === 'seated' && row.startsAt <= now
        ? await afterFor(db, reader.id, { id, mentorId: row.mentorId }, now)
        : null,
  };
}

/**
 * An alumna opens a 座談会 of her own, or an admin one for an alumna (named by mentorUrlParam).
 * Refused: an alumna not listed or paused (受付停止), her employer's rules (as for any visit),
 * and a time that overlaps what holds her time as her booking slots see it (booking's
 * busyDuring: agreed visits, slots waiting bookings hold, another 座談会 of hers) — read under
 * her lock, the one her requests take, so that two of hers opened at once do not both pass. Her open slots
 * are worked out again: it blocks them at its time.
 */
export async function openGroupSession(
  db: Database,
  user: SessionUser,
  form: GroupSessionForm,
): Promise<{ id: string }> {
  if (user.role === 'admin' && !form.mentorUrlParam) {
    throw new AppError('invalid-argument', { mentorUrlParam: VALIDATION.invalidChoice });
  }
  if (
    form.audience.kind === 'university' &&
    !(await universityExists(db, form.audience.universityId))
  ) {
    throw new AppError('invalid-argument', {
      'audience.universityId': VALIDATION.universityRequired,
    });
  }
  const startsAt = slotInstant(form.startsAt)!;
  const endsAt = new Date(startsAt.getTime() + form.minutes * 60_000);
  const signUpClosesAt = slotInstant(form.signUpClosesAt)!;
  const inPerson = form.meetingFormat === 'in_person';
  return db.transaction(async (tx) => {
    const hostId =
      user.role === 'admin'
        ? (await findHost(tx, { urlParam: form.mentorUrlParam! }))?.userId
        : user.id;
    if (!hostId) throw new AppError('not-found');
    // Her lock first, then what is decided under it: her employer's rules (a change of them takes
    // this lock too) and what already holds her time.
    await lockName(tx, `visits:${hostId}`);
    const host = await findHost(tx, { userId: hostId });
    if (!host) throw new AppError('not-found');
    if (!host.listed || host.suspended || !host.acceptingRequests) {
      throw new AppError('visit/not-accepting');
    }
    keepEmployerRules(storedEmployerRules(host.employerRules), {
      meetingFormat: form.meetingFormat,
      placeKind: inPerson ? (form.placeKind ?? null) : null,
      endMinutes: meetingEndMinutes(startsAt, form.minutes),
    });
    if (await busyDuring(tx, host.userId, startsAt, endsAt)) {
      throw new AppError('group-session/same-time');
    }
    const [created] = await tx
      .insert(groupSessions)
      .values({
        mentorId: host.userId,
        title: form.title,
        description: form.description,
        topics: form.topics,
        startsAt,
        endsAt,
        signUpClosesAt,
        meetingFormat: form.meetingFormat,
        placeKind: inPerson ? (form.placeKind ?? null) : null,
        meetingPlace: inPerson ? form.meetingPlace || null : null,
        meetingUrl: inPerson ? null : form.meetingUrl || null,
        seats: form.seats,
        audienceKind: form.audience.kind,
        audienceGrades: form.audience.kind === 'grades' ? form.audience.grades : [],
        audienceUniversityId:
          form.audience.kind === 'university' ? form.audience.universityId : null,
        createdBy: user.id,
      })
      .returning({ id: groupSessions.id });
    // Her time is taken: the earliest slot her card shows may move.
    await refreshNextSlots(tx, [host.userId]);
    return { id: created!.id };
  });
}

/** Refuses a change of places in a session that is cancelled, or closed for sign-up. */
function keepOpenForSignUp(session: { cancelledAt: Date | null; signUpClosesAt: Date }, now: Date) {
  if (session.cancelledAt) throw new AppError('group-session/cancelled');
  if (session.signUpClosesAt <= now) throw new AppError('group-session/closed');
}

/**
 * A student takes a seat in one step: the lowest free seat, or else the next place on the waiting
 * list. Under the session's row lock (decision 0045), so that students coming at once are placed
 * one after another: no seat given twice (the database refuses it anyway), the waiting order
 * strictly that of arrival. Refused, each with its code: not a student, not for her, closed or
 * cancelled, already in it, a block either way, the no-show stop of visits.
 */
export async function takeSeat(
  db: Database,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<GroupSessionJoinResult> {
  if (user.role !== 'student') throw new AppError('visit/students-only');
  return db.transaction(async (tx) => {
    const session = await lockSession(tx, id);
    if (!session) throw new AppError('not-found');
    const facts = await joinFacts(tx, id, user.id, now);
    const held = await placeOf(tx, id, user.id);
    const holds = held && held.state !== 'left';
    if (!facts.inAudience && !holds) throw new AppError('group-session/not-for-you');
    keepOpenForSignUp(session, now);
    if (holds) throw new AppError('group-session/already-joined');
    if (facts.blocked) throw new AppError('visit/blocked');
    if (facts.noShowStopped) throw new AppError('visit/no-show-limit');
    const next = await nextPlaceIn(tx, session);
    if (next.seatNo !== null) {
      await placeStudent(tx, session, user.id, { seatNo: next.seatNo }, now);
      return { mine: { kind: 'seated' } };
    }
    await placeStudent(tx, session, user.id, { waitNo: next.waitNo }, now);
    const row = (await findSession(tx, id, user.id, now))!;
    return { mine: placeIn(row) };
  });
}

/**
 * A student leaves her seat or her place on the waiting list, until sign-up closes. A freed
 * seat goes at once, in the same transaction, to the first on the waiting list, who is told.
 */
export async function leaveSeat(
  db: Database,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<void> {
  if (user.role !== 'student') throw new AppError('visit/students-only');
  await db.transaction(async (tx) => {
    const session = await lockSession(tx, id);
    if (!session) throw new AppError('not-found');
    const held = await placeOf(tx, id, user.id);
    if (!held || held.state === 'left') throw new AppError('group-session/not-joined');
    keepOpenForSignUp(session, now);
    await giveUpPlace(tx, session, user.id, now);
  });
}

/**
 * The student's place given up in the locked session (she left, her account went, a block):
 * a seat she held goes at once to the first on the waiting list who may still take it, who is
 * told.
 */
export async function giveUpPlace(
  tx: Executor,
  session: LockedSession,
  studentId: string,
  now: Date,
): Promise<void> {
  const freedSeat = await leavePlace(tx, session.id, studentId, now);
  if (freedSeat === null) return;
  const movedUp = await moveUpTo(tx, session, freedSeat, now);
  if (movedUp) await tellSeatGiven(tx, session.id, movedUp);
}

/** A student moved up from the waiting list to a seat is told (a seat left, seats added). */
export async function tellSeatGiven(tx: Executor, id: string, studentId: string) {
  const row = (await findSession(tx, id, null))!;
  await tell(tx, {
    userId: studentId,
    kind: 'groupSessionSeatGiven',
    facts: { visitRequestId: null, groupSessionId: id, actorName: row.mentorName },
    mail: (recipient) =>
      groupSessionSeatGivenMail(
        mailLinks(tx).groupSession(id),
        { mentor: row.mentorName, title: row.title, startsAt: row.startsAt },
        recipient,
      ),
  });
}

/**
 * The session locked for a change only its alumna or an admin makes (cancel, attendance): to
 * anyone else it does not exist; a cancelled one is refused.
 */
export async function lockHostedSession(tx: Executor, user: Reader, id: string) {
  const session = await lockSession(tx, id);
  if (!session || (user.role !== 'admin' && session.mentorId !== user.id)) {
    throw new AppError('not-found');
  }
  if (session.cancelledAt) throw new AppError('group-session/cancelled');
  return session;
}

/**
 * Its alumna or an admin calls a 座談会 off with a reason, before it starts: everyone seated or
 * waiting is told once (one place per student and session), its alumna too when an admin called
 * it off (never of her own), and her slots are free again.
 */
export async function cancelGroupSession(
  db: Database,
  user: SessionUser,
  id: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const session = await lockHostedSession(tx, user, id);
    if (session.startsAt <= now) throw new AppError('group-session/closed');
    await tx
      .update(groupSessions)
      .set({ cancelledAt: now, cancelledReason: reason, cancelledBy: user.id })
      .where(eq(groupSessions.id, id));
    const row = (await findSession(tx, id, null))!;
    for (const studentId of await holdersOf(tx, id)) {
      await tell(tx, {
        userId: studentId,
        kind: 'groupSessionCancelled',
        facts: { visitRequestId: null, groupSessionId: id, actorName: row.mentorName },
        mail: (recipient) =>
          groupSessionCancelledMail(
            mailLinks(tx).groupSession(id),
            { mentor: row.mentorName, title: row.title, startsAt: row.startsAt, reason },
            recipient,
          ),
      });
    }
    if (user.id !== session.mentorId) {
      await tell(tx, {
        userId: session.mentorId,
        kind: 'groupSessionCancelledHost',
        facts: { visitRequestId: null, groupSessionId: id, actorName: '' },
        mail: (recipient) =>
          groupSessionCancelledHostMail(
            mailLinks(tx).groupSession(id),
            { mentor: row.mentorName, title: row.title, startsAt: row.startsAt, reason },
            recipient,
          ),
      });
    }
    await refreshNextSlots(tx, [session.mentorId]);
  });
}
