import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { MentorSort } from '../../shared/constants';
import { decodeKeyCursor, encodeCursor, encodeKeyCursor, olderThanCursor } from '../db/paging';
import { mentors } from '../db/schema';

/** What a row of the OG list carries for the cursor that follows it. */
export interface OrderKeys {
  cursorTime: string;
  userId: string;
  graduationYear: number;
  nameReading: string | null;
}

/**
 * One order of the OG list: its ORDER BY, the condition "after the cursor" and the
 * cursor a row leaves. Each order has an index that returns rows in it (schema.ts), so a page
 * is read, never sorted; the cursor is keyset, so alumni added meanwhile never shift a page.
 */
interface ListOrder {
  orderBy: SQL[];
  /** Rows after the cursor; undefined on the first page or for a cursor of another order. */
  after(cursor: string | undefined): SQL | undefined;
  cursorOf(row: OrderKeys): string;
}

/** Alumni without ふりがな come after those with one, then in a fixed order. */
const noReading = sql`(${mentors.nameReading} is null)`;
const reading = sql`coalesce(${mentors.nameReading}, '')`;

export const LIST_ORDERS: Record<MentorSort, ListOrder> = {
  // Newest first, the list's default order.
  new: {
    orderBy: [desc(mentors.createdAt), desc(mentors.userId)],
    after: (cursor) => olderThanCursor(mentors.createdAt, mentors.userId, cursor),
    cursorOf: (row) => encodeCursor({ time: row.cursorTime, id: row.userId }),
  },
  // The most recent graduates first: the nearest to the student's own situation.
  graduation: {
    orderBy: [desc(mentors.graduationYear), desc(mentors.userId)],
    after(cursor) {
      const at = decodeKeyCursor(cursor, /^\d{4}$/);
      if (!at) return undefined;
      return sql`(${mentors.graduationYear}, ${mentors.userId}) < (${Number(at.key)}, ${at.id}::uuid)`;
    },
    cursorOf: (row) => encodeKeyCursor(String(row.graduationYear), row.userId),
  },
  // あいうえお順 of the ふりがな (stored in hiragana).
  reading: {
    orderBy: [asc(noReading), asc(reading), asc(mentors.userId)],
    after(cursor) {
      // "1": the row had no reading; "0" and the reading otherwise.
      const at = decodeKeyCursor(cursor, /^(?:1|0[^|]{1,40})$/u);
      if (!at) return undefined;
      const missing = at.key === '1';
      return sql`(${noReading}, ${reading}, ${mentors.userId}) > (${missing}::boolean, ${missing ? '' : at.key.slice(1)}::text, ${at.id}::uuid)`;
    },
    cursorOf: (row) =>
      encodeKeyCursor(row.nameReading === null ? '1' : `0${row.nameReading}`, row.userId),
  },
};
