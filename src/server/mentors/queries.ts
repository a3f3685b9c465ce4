import {
  and,
  arrayContains,
  inArray,
  count,
  eq,
  gt,
  gte,
  isNull,
  like,
  lte,
  notInArray,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import {
  MENTOR_PAGE_SIZE,
  MENTOR_TOTAL_BOUND,
  type LastActiveAge,
  type MentorCard,
  type MentorInviter,
  type MentorListPage,
  type MentorProfile,
} from '../../shared/schemas/mentors';
import {
  SLOT_SOON_DAYS,
  type JobType,
  type MentorSort,
  type MentorTopic,
} from '../../shared/constants';
import { normalizeForSearch } from '../../shared/search';
import { formatIndustry, INDUSTRY_SEPARATOR } from '../../shared/taxonomy';
import type { Database, Executor } from '../db/client';
import { cursorTimeOf, escapeLike, fixedLimit, toPageWith } from '../db/paging';
import { gramsHaveWords, searchWords, textHasWords } from '../db/word-search';
import { companyKeyOf } from '../db/company-key';
import { preparedPerDatabase, type Instant } from '../db/prepared';
import { favourites, invitations, listedMentorCount, mentors, users } from '../db/schema';
import { listed } from '../db/listed';
import {
  requestsClosedBy,
  requestsCountingSince,
  takesRequests,
  type RequestsClosedBy,
} from '../booking';
import { tokyoMonthStart } from '../lib/tokyo-time';
import { iconUrl } from '../storage';
import { universityNameEnOf } from '../universities';
import { countHeldVisits } from './held-visits-queries';
import { LIST_ORDERS } from './list-order';
import { storedEmployerRules } from '../../shared/schemas/employer-rules';

/**
 * The columns a card reads (the OG list reads no more: every column is decoded for each of a
 * page's 25 rows, and the list never needs a contact address): never search_text or
 * search_grams, which are long and only matter to the WHERE clause.
 */
const cardColumns = {
  userId: mentors.userId,
  urlParam: mentors.urlParam,
  name: mentors.name,
  universityName: mentors.universityName,
  universityNameEn: universityNameEnOf(mentors.universityId),
  graduationYear: mentors.graduationYear,
  industry: mentors.industry,
  company: mentors.company,
  message: mentors.message,
  iconId: mentors.iconId,
  nameReading: mentors.nameReading,
  jobType: mentors.jobType,
  joinedYear: mentors.joinedYear,
  topics: mentors.topics,
  topicsNote: mentors.topicsNote,
  nextSlotAt: mentors.nextSlotAt,
};

/** What the detail page and the own profile read: a card's columns and the settings. */
const profileColumns = {
  ...cardColumns,
  universityId: mentors.universityId,
  faculty: mentors.faculty,
  acceptingRequests: mentors.acceptingRequests,
  monthlyRequestLimit: mentors.monthlyRequestLimit,
  contactEmail: mentors.contactEmail,
  contactEmailConfirmedAt: mentors.contactEmailConfirmedAt,
  contactVisibility: mentors.contactVisibility,
  autoPausedAt: mentors.autoPausedAt,
  companyReading: mentors.companyReading,
  employerRules: mentors.employerRules,
};

type MentorRow = {
  [
    Column in Exclude<keyof typeof profileColumns, 'universityNameEn'>
  ]: (typeof mentors.$inferSelect)[Column];
} & { universityNameEn: string | null };

type CardRow = Pick<MentorRow, keyof typeof cardColumns>;

/** What a card needs beyond the profile: whether she takes requests now, and the last sign-in. */
interface CardExtras {
  /** Why she takes no request now (booking's one rule, requestsClosedBy); null when she does. */
  closedBy: RequestsClosedBy | null;
  lastActiveAt: Date | null;
}

/** What a row of the OG list carries: a card's columns and what it needs beyond them. */
interface ListRow extends CardExtras {
  mentor: CardRow;
  cursorTime: string;
}

const cardKeys = Object.keys(cardColumns) as (keyof typeof cardColumns)[];

/**
 * A row of the OG list as one JSON array (a card's columns in cardColumns' order, then the
 * cursor's time, why she takes no request, which decides 「受付中」, and the last sign-in):
 * PGlite's reader costs about a microsecond per value, so 26 rows of 21 values took longer to
 * read than to find (docs/PERFORMANCE.md). Every value is text, a number, a boolean or a list of text, which
 * JSON carries as they are; the last sign-in arrives as its ISO text.
 */
function listRowJson(monthStart: Instant) {
  const values = [
    ...Object.values(cardColumns),
    cursorTime,
    requestsClosedBy(monthStart),
    users.lastActiveAt,
  ];
  return sql`json_build_array(${sql.join(values, sql`, `)})::text`.mapWith(readListRow);
}

/** listRowJson's text as the row it carries. */
function readListRow(text: string): ListRow {
  const read = JSON.parse(text) as unknown[];
  const [time, closedBy, lastActiveAt] = read.slice(cardKeys.length) as [
    string,
    RequestsClosedBy | null,
    string | null,
  ];
  return {
    mentor: Object.fromEntries(cardKeys.map((key, i) => [key, read[i]])) as CardRow,
    cursorTime: time,
    closedBy,
    lastActiveAt: lastActiveAt === null ? null : new Date(lastActiveAt),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The coarse age the list shows instead of the time of the last sign-in. */
export function lastActiveAge(lastActiveAt: Date | null, now = Date.now()): LastActiveAge | null {
  if (!lastActiveAt) return null;
  const age = now - lastActiveAt.getTime();
  if (age <= DAY_MS) return 'day';
  if (age <= 7 * DAY_MS) return 'week';
  if (age <= 30 * DAY_MS) return 'month';
  return 'older';
}

export interface MentorFilters {
  category?: string | undefined;
  subcategory?: string | undefined;
  university?: string | undefined;
  yearFrom?: number | undefined;
  yearTo?: number | undefined;
  q?: string | undefined;
  accepting?: '1' | undefined;
  slotSoon?: '1' | undefined;
  favourites?: '1' | undefined;
  jobType?: JobType | undefined;
  joinedFrom?: number | undefined;
  joinedTo?: number | undefined;
  topic?: MentorTopic | undefined;
  sort?: MentorSort | undefined;
  cursor?: string | undefined;
}

/**
 * What free text is matched against, written with every change of these fields: the name,
 * company and message, and the industry with its subcategory, so that 「IT」 or
 * 「総合商社」 finds the alumni in them. Migration 0008 wrote it again for older rows.
 */
export function mentorSearchText(fields: {
  name: string;
  nameReading: string | null;
  company: string;
  companyReading: string | null;
  message: string;
  industry: string;
}) {
  return normalizeForSearch(
    [
      fields.name,
      fields.nameReading ?? '',
      fields.company,
      fields.companyReading ?? '',
      fields.message,
      fields.industry,
    ].join(' '),
  );
}

/**
 * The columns a mentor row derives from what the alumnus entered: the industry as stored and
 * shown (「大分類 - 小分類」) and the search text (so 「さとう」 finds 佐藤 by her フリガナ).
 * Registration, editing, the demo seed and the bench seed all write them through this one
 * function, so a search finds every alumnus alike.
 */
export function mentorDerivedColumns(fields: {
  name: string;
  nameReading: string | null;
  company: string;
  companyReading: string | null;
  message: string;
  industryCategory: string;
  industrySubcategory?: string | null | undefined;
}): { industry: string; searchText: string } {
  const industry = formatIndustry(fields.industryCategory, fields.industrySubcategory || null);
  return { industry, searchText: mentorSearchText({ ...fields, industry }) };
}

function toCard(row: CardRow, extras: CardExtras): MentorCard {
  return {
    urlParam: row.urlParam,
    name: row.name,
    universityName: row.universityName,
    universityNameEn: row.universityNameEn,
    graduationYear: row.graduationYear,
    industry: row.industry,
    company: row.company,
    message: row.message,
    iconUrl: row.iconId ? iconUrl(row.iconId) : null,
    accepting: extras.closedBy === null,
    lastActive: lastActiveAge(extras.lastActiveAt),
    nameReading: row.nameReading,
    jobType: row.jobType,
    joinedYear: row.joinedYear,
    topics: row.topics,
    topicsNote: row.topicsNote,
    earliestSlot: extras.closedBy === null ? earliestSlotOf(row.nextSlotAt) : null,
  };
}

/**
 * 「最短 12/3(木) 10:00」: her earliest open slot while it is still ahead (booking/ works it out
 * again once it is not; a list answer read moments before may still carry it). The list's JSON
 * row carries it as text, the detail page's select as a Date.
 */
function earliestSlotOf(nextSlotAt: Date | string | null, now = Date.now()): string | null {
  if (nextSlotAt === null) return null;
  const at = new Date(nextSlotAt);
  return at.getTime() > now ? at.toISOString() : null;
}

/** Her earliest slot within SLOT_SOON_DAYS: the list's 「2週間以内に空きあり」. */
function slotSoonCondition(now: Date): SQL {
  return and(
    gt(mentors.nextSlotAt, now),
    lte(mentors.nextSlotAt, new Date(now.getTime() + SLOT_SOON_DAYS * DAY_MS)),
  )!;
}

/** The list's cursor: the last card's (createdAt, id), see db/paging. */
const cursorTime = cursorTimeOf(mentors.createdAt);

/**
 * Who asks, for the parts of the list that depend on it (such answers are never cached, see
 * routes.ts): their favourites, and the alumni who blocked them (SessionEntry.blockedBy).
 */
export interface ListViewer {
  id: string;
  blockedBy: readonly string[];
}

/**
 * The filters that leave out an alumna who does not take requests: 受付中のみ, and 空き枠あり
 * (a slot is offered only by an alumna who takes requests). To a student she blocked she does
 * not take them, so under these she is left out for that student, as a paused alumna is, from
 * the page and from the total: such a page depends on its viewer (routes.ts never serves it from
 * the shared answer, where asSeenBy could only show her card as paused, not take it away).
 */
export function leavesOutNotAccepting(filters: MentorFilters): boolean {
  return Boolean(filters.accepting || filters.slotSoon);
}

/**
 * The list's filters. `viewer` is needed only for favourites, and for the filters that leave
 * out an alumna who does not take requests (leavesOutNotAccepting) when one blocked the viewer.
 */
function filterConditions(filters: MentorFilters, monthStart: Instant, viewer?: ListViewer): SQL[] {
  const conditions: SQL[] = [];
  const viewerId = viewer?.id;
  if (filters.slotSoon) conditions.push(slotSoonCondition(new Date()));
  if (leavesOutNotAccepting(filters)) {
    conditions.push(takesRequests(monthStart));
    if (viewer && viewer.blockedBy.length > 0) {
      conditions.push(notInArray(mentors.urlParam, [...viewer.blockedBy]));
    }
  }
  if (filters.favourites) {
    conditions.push(
      viewerId
        ? sql`exists (select 1 from ${favourites} where ${favourites.studentId} = ${viewerId} and ${favourites.mentorId} = ${mentors.userId})`
        : sql`false`,
    );
  }
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
  if (filters.jobType) conditions.push(eq(mentors.jobType, filters.jobType));
  if (filters.joinedFrom !== undefined) {
    conditions.push(gte(mentors.joinedYear, filters.joinedFrom));
  }
  if (filters.joinedTo !== undefined) conditions.push(lte(mentors.joinedYear, filters.joinedTo));
  if (filters.topic) {
    conditions.push(arrayContains(mentors.topics, [filters.topic]));
  }
  if (filters.yearFrom !== undefined)
    conditions.push(gte(mentors.graduationYear, filters.yearFrom));
  if (filters.yearTo !== undefined) conditions.push(lte(mentors.graduationYear, filters.yearTo));
  return conditions;
}

/**
 * Which rows a page of the list reads: the filters' (by default); `only` those alumni instead
 * (their ids, or a condition naming them: a search's page its probe found); `when` a condition
 * of the whole statement, not of a row (which branch of a search runs).
 */
export interface ListScope {
  only?: readonly string[] | SQL;
  when?: SQL;
}

/**
 * The query behind one page of the OG list (its own function so that the index test can
 * EXPLAIN exactly what the site runs): the filters and each word in the text, walking the
 * order's index; or, with `only`, those alumni, in order.
 */
export function mentorListQuery<
  Extra extends Record<string, SQL | SQL.Aliased> = Record<never, SQL>,
>(
  db: Executor,
  filters: MentorFilters = {},
  viewer?: ListViewer,
  monthStart: Instant = tokyoMonthStart(new Date()),
  /** More columns read with the page (the first page's kept total). */
  extra: Extra = {} as Extra,
  { only, when }: ListScope = {},
) {
  const conditions = only
    ? [listed, Array.isArray(only) ? inArray(mentors.userId, [...only]) : (only as SQL)]
    : [
        listed,
        ...filterConditions(filters, monthStart, viewer),
        ...textHasWords(mentors.searchText, searchWords(filters.q)),
      ];
  if (when) conditions.push(when);
  const order = LIST_ORDERS[filters.sort ?? 'new'];
  const after = only ? undefined : order.after(filters.cursor);
  if (after) conditions.push(after);
  return (
    db
      // Named, for a statement that reads it as text (a search's, searchPageQuery).
      .select({
        row: listRowJson(monthStart).as('row'),
        extra: extra as Record<string, SQL<unknown>>,
      })
      .from(mentors)
      .innerJoin(users, eq(users.id, mentors.userId))
      .where(and(...conditions))
      .orderBy(...order.orderBy)
      .limit(fixedLimit(MENTOR_PAGE_SIZE + 1))
  );
}

/**
 * A search's first statement: the alumni its words and filters match, through the GIN index of
 * pieces, up to one more than MENTOR_TOTAL_BOUND; how many, and the ids of the next page's rows
 * in the list's order. Up to the bound that is the exact count and the page (a rare word: read
 * once, sorted, done); beyond it the words are common, and the page is a walk down the order's
 * index, which finds them in its first few hundred rows (listMentorCards).
 */
export function searchProbeQuery(
  db: Executor,
  filters: MentorFilters,
  viewer?: ListViewer,
  monthStart: Instant = tokyoMonthStart(new Date()),
) {
  const words = searchWords(filters.q);
  const order = LIST_ORDERS[filters.sort ?? 'new'];
  const conditions = [
    listed,
    ...filterConditions(filters, monthStart, viewer),
    ...textHasWords(mentors.searchText, words),
    gramsHaveWords(mentors.searchGrams, words),
  ];
  const after = order.after(filters.cursor);
  if (after) conditions.push(after);
  const pageIds = sql<
    string[] | null
  >`(array_agg(${mentors.userId} order by ${sql.join(order.orderBy, sql`, `)}))[1:${sql.raw(String(MENTOR_PAGE_SIZE + 1))}]`;
  // The matches under the table's own name, so the order's columns read from them.
  const matches = sql`(select * from ${mentors} where ${and(...conditions)} limit ${sql.raw(String(MENTOR_TOTAL_BOUND + 1))}) as ${mentors}`;
  return db
    .select({ matched: sql<number>`count(*)::int`.as('matched'), pageIds: pageIds.as('page_ids') })
    .from(matches);
}

/**
 * A search in one statement (issue 60): the probe, then the page by one of two branches, each
 * behind a condition on the probe's count that PostgreSQL decides once, before reading a row
 * (a one-time filter): up to MENTOR_TOTAL_BOUND matches, the probe's page ids read by primary
 * key; beyond it, the walk down the order's index. Each row carries the count. Only one branch
 * returns rows, in its own order (an Append runs its branches one after the other).
 */
export function searchPageQuery(
  db: Executor,
  filters: MentorFilters,
  viewer?: ListViewer,
  monthStart: Instant = tokyoMonthStart(new Date()),
) {
  const probe = searchProbeQuery(db, filters, viewer, monthStart);
  const matched = sql<number>`(select matched from probe)`;
  const bound = sql.raw(String(MENTOR_TOTAL_BOUND));
  const byIds = mentorListQuery(
    db,
    { sort: filters.sort },
    undefined,
    monthStart,
    { matched: matched.as('matched') },
    {
      // A cast makes the list one value: `any (select …)` would compare with each row.
      only: sql`${mentors.userId} = any(cast((select page_ids from probe) as uuid[]))`,
      when: sql`${matched} <= ${bound}`,
    },
  );
  const walk = mentorListQuery(
    db,
    filters,
    viewer,
    monthStart,
    { matched: matched.as('matched') },
    { when: sql`${matched} > ${bound}` },
  );
  return sql`with probe as (${probe}) (${byIds}) union all (${walk})`;
}

/**
 * How many alumni the filters match in all (「全 N 件」, not the page size), up to one more than
 * MENTOR_TOTAL_BOUND: the list query's conditions without its cursor and order (a search
 * counts with its probe). Bounded because a broad filter matches thousands at the bench's
 * sizes; a seminar's list stays well under the bound, where the count is exact.
 */
export function mentorCountQuery(
  db: Executor,
  filters: MentorFilters = {},
  viewer?: ListViewer,
  now = new Date(),
) {
  const conditions = filterConditions(filters, tokyoMonthStart(now), viewer);
  // Unfiltered, the count the database keeps: counting every listed row would be most of an
  // uncached list request's work (docs/PERFORMANCE.md).
  if (conditions.length === 0) {
    return db.select({ total: listedMentorCount.total }).from(listedMentorCount);
  }
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(mentors)
    .where(and(listed, ...conditions))
    .limit(fixedLimit(MENTOR_TOTAL_BOUND + 1))
    .as('matching');
  return db.select({ total: count() }).from(matching);
}

/** The total the database keeps of every listed alumnus (migration 0019). */
const keptTotal = sql<number>`(select ${listedMentorCount.total} from ${listedMentorCount})`;

/**
 * The first page of the whole list, newest first: what every student opens first. Built once
 * (docs/PERFORMANCE.md), with the kept total as a column, so it is one statement.
 */
const wholeListFirstPage = preparedPerDatabase((db) =>
  mentorListQuery(db, {}, undefined, sql.placeholder('monthStart'), {
    total: keptTotal,
  }).prepare('mentor_list_first_page'),
);

function isFiltered(filters: MentorFilters): boolean {
  return filterConditions(filters, new Date()).length > 0 || searchWords(filters.q).length > 0;
}

function isWholeListFirstPage(filters: MentorFilters): boolean {
  return filters.cursor === undefined && (filters.sort ?? 'new') === 'new' && !isFiltered(filters);
}

/**
 * A page as a viewer sees it: an alumna who blocked them shows exactly as a paused alumna
 * (not 受付中), as her own page says (mentor-detail), so comparing the two tells nothing.
 * Applied on top of the answer everyone shares.
 */
export function asSeenBy(page: MentorListPage, blockedBy: readonly string[]): MentorListPage {
  if (blockedBy.length === 0) return page;
  return {
    ...page,
    items: page.items.map((card) =>
      blockedBy.includes(card.urlParam) ? { ...card, accepting: false, earliestSlot: null } : card,
    ),
  };
}

/**
 * One page of the OG list, newest first, 24 at a time, with the total on the first page (later
 * pages carry null: the reader already has it). Contact addresses are never part of a list
 * answer. An unreadable cursor starts from the top rather than failing. Without a viewer, the
 * answer everyone shares (asSeenBy makes it a viewer's).
 */
export async function listMentorCards(
  db: Database,
  filters: MentorFilters = {},
  viewer?: ListViewer,
): Promise<MentorListPage> {
  if (isWholeListFirstPage(filters)) {
    const rows = await wholeListFirstPage(db).execute({
      monthStart: tokyoMonthStart(new Date()).toISOString(),
    });
    return pageOf(filters, rows, {
      total: Number((rows[0]?.extra as { total?: number } | undefined)?.total ?? 0),
    });
  }
  const page =
    searchWords(filters.q).length > 0
      ? await searchMentorCards(db, filters, viewer)
      : await filteredMentorCards(db, filters, viewer);
  return viewer ? asSeenBy(page, viewer.blockedBy) : page;
}

type ListRows = Awaited<ReturnType<typeof mentorListQuery>>;

function pageOf(
  filters: MentorFilters,
  rows: ListRows,
  total: Pick<MentorListPage, 'total' | 'totalAtLeast'>,
): MentorListPage {
  const order = LIST_ORDERS[filters.sort ?? 'new'];
  const page = toPageWith(rows, MENTOR_PAGE_SIZE, ({ row }) =>
    order.cursorOf({ ...row.mentor, cursorTime: row.cursorTime }),
  );
  return {
    items: page.items.map(({ row }) => toCard(row.mentor, row)),
    nextCursor: page.nextCursor,
    ...(filters.cursor ? { total: null } : total),
  };
}

/**
 * A list with filters but no words: the page, then (a first page that does not hold every
 * match) the bounded count.
 */
async function filteredMentorCards(
  db: Database,
  filters: MentorFilters,
  viewer: ListViewer | undefined,
): Promise<MentorListPage> {
  const rows = await mentorListQuery(db, filters, viewer);
  if (filters.cursor || rows.length <= MENTOR_PAGE_SIZE) {
    return pageOf(filters, rows, { total: rows.length });
  }
  const [counted] = await mentorCountQuery(db, filters, viewer);
  const total = counted?.total ?? 0;
  // The unfiltered list's total (a sort other than the newest) is the kept one, exact at any size.
  return pageOf(
    filters,
    rows,
    total > MENTOR_TOTAL_BOUND && isFiltered(filters)
      ? { total: MENTOR_TOTAL_BOUND, totalAtLeast: true }
      : { total },
  );
}

/**
 * A search, on two plans fixed by the statement (decision 0028): the probe reads the matches
 * through the GIN index up to the bound; if they are fewer, they are the count and the page
 * (read by id); if not, the words are common and the page walks the order's index instead.
 */
async function searchMentorCards(
  db: Database,
  filters: MentorFilters,
  viewer: ListViewer | undefined,
): Promise<MentorListPage> {
  const result = (await db.execute(searchPageQuery(db, filters, viewer))) as unknown as {
    rows: { row: string; matched: number }[];
  };
  const rows = result.rows.map(({ row }) => ({ row: readListRow(row), extra: {} }));
  // No row: nothing matched (or the page after the last one); the count then is the probe's
  // only through a row, so a search that finds nothing says 0, as it did.
  const matched = Number(result.rows[0]?.matched ?? 0);
  return pageOf(
    filters,
    rows,
    matched > MENTOR_TOTAL_BOUND
      ? { total: MENTOR_TOTAL_BOUND, totalAtLeast: true }
      : { total: matched },
  );
}

/**
 * The statement behind the detail page of one listed alumnus by urlParam: the profile, and
 * `extra` columns read with it (what the detail page knows of its viewer). Its values may be
 * placeholders, for a statement prepared once (mentor-detail/service).
 */
export function listedMentorQuery<Extra extends Record<string, SQL> = Record<never, SQL>>(
  db: Executor,
  urlParam: string | Placeholder,
  monthStart: Instant,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      mentor: profileColumns,
      invitationId: mentors.invitationId,
      closedBy: requestsClosedBy(monthStart),
      lastActiveAt: users.lastActiveAt,
      extra: extra as Record<string, SQL<unknown>>,
    })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where(and(listed, eq(mentors.urlParam, urlParam)))
    .limit(1);
}

type ListedMentorRow = Awaited<ReturnType<typeof listedMentorQuery>>[number];

/** A row of listedMentorQuery as the services use it, with who invited the alumnus. */
export async function toListedMentor<Extra extends Record<string, SQL>>(
  db: Executor,
  row: ListedMentorRow,
) {
  return {
    row: row.mentor,
    card: toCard(row.mentor, row),
    closedBy: row.closedBy,
    invitedBy: await findInviter(db, row.invitationId),
    extra: row.extra as { [Key in keyof Extra]: Extra[Key]['_']['type'] },
  };
}

/** The detail page of one listed alumnus by urlParam, before what depends on the viewer. */
export async function findListedMentor<Extra extends Record<string, SQL> = Record<never, SQL>>(
  db: Executor,
  urlParam: string,
  now = new Date(),
  /** More columns read in the same statement. */
  extra: Extra = {} as Extra,
) {
  const [row] = await listedMentorQuery(db, urlParam, tokyoMonthStart(now), extra);
  return row ? toListedMentor<Extra>(db, row) : undefined;
}
export type ListedMentor = NonNullable<Awaited<ReturnType<typeof findListedMentor>>>;

/** Who sent the invitation an alumnus registered with (see mentorInviterSchema). */
async function findInviter(db: Executor, invitationId: string | null): Promise<MentorInviter> {
  if (!invitationId) return null;
  const [inviter] = await db
    .select({ role: users.role, name: mentors.name, graduationYear: mentors.graduationYear })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.inviterId))
    .leftJoin(mentors, eq(mentors.userId, users.id))
    .where(and(eq(invitations.id, invitationId), isNull(users.suspendedAt)))
    .limit(1);
  if (!inviter) return null;
  if (inviter.name !== null && inviter.graduationYear !== null) {
    return { kind: 'alumnus', name: inviter.name, graduationYear: inviter.graduationYear };
  }
  return inviter.role === 'admin' ? { kind: 'staff' } : null;
}

export async function findOwnMentorProfile(
  db: Executor,
  userId: string,
): Promise<MentorProfile | undefined> {
  const monthStart = tokyoMonthStart(new Date());
  const [found] = await db
    .select({
      row: profileColumns,
      requestsThisMonth: requestsCountingSince(mentors.userId, monthStart),
      closedBy: requestsClosedBy(monthStart),
      lastActiveAt: users.lastActiveAt,
    })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where(eq(mentors.userId, userId))
    .limit(1);
  if (!found) return undefined;
  const { row, requestsThisMonth } = found;
  return {
    ...toCard(row, found),
    universityId: row.universityId,
    faculty: row.faculty,
    companyReading: row.companyReading,
    contactEmail: row.contactEmail,
    contactEmailConfirmed: row.contactEmailConfirmedAt !== null,
    visitSettings: {
      contactVisibility: row.contactVisibility,
      acceptingRequests: row.acceptingRequests,
      monthlyRequestLimit: row.monthlyRequestLimit,
      requestsThisMonth,
      autoPaused: row.autoPausedAt !== null && !row.acceptingRequests,
    },
    heldVisits: await countHeldVisits(db, row.userId),
    employerRules: storedEmployerRules(row.employerRules),
  };
}

/**
 * The listed alumni of one company (its page, decision 0040), as the OG list shows them (a card
 * with her earliest slot), newest first, up to a page: the text search's pieces narrow the rows
 * (the search text holds the folded company), and the company's key decides.
 */
export async function companyMentorCards(
  db: Database,
  key: string,
  viewer?: ListViewer,
): Promise<MentorCard[]> {
  const monthStart = tokyoMonthStart(new Date());
  const found = await db
    .select({ userId: mentors.userId })
    .from(mentors)
    .where(
      and(
        listed,
        ...textHasWords(mentors.searchText, [key]),
        eq(companyKeyOf(mentors.company), key),
      ),
    )
    .limit(fixedLimit(MENTOR_PAGE_SIZE));
  return mentorCardsOf(
    db,
    found.map((row) => row.userId),
    viewer,
    monthStart,
  );
}

/**
 * Listed alumni by id as the OG list shows them (those who blocked the viewer shown as paused),
 * in the list's newest-first order, up to a page: one statement.
 */
export async function mentorCardsOf(
  db: Database,
  userIds: readonly string[],
  viewer?: ListViewer,
  monthStart: Instant = tokyoMonthStart(new Date()),
): Promise<MentorCard[]> {
  if (userIds.length === 0) return [];
  const rows = await mentorListQuery(db, {}, undefined, monthStart, {}, { only: userIds });
  const page = pageOf({}, rows, { total: rows.length });
  return (viewer ? asSeenBy(page, viewer.blockedBy) : page).items;
}
