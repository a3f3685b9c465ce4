import type { OpenSlot } from '../../../shared/schemas/booking';
import { i18n } from '../../i18n';
import { lazyDateFormat } from '../../lib/lazy-date-format';
import { tokyoDayOf, tokyoTimeOf } from '../../lib/meeting-time';

/** One Japanese calendar day of her open slots, earliest first. */
export interface SlotDay {
  /** "YYYY-MM-DD" in Japan. */
  day: string;
  slots: OpenSlot[];
}

/** Her slots by their day in Japan (never the browser's day: a slot at 9:00 is on its own date). */
export function slotsByDay(slots: readonly OpenSlot[]): SlotDay[] {
  const days = new Map<string, OpenSlot[]>();
  const ordered = [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const slot of ordered) {
    const day = tokyoDayOf(slot.start);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, daySlots]) => ({ day, slots: daySlots }));
}

const DAY_OPTIONS: Intl.DateTimeFormatOptions = {
  // The day is already Japan's: read at midnight UTC, it is said as it is.
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
};
const DAY_FORMAT = lazyDateFormat(DAY_OPTIONS);

/** A Japanese day, "YYYY-MM-DD", as a heading says it: 「12月3日(木)」, "Thu, December 3". */
export function formatSlotDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return DAY_FORMAT(i18n.language).format(new Date(Date.UTC(year, month - 1, date)));
}

/** The slot's day, start and end, and length, in Japan time. */
export function slotParts(slot: OpenSlot) {
  return {
    day: formatSlotDay(tokyoDayOf(slot.start)),
    from: tokyoTimeOf(slot.start),
    to: tokyoTimeOf(slot.end),
    minutes: Math.round((Date.parse(slot.end) - Date.parse(slot.start)) / 60_000),
  };
}

/** Whether two ISO texts name the same instant ("…T01:00:00.000Z" and "…T10:00+09:00" do). */
export function sameInstant(a: string, b: string): boolean {
  const first = Date.parse(a);
  return !Number.isNaN(first) && first === Date.parse(b);
}
