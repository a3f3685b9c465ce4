import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { errorMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { NameChoice } from './name-choice';
import { NoteView } from './note-view';

/** A failure of one of her answers, said where she gave it (nothing while there is none). */
export function AnswerFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return error ? (
    <p className="notice notice-error" role="alert">
      {t('noteConsent.failed', { message: errorMessage(t, error) })}
    </p>
  ) : null;
}

/**
 * The answer that ends her note for good (declining it, withdrawing her consent): asked first in
 * a dialog, which shows its failure inside and closes once the answer is taken.
 */
export function useEndingAnswer(
  mutation: {
    mutateAsync: (id: string) => Promise<unknown>;
    reset: () => void;
    isPending: boolean;
    error: unknown;
  },
  noteId: string,
  doneMessage: string,
) {
  const toast = useToast();
  const [open, setOpen] = useState(false);

  async function confirm() {
    try {
      await mutation.mutateAsync(noteId);
      setOpen(false);
      toast.success(doneMessage);
    } catch {
      // Said inside the dialog (mutation.error).
    }
  }

  return {
    open,
    ask: () => {
      mutation.reset();
      setOpen(true);
    },
    close: () => setOpen(false),
    confirm: () => void confirm(),
    pending: mutation.isPending,
    error: mutation.error,
  };
}

/** The dialog's words for the answer that ends the note. */
export interface EndingWords {
  title: string;
  body: string;
  cancel: string;
  confirm: string;
  pending: string;
}

/**
 * A note the alumna answers, offered to her or shared with her consent: when that was, the note,
 * her choice of name with the buttons of her answers and their failure, anything the answers
 * open below (children), and the dialog of the answer that ends the note.
 */
export function NoteAnswer({
  note,
  when,
  title,
  showName,
  onShowNameChange,
  buttons,
  consentError,
  children,
  ending,
  endingWords,
}: {
  note: VisitNote;
  when: string | null;
  title: string;
  showName: boolean;
  onShowNameChange: (showName: boolean) => void;
  buttons: ReactNode;
  consentError: unknown;
  children?: ReactNode;
  ending: ReturnType<typeof useEndingAnswer>;
  endingWords: EndingWords;
}) {
  const answerId = useId();
  return (
    <li className="mnotes-note">
      {when ? <p className="mnotes-when">{when}</p> : null}
      <NoteView note={note} headingLevel={3} />
      <div className="mnotes-answer" role="group" aria-labelledby={answerId}>
        <p id={answerId} className="mnotes-answer-title">
          {title}
        </p>
        <NameChoice note={note} showName={showName} onChange={onShowNameChange} />
        <div className="button-row">{buttons}</div>
        <AnswerFailed error={consentError} />
        {children}
      </div>
      <ConfirmDialog
        open={ending.open}
        onClose={ending.close}
        title={endingWords.title}
        cancelLabel={endingWords.cancel}
        confirmLabel={endingWords.confirm}
        pendingLabel={endingWords.pending}
        pending={ending.pending}
        onConfirm={ending.confirm}
      >
        <p>{endingWords.body}</p>
        <AnswerFailed error={ending.error} />
      </ConfirmDialog>
    </li>
  );
}
