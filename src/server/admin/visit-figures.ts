import { sql, type SQL } from 'drizzle-orm';
import { visitRequests } from '../db/schema';
import { atJapanTimeZone } from '../lib/tokyo-time';

/**
 * The console's figures of visit requests, said once for every page that counts them (the
 * overview's funnel, 「依頼の偏り」): by the month a request was sent, Japan time.
 */

/** The month (YYYY-MM, Japan time) a request was sent. */
export const requestMonth = sql<string>`to_char(${atJapanTimeZone(visitRequests.createdAt)}, 'YYYY-MM')`;

/** The first instant of a YYYY-MM month in Japan time, for `created_at >= …`. */
export function tokyoMonthStartOf(month: string): SQL {
  return atJapanTimeZone(sql`${`${month}-01`}::date::timestamp`);
}

/** Agreed: a meeting time was set, even if the visit was cancelled later. */
export const agreedCount = sql<number>`count(*) filter (where ${visitRequests.meetingAt} is not null)::int`;

/**
 * The median hours from a request to the alumna's first answer (acceptance, refusal or other
 * times proposed), over the rows aggregated; null when none was answered.
 */
export const medianHoursToAnswer = sql<
  number | null
>`(percentile_cont(0.5) within group (order by extract(epoch from ${visitRequests.respondedAt} - ${visitRequests.createdAt}) / 3600) filter (where ${visitRequests.respondedAt} is not null))::float8`;

/** Hours as the console shows them: one decimal, null for none. */
export function roundedHours(hours: number | null | undefined): number | null {
  return hours === null || hours === undefined ? null : Math.round(hours * 10) / 10;
}
