import { maskContactDetails } from '../../shared/contact-masking';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { MEETING_FORMATS, SLOT_SOON_DAYS } from '../../shared/constants';
import {
  minuteOfDay,
  timeOfDay,
  type BookingSettingsForm,
  type BookingView,
  type OpenSlot,
} from '../../shared/schemas/booking';
import type { Database, Executor } from '../db/client';
import { mentorAvailability, mentors } from '../db/schema';
import { AppError } from '../errors';
import { VALIDATION } from '../../shared/messages/validation-keys';
import {
  busyTimesOf,
  findBooking,
  liveVisitsOf,
  rulesOf,
  staleNextSlots,
  type BookingRow,
} from './queries';
import { openSlots, windowsCover, type AvailabilityRow, type Slot } from './slots';
import { keepEmployerRules } from './employer-rules';
import { storedEmployerRules, type EmployerRules } from '../../shared/schemas/employer-rules';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Why no slot is offered whatever her windows say; null when her windows decide: booking off,
 * or she takes no request now (the one rule, takes-requests.ts, read with her row).
 */
export function slotsStoppedBy(booking: BookingRow): BookingView['previewBlockedBy'] {
  return booking.bookingEnabled ? booking.closedBy : 'off';
}

/**
 * Her open slots now, as a student sees them (none while she is off, paused or at her monthly
 * limit): `booking` as findBooking read it at `now`. The request service calls it under her
 * lock to check the slot a student chose.
 */
export async function openSlotsOf(
  db: Executor,
  booking: BookingRow,
  now: Date,
  range: { limit?: number; days?: number } = {},
): Promise<Slot[]> {
  if (slotsStoppedBy(booking)) return [];
  return openSlots({
    choices: booking,
    rules: await rulesOf(db, booking.userId),
    employerRules: storedEmployerRules(booking.employerRules),
    busy: await busyTimesOf(db, booking.userId, new Date(now.getTime() - 24 * HOUR_MS)),
    now,
    ...range,
  });
}

export function toOpenSlot(slot: Slot): OpenSlot {
  return {
    start: slot.start.toISOString(),
    end: slot.end.toISOString(),
    formats: slot.formats,
    placeKind: slot.placeKind,
    // Her words as students read them (her preview shows what they see): contact details
    // masked, as everything written before an acceptance is (docs/PRODUCT.md §7).
    meetingPlace: slot.meetingPlace && maskContactDetails(slot.meetingPlace).text,
  };
}

/** How long a check that found the same earliest slot goes unrecorded: the timers' look-again. */
const NEXT_SLOT_RECHECK_MS = HOUR_MS;

/**
 * Works out again the earliest open slot of each alumna named, for the OG list's card and its
 * filter. Written only when it changed, or when the last recorded check is as old as the timers'
 * look-again (so they move on): each write of her row tells every process's list cache, and
 * costs PGlite a new version of a wide row with all its indexes, a sixth of a visit request's
 * time when it wrote the same slot again (docs/PERFORMANCE.md). The update finds no row
 * otherwise and writes nothing.
 */
export async function refreshNextSlots(
  db: Executor,
  mentorIds: Iterable<string | null>,
  now = new Date(),
): Promise<void> {
  for (const mentorId of new Set(mentorIds)) {
    if (!mentorId) continue;
    const booking = await findBooking(db, mentorId, now);
    if (!booking) continue;
    // Slots off and none shown: nothing to work out (most alumnae, on most changes).
    if (!booking.bookingEnabled && booking.nextSlotAt === null) continue;
    const [first] = booking.bookingEnabled ? await openSlotsOf(db, booking, now, { limit: 1 }) : [];
    const next = first?.start ?? null;
    const recheckedBefore = new Date(now.getTime() - NEXT_SLOT_RECHECK_MS);
    await db
      .update(mentors)
      .set({ nextSlotAt: next, nextSlotCheckedAt: now })
      .where(
        and(
          eq(mentors.userId, mentorId),
          or(
            sql`${mentors.nextSlotAt} is distinct from ${next?.toISOString() ?? null}::timestamptz`,
            isNull(mentors.nextSlotCheckedAt),
            lte(mentors.nextSlotCheckedAt, recheckedBefore),
          ),
        ),
      );
  }
}

/**
 * The timers' part: alumnae whose earliest slot can no longer be booked (it came within her
 * notice) or was last worked out an hour ago (a new day came into reach, a month began).
 * Returns how many it looked at. Each alumna on her own, not in one transaction: her update
 * stands alone (it writes only what changed; two processes that look at her at once write the
 * same), and on PGlite a transaction over fifty of them held every request back for seconds,
 * start-up's first health check included.
 */
export async function refreshStaleNextSlots(db: Database, now = new Date()): Promise<number> {
  const stale = await staleNextSlots(db, now, new Date(now.getTime() - NEXT_SLOT_RECHECK_MS), 50);
  await refreshNextSlots(
    db,
    stale.map((row) => row.userId),
    now,
  );
  return stale.length;
}

/** Her settings, windows, preview and the visits her windows no longer cover. */
export async function bookingViewOf(
  db: Executor,
  mentorId: string,
  now = new Date(),
): Promise<BookingView> {
  const booking = await findBooking(db, mentorId, now);
  if (!booking) throw new AppError('not-found');
  const rules = await rulesOf(db, mentorId);
  const previewBlockedBy = slotsStoppedBy(booking);
  const preview = openSlots({
    choices: booking,
    rules,
    employerRules: storedEmployerRules(booking.employerRules),
    busy: await busyTimesOf(db, mentorId, new Date(now.getTime() - 24 * HOUR_MS)),
    now,
    days: SLOT_SOON_DAYS,
  });
  return {
    bookingEnabled: booking.bookingEnabled,
    slotMinutes: booking.slotMinutes,
    noticeHours: booking.noticeHours,
    aheadDays: booking.aheadDays,
    bufferMinutes: booking.bufferMinutes,
    onHolidays: booking.onHolidays,
    autoAccept: booking.autoAccept,
    rules: rules.map((rule) => ({
      kind: rule.kind,
      weekday: rule.weekday,
      day: rule.day,
      start: rule.startMinute === null ? null : timeOfDay(rule.startMinute),
      end: rule.endMinute === null ? null : timeOfDay(rule.endMinute),
      meetingFormat: rule.meetingFormat,
      placeKind: rule.placeKind,
      meetingPlace: rule.meetingPlace,
    })),
    preview: booking.bookingEnabled ? preview.map(toOpenSlot) : [],
    previewBlockedBy,
    misfits: booking.bookingEnabled ? await misfitsOf(db, booking, rules, now) : [],
  };
}

/**
 * Her agreed visits and held bookings ahead that no window of hers covers any more (or that fall
 * on a day off, or on a holiday her windows no longer open on): a change of windows never
 * cancels them, it lists them to her. Covered as slots.ts offers slots, by the same rule.
 */
async function misfitsOf(db: Executor, booking: BookingRow, rules: AvailabilityRow[], now: Date) {
  const visits = await liveVisitsOf(db, booking.userId, now);
  return visits
    .filter((visit) => !windowsCover(booking, rules, visit.meetingAt, visit.until))
    .map((visit) => ({
      id: visit.id,
      meetingAt: visit.meetingAt.toISOString(),
      status: visit.status as 'pending' | 'accepted',
      studentName: visit.studentName ?? '',
    }));
}

/**
 * Saves her choices and windows at once (the windows replaced as a whole), then works out her
 * earliest slot again. No request is touched: visits her new windows miss are listed to her.
 */
export async function saveBookingSettings(
  db: Database,
  mentorId: string,
  input: BookingSettingsForm,
  now = new Date(),
): Promise<BookingView> {
  return db.transaction(async (tx) => {
    const current = await findBooking(tx, mentorId);
    if (!current) throw new AppError('not-found');
    // 自動で承諾 agrees visits in her name: the rules stand confirmed for each one only when she
    // confirmed them on turning it on.
    const confirmedAt =
      input.autoAccept && !current.autoAccept
        ? input.rulesConfirmed
          ? now
          : null
        : current.bookingRulesConfirmedAt;
    if (input.autoAccept && !confirmedAt) {
      throw new AppError('invalid-argument', {
        rulesConfirmed: VALIDATION.autoAcceptRulesRequired,
      });
    }
    // Checked while booking is on: turning it off must work with windows from before her rules
    // (those never offer what the rules forbid anyway), so that she can stop at once.
    if (input.bookingEnabled) {
      keepsEmployerRules(storedEmployerRules(current.employerRules), input.rules);
    }
    await tx
      .update(mentors)
      .set({
        bookingEnabled: input.bookingEnabled,
        slotMinutes: input.slotMinutes as BookingRow['slotMinutes'],
        bookingNoticeHours: input.noticeHours,
        bookingAheadDays: input.aheadDays,
        bookingBufferMinutes: input.bufferMinutes,
        bookingOnHolidays: input.onHolidays,
        autoAccept: input.autoAccept,
        bookingRulesConfirmedAt: input.autoAccept ? confirmedAt : current.bookingRulesConfirmedAt,
      })
      .where(eq(mentors.userId, mentorId));
    await tx.delete(mentorAvailability).where(eq(mentorAvailability.mentorId, mentorId));
    if (input.rules.length > 0) {
      await tx.insert(mentorAvailability).values(
        input.rules.map((rule, index) => ({
          mentorId,
          kind: rule.kind,
          weekday: rule.kind === 'weekly' ? rule.weekday : null,
          day: rule.kind === 'weekly' ? null : rule.day,
          startMinute: rule.kind === 'day_off' ? null : minuteOfDay(rule.start)!,
          endMinute: rule.kind === 'day_off' ? null : minuteOfDay(rule.end)!,
          meetingFormat: rule.kind === 'day_off' ? null : rule.meetingFormat,
          placeKind:
            rule.kind === 'day_off' || rule.meetingFormat === 'online'
              ? null
              : (rule.placeKind ?? null),
          meetingPlace:
            rule.kind === 'day_off' || rule.meetingFormat === 'online'
              ? null
              : rule.meetingPlace || null,
          // Kept in the order she entered them.
          createdAt: new Date(now.getTime() + index),
        })),
      );
    }
    await refreshNextSlots(tx, [mentorId], now);
    return bookingViewOf(tx, mentorId, now);
  });
}

/**
 * Refuses a window that would offer what her employer's rules forbid: in person at all when
 * online only, in person elsewhere than the office when premises only, or ending after her
 * latest end. Each format the window offers is checked as a meeting that ends with the window.
 */
function keepsEmployerRules(employerRules: EmployerRules, windows: BookingSettingsForm['rules']) {
  for (const window of windows) {
    if (window.kind === 'day_off') continue;
    const formats = window.meetingFormat === 'either' ? MEETING_FORMATS : [window.meetingFormat];
    for (const meetingFormat of formats) {
      keepEmployerRules(employerRules, {
        meetingFormat,
        placeKind: meetingFormat === 'online' ? null : (window.placeKind ?? null),
        endMinutes: minuteOfDay(window.end) ?? null,
      });
    }
  }
}
