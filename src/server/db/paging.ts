import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset paging for lists shown newest first: a page ends at its last row's (createdAt, id),
 * and the next page starts strictly after it, so rows added meanwhile never shift a page.
 * The time keeps PostgreSQL's microseconds (a JavaScript Date would cut them to milliseconds
 * and skip rows, or a whole page when rows share a timestamp), so it is read as text.
 */
export function cursorTimeOf(createdAt: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export interface CursorKey {
  time: string;
  id: string;
}

export function encodeCursor({ time, id }: CursorKey): string {
  return Buffer.from(`${time}|${id}`).toString('base64url');
}

const CURSOR_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{1,6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only what PostgreSQL reads back as a timestamp and a uuid: anything else starts over. */
export function decodeCursor(cursor: string): CursorKey | undefined {
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const seconds = CURSOR_TIME.exec(time ?? '')?.[1];
  if (!seconds || !id || !UUID.test(id) || rest.length > 0) return undefined;
  // Rejects what Date would roll over (2024-02-30) and the year 0, which PostgreSQL refuses.
  const parsed = new Date(`${seconds}Z`);
  if (
    Number.isNaN(parsed.getTime()) ||
    parsed.getUTCFullYear() < 1 ||
    parsed.toISOString().slice(0, 19) !== seconds
  ) {
    return undefined;
  }
  return { time: time!, id };
}

/**
 * The condition "older than the cursor" for a list ordered by (createdAt desc, id desc);
 * undefined for the first page or an unreadable cursor (the list then starts from the top).
 */
export function olderThanCursor(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  cursor: string | undefined,
): SQL | undefined {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (!after) return undefined;
  // A row comparison, which a (createdAt desc, id desc) index can start from directly.
  return sql`(${createdAt}, ${id}) < (${after.time}::timestamptz, ${after.id}::uuid)`;
}

/**
 * The condition "after the key" for rows read oldest first, by (time, id) ascending: where the
 * exports' next batch starts (lib/download.ts), the time read with `cursorTimeOf`. Undefined
 * for the first batch.
 */
export function afterKey(
  time: AnyPgColumn,
  id: AnyPgColumn,
  after: CursorKey | undefined,
): SQL | undefined {
  if (!after) return undefined;
  return sql`(${time}, ${id}) > (${after.time}::timestamptz, ${after.id}::uuid)`;
}

/**
 * Cuts rows fetched with `limit(size + 1)` to one page; the extra row only says that another
 * page follows, and the cursor names the page's last row.
 */
export function toPage<T>(
  rows: readonly T[],
  size: number,
  keyOf: (row: T) => CursorKey,
): { items: T[]; nextCursor: string | null } {
  return toPageWith(rows, size, (row) => encodeCursor(keyOf(row)));
}

/** The same, for a list whose cursor is not (createdAt, id): `cursorOf` writes it. */
export function toPageWith<T>(
  rows: readonly T[],
  size: number,
  cursorOf: (row: T) => string,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last !== undefined ? cursorOf(last) : null };
}

/**
 * A cursor for a list ordered by one key and then the id (the OG list's sorts):
 * the key as text, then the id. Each list says which keys it can read back.
 */
export function encodeKeyCursor(key: string, id: string): string {
  return Buffer.from(`${key}|${id}`).toString('base64url');
}

/** The key and the id, or undefined when the cursor is not one (the list starts over). */
export function decodeKeyCursor(
  cursor: string | undefined,
  keyPattern: RegExp,
): { key: string; id: string } | undefined {
  if (!cursor) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString();
  const split = text.lastIndexOf('|');
  const key = text.slice(0, split);
  const id = text.slice(split + 1);
  if (split < 0 || !UUID.test(id) || !keyPattern.test(key)) return undefined;
  return { key, id };
}

/** Text matched with LIKE/ILIKE as typed: its own %, _ and \ are not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An ILIKE/LIKE pattern that finds the text anywhere. */
export function containing(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * A LIMIT written into the statement rather than bound. PostgreSQL keeps one plan for a
 * prepared statement only while it costs no more than planning for each call's values, and it
 * costs a bound LIMIT as a tenth of the table: the OG list's page was planned anew on every
 * request, a third of its time (docs/PERFORMANCE.md). drizzle writes an SQL value as it is;
 * the type says number only so that `.limit()` takes it: pass it nowhere else.
 */
export function fixedLimit(rows: number): number {
  return sql.raw(String(Math.trunc(rows))) as unknown as number;
}
