import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { errorMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { formatConfirmedTime } from '../../lib/meeting-time';
import { useConsentVisitNote, useWithdrawNoteConsent } from './api';
import { NameChoice } from './name-choice';
import { NoteView } from './note-view';

/**
 * A note shared with her consent: she may change whether her name appears (consent again with
 * the other choice) or withdraw her consent, asked first since the note is hidden at once and
 * cannot be shared again.
 */
export function SharedNote({ note }: { note: VisitNote }) {
  const { t } = useTranslation();
  const toast = useToast();
  const answerId = useId();
  const [showName, setShowName] = useState(note.showName);
  const [withdrawing, setWithdrawing] = useState(false);
  const consent = useConsentVisitNote();
  const withdraw = useWithdrawNoteConsent();

  async function changeName() {
    try {
      await consent.mutateAsync({ id: note.id, showName });
      toast.success(t('noteConsent.nameChanged'));
    } catch {
      // Said under the button (consent.error).
    }
  }

  async function sendWithdraw() {
    try {
      await withdraw.mutateAsync(note.id);
      setWithdrawing(false);
      toast.success(t('noteConsent.withdrawn'));
    } catch {
      // Said inside the dialog (withdraw.error).
    }
  }

  return (
    <li className="mnotes-note">
      {note.sharedAt ? (
        <p className="mnotes-when">
          {t('noteConsent.sharedAt', { date: formatConfirmedTime(note.sharedAt) })}
        </p>
      ) : null}
      <NoteView note={note} headingLevel={3} />
      <div className="mnotes-answer" role="group" aria-labelledby={answerId}>
        <p id={answerId} className="mnotes-answer-title">
          {t('noteConsent.nameNow', {
            choice: note.showName ? t('noteConsent.showName') : t('noteConsent.hideName'),
          })}
        </p>
        <NameChoice note={note} showName={showName} onChange={setShowName} />
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary"
            disabled={showName === note.showName || consent.isPending}
            aria-busy={consent.isPending || undefined}
            onClick={() => void changeName()}
          >
            {consent.isPending ? t('noteConsent.changingName') : t('noteConsent.changeName')}
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              withdraw.reset();
              setWithdrawing(true);
            }}
          >
            {t('noteConsent.withdraw')}
          </button>
        </div>
        {consent.error ? (
          <p className="notice notice-error" role="alert">
            {t('noteConsent.failed', { message: errorMessage(t, consent.error) })}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={withdrawing}
        onClose={() => setWithdrawing(false)}
        title={t('noteConsent.withdrawTitle')}
        cancelLabel={t('noteConsent.withdrawCancel')}
        confirmLabel={t('noteConsent.withdrawConfirm')}
        pendingLabel={t('noteConsent.withdrawing')}
        pending={withdraw.isPending}
        onConfirm={() => void sendWithdraw()}
      >
        <p>{t('noteConsent.withdrawBody')}</p>
        {withdraw.error ? (
          <p className="notice notice-error" role="alert">
            {t('noteConsent.failed', { message: errorMessage(t, withdraw.error) })}
          </p>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}
