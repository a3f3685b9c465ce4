import { and, asc, eq, gt, isNotNull, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import { VISIT_DURATION_MINUTES } from '../../shared/constants';
import type { Executor } from '../db/client';
import { instantSql, type Instant } from '../db/prepared';
import { mentorAvailability, mentors, students, visitRequests } from '../db/schema';
import { tokyoMonthStart } from '../lib/tokyo-time';
import type { AvailabilityRow, BusyTime } from './slots';

/** What decides an alumna's open slots, besides her windows and her busy times. */
export const bookingColumns = {
  userId: mentors.userId,
  bookingEnabled: mentors.bookingEnabled,
  slotMinutes: mentors.slotMinutes,
  noticeHours: mentors.bookingNoticeHours,
  aheadDays: mentors.bookingAheadDays,
  bufferMinutes: mentors.bookingBufferMinutes,
  onHolidays: mentors.bookingOnHolidays,
  autoAccept: mentors.autoAccept,
  bookingRulesConfirmedAt: mentors.bookingRulesConfirmedAt,
  acceptingRequests: mentors.acceptingRequests,
  monthlyRequestLimit: mentors.monthlyRequestLimit,
  nextSlotAt: mentors.nextSlotAt,
  /** Her employer's rules (null: none): a window that breaks them offers no slot. */
  employerRules: mentors.employerRules,
};

export type BookingRow = {
  [K in keyof typeof bookingColumns]:
    | (typeof bookingColumns)[K]['_']['data']
    | ((typeof bookingColumns)[K]['_']['notNull'] extends true ? never : null);
};

export async function findBooking(db: Executor, mentorId: string): Promise<BookingRow | undefined> {
  const [row] = await db.select(bookingColumns).from(mentors).where(eq(mentors.userId, mentorId));
  return row;
}

export async function findBookingByUrlParam(
  db: Executor,
  urlParam: string,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select(bookingColumns)
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
 * agreed start for a visit agreed from proposed times) and the slots waiting bookings hold.
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
    );
  return rows.map((row) => ({
    from: row.from,
    until: row.until ?? new Date(row.from.getTime() + VISIT_DURATION_MINUTES * 60_000),
  }));
}

/**
 * The requests that count toward an alumna's monthly limit: those she received since
 * `monthStart` (the 1st of this month, Japan time), whatever became of them, except a request
 * the student withdrew before she did anything with it: before her own answer (承諾・辞退・
 * 別の日時の提案) and before any message of hers in its thread. A booking her 自動で承諾 agreed
 * at once carries that automatic answer at its very creation time (visits/booking-service), so
 * it is still one she never acted on. Withdrawn requests cost her nothing, and counting them let
 * one student hide her slots from everyone by booking and cancelling (issue 54). The one rule
 * for her limit: the OG list, her page, her own count, her slots and a new request all read it.
 * Her messages are counted per withdrawn row rather than asked with `not exists`, which the
 * planner turns into an anti-join reading every message of the site for each list page; this
 * stays a look-up in the thread index, made only for a withdrawn request she never answered.
 */
export function requestsCountingSince(mentorId: string | SQLWrapper, monthStart: Instant) {
  return sql<number>`(select count(*)::int from visit_requests counted where counted.mentor_id = ${mentorId} and counted.created_at >= ${instantSql(monthStart)} and not (counted.status = 'cancelled' and counted.cancelled_by = 'student' and (counted.responded_at is null or counted.responded_at = counted.created_at) and (select count(*) from visit_messages said where said.visit_request_id = counted.id and said.sender_side = 'mentor') = 0))`;
}

/** Her requests this calendar month (Japan time) that count toward her limit. */
export async function requestsThisMonth(
  db: Executor,
  mentorId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: requestsCountingSince(mentorId, tokyoMonthStart(now)) })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
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
