import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { JAPAN_TIME_ZONE, JAPAN_UTC_OFFSET_MS, japanWallClock } from '../../shared/constants';
/**
 * Calendar dates as the seminar sees them: Japan time, whatever the server's time zone.
 * Exports and the overview's weeks are read by people in Japan.
 */
/** A day: 24 hours, as Japan's days always are (no summer time). */
export const DAY_MS = 24 * 60 * 60 * 1000;

// Japan's calendar is UTC's shifted by JAPAN_UTC_OFFSET_MS: plain arithmetic, where Intl's
// formatter cost a measurable part of a request that asks for this month's start
// (docs/PERFORMANCE.md).

const twoDigits = (n: number) => String(n).padStart(2, '0');

function tokyoParts(date: Date) {
  const shifted = japanWallClock(date);
  return {
    year: String(shifted.getUTCFullYear()),
    month: twoDigits(shifted.getUTCMonth() + 1),
    day: twoDigits(shifted.getUTCDate()),
    hour: twoDigits(shifted.getUTCHours()),
    minute: twoDigits(shifted.getUTCMinutes()),
  };
}

/** The month `date` falls in, Japan time: "YYYY-MM". */
export function tokyoMonthOf(date: Date): string {
  const p = tokyoParts(date);
  return `${p.year}-${p.month}`;
}

/** YYYY-MM-DD HH:mm in Japan time. */
export function formatTokyoDateTime(date: Date): string {
  const p = tokyoParts(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The hour of the day (0–23) in Japan time. */
export function tokyoHourOf(date: Date): number {
  return Number(tokyoParts(date).hour);
}

/** YYYYMMDD in Japan time, for file names. */
export function tokyoDateStamp(date: Date): string {
  const p = tokyoParts(date);
  return `${p.year}${p.month}${p.day}`;
}

/**
 * The Mondays (YYYY-MM-DD, Japan time) of `count` weeks ending with the week of `now`,
 * oldest first. Pure calendar arithmetic on the Japanese date, so no offset is assumed.
 */
export function tokyoWeekStarts(now: Date, count: number): string[] {
  const p = tokyoParts(now);
  const today = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day));
  const daysSinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const thisMonday = today - daysSinceMonday * DAY_MS;
  return Array.from({ length: count }, (_, i) =>
    new Date(thisMonday - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/** The first instant of the calendar month (Japan time) that `now` falls in. */
export function tokyoMonthStart(now: Date): Date {
  const p = tokyoParts(now);
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, 1) - JAPAN_UTC_OFFSET_MS);
}

/** The first instant of the calendar day (Japan time) that `date` falls in. */
export function tokyoDayStart(date: Date): Date {
  const p = tokyoParts(date);
  return new Date(
    Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) - JAPAN_UTC_OFFSET_MS,
  );
}

/** `hour`:00 Japan time on the calendar day before the one `date` falls in. */
export function tokyoDayBeforeAt(date: Date, hour: number): Date {
  return new Date(tokyoDayStart(date).getTime() - (24 - hour) * 60 * 60 * 1000);
}

/** The months (YYYY-MM, Japan time) of `count` months ending with the month of `now`, oldest first. */
export function tokyoMonths(now: Date, count: number): string[] {
  const p = tokyoParts(now);
  const year = Number(p.year);
  const month = Number(p.month) - 1;
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return date.toISOString().slice(0, 7);
  });
}

/** The Japanese school year `date` falls in: from April 1 (Japan time) to March 31. */
export function tokyoSchoolYear(date: Date): number {
  const p = tokyoParts(date);
  return Number(p.month) >= 4 ? Number(p.year) : Number(p.year) - 1;
}

/** April 1, 00:00 Japan time, of a school year. */
export function schoolYearStart(schoolYear: number): Date {
  return new Date(Date.UTC(schoolYear, 3, 1) - JAPAN_UTC_OFFSET_MS);
}

/**
 * PostgreSQL's `at time zone` with Japan's zone: a timestamptz read as Japan's wall clock (for
 * to_char, date_trunc, extract), or a wall-clock timestamp as the instant it names in Japan. The
 * zone is written into the statement, not bound, so that the same expression in a select list
 * and its GROUP BY is one expression to the planner.
 */
export function atJapanTimeZone(value: SQLWrapper): SQL {
  return sql`(${value} at time zone ${sql.raw(`'${JAPAN_TIME_ZONE}'`)})`;
}
