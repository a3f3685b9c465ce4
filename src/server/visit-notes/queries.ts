import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  notExists,
  or,
  sql,
  type SQL,
  type WithSubquery,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { maskContactDetails, maskContactDetailsAcross } from '../../shared/contact-masking';
import { VISIT_NOTE_PAGE_SIZE } from '../../shared/constants';
import type { Role } from '../../shared/roles';
import { noteWords, type VisitNote, type VisitNotePage } from '../../shared/schemas/visit-notes';
import { INDUSTRY_SEPARATOR, industryCategoryOf } from '../../shared/taxonomy';
import { normalizeForSearch } from '../../shared/search';
import { companyKey } from '../../shared/company';
import { industryWordsRead, jobTypesRead } from '../../shared/taxonomy-readings';
import { companyKeyOf } from '../db/company-key';
import type { Executor } from '../db/client';
import { cursorTimeOf, escapeLike, olderThanCursor, toPage } from '../db/paging';
import {
  groupSessionPlaces,
  groupSessions,
  mentors,
  noteReads,
  students,
  visitNotes,
} from '../db/schema';
import { searchWords, wordConditions } from '../db/word-search';
import { schoolYearStart, tokyoMonthOf, tokyoSchoolYear } from '../lib/tokyo-time';
import { categoryShown, shownFactsOf, type ShownFacts } from './anonymity';

/**
 * Reading 訪問記録 (docs/PRODUCT.md §7a): who may read a note, and how it reads to them. The one
 * place that decides both, so the search, the note's page, the lists and the exports agree.
 */

/** Who reads: the session's user. */
export interface NoteReader {
  id: string;
  role: Role;
}

/** The note `which` picks (by its id or its visit), locked for a change, or undefined. */
export async function lockedNote(tx: Executor, which: SQL) {
  const [note] = await tx.select().from(visitNotes).where(which).for('update').limit(1);
  return note;
}

const authorMentor = alias(mentors, 'author_mentor');

/** A note's row with the names it shows, as read (never the contact columns). */
export const noteColumns = {
  note: visitNotes,
  authorName: sql<string | null>`coalesce(${students.name}, ${authorMentor.name})`,
  mentorName: mentors.name,
  mentorUrlParam: mentors.urlParam,
  mentorListed: mentors.listed,
  sharedTime: cursorTimeOf(visitNotes.sharedAt),
};

/**
 * The select every list starts from: the note, its author's and its alumna's profiles (after
 * `first`, a statement of the same round trip: findOpenedNote).
 */
export function selectNotes(db: Executor, first?: WithSubquery) {
  return (first ? db.with(first) : db)
    .select(noteColumns)
    .from(visitNotes)
    .leftJoin(students, eq(students.userId, visitNotes.authorId))
    .leftJoin(authorMentor, eq(authorMentor.userId, visitNotes.authorId))
    .leftJoin(mentors, eq(mentors.userId, visitNotes.mentorId));
}

/**
 * The same select with the visit's time as text (its microseconds kept: `cursorTimeOf`), the
 * key the archive's export reads its batches by (admin-service.ts).
 */
export function selectNotesByVisit(db: Executor) {
  return db
    .select({ ...noteColumns, visitedTime: cursorTimeOf(visitNotes.visitedAt) })
    .from(visitNotes)
    .leftJoin(students, eq(students.userId, visitNotes.authorId))
    .leftJoin(authorMentor, eq(authorMentor.userId, visitNotes.authorId))
    .leftJoin(mentors, eq(mentors.userId, visitNotes.mentorId));
}

type Note = typeof visitNotes.$inferSelect;
export interface NoteRow {
  note: Note;
  authorName: string | null;
  mentorName: string | null;
  mentorUrlParam: string | null;
  mentorListed: boolean | null;
  sharedTime: string;
}

/** In the seminar's shared notes: the alumna consented and no admin hid it. */
export const sharedWithSeminar = and(
  eq(visitNotes.sharing, 'shared'),
  isNull(visitNotes.hiddenAt),
)!;

/**
 * Whether the reader may read this note: its author always; the alumna once it was offered to
 * her (not after the author took it back); admins when shared (hidden too, to restore it); other
 * students when shared and not hidden. Anyone else is answered as if it did not exist.
 */
export function mayRead(note: Note, reader: NoteReader): boolean {
  if (note.authorId === reader.id) return true;
  if (note.mentorId === reader.id) return note.sharing !== 'private';
  if (note.sharing !== 'shared') return false;
  if (reader.role === 'admin') return true;
  return reader.role === 'student' && note.hiddenAt === null;
}

/** Whether this reader may know whom the note is about (else she reads what anonymity.ts allows). */
function knowsHer(note: Note, reader: NoteReader): boolean {
  return (
    note.authorId === reader.id ||
    note.mentorId === reader.id ||
    reader.role === 'admin' ||
    note.showName
  );
}

/** `knowsHer` as a condition on the row, for the search (undefined: she knows every note). */
function knowsHerCondition(reader: NoteReader): SQL | undefined {
  if (reader.role === 'admin') return undefined;
  return or(
    eq(visitNotes.showName, true),
    eq(visitNotes.authorId, reader.id),
    eq(visitNotes.mentorId, reader.id),
  )!;
}

/**
 * The notes as this reader reads them (toNoteView), deciding with one statement what the unnamed
 * ones among them show of their alumnae (anonymity.ts); none when the reader may know them all.
 */
export async function noteViews(
  db: Executor,
  rows: readonly NoteRow[],
  reader: NoteReader,
): Promise<VisitNote[]> {
  const shownOf = await shownFactsOf(
    db,
    rows.filter((row) => !knowsHer(row.note, reader)).map((row) => row.note),
  );
  return rows.map((row) => toNoteView(row, reader, shownOf));
}

/**
 * The note as this reader reads it. Its author reads her words as written; everyone else reads
 * them with contact details masked (the site's one rule, shared/contact-masking). The alumna's
 * name shows to the author, to her, to admins, and to students when she chose to be named; to
 * students, an unnamed note shows only what `shownOf` allows of her company, 入社年, job type and
 * industry, and nothing that leads to her (not her visit's id).
 */
function toNoteView(
  row: NoteRow,
  reader: NoteReader,
  shownOf: (facts: Note) => ShownFacts,
): VisitNote {
  const { note } = row;
  const mine = note.authorId === reader.id;
  const isHer = note.mentorId === reader.id;
  // Masked as one text, as the form warns: a contact split between a question and its answer
  // is masked too.
  const words = noteWords(note);
  const { texts: shown, masked } = mine
    ? { texts: words, masked: false }
    : maskContactDetailsAcross(words);
  const qa = note.qa.map((_, i) => ({ question: shown[2 * i]!, answer: shown[2 * i + 1]! }));
  const advice = shown.at(-1)!;
  const named = knowsHer(note, reader);
  const facts = named ? ALL_FACTS : shownOf(note);
  const mentorName = named ? row.mentorName : null;
  const staffView = mine || isHer || reader.role === 'admin';
  return {
    id: note.id,
    visitRequestId: named ? note.visitRequestId : null,
    // A 座談会's title may say whose it was: only to those who may know her, as its id. To the
    // others not even that it was one: the 座談会 she held in a month are on the students' list,
    // so "a 座談会 in M月" could name her where the anonymity rule counts only company facts (a
    // review found it). Its title masked to students, as its page masks it.
    groupSession:
      note.groupSessionTitle === null || !named
        ? null
        : {
            id: note.groupSessionId,
            title:
              isHer || reader.role === 'admin'
                ? note.groupSessionTitle
                : maskContactDetails(note.groupSessionTitle).text,
          },
    company: facts.company ? note.company : null,
    industry:
      facts.industry === 'full'
        ? note.industry
        : facts.industry === 'category'
          ? industryCategoryOf(note.industry)
          : null,
    jobType: facts.jobType ? note.jobType : null,
    visitedMonth: tokyoMonthOf(note.visitedAt),
    fiscalYear: tokyoSchoolYear(note.visitedAt),
    qa,
    advice,
    sharing: note.sharing,
    showName: note.showName,
    mentor: {
      name: mentorName,
      joinedYear: facts.joinedYear ? note.mentorJoinedYear : null,
      urlParam: mentorName !== null && row.mentorListed ? row.mentorUrlParam : null,
      gone: note.mentorId === null,
    },
    // Her name, unless she chose that other students read only her 学年.
    author: {
      name: note.authorNamed || staffView ? row.authorName : null,
      grade: note.authorGrade,
    },
    authorNamed: note.authorNamed,
    mentorComment: staffView ? note.mentorComment : null,
    hidden:
      note.hiddenAt && (mine || reader.role === 'admin')
        ? { reason: note.hiddenReason ?? '', at: note.hiddenAt.toISOString() }
        : null,
    masked,
    mine,
    offeredAt: note.offeredAt?.toISOString() ?? null,
    sharedAt: note.sharedAt?.toISOString() ?? null,
    updatedAt: note.updatedAt.toISOString(),
  };
}

const ALL_FACTS: ShownFacts = { company: true, joinedYear: true, jobType: true, industry: 'full' };

export async function findNote(db: Executor, id: string): Promise<NoteRow | undefined> {
  const [row] = await selectNotes(db).where(eq(visitNotes.id, id)).limit(1);
  return row;
}

/**
 * The note as `findNote` reads it, opened by `reader` on its own page: a student who opens
 * another's shared note that names its alumna has read about her, and note_reads keeps that
 * (the alumna once, her first and last read), for 「あなたへのおすすめ」. Only opening one note
 * in full counts: the search's results show a note's first question, which is choosing, not
 * reading. An unnamed note counts for nobody, as recommending its alumna for it would tell who
 * she is; alumni and admins read notes for other reasons. The mark is written by the read's own
 * statement (a data-modifying CTE), so opening a note costs no round trip more.
 */
export async function findOpenedNote(
  db: Executor,
  id: string,
  reader: NoteReader,
): Promise<NoteRow | undefined> {
  if (reader.role !== 'student') return findNote(db, id);
  const read = db
    .insert(noteReads)
    .select(
      db
        .select({
          studentId: sql<string>`${reader.id}::uuid`.as('student_id'),
          mentorId: sql<string>`${visitNotes.mentorId}`.as('mentor_id'),
          firstReadAt: sql<Date>`now()`.as('first_read_at'),
          lastReadAt: sql<Date>`now()`.as('last_read_at'),
        })
        .from(visitNotes)
        .where(
          and(
            eq(visitNotes.id, id),
            sharedWithSeminar,
            eq(visitNotes.showName, true),
            isNotNull(visitNotes.mentorId),
            // A kept note of a student who left has no author: it is another's.
            sql`${visitNotes.authorId} is distinct from ${reader.id}`,
          ),
        ),
    )
    .onConflictDoUpdate({
      target: [noteReads.studentId, noteReads.mentorId],
      set: { lastReadAt: sql`now()` },
    });
  const recorded = db.$with('recorded', {}).as(read.getSQL());
  const [row] = await selectNotes(db, recorded).where(eq(visitNotes.id, id)).limit(1);
  return row;
}

/** The student's note on a 座談会 she sat in. */
export async function findNoteOfGroupSession(
  db: Executor,
  groupSessionId: string,
  authorId: string,
): Promise<NoteRow | undefined> {
  const [row] = await selectNotes(db)
    .where(and(eq(visitNotes.groupSessionId, groupSessionId), eq(visitNotes.authorId, authorId)))
    .limit(1);
  return row;
}

export async function findNoteOfVisit(
  db: Executor,
  visitRequestId: string,
): Promise<NoteRow | undefined> {
  const [row] = await selectNotes(db).where(eq(visitNotes.visitRequestId, visitRequestId)).limit(1);
  return row;
}

/** The search's filters (shared/schemas visitNoteSearchSchema, parsed). */
export interface NoteFilters {
  q?: string | undefined;
  industry?: string | undefined;
  jobType?: string | undefined;
  year?: number | undefined;
  company?: string | undefined;
  mentor?: string | undefined;
  cursor?: string | undefined;
}

/**
 * What finds a note is what its reader is shown of it (issue 54, point 1): a reader who may not
 * know an unnamed note's alumna finds it by no fact of hers the note withholds, for being found
 * by it would tell it. So such a reader matches words only in the note's own words (masked, as
 * she reads them), never its company, reading or industry; by industry only when the rule shows
 * the 大分類 (a 小分類 filter finds only the notes she may know); by company, job type or alumna
 * only the notes that name her.
 */
function filterConditions(filters: NoteFilters, reader: NoteReader): SQL[] {
  const conditions: SQL[] = [];
  const knows = knowsHerCondition(reader);
  if (filters.industry) {
    const category = !filters.industry.includes(INDUSTRY_SEPARATOR);
    conditions.push(
      or(
        eq(visitNotes.industry, filters.industry),
        like(visitNotes.industry, `${escapeLike(filters.industry + INDUSTRY_SEPARATOR)}%`),
      )!,
    );
    if (knows) conditions.push(category ? or(knows, categoryShown(filters.industry))! : knows);
  }
  if (filters.jobType) {
    conditions.push(eq(visitNotes.jobType, filters.jobType as Note['jobType'] & string));
    // As by company (below): an unnamed note may withhold its job type (anonymity.ts).
    if (reader.role !== 'admin') conditions.push(eq(visitNotes.showName, true));
  }
  if (filters.year !== undefined) {
    conditions.push(
      gte(visitNotes.visitedAt, schoolYearStart(filters.year)),
      lt(visitNotes.visitedAt, schoolYearStart(filters.year + 1)),
    );
  }
  // A student finds by company (or job type, above) only the notes that name their alumnae: an
  // unnamed note may not show its company (anonymity.ts), and being found by it would tell it.
  // The console's counts link admins here with every note. A company is its key (decision
  // 0040): 「みらいテック（株）」 finds the notes on 「株式会社みらいテック」, as its page does.
  if (filters.company) {
    conditions.push(eq(companyKeyOf(visitNotes.company), companyKey(filters.company)));
    if (reader.role !== 'admin') conditions.push(eq(visitNotes.showName, true));
  }
  // One alumna's notes: only those that name her (an unnamed note is not hers to be found by).
  if (filters.mentor) {
    conditions.push(eq(mentors.urlParam, filters.mentor), eq(visitNotes.showName, true));
  }
  // The pieces looked up in search_grams (of searchText, which holds every word of
  // wordsSearchText) narrow the rows; the exact match is on the text this reader may search.
  const searched = knows
    ? sql`(case when ${knows} then ${visitNotes.searchText} else ${visitNotes.wordsSearchText} end)`
    : visitNotes.searchText;
  conditions.push(...searchWords(filters.q).map((word) => wordMatches(word, searched, knows)));
  return conditions;
}

/**
 * One search word: in the text the reader may search, or read as an industry's or a job type's
 * words (shared/taxonomy-readings: 「だいりてん」 finds 総合広告代理店, 「えいぎょう」 営業). The
 * industry is in the text only for readers who may know the alumna; a job type is matched only
 * where she is named to the reader, as the job type filter above.
 */
function wordMatches(word: string, searched: SQL | AnyPgColumn, knows: SQL | undefined): SQL {
  const texts = [word, ...industryWordsRead(word).map(normalizeForSearch)];
  const ways = texts.map((text) => and(...wordConditions(searched, visitNotes.searchGrams, text))!);
  const jobTypes = jobTypesRead(word);
  if (jobTypes.length > 0) ways.push(and(knows, inArray(visitNotes.jobType, jobTypes))!);
  return ways.length === 1 ? ways[0]! : or(...ways)!;
}

/**
 * One page of notes matching `base` and the filters, newest shared first, with the total on the
 * first page.
 */
export async function notePage(
  db: Executor,
  base: SQL,
  filters: NoteFilters,
  reader: NoteReader,
): Promise<VisitNotePage> {
  const conditions = [base, ...filterConditions(filters, reader)];
  const after = olderThanCursor(visitNotes.sharedAt, visitNotes.id, filters.cursor);
  const rows = await selectNotes(db)
    .where(and(...conditions, after))
    .orderBy(desc(visitNotes.sharedAt), desc(visitNotes.id))
    .limit(VISIT_NOTE_PAGE_SIZE + 1);
  const page = toPage(rows, VISIT_NOTE_PAGE_SIZE, (row) => ({
    time: row.sharedTime,
    id: row.note.id,
  }));
  let total: number | null = null;
  if (!filters.cursor) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(visitNotes)
      .leftJoin(mentors, eq(mentors.userId, visitNotes.mentorId))
      .where(and(...conditions));
    total = counted?.n ?? 0;
  }
  return {
    items: await noteViews(db, page.items, reader),
    nextCursor: page.nextCursor,
    total,
  };
}

/** The notes a student wrote, newest visit first. */
export function notesBy(db: Executor, authorId: string) {
  return selectNotes(db)
    .where(eq(visitNotes.authorId, authorId))
    .orderBy(desc(visitNotes.visitedAt), desc(visitNotes.id));
}

/** The notes offered to an alumna (and where they went since), newest first. */
export function notesOfferedTo(db: Executor, mentorId: string) {
  return selectNotes(db)
    .where(and(eq(visitNotes.mentorId, mentorId), isNotNull(visitNotes.offeredAt)))
    .orderBy(desc(visitNotes.offeredAt), desc(visitNotes.id));
}

/**
 * 「この1年で N 件の訪問記録」: notes on her visits of the last 365 days that the seminar shares
 * with her consent.
 */
export async function lastYearSharedCount(
  db: Executor,
  mentorId: string,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(visitNotes)
    .where(
      and(
        eq(visitNotes.mentorId, mentorId),
        sharedWithSeminar,
        gte(visitNotes.visitedAt, new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * How many shared notes name this alumna (「訪問記録 N件」 on her page, linking to them): a
 * column for a query over mentors, so her page stays one statement.
 */
export function namedSharedNotesOf(mentorId: AnyPgColumn) {
  return sql<number>`(select count(*)::int from ${visitNotes} where ${visitNotes.mentorId} = ${mentorId} and ${sharedWithSeminar} and ${visitNotes.showName})`.mapWith(
    Number,
  );
}

/**
 * What search reads of a note: its masked words, the company with its reading, the industry
 * (searchText, for readers who may know its alumna), and its masked words alone
 * (wordsSearchText, for those who may not: filterConditions). Written with the note
 * (service.ts) and by the demo seed (scripts/seed-demo.ts) alike.
 */
export function searchTextsOf(note: {
  company: string;
  companyReading: string | null;
  industry: string;
  qa: readonly { question: string; answer: string }[];
  advice: string;
}): { searchText: string; wordsSearchText: string } {
  const words = maskContactDetailsAcross(noteWords(note)).texts.join(' ');
  return {
    searchText: normalizeForSearch(
      [note.company, note.companyReading ?? '', note.industry, words].join(' '),
    ),
    wordsSearchText: normalizeForSearch(words),
  };
}

/**
 * The shared notes about one company (its page, decision 0040): the search's first page with
 * the company as its filter, so each reader finds what the search would show her.
 */
export function companyNotes(db: Executor, company: string, reader: NoteReader) {
  return notePage(db, sharedWithSeminar, { company }, reader);
}

/**
 * The held 座談会 she may write about and has not (「自分の訪問記録」, with her unwritten visits):
 * the conditions of group-session-notes.ts sessionSatIn, as one condition on the rows, newest first.
 */
export async function sessionsWithoutNote(db: Executor, userId: string, now: Date) {
  const rows = await db
    .select({
      groupSessionId: groupSessions.id,
      title: groupSessions.title,
      mentorName: mentors.name,
      startsAt: groupSessions.startsAt,
    })
    .from(groupSessionPlaces)
    .innerJoin(groupSessions, eq(groupSessions.id, groupSessionPlaces.sessionId))
    .innerJoin(mentors, eq(mentors.userId, groupSessions.mentorId))
    .where(
      and(
        eq(groupSessionPlaces.studentId, userId),
        eq(groupSessionPlaces.state, 'seated'),
        sql`${groupSessionPlaces.attended} is distinct from false`,
        isNull(groupSessions.cancelledAt),
        lte(groupSessions.startsAt, now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(visitNotes)
            .where(
              and(eq(visitNotes.groupSessionId, groupSessions.id), eq(visitNotes.authorId, userId)),
            ),
        ),
      ),
    )
    .orderBy(desc(groupSessions.startsAt))
    .limit(50);
  // Its title masked to her, as its page masks it to students.
  return rows.map((row) => ({
    ...row,
    title: maskContactDetails(row.title).text,
    startsAt: row.startsAt.toISOString(),
  }));
}
