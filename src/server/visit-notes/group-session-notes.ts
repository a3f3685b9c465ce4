import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth';
import { maskContactDetails } from '../../shared/contact-masking';
import type { VisitNote, VisitNoteForGroupSession } from '../../shared/schemas/visit-notes';
import type { Database, Executor } from '../db/client';
import { groupSessionPlaces, groupSessions, visitNotes } from '../db/schema';
import { AppError } from '../errors';
import { findNoteOfGroupSession } from './queries';
import { noteOrDraft, readNote, writeNote, type VisitNoteForm } from './service';

/**
 * 訪問記録 about a 座談会 (issue 58, point 4; docs/PRODUCT.md §7a): each student seated in a held
 * 座談会 whom its alumna has not recorded 欠席 may keep one note about it, which then lives as a
 * visit's note does (offered, her consent, an admin's hide, the search). Only the place is
 * different: who may write it is decided here, from her row in the session.
 */

/**
 * The 座談会 as its note needs it, after checking that the student may write about it: she held
 * a place in it (else it answers as if it did not exist: another's session is not hers to ask
 * about), it took place (started, not cancelled), she was seated when it did (not waiting, not
 * left) and was not recorded 欠席 (参加, or not recorded yet). One statement.
 */
async function sessionSatIn(db: Executor, sessionId: string, userId: string, now: Date) {
  const [row] = await db
    .select({
      id: groupSessions.id,
      title: groupSessions.title,
      mentorId: groupSessions.mentorId,
      startsAt: groupSessions.startsAt,
      cancelledAt: groupSessions.cancelledAt,
      state: groupSessionPlaces.state,
      attended: groupSessionPlaces.attended,
    })
    .from(groupSessions)
    .innerJoin(
      groupSessionPlaces,
      and(
        eq(groupSessionPlaces.sessionId, groupSessions.id),
        eq(groupSessionPlaces.studentId, userId),
      ),
    )
    .where(eq(groupSessions.id, sessionId))
    .limit(1);
  if (!row) throw new AppError('not-found');
  if (row.cancelledAt !== null || row.startsAt > now) throw new AppError('note/session-not-held');
  if (row.state !== 'seated') throw new AppError('note/not-seated');
  if (row.attended === false) throw new AppError('note/absent');
  return row;
}

/** Her note on the 座談会, or what a new one starts from. */
export async function noteForGroupSession(
  db: Database,
  user: SessionUser,
  sessionId: string,
): Promise<VisitNoteForGroupSession> {
  const session = await sessionSatIn(db, sessionId, user.id, new Date());
  const row = await findNoteOfGroupSession(db, sessionId, user.id);
  return {
    ...(await noteOrDraft(db, user, row, {
      mentorId: session.mentorId,
      at: session.startsAt,
      agendaQuestions: [],
    })),
    groupSession: {
      id: session.id,
      // Masked to her, as its page masks it to students.
      title: maskContactDetails(row?.note.groupSessionTitle ?? session.title).text,
      startsAt: session.startsAt.toISOString(),
    },
  };
}

/**
 * Writes or rewrites her note on the 座談会 (saveNote's rules: a rewrite of a note the alumna is
 * reading or has agreed to goes back to her). Its title is kept as it was when first written.
 */
export async function saveGroupSessionNote(
  db: Database,
  user: SessionUser,
  sessionId: string,
  form: VisitNoteForm,
): Promise<VisitNote> {
  const id = await db.transaction(async (tx) => {
    const session = await sessionSatIn(tx, sessionId, user.id, new Date());
    return writeNote(tx, user, form, {
      lockKey: `visit-note:group-session:${sessionId}:${user.id}`,
      existing: and(eq(visitNotes.groupSessionId, sessionId), eq(visitNotes.authorId, user.id))!,
      mentorId: session.mentorId,
      visitedAt: session.startsAt,
      about: { groupSessionId: sessionId, groupSessionTitle: session.title },
    });
  });
  return readNote(db, user, id);
}
