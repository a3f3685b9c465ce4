import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { VISIT_NOTE_COMMENT_MAX_LENGTH } from '../../../shared/constants';
import { visitNoteChangesSchema, type VisitNote } from '../../../shared/schemas/visit-notes';
import { TextAreaField } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { formatConfirmedTime } from '../../lib/meeting-time';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useConsentVisitNote, useDeclineVisitNote, useRequestNoteChanges } from './api';
import { AnswerFailed, NoteAnswer, useEndingAnswer } from './note-answer';

/**
 * A note offered to the alumna (sharing 'offered'): she reads it, then consents with her choice
 * of name, asks the student for a change with a comment, or declines (asked first: a declined
 * note cannot be offered again).
 */
export function OfferedNote({ note }: { note: VisitNote }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [showName, setShowName] = useState(note.showName);
  const [requesting, setRequesting] = useState(false);
  const consent = useConsentVisitNote();
  const decline = useEndingAnswer(useDeclineVisitNote(), note.id, t('noteConsent.declined'));

  async function sendConsent() {
    try {
      await consent.mutateAsync({ id: note.id, showName });
      toast.success(t('noteConsent.consented'));
    } catch {
      // Said under the buttons (consent.error).
    }
  }

  return (
    <NoteAnswer
      note={note}
      when={
        note.offeredAt
          ? t('noteConsent.offeredAt', { date: formatConfirmedTime(note.offeredAt) })
          : null
      }
      title={t('noteConsent.answerLabel')}
      showName={showName}
      onShowNameChange={setShowName}
      consentError={consent.error}
      ending={decline}
      endingWords={{
        title: t('noteConsent.declineTitle'),
        body: t('noteConsent.declineBody'),
        cancel: t('noteConsent.declineCancel'),
        confirm: t('noteConsent.declineConfirm'),
        pending: t('noteConsent.declining'),
      }}
      buttons={
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={consent.isPending}
            aria-busy={consent.isPending || undefined}
            onClick={() => void sendConsent()}
          >
            {consent.isPending ? t('noteConsent.consenting') : t('noteConsent.consent')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={requesting}
            onClick={() => setRequesting((open) => !open)}
          >
            {t('noteConsent.requestChanges')}
          </button>
          <button type="button" className="button button-secondary" onClick={decline.ask}>
            {t('noteConsent.decline')}
          </button>
        </>
      }
    >
      {requesting ? <ChangesForm noteId={note.id} onCancel={() => setRequesting(false)} /> : null}
    </NoteAnswer>
  );
}

type ChangesForm = z.input<typeof visitNoteChangesSchema>;
type ChangesValues = z.output<typeof visitNoteChangesSchema>;

/** 「修正を依頼する」: the comment the student reads, required, checked by the server's schema. */
function ChangesForm({ noteId, onCancel }: { noteId: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const request = useRequestNoteChanges();
  const form = useForm<ChangesForm, unknown, ChangesValues>({
    resolver: zodResolver(visitNoteChangesSchema),
    defaultValues: { comment: '' },
  });
  const comment = useWatch({ control: form.control, name: 'comment' }) ?? '';

  const submit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync({ id: noteId, comment: values.comment });
      toast.success(t('noteConsent.requested'));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, { shouldFocus: true });
    }
  });

  return (
    <form className="mnotes-changes" onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        label={t('noteConsent.commentLabel')}
        hint={t('noteConsent.commentHint')}
        rows={4}
        counter={t('noteConsent.counter', {
          count: [...comment].length,
          max: VISIT_NOTE_COMMENT_MAX_LENGTH,
        })}
        counterOver={[...comment].length > VISIT_NOTE_COMMENT_MAX_LENGTH}
        errorKey={form.formState.errors.comment?.message}
        {...form.register('comment')}
      />
      {form.formState.errors.comment ? null : <AnswerFailed error={request.error} />}
      <div className="button-row">
        <button
          type="submit"
          className="button button-primary"
          disabled={request.isPending}
          aria-busy={request.isPending || undefined}
        >
          {request.isPending ? t('noteConsent.sendingRequest') : t('noteConsent.sendRequest')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('noteConsent.cancel')}
        </button>
      </div>
    </form>
  );
}
