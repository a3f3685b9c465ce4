import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { VISIT_DURATION_MINUTES } from '../../shared/constants';
import type { Executor } from '../db/client';
import { groupSessions, mentorAvailability, mentors, students, visitRequests } from '../db/schema';
import { DAY_MS, tokyoMonthStart } from '../lib/tokyo-time';
import type { AvailabilityRow, BusyTime } from './slots';
import { requestsClosedBy, type RequestsClosedBy } from './takes-requests';

/** What decides an alumna's open slots, besides her windows and her busy times. */
const bookingColumns = {
  userId: mentors.userId,
  bookingEnabled: mentors.bookingEnabled,
  slotMinutes: mentors.slotMinutes,
  noticeHours: mentors.bookingNoticeHours,
  aheadDays: mentors.bookingAheadDays,
  bufferMinutes: mentors.bookingBufferMinutes,
  onHolidays: mentors.bookingOnHolidays,
  autoAccept: mentors.autoAccept,
  bookingRulesConfirmedAt: mentors.bookingRulesConfirmedAt,
  nextSlotAt: mentors.nextSlotAt,
  /** Her employer's rules (null: none): a window that breaks them offers no slot. */
  employerRules: mentors.employerRules,
};

export type BookingRow = {
  [K in keyof typeof bookingColumns]:
    | (typeof bookingColumns)[K]['_']['data']
    | ((typeof bookingColumns)[K]['_']['notNull'] extends true ? never : null);
} & {
  /** Why she takes no request at `now` (the one rule, takes-requests.ts); null when she does. */
  closedBy: RequestsClosedBy | null;
};

/** Her booking row as it stands at `now`, with whether she takes requests then. */
function bookingAt(now: Date) {
  return { ...bookingColumns, closedBy: requestsClosedBy(tokyoMonthStart(now)) };
}

export async function findBooking(
  db: Executor,
  mentorId: string,
  now = new Date(),
): Promise<BookingRow | undefined> {
  const [row] = await db.select(bookingAt(now)).from(mentors).where(eq(mentors.userId, mentorId));
  return row;
}

export async function findBookingByUrlParam(
  db: Executor,
  urlParam: string,
  now = new Date(),
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select(bookingAt(now))
    .from(mentors)
    .where(and(eq(mentors.urlParam, urlParam), eq(mentors.listed, true)));
  return row;
}

const ruleColumns = {
  kind: mentorAvailability.kind,
  weekday: mentorAvailability.weekday,
  day: mentorAvailability.day,
  startMinute: mentorAvailability.startMinute,
  endMinute: mentorAvailability.endMinute,
  meetingFormat: mentorAvailability.meetingFormat,
  placeKind: mentorAvailability.placeKind,
  meetingPlace: mentorAvailability.meetingPlace,
};

/** Her windows and days off, in the order she entered them. */
export function rulesOf(db: Executor, mentorId: string): Promise<AvailabilityRow[]> {
  return db
    .select(ruleColumns)
    .from(mentorAvailability)
    .where(eq(mentorAvailability.mentorId, mentorId))
    .orderBy(asc(mentorAvailability.createdAt), asc(mentorAvailability.id));
}

/**
 * What holds her time from `since` on: agreed visits (their booked slot, or an hour from the
 * agreed start for a visit agreed from proposed times), the slots waiting bookings hold, and her
 * 座談会 not cancelled (issue 58). One statement.
 */
export async function busyTimesOf(
  db: Executor,
  mentorId: string,
  since: Date,
): Promise<BusyTime[]> {
  const until = sql<Date>`coalesce(${visitRequests.bookedUntil}, ${visitRequests.meetingAt} + make_interval(mins => ${VISIT_DURATION_MINUTES}))`;
  const rows = await db
    .select({
      from: sql<Date>`coalesce(${visitRequests.meetingAt}, ${visitRequests.bookedFrom})`.mapWith(
        visitRequests.meetingAt,
      ),
      until: until.mapWith(visitRequests.meetingAt),
    })
    .from(visitRequests)
    .where(
      and(
        eq(visitRequests.mentorId, mentorId),
        or(
          and(eq(visitRequests.status, 'accepted'), gt(visitRequests.meetingAt, since)),
          and(
            eq(visitRequests.status, 'pending'),
            isNotNull(visitRequests.bookedFrom),
            gt(visitRequests.bookedUntil, since),
          ),
        ),
      ),
    )
    .unionAll(
      db
        .select({ from: groupSessions.startsAt, until: groupSessions.endsAt })
        .from(groupSessions)
        .where(and(herGroupSessions(mentorId), gt(groupSessions.endsAt, since))),
    );
  return rows.map((row) => ({
    from: row.from,
    until: row.until ?? new Date(row.from.getTime() + VISIT_DURATION_MINUTES * 60_000),
  }));
}

/** Her 座談会 not cancelled: the part of her busy times that is no visit. */
function herGroupSessions(mentorId: string): SQL {
  return and(eq(groupSessions.mentorId, mentorId), isNull(groupSessions.cancelledAt))!;
}

/**
 * Whether anything that holds her time (busyTimesOf: agreed visits, slots waiting bookings hold,
 * her 座談会) overlaps [from, until): what a 座談会 she opens must keep clear of. The booking's
 * own rule, so that her slots and her 座談会 agree on when she is busy.
 */
export async function busyDuring(
  db: Executor,
  mentorId: string,
  from: Date,
  until: Date,
): Promise<boolean> {
  // Nothing that holds her time lasts a day (a 座談会 two hours at most): look back that far.
  const busy = await busyTimesOf(db, mentorId, new Date(from.getTime() - DAY_MS));
  return busy.some((time) => time.from < until && time.until > from);
}

/**
 * Whether a 座談会 of hers overlaps [from, until): what a visit agreed with her must keep clear
 * of (issue 58: a 座談会 takes her time as an agreed visit does).
 */
export async function groupSessionDuring(
  db: Executor,
  mentorId: string,
  from: Date,
  until: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: groupSessions.id })
    .from(groupSessions)
    .where(
      and(
        herGroupSessions(mentorId),
        lt(groupSessions.startsAt, until),
        gt(groupSessions.endsAt, from),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Her requests that hold a slot of her 予約枠 (a booking, waiting or agreed): what her slots
 * feed shows busy and what a second booking of the same time is told it met.
 */
export function holdingBookedSlot(mentorId: string): SQL {
  return and(
    eq(visitRequests.mentorId, mentorId),
    inArray(visitRequests.status, ['pending', 'accepted']),
    isNotNull(visitRequests.bookedFrom),
  )!;
}

/** Her live visits from `now` on (agreed, or waiting with a held slot), for the misfit list. */
export function liveVisitsOf(db: Executor, mentorId: string, now: Date) {
  return db
    .select({
      id: visitRequests.id,
      status: visitRequests.status,
      meetingAt:
        sql<Date>`coalesce(${visitRequests.meetingAt}, ${visitRequests.bookedFrom})`.mapWith(
          visitRequests.meetingAt,
        ),
      until: visitRequests.bookedUntil,
      studentName: students.name,
    })
    .from(visitRequests)
    .leftJoin(students, eq(students.userId, visitRequests.studentId))
    .where(
      and(
        eq(visitRequests.mentorId, mentorId),
        or(
          and(eq(visitRequests.status, 'accepted'), gt(visitRequests.meetingAt, now)),
          and(
            eq(visitRequests.status, 'pending'),
            isNotNull(visitRequests.bookedFrom),
            gt(visitRequests.bookedFrom, now),
          ),
        ),
      ),
    )
    .orderBy(sql`coalesce(${visitRequests.meetingAt}, ${visitRequests.bookedFrom})`);
}

/**
 * Alumnae whose earliest slot needs working out again: gone by, or not looked at for a while.
 * Read without row locks: the pass works each alumna out on her own, so a lock taken here would
 * end with this statement and only mark the rows.
 */
export function staleNextSlots(db: Executor, now: Date, checkedBefore: Date, limit: number) {
  return db
    .select({ userId: mentors.userId })
    .from(mentors)
    .where(
      and(
        eq(mentors.bookingEnabled, true),
        or(
          lte(
            mentors.nextSlotAt,
            sql`${now.toISOString()}::timestamptz + make_interval(hours => ${mentors.bookingNoticeHours})`,
          ),
          sql`${mentors.nextSlotCheckedAt} is null`,
          lte(mentors.nextSlotCheckedAt, checkedBefore),
        ),
      ),
    )
    .limit(limit);
}
