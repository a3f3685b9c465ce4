import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NO_SHOW_NOTE_MAX_LENGTH } from '../../../shared/constants';
import type { GroupSessionView } from '../../../shared/schemas/group-sessions';
import { noShowAnswerSchema, type NoShowAnswerInput } from '../../../shared/schemas/visit-requests';
import { apiRequest } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { TextAreaField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { formatDate } from '../../lib/format';
import { formatConfirmedTime } from '../../lib/meeting-time';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { ReportDialog } from '../safety';
import { ClaimStanding } from '../visits';

type After = NonNullable<GroupSessionView['after']>;

const path = (id: string, rest: string) => `/api/group-sessions/${encodeURIComponent(id)}/${rest}`;

function useAfterAction<Body>(id: string, rest: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      apiRequest<void>(
        path(id, rest),
        body === undefined ? { method: 'POST' } : { method: 'POST', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['group-sessions'] }),
  });
}

/**
 * A seated student's own after a 座談会 (issue 58 point 4): a 欠席 its alumna recorded of her,
 * read and answered as a visit's no-show claim (the visits' words), and 「無事に終わりましたか」
 * after an in-person one, as a visit's SafeEndBox. Nothing for anyone else.
 */
export function GroupSessionAfter({ view }: { view: GroupSessionView }) {
  const after = view.after;
  if (!after) return null;
  return (
    <>
      {after.safeEnd && <SafeEnd id={view.id} after={after} host={view.mentor.name} />}
      {after.absence && <Absence id={view.id} after={after} host={view.mentor.name} />}
    </>
  );
}

function Absence({ id, after, host }: { id: string; after: After; host: string }) {
  const { t } = useTranslation();
  const absence = after.absence!;
  return (
    <section
      className={`notice ${absence.withdrawnAt ? 'notice-info' : 'notice-warning'} group-session-after`}
      aria-labelledby="group-session-absence"
    >
      <h2 id="group-session-absence">{t('visits.noShow.againstTitle')}</h2>
      <p>
        {t('groupSessions.after.absentLead', {
          name: host,
          date: formatConfirmedTime(absence.claimedAt),
        })}
      </p>
      <p>{t('visits.noShow.againstAdmins')}</p>
      <ClaimStanding claim={absence} other={host} counted={after.noShowsCounted} />
      {absence.answer ? (
        <>
          <p>{t('visits.noShow.yourAnswer', { date: formatConfirmedTime(absence.answer.at) })}</p>
          <p className="visit-message">{absence.answer.note}</p>
        </>
      ) : (
        !absence.withdrawnAt && <AnswerForm id={id} host={host} />
      )}
    </section>
  );
}

/** 「参加しました」, once, with what happened (the visits' form and words). */
function AnswerForm({ id, host }: { id: string; host: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const send = useAfterAction<NoShowAnswerInput>(id, 'absence-answer');
  const form = useForm<NoShowAnswerInput>({
    resolver: zodResolver(noShowAnswerSchema),
    defaultValues: { note: '' },
  });
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success(t('visits.noShow.answerSent'));
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError)) {
        toast.error(t('visits.noShow.answerFailed', { message: errorMessage(t, error) }));
      }
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('visits.noShow.answerLead', { name: host })}</p>
      <TextAreaField
        label={t('visits.noShow.answerLabel')}
        hint={t('visits.noShow.answerHint')}
        rows={4}
        counter={t('visits.reply.counter', { count: note.length, max: NO_SHOW_NOTE_MAX_LENGTH })}
        counterOver={note.length > NO_SHOW_NOTE_MAX_LENGTH}
        errorKey={form.formState.errors.note?.message}
        {...form.register('note')}
      />
      <SubmitButton
        pending={send.isPending}
        label={t('visits.noShow.answerSend')}
        pendingLabel={t('visits.noShow.answerSending')}
      />
    </form>
  );
}

/** 「無事に終わりましたか」: one tap, or 「困ったことがあった」 reporting its alumna (the visits' words). */
function SafeEnd({ id, after, host }: { id: string; after: After; host: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useAfterAction<undefined>(id, 'safe-end');
  const [reporting, setReporting] = useState(false);
  const safeEnd = after.safeEnd!;
  if (safeEnd.confirmedAt) {
    return (
      <p className="muted">{t('visits.safeEnd.done', { date: formatDate(safeEnd.confirmedAt) })}</p>
    );
  }

  async function confirmEnded() {
    try {
      await confirm.mutateAsync(undefined);
    } catch (error) {
      toast.error(t('visits.safeEnd.failed', { message: errorMessage(t, error) }));
    }
  }

  return (
    <section className="notice notice-info safe-end-box" aria-labelledby="group-session-safe-end">
      <h2 id="group-session-safe-end">{t('visits.safeEnd.title')}</h2>
      <p>{t('groupSessions.after.safeEndLead', { name: host })}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={confirm.isPending}
          onClick={() => void confirmEnded()}
        >
          {t('visits.safeEnd.ended')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setReporting(true)}
        >
          {t('visits.safeEnd.trouble')}
        </button>
      </div>
      <p className="safe-end-note">{t('visits.safeEnd.note')}</p>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        userId={after.hostId}
        name={host}
      />
    </section>
  );
}
