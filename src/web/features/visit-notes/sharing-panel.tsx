import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { errorMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { useDeleteVisitNote, useOfferVisitNote, useUnshareVisitNote } from './api';
import { MentorLabel } from './note-view';
import { canOffer, canUnshare, NoteStateBadge } from './note-state';

const OFFER_STEPS = ['read', 'masked', 'name', 'back'] as const;

/**
 * Where the saved note stands with the seminar, in words (docs/PRODUCT.md §7a), and what the
 * student may do with it now: offer it (the alumna reads it and decides), take it back, delete it.
 */
export function SharingPanel({
  note,
  unsaved,
  onDeleted,
}: {
  note: VisitNote;
  /** The form holds changes not saved yet: what she would offer is not what the alumna reads. */
  unsaved: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const offer = useOfferVisitNote();
  const unshare = useUnshareVisitNote();
  const remove = useDeleteVisitNote();
  const [asking, setAsking] = useState<'unshare' | 'delete' | null>(null);
  const name = note.mentor.name ?? t('visitNotes.sharing.theMentor');

  async function offerNote() {
    try {
      await offer.mutateAsync(note.id);
      toast.success(t('visitNotes.sharing.offeredDone', { name }));
    } catch {
      // Said under the button (ErrorNotice below).
    }
  }

  async function unshareNote() {
    try {
      await unshare.mutateAsync(note.id);
      setAsking(null);
      toast.success(t('visitNotes.sharing.unshared'));
    } catch {
      // Said inside the dialog, which keeps the page inert while open.
    }
  }

  async function deleteNote() {
    try {
      await remove.mutateAsync(note.id);
      setAsking(null);
      toast.success(t('visitNotes.sharing.deleted'));
      onDeleted();
    } catch {
      // Said inside the dialog.
    }
  }

  function close() {
    unshare.reset();
    remove.reset();
    setAsking(null);
  }

  return (
    <section className="vnote-sharing" aria-labelledby="vnote-sharing-title">
      <h2 id="vnote-sharing-title">{t('visitNotes.sharing.title')}</h2>
      <p className="vnote-state">
        {t('visitNotes.sharing.state')}
        <NoteStateBadge note={note} />
      </p>
      <SharingWords note={note} name={name} />

      {canOffer(note) ? (
        <div className="vnote-offer">
          <h3>{t('visitNotes.sharing.offerTitle')}</h3>
          <ul>
            {OFFER_STEPS.map((step) => (
              <li key={step}>{t(`visitNotes.sharing.offerSteps.${step}`, { name })}</li>
            ))}
          </ul>
          {unsaved ? (
            <p className="notice notice-warning">{t('visitNotes.sharing.offerUnsaved')}</p>
          ) : null}
          <button
            type="button"
            className="button button-primary"
            disabled={offer.isPending || unsaved}
            aria-busy={offer.isPending || undefined}
            onClick={() => void offerNote()}
          >
            {offer.isPending ? t('visitNotes.sharing.offering') : t('visitNotes.sharing.offer')}
          </button>
          {offer.error ? (
            <p className="notice notice-error" role="alert">
              {t('visitNotes.sharing.failed', { message: errorMessage(t, offer.error) })}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="button-row vnote-actions">
        {canUnshare(note) ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setAsking('unshare')}
          >
            {t('visitNotes.sharing.unshare')}
          </button>
        ) : null}
        <button type="button" className="button button-danger" onClick={() => setAsking('delete')}>
          {t('visitNotes.sharing.delete')}
        </button>
      </div>

      <ConfirmDialog
        open={asking === 'unshare'}
        onClose={close}
        title={t('visitNotes.sharing.unshareTitle')}
        cancelLabel={t('visitNotes.sharing.cancel')}
        confirmLabel={t('visitNotes.sharing.unshareConfirm')}
        pendingLabel={t('visitNotes.sharing.unsharing')}
        pending={unshare.isPending}
        onConfirm={() => void unshareNote()}
      >
        <p>{t('visitNotes.sharing.unshareBody', { name })}</p>
        {unshare.error ? (
          <p className="notice notice-error" role="alert">
            {t('visitNotes.sharing.failed', { message: errorMessage(t, unshare.error) })}
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        onClose={close}
        title={t('visitNotes.sharing.deleteTitle')}
        cancelLabel={t('visitNotes.sharing.cancel')}
        confirmLabel={t('visitNotes.sharing.deleteConfirm')}
        pendingLabel={t('visitNotes.sharing.deleting')}
        pending={remove.isPending}
        onConfirm={() => void deleteNote()}
      >
        <p>{t('visitNotes.sharing.deleteBody')}</p>
        {remove.error ? (
          <p className="notice notice-error" role="alert">
            {t('visitNotes.sharing.failed', { message: errorMessage(t, remove.error) })}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

/** The state in words: who decides now, what the seminar sees, what the alumna said. */
function SharingWords({ note, name }: { note: VisitNote; name: string }) {
  const { t } = useTranslation();
  // Hidden by an admin: whatever the sharing, the seminar does not see it, and she is told why.
  if (note.hidden) {
    return (
      <div className="notice notice-warning">
        <p>{t('visitNotes.sharing.hidden')}</p>
        <p className="vnote-reason">
          {t('visitNotes.sharing.hiddenReason', { reason: note.hidden.reason })}
        </p>
      </div>
    );
  }
  switch (note.sharing) {
    case 'private':
      return <p>{t('visitNotes.sharing.private')}</p>;
    case 'offered':
      return <p>{t('visitNotes.sharing.offered', { name })}</p>;
    case 'changes_requested':
      return (
        <div className="notice notice-info">
          <p>{t('visitNotes.sharing.changesRequested', { name })}</p>
          {note.mentorComment ? (
            <figure className="vnote-comment">
              <figcaption>{t('visitNotes.sharing.comment', { name })}</figcaption>
              <blockquote>{note.mentorComment}</blockquote>
            </figure>
          ) : null}
          <p>{t('visitNotes.sharing.changesHow')}</p>
        </div>
      );
    case 'shared':
      return note.showName ? (
        <p>{t('visitNotes.sharing.sharedNamed', { name })}</p>
      ) : (
        <p>
          {t('visitNotes.sharing.sharedUnnamed', { name })}{' '}
          {/* The label the seminar reads: her name left out, as on every shared note. */}
          <strong>
            <MentorLabel note={{ ...note, mentor: { ...note.mentor, name: null } }} />
          </strong>
        </p>
      );
    case 'declined':
      return <p>{t('visitNotes.sharing.declined', { name })}</p>;
    case 'withdrawn':
      return <p>{t('visitNotes.sharing.withdrawn', { name })}</p>;
  }
}
