import { useTranslation } from 'react-i18next';
import type { VisitNoteSharing } from '../../../shared/constants';
import type { VisitNote } from '../../../shared/schemas/visit-notes';

/**
 * Where one of the student's notes stands, in the words of her pages: its sharing, or 管理者が
 * 非表示 when an admin hid it (which overrides whatever the sharing says to the seminar).
 */
export type NoteState = VisitNoteSharing | 'hidden';

type StateFacts = Pick<VisitNote, 'sharing' | 'hidden'>;

export function noteStateOf(note: StateFacts): NoteState {
  return note.hidden ? 'hidden' : note.sharing;
}

const TONE: Record<NoteState, string> = {
  private: 'badge-muted',
  offered: 'vnote-badge-waiting',
  changes_requested: 'badge-info',
  shared: 'badge-success',
  declined: 'badge-muted',
  withdrawn: 'badge-muted',
  hidden: 'vnote-badge-waiting',
};

export function NoteStateBadge({ note }: { note: StateFacts }) {
  const { t } = useTranslation();
  const state = noteStateOf(note);
  return <span className={`badge ${TONE[state]}`}>{t(`visitNotes.states.${state}`)}</span>;
}

/**
 * She may offer a private note, or one the alumna asked to change; never one the alumna declined
 * or withdrew consent from (the server refuses those: note/not-offerable), nor one an admin hid,
 * nor once the alumna has left.
 */
export function canOffer(note: VisitNote): boolean {
  return (
    (note.sharing === 'private' || note.sharing === 'changes_requested') &&
    !note.hidden &&
    !note.mentor.gone
  );
}

/**
 * She may take back a note the seminar has, one waiting for the alumna, or one the alumna asked
 * to change (as the server's unshare takes them).
 */
export function canUnshare(note: VisitNote): boolean {
  return (
    note.sharing === 'offered' || note.sharing === 'shared' || note.sharing === 'changes_requested'
  );
}

/** Editing these sends the note back to the alumna: saving warns first. */
export function goesBackOnSave(note: VisitNote | null): boolean {
  return note?.sharing === 'offered' || note?.sharing === 'shared';
}
