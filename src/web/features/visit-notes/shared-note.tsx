import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { useToast } from '../../components/toast';
import { formatConfirmedTime } from '../../lib/meeting-time';
import { useConsentVisitNote, useWithdrawNoteConsent } from './api';
import { NoteAnswer, useEndingAnswer } from './note-answer';

/**
 * A note shared with her consent: she may change whether her name appears (consent again with
 * the other choice) or withdraw her consent, asked first since the note is hidden at once and
 * cannot be shared again.
 */
export function SharedNote({ note }: { note: VisitNote }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [showName, setShowName] = useState(note.showName);
  const consent = useConsentVisitNote();
  const withdraw = useEndingAnswer(useWithdrawNoteConsent(), note.id, t('noteConsent.withdrawn'));

  async function changeName() {
    try {
      await consent.mutateAsync({ id: note.id, showName });
      toast.success(t('noteConsent.nameChanged'));
    } catch {
      // Said under the button (consent.error).
    }
  }

  return (
    <NoteAnswer
      note={note}
      when={
        note.sharedAt
          ? t('noteConsent.sharedAt', { date: formatConfirmedTime(note.sharedAt) })
          : null
      }
      title={t('noteConsent.nameNow', {
        choice: note.showName ? t('noteConsent.showName') : t('noteConsent.hideName'),
      })}
      showName={showName}
      onShowNameChange={setShowName}
      consentError={consent.error}
      ending={withdraw}
      endingWords={{
        title: t('noteConsent.withdrawTitle'),
        body: t('noteConsent.withdrawBody'),
        cancel: t('noteConsent.withdrawCancel'),
        confirm: t('noteConsent.withdrawConfirm'),
        pending: t('noteConsent.withdrawing'),
      }}
      buttons={
        <>
          <button
            type="button"
            className="button button-secondary"
            disabled={showName === note.showName || consent.isPending}
            aria-busy={consent.isPending || undefined}
            onClick={() => void changeName()}
          >
            {consent.isPending ? t('noteConsent.changingName') : t('noteConsent.changeName')}
          </button>
          <button type="button" className="button button-danger" onClick={withdraw.ask}>
            {t('noteConsent.withdraw')}
          </button>
        </>
      }
    />
  );
}
