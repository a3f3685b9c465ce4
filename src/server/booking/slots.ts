import holidayJp from '@holiday-jp/holiday_jp';
import {
  JAPAN_UTC_OFFSET_MS,
  japanWallClock,
  VISIT_EARLIEST_START_HOUR,
  VISIT_LATEST_END_HOUR,
  VISIT_LATEST_START_HOUR,
  type MeetingFormat,
  type PlaceKind,
  type WindowFormat,
} from '../../shared/constants';
import { employerRuleBreach, type EmployerRules } from '../../shared/schemas/employer-rules';

/**
 * The open slots of one alumna (docs/PRODUCT.md §7, 予約枠), worked out from her windows and
 * what already holds her time. Pure: the caller reads the rows and says what "now" is, so the
 * same rule serves the student's list, her preview, the OG list's earliest slot and the check
 * a booking makes under her lock.
 *
 * Every day is a Japanese calendar day: Japan keeps UTC+9 all year, so a day's minute m is the
 * instant Date.UTC(day) + m minutes − 9 hours, whatever the server's zone.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface BookingChoices {
  slotMinutes: number;
  noticeHours: number;
  aheadDays: number;
  bufferMinutes: number;
  onHolidays: boolean;
}

/** A window or a day off, as mentor_availability keeps it. */
export interface AvailabilityRow {
  kind: 'weekly' | 'date' | 'day_off';
  weekday: number | null;
  day: string | null;
  startMinute: number | null;
  endMinute: number | null;
  meetingFormat: WindowFormat | null;
  placeKind: PlaceKind | null;
  meetingPlace: string | null;
}

/** Time already taken: an agreed visit, or a slot a waiting booking holds. */
export interface BusyTime {
  from: Date;
  until: Date;
}

export interface Slot {
  start: Date;
  end: Date;
  /** What the student may choose; both when a window says either. */
  formats: MeetingFormat[];
  /** Where an in-person visit in it is held (the window's), for 自動で承諾. */
  placeKind: PlaceKind | null;
  meetingPlace: string | null;
}

/** A Japanese public holiday (振替休日 and 国民の休日 included), by its "YYYY-MM-DD". */
export function isJapaneseHoliday(day: string): boolean {
  return Object.hasOwn(holidayJp.holidays, day);
}

/** The Japanese calendar day an instant falls in. */
function tokyoDayOf(instant: number): string {
  return japanWallClock(instant).toISOString().slice(0, 10);
}

function formatsOf(format: WindowFormat): MeetingFormat[] {
  return format === 'either' ? ['online', 'in_person'] : [format];
}

/**
 * The starts a window offers on one day: from its start, one slot after another, each over by
 * its end, starting by 20:00 and over by 21:00 (the meeting-hours rule, whatever the window).
 */
function startsIn(window: AvailabilityRow, slotMinutes: number): number[] {
  const from = Math.max(window.startMinute ?? 0, VISIT_EARLIEST_START_HOUR * 60);
  const to = Math.min(window.endMinute ?? 0, VISIT_LATEST_END_HOUR * 60);
  const starts: number[] = [];
  for (let minute = from; minute + slotMinutes <= to; minute += slotMinutes) {
    if (minute > VISIT_LATEST_START_HOUR * 60) break;
    starts.push(minute);
  }
  return starts;
}

/**
 * What a window offers in a slot that ends at `endMinute`, keeping her employer's rules: a
 * window she saved before recording them offers only what they allow (online only: the online
 * half of an 'either' window; nothing past her latest end), through the same check that
 * refuses such a window when she saves it.
 */
function formatsKeeping(
  employerRules: EmployerRules | undefined,
  window: AvailabilityRow,
  endMinute: number,
): MeetingFormat[] {
  const formats = formatsOf(window.meetingFormat ?? 'online');
  if (!employerRules) return formats;
  return formats.filter(
    (format) =>
      employerRuleBreach(employerRules, {
        meetingFormat: format,
        placeKind: format === 'online' ? null : window.placeKind,
        endMinutes: endMinute,
      }) === null,
  );
}

/**
 * The windows open on one Japanese calendar day ("YYYY-MM-DD"): none on a day off; her weekly
 * windows of its weekday unless it is a public holiday she does not allow; and the one-off
 * dates she added for it (her own allowance, holiday or not). The one rule of which windows a
 * day has, for the slots offered and for the visits her windows still cover.
 */
function windowsOn(
  rules: AvailabilityRow[],
  day: string,
  choices: Pick<BookingChoices, 'onHolidays'>,
): AvailabilityRow[] {
  if (rules.some((rule) => rule.kind === 'day_off' && rule.day === day)) return [];
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const holidayClosed = !choices.onHolidays && isJapaneseHoliday(day);
  return rules.filter(
    (rule) =>
      (rule.kind === 'weekly' && rule.weekday === weekday && !holidayClosed) ||
      (rule.kind === 'date' && rule.day === day),
  );
}

/**
 * Whether a window open on its day (windowsOn) covers a visit from `start` to `end` (a visit
 * without an end, agreed from proposed times, is covered by a window its start falls in): what
 * her preview lists as no longer covered when she changes her windows.
 */
export function windowsCover(
  choices: Pick<BookingChoices, 'onHolidays'>,
  rules: AvailabilityRow[],
  start: Date,
  end: Date | null,
): boolean {
  const wall = japanWallClock(start);
  const from = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  const to = end ? from + Math.round((end.getTime() - start.getTime()) / MINUTE_MS) : from + 1;
  return windowsOn(rules, tokyoDayOf(start.getTime()), choices).some(
    (window) => (window.startMinute ?? 0) <= from && to <= (window.endMinute ?? 0),
  );
}

/**
 * Her open slots from `now` on, earliest first: at least noticeHours ahead, starting within
 * aheadDays, never on a public holiday unless she allows them (a one-off date she added is her
 * own allowance), never on a day off, and clear of every busy time by her buffer. `limit` stops
 * at that many; `days` looks only that far ahead (within aheadDays).
 */
export function openSlots(input: {
  choices: BookingChoices;
  rules: AvailabilityRow[];
  /** Her employer's rules, which every slot keeps (none: the windows alone decide). */
  employerRules?: EmployerRules;
  busy: BusyTime[];
  now: Date;
  limit?: number;
  days?: number;
}): Slot[] {
  const { choices, rules, busy, now } = input;
  const earliest = now.getTime() + choices.noticeHours * HOUR_MS;
  const latest = now.getTime() + Math.min(choices.aheadDays, input.days ?? Infinity) * DAY_MS;
  const buffer = choices.bufferMinutes * MINUTE_MS;
  const slots: Slot[] = [];

  for (
    let dayStart = Date.parse(tokyoDayOf(earliest));
    dayStart <= latest + JAPAN_UTC_OFFSET_MS;
    dayStart += DAY_MS
  ) {
    const windows = windowsOn(rules, new Date(dayStart).toISOString().slice(0, 10), choices);
    const byStart = new Map<number, Slot>();
    for (const window of windows) {
      for (const minute of startsIn(window, choices.slotMinutes)) {
        const start = dayStart + minute * MINUTE_MS - JAPAN_UTC_OFFSET_MS;
        const end = start + choices.slotMinutes * MINUTE_MS;
        if (start < earliest || start > latest) continue;
        const taken = busy.some(
          (time) => time.from.getTime() - buffer < end && time.until.getTime() + buffer > start,
        );
        if (taken) continue;
        const formats = formatsKeeping(input.employerRules, window, minute + choices.slotMinutes);
        if (formats.length === 0) continue;
        const same = byStart.get(start);
        if (same) {
          // Two windows offering one start: the student may choose what either offers.
          same.formats = [...new Set([...same.formats, ...formats])].sort() as MeetingFormat[];
          if (formats.includes('in_person')) {
            same.placeKind ??= window.placeKind;
            same.meetingPlace ??= window.meetingPlace;
          }
          continue;
        }
        byStart.set(start, {
          start: new Date(start),
          end: new Date(end),
          formats,
          placeKind: formats.includes('in_person') ? window.placeKind : null,
          meetingPlace: formats.includes('in_person') ? window.meetingPlace : null,
        });
      }
    }
    for (const slot of [...byStart.values()].sort(
      (a, b) => a.start.getTime() - b.start.getTime(),
    )) {
      slots.push(slot);
      if (input.limit !== undefined && slots.length >= input.limit) return slots;
    }
  }
  return slots;
}
