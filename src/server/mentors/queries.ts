import { and, desc, eq, gte, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  MENTOR_PAGE_SIZE,
  type MentorCard,
  type MentorDetail,
  type MentorListPage,
  type MentorProfile,
} from '../../shared/schemas/mentors';
import { normalizeForSearch } from '../../shared/search';
import { formatIndustry, INDUSTRY_SEPARATOR } from '../../shared/taxonomy';
import type { Executor } from '../db/client';
import { mentors, users } from '../db/schema';
import { iconUrl } from '../storage/icons';

type MentorRow = typeof mentors.$inferSelect;

export interface MentorFilters {
  category?: string | undefined;
  subcategory?: string | undefined;
  university?: string | undefined;
  yearFrom?: number | undefined;
  yearTo?: number | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
}

/** What free text is matched against: written with every change of these fields. */
export function mentorSearchText(fields: { name: string; company: string; message: string }) {
  return normalizeForSearch(`${fields.name} ${fields.company} ${fields.message}`);
}

function toCard(row: MentorRow): MentorCard {
  return {
    urlParam: row.urlParam,
    name: row.name,
    universityName: row.universityName,
    graduationYear: row.graduationYear,
    industry: row.industry,
    company: row.company,
    message: row.message,
    iconUrl: row.iconId ? iconUrl(row.iconId) : null,
  };
}

/** The list shows verified mentors and admins who keep a profile (decisions.md). */
const listed = and(inArray(users.role, ['mentor', 'admin']), eq(users.emailVerified, true));

/**
 * The cursor is the last card's (createdAt, id): stable while new alumni are added. The time
 * keeps PostgreSQL's microseconds (a JavaScript Date would cut them to milliseconds and skip
 * rows, or a whole page when rows share a timestamp).
 */
const cursorTime = sql<string>`to_char(${mentors.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function encodeCursor(time: string, userId: string): string {
  return Buffer.from(`${time}|${userId}`).toString('base64url');
}

const CURSOR_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{1,6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only what PostgreSQL reads back as a timestamp and a uuid: anything else starts over. */
function decodeCursor(cursor: string): { time: string; userId: string } | undefined {
  const [time, userId, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const seconds = CURSOR_TIME.exec(time ?? '')?.[1];
  if (!seconds || !userId || !UUID.test(userId) || rest.length > 0) return undefined;
  // Rejects what Date would roll over (2024-02-30) and the year 0, which PostgreSQL refuses.
  const parsed = new Date(`${seconds}Z`);
  if (
    Number.isNaN(parsed.getTime()) ||
    parsed.getUTCFullYear() < 1 ||
    parsed.toISOString().slice(0, 19) !== seconds
  ) {
    return undefined;
  }
  return { time: time!, userId };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(filters: MentorFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.subcategory && filters.category) {
    conditions.push(eq(mentors.industry, formatIndustry(filters.category, filters.subcategory)));
  } else if (filters.subcategory) {
    // A subcategory alone (a hand-edited or shared URL): that subcategory of any category.
    conditions.push(
      like(mentors.industry, `%${escapeLike(INDUSTRY_SEPARATOR + filters.subcategory)}`),
    );
  } else if (filters.category) {
    conditions.push(
      or(
        eq(mentors.industry, filters.category),
        like(mentors.industry, `${escapeLike(filters.category + INDUSTRY_SEPARATOR)}%`),
      )!,
    );
  }
  if (filters.university) conditions.push(eq(mentors.universityId, filters.university));
  if (filters.yearFrom !== undefined)
    conditions.push(gte(mentors.graduationYear, filters.yearFrom));
  if (filters.yearTo !== undefined) conditions.push(lte(mentors.graduationYear, filters.yearTo));
  const words = (filters.q ?? '')
    .split(/[\s\u3000]+/)
    .map(normalizeForSearch)
    .filter(Boolean);
  for (const word of words) {
    conditions.push(like(mentors.searchText, `%${escapeLike(word)}%`));
  }
  return conditions;
}

/**
 * One page of the OG list, newest first, 24 at a time. Contact addresses are never part
 * of a list answer. An unreadable cursor starts from the top rather than failing.
 */
export async function listMentorCards(
  db: Executor,
  filters: MentorFilters = {},
): Promise<MentorListPage> {
  const conditions = [listed!, ...filterConditions(filters)];
  const after = filters.cursor ? decodeCursor(filters.cursor) : undefined;
  if (after) {
    conditions.push(
      or(
        sql`${mentors.createdAt} < ${after.time}::timestamptz`,
        and(
          sql`${mentors.createdAt} = ${after.time}::timestamptz`,
          lt(mentors.userId, after.userId),
        ),
      )!,
    );
  }
  const rows = await db
    .select({ mentor: mentors, cursorTime })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where(and(...conditions))
    .orderBy(desc(mentors.createdAt), desc(mentors.userId))
    .limit(MENTOR_PAGE_SIZE + 1);
  const page = rows.slice(0, MENTOR_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => toCard(row.mentor)),
    nextCursor:
      rows.length > MENTOR_PAGE_SIZE && last
        ? encodeCursor(last.cursorTime, last.mentor.userId)
        : null,
  };
}

/** The detail page of one listed alumnus, by urlParam. */
export async function findMentorDetail(
  db: Executor,
  urlParam: string,
): Promise<MentorDetail | undefined> {
  const [row] = await db
    .select({ mentor: mentors })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where(and(listed, eq(mentors.urlParam, urlParam)))
    .limit(1);
  if (!row) return undefined;
  return { ...toCard(row.mentor), contactEmail: row.mentor.contactEmail };
}

export async function findOwnMentorProfile(
  db: Executor,
  userId: string,
): Promise<MentorProfile | undefined> {
  const [row] = await db.select().from(mentors).where(eq(mentors.userId, userId)).limit(1);
  if (!row) return undefined;
  return { ...toCard(row), universityId: row.universityId, contactEmail: row.contactEmail };
}
