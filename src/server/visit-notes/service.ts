import { and, desc, eq, inArray, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationKind, VisitNoteSharing } from '../../shared/constants';
import type { SessionUser } from '../../shared/schemas/auth';
import type {
  MentorVisitNotes,
  MyVisitNotes,
  VisitNote,
  VisitNoteForVisit,
  visitNoteChangesSchema,
  visitNoteConsentSchema,
  visitNoteFormSchema,
} from '../../shared/schemas/visit-notes';
import type { Database, Transaction } from '../db/client';
import { mentors, students, visitNotes, visitRequests } from '../db/schema';
import { lockName } from '../db/locks';
import { tokyoDayStart, tokyoMonthOf } from '../lib/tokyo-time';
import { AppError } from '../errors';
import { addresseeOf } from '../mail/addressee';
import { mailLinks } from '../mail/mail-context';
import { visitNoteMail, type VisitNoteMailKind } from '../mail/templates';
import { tell, type MailWords } from '../notifications';
import {
  findNote,
  findNoteOfVisit,
  lastYearSharedCount,
  lockedNote,
  mayRead,
  notesBy,
  notesOfferedTo,
  findOpenedNote,
  searchTextsOf,
  noteViews,
  sessionsWithoutNote,
  type NoteReader,
  type NoteRow,
} from './queries';

/**
 * 訪問記録 (docs/PRODUCT.md §7a): written by the student after a held visit, private to her until
 * she offers it; shared with the seminar only with the alumna's consent, withdrawn at once when
 * she takes it back. Each change is one transaction on the note's locked row, with its bell entry
 * and mail.
 */

type Note = typeof visitNotes.$inferSelect;
export type VisitNoteForm = z.output<typeof visitNoteFormSchema>;

/** A visit the note may be written about: agreed, its time come, and nobody said to be absent. */
function held(request: typeof visitRequests.$inferSelect, now: Date): boolean {
  return (
    request.status === 'accepted' &&
    request.meetingAt !== null &&
    request.meetingAt <= now &&
    request.studentOutcome !== 'no_show' &&
    request.mentorOutcome !== 'no_show'
  );
}

/** The caller's held visit as its student; another's answers as if it did not exist. */
async function studentsHeldVisit(tx: Database | Transaction, requestId: string, userId: string) {
  const [request] = await tx
    .select()
    .from(visitRequests)
    .where(eq(visitRequests.id, requestId))
    .limit(1);
  if (!request || request.studentId !== userId) throw new AppError('not-found');
  if (!held(request, new Date())) throw new AppError('note/not-held');
  return request;
}

/** What a note copies from the alumna's profile as it is when first written. */
async function profileFacts(tx: Database | Transaction, mentorId: string | null) {
  if (!mentorId) return undefined;
  const [row] = await tx
    .select({
      name: mentors.name,
      company: mentors.company,
      companyReading: mentors.companyReading,
      industry: mentors.industry,
      jobType: mentors.jobType,
      joinedYear: mentors.joinedYear,
    })
    .from(mentors)
    .where(eq(mentors.userId, mentorId))
    .limit(1);
  return row;
}

/** The student's note on this visit, or what a new one starts from. */
export async function noteForVisit(
  db: Database,
  user: SessionUser,
  requestId: string,
): Promise<VisitNoteForVisit> {
  const request = await studentsHeldVisit(db, requestId, user.id);
  return noteOrDraft(db, user, await findNoteOfVisit(db, requestId), {
    mentorId: request.mentorId,
    at: request.meetingAt!,
    agendaQuestions: request.agendaQuestions,
  });
}

/**
 * Her note as she reads it, or what a new one starts from: her alumna's profile as it is now,
 * the month of `at` and the questions to start from (a visit's or a 座談会's).
 */
export async function noteOrDraft(
  db: Database,
  user: SessionUser,
  row: NoteRow | undefined,
  about: { mentorId: string | null; at: Date; agendaQuestions: string[] },
): Promise<VisitNoteForVisit> {
  const facts = await profileFacts(db, about.mentorId);
  return {
    note: row ? (await noteViews(db, [row], user))[0]! : null,
    draft: {
      company: row?.note.company ?? facts?.company ?? '',
      industry: row?.note.industry ?? facts?.industry ?? '',
      jobType: row?.note.jobType ?? facts?.jobType ?? null,
      visitedMonth: tokyoMonthOf(about.at),
      mentorName: facts?.name ?? null,
      agendaQuestions: about.agendaQuestions,
    },
  };
}

/**
 * Writes or rewrites the student's note on a held visit. A rewrite of a note the alumna is
 * reading or has agreed to goes back to her: it leaves the seminar's list until she consents to
 * the new words. Whether other students read the author's name is hers alone: a save that
 * changes only that stays where it is.
 */
export async function saveNote(
  db: Database,
  user: SessionUser,
  requestId: string,
  form: VisitNoteForm,
): Promise<VisitNote> {
  const id = await db.transaction(async (tx) => {
    const request = await studentsHeldVisit(tx, requestId, user.id);
    return writeNote(tx, user, form, {
      lockKey: `visit-note:${requestId}`,
      existing: eq(visitNotes.visitRequestId, requestId),
      mentorId: request.mentorId,
      visitedAt: request.meetingAt!,
      about: { visitRequestId: requestId },
    });
  });
  return readNote(db, user, id);
}

/**
 * What a note is written about (a held visit, or a 座談会 she sat in: group-session-notes.ts), as
 * the save needs it: the name two first saves wait on, the note that may exist, its alumna and
 * time, and the columns that say what it is about.
 */
export interface NoteSubject {
  lockKey: string;
  existing: SQL;
  mentorId: string | null;
  visitedAt: Date;
  about: { visitRequestId: string } | { groupSessionId: string; groupSessionTitle: string };
}

/** Writes or rewrites the note on `subject`, in the caller's transaction (saveNote's rules). */
export async function writeNote(
  tx: Transaction,
  user: SessionUser,
  form: VisitNoteForm,
  subject: NoteSubject,
): Promise<string> {
  // Two saves of a first note (two tabs) are decided one after the other: one note per visit
  // (or per student and 座談会).
  await lockName(tx, subject.lockKey);
  const existing = await lockedNote(tx, subject.existing);
  const words = { jobType: form.jobType, qa: form.qa, advice: form.advice };
  if (existing) {
    const authorNamed = form.authorNamed ?? existing.authorNamed;
    const onlyNameChanged = authorNamed !== existing.authorNamed && sameWords(existing, words);
    const backToHer =
      (existing.sharing === 'shared' || existing.sharing === 'offered') && !onlyNameChanged;
    await tx
      .update(visitNotes)
      .set({
        ...words,
        authorNamed,
        ...searchTextsOf({ ...existing, ...words }),
        updatedAt: new Date(),
        ...(backToHer
          ? { sharing: 'offered' as const, offeredAt: new Date(), sharedAt: null }
          : {}),
      })
      .where(eq(visitNotes.id, existing.id));
    if (backToHer) await tellAboutNote(tx, existing, 'mentor', 'noteOffered');
    return existing.id;
  }
  const facts = await profileFacts(tx, subject.mentorId);
  const [grade] = await tx
    .select({ grade: students.grade })
    .from(students)
    .where(eq(students.userId, user.id));
  const fixed = {
    company: facts?.company ?? '',
    companyReading: facts?.companyReading ?? null,
    industry: facts?.industry ?? '',
  };
  const [created] = await tx
    .insert(visitNotes)
    .values({
      ...fixed,
      ...words,
      ...subject.about,
      authorId: user.id,
      mentorId: subject.mentorId,
      mentorJoinedYear: facts?.joinedYear ?? null,
      authorGrade: grade?.grade ?? null,
      authorNamed: form.authorNamed ?? true,
      visitedAt: subject.visitedAt,
      ...searchTextsOf({ ...fixed, ...words }),
    })
    .returning({ id: visitNotes.id });
  return created!.id;
}

/** One note as the caller may read it; a note they may not read answers as if absent. */
export async function readNote(db: Database, reader: NoteReader, id: string): Promise<VisitNote> {
  return viewOf(db, reader, await findNote(db, id));
}

/**
 * The note opened on its page (its GET, not the answer to a change), as readNote reads it:
 * opening marks whom a student read about (queries.ts findOpenedNote).
 */
export async function openNote(db: Database, reader: NoteReader, id: string): Promise<VisitNote> {
  return viewOf(db, reader, await findOpenedNote(db, id, reader));
}

async function viewOf(db: Database, reader: NoteReader, row: NoteRow | undefined) {
  if (!row || !mayRead(row.note, reader)) throw new AppError('not-found');
  return (await noteViews(db, [row], reader))[0]!;
}

/** Locks the note for a change by its author (`author`) or its alumna (`mentor`). */
async function lockNote(tx: Transaction, id: string, userId: string, by: 'author' | 'mentor') {
  const note = await lockedNote(tx, eq(visitNotes.id, id));
  const own = by === 'author' ? note?.authorId === userId : note?.mentorId === userId;
  // The alumna never sees a note that was not offered to her.
  if (!note || !own || (by === 'mentor' && note.sharing === 'private')) {
    throw new AppError('not-found');
  }
  return note;
}

export async function deleteNote(db: Database, user: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockNote(tx, id, user.id, 'author');
    await tx.delete(visitNotes).where(eq(visitNotes.id, id));
  });
}

/**
 * A change of where the note stands: allowed only from `from`, by its author or its alumna;
 * `tell` names who is told (the bell, and the mail of `event` unless they opted out).
 */
async function changeSharing(
  db: Database,
  user: SessionUser,
  id: string,
  change: {
    by: 'author' | 'mentor';
    from: readonly VisitNoteSharing[];
    refused: 'note/not-offerable' | 'note/not-offered' | 'note/not-shared';
    set: (note: Note) => Partial<Note>;
    tells?: (note: Note) => NotificationKind | undefined;
  },
): Promise<VisitNote> {
  await db.transaction(async (tx) => {
    const note = await lockNote(tx, id, user.id, change.by);
    if (!change.from.includes(note.sharing)) throw new AppError(change.refused);
    await tx
      .update(visitNotes)
      .set({ ...change.set(note), updatedAt: new Date() })
      .where(eq(visitNotes.id, id));
    const kind = change.tells?.(note);
    if (kind) await tellAboutNote(tx, note, change.by === 'author' ? 'mentor' : 'author', kind);
  });
  return readNote(db, user, id);
}

/** The student offers her note to the seminar: the alumna reads it and decides. */
export function offerNote(db: Database, user: SessionUser, id: string) {
  return changeSharing(db, user, id, {
    by: 'author',
    from: ['private', 'changes_requested'],
    refused: 'note/not-offerable',
    set: () => ({ sharing: 'offered', offeredAt: new Date(), mentorComment: null }),
    tells: () => 'noteOffered',
  });
}

/** The student takes her note back, waiting or shared: private again, and off the list at once. */
export function unshareNote(db: Database, user: SessionUser, id: string) {
  return changeSharing(db, user, id, {
    by: 'author',
    from: ['offered', 'changes_requested', 'shared'],
    refused: 'note/not-shared',
    set: () => ({ sharing: 'private', sharedAt: null, offeredAt: null, mentorComment: null }),
  });
}

/**
 * The alumna's yes, and whether her name appears. On a shared note it changes only the name:
 * no one is told again.
 */
export function consentToNote(
  db: Database,
  user: SessionUser,
  id: string,
  input: z.output<typeof visitNoteConsentSchema>,
) {
  return changeSharing(db, user, id, {
    by: 'mentor',
    from: ['offered', 'shared'],
    refused: 'note/not-offered',
    set: (note) => ({
      sharing: 'shared',
      showName: input.showName,
      sharedAt: note.sharedAt ?? new Date(),
      mentorComment: null,
    }),
    tells: (note) => (note.sharing === 'offered' ? 'noteConsented' : undefined),
  });
}

export function requestNoteChanges(
  db: Database,
  user: SessionUser,
  id: string,
  input: z.output<typeof visitNoteChangesSchema>,
) {
  return changeSharing(db, user, id, {
    by: 'mentor',
    from: ['offered'],
    refused: 'note/not-offered',
    set: () => ({ sharing: 'changes_requested', mentorComment: input.comment }),
    tells: () => 'noteChangesRequested',
  });
}

export function declineNote(db: Database, user: SessionUser, id: string) {
  return changeSharing(db, user, id, {
    by: 'mentor',
    from: ['offered'],
    refused: 'note/not-offered',
    set: () => ({ sharing: 'declined' }),
    tells: () => 'noteDeclined',
  });
}

/** The alumna withdraws her consent: the note leaves the seminar's list at once, for good. */
export function withdrawConsent(db: Database, user: SessionUser, id: string) {
  return changeSharing(db, user, id, {
    by: 'mentor',
    from: ['shared'],
    refused: 'note/not-shared',
    set: () => ({ sharing: 'withdrawn', sharedAt: null }),
  });
}

/** The mail of each note's news (whether it is mailed, and on which choice: notifications' kinds). */
const MAIL_OF: Partial<Record<NotificationKind, VisitNoteMailKind>> = {
  noteOffered: 'visitNoteOffered',
  noteConsented: 'visitNoteConsented',
  noteChangesRequested: 'visitNoteChangesRequested',
  noteDeclined: 'visitNoteDeclined',
  noteHidden: 'visitNoteHidden',
};

/**
 * Tells the note's alumna or author what happened, on the bell and by mail (unless they opted
 * out of that kind of mail). The name is the other person's; an admin's hiding names nobody.
 */
export async function tellAboutNote(
  tx: Transaction,
  note: Note,
  to: 'author' | 'mentor',
  kind: NotificationKind,
): Promise<void> {
  const userId = to === 'author' ? note.authorId : note.mentorId;
  if (!userId) return;
  const actorId = kind === 'noteHidden' ? null : to === 'author' ? note.mentorId : note.authorId;
  const actorName = actorId ? ((await addresseeOf(tx, actorId)) ?? '') : '';
  // What the student does to her note reaches the alumna gathered (issue 54, point 7): saving or
  // offering it again moves her unread bell entry up rather than adding one, and mails her at
  // most once a Japan day. The note's row is locked (lockNote, saveNote), so two saves at once
  // are decided one after the other.
  const gathered = to === 'mentor';
  const now = new Date();
  const mailKind = MAIL_OF[kind];
  const mailedToday = gathered && note.mentorMailedAt && note.mentorMailedAt >= tokyoDayStart(now);
  const links = mailLinks(tx);
  const link =
    to === 'mentor'
      ? links.mentorVisitNotes()
      : note.visitRequestId
        ? links.visitNoteWrite(note.visitRequestId)
        : note.groupSessionId
          ? links.groupSessionNoteWrite(note.groupSessionId)
          : links.myVisitNotes();
  const mail: MailWords | undefined =
    mailKind && !mailedToday
      ? (recipient) => visitNoteMail(mailKind, link, { other: actorName, recipient })
      : undefined;
  const { mailed } = await tell(
    tx,
    {
      userId,
      kind,
      facts: {
        visitRequestId: note.visitRequestId,
        actorName,
        // A note about a 座談会 has its bell entry by the session (the bell links its note).
        ...(note.groupSessionId ? { groupSessionId: note.groupSessionId } : {}),
      },
      mail,
    },
    { gather: gathered },
  );
  if (gathered && mailed) {
    await tx.update(visitNotes).set({ mentorMailedAt: now }).where(eq(visitNotes.id, note.id));
  }
}

/** The student's notes, and her held visits without one (newest first). */
export async function myNotes(db: Database, user: SessionUser): Promise<MyVisitNotes> {
  const rows = await notesBy(db, user.id);
  const now = new Date();
  const unwritten = await db
    .select({
      visitRequestId: visitRequests.id,
      mentorName: mentors.name,
      company: mentors.company,
      meetingAt: visitRequests.meetingAt,
    })
    .from(visitRequests)
    .leftJoin(mentors, eq(mentors.userId, visitRequests.mentorId))
    .where(
      and(
        eq(visitRequests.studentId, user.id),
        eq(visitRequests.status, 'accepted'),
        lte(visitRequests.meetingAt, now),
        sql`${visitRequests.studentOutcome} is distinct from 'no_show'`,
        sql`${visitRequests.mentorOutcome} is distinct from 'no_show'`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(visitNotes)
            .where(eq(visitNotes.visitRequestId, visitRequests.id)),
        ),
      ),
    )
    .orderBy(desc(visitRequests.meetingAt))
    .limit(50);
  return {
    items: await noteViews(db, rows, user),
    unwrittenSessions: await sessionsWithoutNote(db, user.id, now),
    unwritten: unwritten.map((row) => ({
      visitRequestId: row.visitRequestId,
      mentorName: row.mentorName,
      company: row.company ?? '',
      meetingAt: row.meetingAt!.toISOString(),
    })),
  };
}

/** The notes offered to the alumna, and her year's count. */
export async function notesAboutMentor(db: Database, user: SessionUser): Promise<MentorVisitNotes> {
  const rows = await notesOfferedTo(db, user.id);
  return {
    items: await noteViews(
      db,
      rows.filter((row) => row.note.sharing !== 'private'),
      user,
    ),
    lastYearCount: await lastYearSharedCount(db, user.id),
  };
}

/**
 * What a withdrawal does to notes (docs/RETENTION.md), in the withdrawal's transaction. The
 * student's own: the shared ones kept without her name if she chose so, every other deleted.
 * The alumna's: notes that name her, and those still waiting for her, leave the seminar's list
 * (withdrawn); shared notes that do not name her stay, naming nobody.
 */
export async function notesOnWithdrawal(
  tx: Transaction,
  userId: string,
  keepShared: boolean,
): Promise<void> {
  await tx
    .delete(visitNotes)
    .where(
      and(
        eq(visitNotes.authorId, userId),
        keepShared ? sql`${visitNotes.sharing} <> 'shared'` : undefined,
      ),
    );
  await tx
    .update(visitNotes)
    .set({ sharing: 'withdrawn', sharedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(visitNotes.mentorId, userId),
        or(
          inArray(visitNotes.sharing, ['offered', 'changes_requested']),
          and(eq(visitNotes.sharing, 'shared'), eq(visitNotes.showName, true)),
        ),
      ),
    );
}

/** Whether a save keeps the note's words as they are (only the author's name choice may differ). */
function sameWords(
  note: { jobType: string | null; qa: { question: string; answer: string }[]; advice: string },
  words: { jobType: string | null; qa: { question: string; answer: string }[]; advice: string },
): boolean {
  return (
    note.jobType === words.jobType &&
    note.advice === words.advice &&
    note.qa.length === words.qa.length &&
    // Pair by pair: jsonb keeps its keys in an order of its own.
    note.qa.every(
      (pair, i) => pair.question === words.qa[i]!.question && pair.answer === words.qa[i]!.answer,
    )
  );
}
