import type { SimWorld, Violation } from '../types';

/**
 * What every invariant shares: how a violation is written, how a row's time is read (pg gives
 * Dates, the sim's query route gives ISO strings), and the slack the driver's ticks leave.
 */

/**
 * How late timed work may be and still be on time: the driver ticks every three simulated hours
 * unless told (run.ts, docs/decisions/0046), so a rule due at T is done by the first tick after
 * it. An invariant that reads "due by T" allows T plus this: a tick and an hour's margin.
 */
export const TICK_SLACK_MS = 4 * 60 * 60 * 1000;

export function violation(invariant: string, message: string, ids: readonly unknown[]): Violation {
  return { invariant, message, ids: ids.filter((id): id is string => typeof id === 'string') };
}

/** A timestamptz as the query answered it (a Date from pg and PGlite, an ISO string as JSON). */
export function instant(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

/** Whether a moment of the driver's real clock falls inside an injected fault's window. */
export function inFaultWindow(world: Pick<SimWorld, 'faults'>, at: number): boolean {
  return world.faults.some((fault) => fault.from <= at && at <= fault.to);
}

/** The simulated now as a query parameter. */
export function simNowParam(world: Pick<SimWorld, 'simNow'>): string {
  return world.simNow().toISOString();
}

/** The outbox row a delivered message came from: `<outbox-<id>@<sender's domain>>` (decision 0046). */
export function outboxIdOf(messageId: string): string | null {
  return /<outbox-([0-9a-f-]{36})@[^>\s]+>/i.exec(messageId)?.[1] ?? null;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every id a mail's text names (its links carry the request's or the 座談会's). */
export function idsIn(text: string): string[] {
  return [...new Set(text.match(UUID)?.map((id) => id.toLowerCase()) ?? [])];
}

/**
 * A list as one PostgreSQL text[] literal, for `$n::text[]`: every way a world runs its query
 * (pg, PGlite, the sim's query route as JSON) takes a string, not all take an array.
 */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
}
