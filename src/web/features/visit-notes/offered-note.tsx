import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { VISIT_NOTE_COMMENT_MAX_LENGTH } from '../../../shared/constants';
import { visitNoteChangesSchema, type VisitNote } from '../../../shared/schemas/visit-notes';
import { errorMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { formatConfirmedTime } from '../../lib/meeting-time';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useConsentVisitNote, useDeclineVisitNote, useRequestNoteChanges } from './api';
import { NameChoice } from './name-choice';
import { NoteView } from './note-view';

/**
 * A note offered to the alumna (sharing 'offered'): she reads it, then consents with her choice
 * of name, asks the student for a change with a comment, or declines (asked first: a declined
 * note cannot be offered again).
 */
export function OfferedNote({ note }: { note: VisitNote }) {
  const { t } = useTranslation();
  const toast = useToast();
  const answerId = useId();
  const [showName, setShowName] = useState(note.showName);
  const [requesting, setRequesting] = useState(false);
  const [declining, setDeclining] = useState(false);
  const consent = useConsentVisitNote();
  const decline = useDeclineVisitNote();

  async function sendConsent() {
    try {
      await consent.mutateAsync({ id: note.id, showName });
      toast.success(t('noteConsent.consented'));
    } catch {
      // Said under the buttons (consent.error).
    }
  }

  async function sendDecline() {
    try {
      await decline.mutateAsync(note.id);
      setDeclining(false);
      toast.success(t('noteConsent.declined'));
    } catch {
      // Said inside the dialog (decline.error).
    }
  }

  return (
    <li className="mnotes-note">
      {note.offeredAt ? (
        <p className="mnotes-when">
          {t('noteConsent.offeredAt', { date: formatConfirmedTime(note.offeredAt) })}
        </p>
      ) : null}
      <NoteView note={note} headingLevel={3} />
      <div className="mnotes-answer" role="group" aria-labelledby={answerId}>
        <p id={answerId} className="mnotes-answer-title">
          {t('noteConsent.answerLabel')}
        </p>
        <NameChoice note={note} showName={showName} onChange={setShowName} />
        <div className="button-row">
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
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              decline.reset();
              setDeclining(true);
            }}
          >
            {t('noteConsent.decline')}
          </button>
        </div>
        {consent.error ? (
          <p className="notice notice-error" role="alert">
            {t('noteConsent.failed', { message: errorMessage(t, consent.error) })}
          </p>
        ) : null}
        {requesting ? <ChangesForm noteId={note.id} onCancel={() => setRequesting(false)} /> : null}
      </div>
      <ConfirmDialog
        open={declining}
        onClose={() => setDeclining(false)}
        title={t('noteConsent.declineTitle')}
        cancelLabel={t('noteConsent.declineCancel')}
        confirmLabel={t('noteConsent.declineConfirm')}
        pendingLabel={t('noteConsent.declining')}
        pending={decline.isPending}
        onConfirm={() => void sendDecline()}
      >
        <p>{t('noteConsent.declineBody')}</p>
        {decline.error ? (
          <p className="notice notice-error" role="alert">
            {t('noteConsent.failed', { message: errorMessage(t, decline.error) })}
          </p>
        ) : null}
      </ConfirmDialog>
    </li>
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
      {request.error && !form.formState.errors.comment ? (
        <p className="notice notice-error" role="alert">
          {t('noteConsent.failed', { message: errorMessage(t, request.error) })}
        </p>
      ) : null}
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
