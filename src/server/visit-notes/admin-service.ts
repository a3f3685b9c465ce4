import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ja } from '../../shared/messages/ja';
import type { SessionUser } from '../../shared/schemas/auth';
import type {
  VisitNote,
  visitNoteHideSchema,
  VisitNoteSummary,
} from '../../shared/schemas/visit-notes';
import { industryCategoryOf } from '../../shared/taxonomy';
import type { Database, Transaction } from '../db/client';
import { afterKey, fixedLimit, type CursorKey } from '../db/paging';
import { visitNotes } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { atJapanTimeZone, tokyoDateStamp } from '../lib/tokyo-time';
import { csvChunks } from '../lib/csv';
import { keysetBatches, type Download } from '../lib/download';
import { lockedNote, noteViews, selectNotesByVisit, sharedWithSeminar } from './queries';
import { readNote, tellAboutNote } from './service';

/**
 * The console's care of 訪問記録 (docs/PRODUCT.md §9): hiding a shared note with the reason its
 * author reads (audited), showing it again, the counts by company and 年度, and the consented
 * notes as CSV and Markdown for the seminar's archive.
 */

/** A shared note, locked for an admin's change; any other answers as if absent. */
async function lockSharedNote(tx: Transaction, id: string) {
  const note = await lockedNote(tx, eq(visitNotes.id, id));
  if (!note || note.sharing !== 'shared') throw new AppError('not-found');
  return note;
}

/** Hides a shared note from the seminar; its author is told, the reason is on her page. */
export async function hideNote(
  db: Database,
  admin: SessionUser,
  id: string,
  input: z.output<typeof visitNoteHideSchema>,
): Promise<VisitNote> {
  await db.transaction(async (tx) => {
    const note = await lockSharedNote(tx, id);
    if (note.hiddenAt) throw new AppError('note/not-shared');
    await tx
      .update(visitNotes)
      .set({ hiddenAt: new Date(), hiddenReason: input.reason, hiddenBy: admin.id })
      .where(eq(visitNotes.id, id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'admin.visit-note.hide',
      targetType: 'visit_note',
      targetId: id,
    });
    await tellAboutNote(tx, note, 'author', 'noteHidden');
  });
  return readNote(db, admin, id);
}

/** Shows a hidden note again (if it is still shared with the alumna's consent). */
export async function restoreNote(
  db: Database,
  admin: SessionUser,
  id: string,
): Promise<VisitNote> {
  await db.transaction(async (tx) => {
    const note = await lockSharedNote(tx, id);
    if (!note.hiddenAt) throw new AppError('note/not-shared');
    await tx
      .update(visitNotes)
      .set({ hiddenAt: null, hiddenReason: null, hiddenBy: null })
      .where(eq(visitNotes.id, id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'admin.visit-note.restore',
      targetType: 'visit_note',
      targetId: id,
    });
  });
  return readNote(db, admin, id);
}

/** The console's counts: shared, hidden, waiting, and the shared ones by company and by 年度. */
export async function noteSummary(db: Database): Promise<VisitNoteSummary> {
  const fiscalYear = sql<number>`extract(year from ${atJapanTimeZone(visitNotes.visitedAt)} - interval '3 months')::int`;
  const [states] = await db
    .select({
      shared: sql<number>`count(*) filter (where ${sharedWithSeminar})`.mapWith(Number),
      hidden:
        sql<number>`count(*) filter (where ${visitNotes.sharing} = 'shared' and ${visitNotes.hiddenAt} is not null)`.mapWith(
          Number,
        ),
      waiting: sql<number>`count(*) filter (where ${visitNotes.sharing} = 'offered')`.mapWith(
        Number,
      ),
    })
    .from(visitNotes);
  const count = sql<number>`count(*)`.mapWith(Number);
  const byCompany = await db
    .select({ company: visitNotes.company, count })
    .from(visitNotes)
    .where(sharedWithSeminar)
    .groupBy(visitNotes.company)
    .orderBy(desc(count), asc(visitNotes.company));
  const byYear = await db
    .select({ fiscalYear, count })
    .from(visitNotes)
    .where(sharedWithSeminar)
    .groupBy(fiscalYear)
    .orderBy(desc(fiscalYear));
  return {
    shared: states?.shared ?? 0,
    hidden: states?.hidden ?? 0,
    waiting: states?.waiting ?? 0,
    byCompany,
    byYear,
  };
}

/** The consented notes, the archive: shared with the alumna's consent, not hidden. */
const archived = and(sharedWithSeminar, isNotNull(visitNotes.sharedAt));

/**
 * The archive's notes after the key, oldest visit first, as the archive keeps them: masked,
 * named only where she chose it. A batch of the export (lib/download.ts).
 */
async function archiveBatch(
  db: Database,
  admin: SessionUser,
  after: CursorKey | undefined,
  limit: number,
): Promise<ArchivedNote[]> {
  const rows = await selectNotesByVisit(db)
    .where(and(archived, afterKey(visitNotes.visitedAt, visitNotes.id, after)))
    .orderBy(asc(visitNotes.visitedAt), asc(visitNotes.id))
    .limit(fixedLimit(limit));
  // Read as a student reads them: her name only when she chose to be named, and of an unnamed
  // note only what does not single her out.
  const reader = { id: admin.id, role: 'student' as const };
  const views = await noteViews(db, rows, reader);
  return views.map((view, index) => Object.assign(view, { visitedTime: rows[index]!.visitedTime }));
}

/**
 * 「IT・通信・2019年入社のOG」, or her name when she chose to be named, or 「OG（匿名）」 when
 * the note may not tell even her industry.
 */
function mentorLabelOf(note: VisitNote): string {
  const m = ja.noteView;
  if (note.mentor.name !== null) return note.mentor.name;
  if (note.industry === null) return m.unnamedMentorBare;
  const industry = industryCategoryOf(note.industry);
  return note.mentor.joinedYear === null
    ? m.unnamedMentorNoYear.replace('{{industry}}', industry)
    : m.unnamedMentor
        .replace('{{industry}}', industry)
        .replace('{{year}}', String(note.mentor.joinedYear));
}

/** The company, or what an unnamed note says in its place (「IT・通信の企業」). */
function companyOf(note: VisitNote): string {
  if (note.company !== null) return note.company;
  return note.industry === null
    ? ja.noteView.companyWithheldBare
    : ja.noteView.companyWithheld.replace('{{industry}}', industryCategoryOf(note.industry));
}

function jobTypeLabel(note: VisitNote): string {
  return note.jobType ? ja.profileFields.jobTypes[note.jobType] : '';
}

const CSV_HEADER = [
  '会社',
  '業界',
  '職種',
  '訪問月',
  '年度',
  'OG',
  '記録した学生',
  '質問と答え',
  'アドバイス',
  '共有日',
];

/** A note of the archive with the key its export reads by. */
type ArchivedNote = VisitNote & { visitedTime: string };

const keyOf = (note: ArchivedNote): CursorKey => ({ time: note.visitedTime, id: note.id });

function csvCellsOf(note: VisitNote) {
  return [
    note.company ?? '',
    note.industry ?? '',
    jobTypeLabel(note),
    note.visitedMonth,
    note.fiscalYear,
    mentorLabelOf(note),
    note.author.name ?? '退会した学生',
    note.qa.map((pair) => `Q. ${pair.question}\nA. ${pair.answer}`).join('\n\n'),
    note.advice,
    note.sharedAt ? tokyoDateStamp(new Date(note.sharedAt)) : '',
  ];
}

/**
 * The consented notes for the seminar's archive: as CSV, one per row (the pairs in one cell),
 * for a spreadsheet; as Markdown, one section per note. Audited first, with the notes the
 * archive holds as it starts; written a batch at a time as the client takes it.
 */
export async function exportNotes(
  db: Database,
  admin: SessionUser,
  format: 'csv' | 'md',
): Promise<Download> {
  const [counted] = await db.select({ n: count() }).from(visitNotes).where(archived);
  const total = counted?.n ?? 0;
  await recordAudit(db, {
    actorId: admin.id,
    action: 'admin.export.visit-notes',
    details: { rows: total, format },
  });
  const notes = keysetBatches(
    (after: CursorKey | undefined, limit: number) => archiveBatch(db, admin, after, limit),
    keyOf,
  );
  const stamp = tokyoDateStamp(new Date());
  if (format === 'csv') {
    return {
      filename: `visit-notes-${stamp}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: csvChunks(CSV_HEADER, notes, csvCellsOf),
    };
  }
  return {
    filename: `visit-notes-${stamp}.md`,
    contentType: 'text/markdown; charset=utf-8',
    body: markdownChunks(total, notes),
  };
}

/**
 * Markdown for the archive: one section per note, by 年度 and company, text as written; a
 * chunk per batch. The count in its first lines is the archive's as the export started (a note
 * shared meanwhile may make one section more).
 */
async function* markdownChunks(
  total: number,
  batches: AsyncIterable<readonly VisitNote[]>,
): AsyncGenerator<string> {
  // The file is its lines joined by line breaks: the first chunk's lines are joined, and
  // every later line starts with its break.
  let text = ['# 訪問記録', '', `${total}件（ゼミへの共有にOGが同意したもの）`, ''].join('\n');
  let year: number | undefined;
  for await (const notes of batches) {
    for (const note of notes) {
      const lines: string[] = [];
      if (note.fiscalYear !== year) {
        year = note.fiscalYear;
        lines.push(`## ${year}年度`, '');
      }
      const [y, m] = note.visitedMonth.split('-');
      lines.push(`### ${plain(companyOf(note))}（${y}年${Number(m)}月）`, '');
      lines.push(
        ...(note.industry ? [`- 業界: ${plain(note.industry)}`] : []),
        ...(note.jobType ? [`- 職種: ${jobTypeLabel(note)}`] : []),
        `- OG: ${plain(mentorLabelOf(note))}`,
        `- 記録: ${plain(note.author.name ?? '退会した学生')}`,
        '',
      );
      for (const pair of note.qa) {
        lines.push(`**Q. ${plain(pair.question)}**`, '', quoted(pair.answer || '（答えなし）'), '');
      }
      if (note.advice) lines.push('**アドバイス**', '', quoted(note.advice), '');
      for (const line of lines) text += `\n${line}`;
    }
    yield text;
    text = '';
  }
  if (text) yield text;
}

/** Markdown's markup characters, escaped wherever a note's words go into the file. */
const MARKUP = /([\\`*_[\]{}()#+\-.!|<>])/g;

/** One line with Markdown's markup escaped, so a note cannot shape the file. */
function plain(text: string): string {
  return text.replace(/\s+/g, ' ').replace(MARKUP, '\\$1');
}

/** A block quote of text as written (line breaks kept), its markup escaped. */
function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line.replace(MARKUP, '\\$1')}`)
    .join('\n');
}
