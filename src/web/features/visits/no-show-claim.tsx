import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { NO_SHOW_NOTE_MAX_LENGTH } from '../../../shared/constants';
import {
  noShowAnswerSchema,
  visitOutcomeSchema,
  type NoShowClaim,
  type VisitRequest,
} from '../../../shared/schemas/visit-requests';
import { errorMessage } from '../../api/error-message';
import { isStaleAnswer } from './stale-answer';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/form-fields';
import type { ModalOpening } from '../../components/modal';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { formatConfirmedTime } from '../../lib/meeting-time';
import { ConsultationDesk } from '../safety';
import { useAnswerNoShow, useRecordOutcome } from './api';

/**
 * A no-show is a serious claim (docs/PRODUCT.md §7): recording one is confirmed first, says who
 * is told and takes an optional reason; the side it names reads it on the request page and may
 * answer 「参加しました」 once; both sides read the answer.
 */

const reasonSchema = visitOutcomeSchema.pick({ reason: true });
type ReasonForm = z.input<typeof reasonSchema>;
type ReasonValues = z.output<typeof reasonSchema>;

export function NoShowClaimDialog({
  request: r,
  other,
  open,
  onClose,
  onRecorded,
}: {
  request: VisitRequest;
  other: string;
  onRecorded: () => void;
} & ModalOpening) {
  const { t } = useTranslation();
  const record = useRecordOutcome(r.id);
  const form = useForm<ReasonForm, unknown, ReasonValues>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: r.followUp.myClaim?.reason ?? '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';

  function close() {
    record.reset();
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      await record.mutateAsync({ outcome: 'no_show', reason: values.reason });
      record.reset();
      onRecorded();
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
    }
  });

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      title={t('visits.noShow.claimTitle')}
      cancelLabel={t('visits.noShow.claimCancel')}
      confirmLabel={t('visits.noShow.claimConfirm')}
      pendingLabel={t('visits.noShow.claimPending')}
      pending={record.isPending}
      onConfirm={() => void submit()}
    >
      <p>{t('visits.noShow.claimLead', { name: other })}</p>
      <ul className="withdraw-list">
        <li>{t('visits.noShow.claimToldOther', { name: other })}</li>
        <li>{t('visits.noShow.claimToldAdmins')}</li>
        <li>{t('visits.noShow.claimAnswer', { name: other })}</li>
        {/* Only a student's requests stop after no-shows. */}
        {r.side === 'mentor' && <li>{t('visits.noShow.claimPause')}</li>}
      </ul>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextAreaField
          label={t('visits.noShow.reasonLabel')}
          hint={t('visits.noShow.reasonHint', { name: other })}
          rows={4}
          counter={t('visits.reply.counter', {
            count: reason.length,
            max: NO_SHOW_NOTE_MAX_LENGTH,
          })}
          counterOver={reason.length > NO_SHOW_NOTE_MAX_LENGTH}
          errorKey={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
      </form>
      <p className="muted">{t('visits.noShow.claimUndo')}</p>
      {record.error ? (
        <p className="notice notice-error" role="alert">
          {t('visits.followUp.failed', { message: errorMessage(t, record.error) })}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * The claims of this visit as the viewer reads them: one against her, with where it stands (for
 * a student: whether it counts, until when her answer holds it for the admins, how many count
 * and what stops at two) and the answer form until she answered or it was withdrawn; her own,
 * with the other side's answer once given and its withdrawal. A withdrawn claim stays readable.
 */
export function NoShowClaims({ request: r, other }: { request: VisitRequest; other: string }) {
  const { t } = useTranslation();
  const against = r.followUp.claimAgainstMe;
  const mine = r.followUp.myClaim;
  if (!against && !mine?.answer && !mine?.withdrawnAt) return null;
  return (
    <>
      {against && (
        <div
          className={`follow-up-part notice ${against.withdrawnAt ? 'notice-info' : 'notice-warning'}`}
          role="group"
          aria-labelledby="claim-title"
        >
          <h3 id="claim-title">{t('visits.noShow.againstTitle')}</h3>
          <p>
            {t('visits.noShow.againstLead', {
              name: other,
              date: formatConfirmedTime(against.claimedAt),
            })}
          </p>
          <ClaimReason claim={against} />
          <p>{t('visits.noShow.againstAdmins')}</p>
          {r.side === 'student' ? (
            <ClaimStanding claim={against} other={other} counted={r.noShowsCounted} />
          ) : (
            against.withdrawnAt && (
              <p>
                {t('visits.noShow.againstWithdrawn', {
                  name: other,
                  date: formatConfirmedTime(against.withdrawnAt),
                })}
              </p>
            )
          )}
          {against.answer ? (
            <Answer
              heading={t('visits.noShow.yourAnswer', {
                date: formatConfirmedTime(against.answer.at),
              })}
              note={against.answer.note}
            />
          ) : (
            !against.withdrawnAt && <AnswerForm request={r} other={other} />
          )}
        </div>
      )}
      {(mine?.answer || mine?.withdrawnAt) && (
        <div className="follow-up-part" role="group" aria-labelledby="claim-answer-title">
          <h3 id="claim-answer-title">
            {mine.answer
              ? t('visits.noShow.answeredTitle', { name: other })
              : t('visits.noShow.againstTitle')}
          </h3>
          {mine.withdrawnAt && (
            <p>{t('visits.noShow.myWithdrawn', { date: formatConfirmedTime(mine.withdrawnAt) })}</p>
          )}
          {mine.answer && (
            <Answer
              heading={t('visits.noShow.theirAnswer', {
                name: other,
                date: formatConfirmedTime(mine.answer.at),
              })}
              note={mine.answer.note}
            />
          )}
        </div>
      )}
    </>
  );
}

/**
 * Where a claim against a student stands, by the server's rule (counts, decision, deadline):
 * whether it counts, and how many of hers count against the stop now.
 */
export function ClaimStanding({
  claim,
  other,
  counted,
}: {
  claim: NoShowClaim;
  other: string;
  counted: number;
}) {
  const { t } = useTranslation();
  const by = formatConfirmedTime(claim.answerBy);
  let standing: string;
  if (claim.withdrawnAt) {
    standing = t('visits.noShow.againstWithdrawn', {
      name: other,
      date: formatConfirmedTime(claim.withdrawnAt),
    });
  } else if (claim.cleared) standing = t('visits.noShow.againstCleared');
  else if (claim.decision === 'upheld') standing = t('visits.noShow.againstUpheld');
  else if (claim.decision === 'dismissed') standing = t('visits.noShow.againstDismissed');
  else if (claim.counts) standing = t('visits.noShow.againstLapsed', { date: by });
  else if (claim.answer) standing = t('visits.noShow.againstAwaitingAdmin');
  else standing = t('visits.noShow.againstOpen', { date: by });
  return (
    <>
      <p>
        <strong>{standing}</strong>
      </p>
      <p>{t('visits.noShow.againstCount', { count: counted })}</p>
    </>
  );
}

function ClaimReason({ claim }: { claim: NoShowClaim }) {
  const { t } = useTranslation();
  if (!claim.reason) return <p className="muted">{t('visits.noShow.noReason')}</p>;
  return (
    <>
      <p>{t('visits.noShow.reasonShown')}</p>
      <p className="visit-message">{claim.reason}</p>
    </>
  );
}

function Answer({ heading, note }: { heading: string; note: string }) {
  return (
    <>
      <p>{heading}</p>
      <p className="visit-message">{note}</p>
    </>
  );
}

type AnswerForm = z.input<typeof noShowAnswerSchema>;

function AnswerForm({ request: r, other }: { request: VisitRequest; other: string }) {
  return <NoShowAnswerForm other={other} send={useAnswerNoShow(r.id)} />;
}

/**
 * 「参加しました」, once: the note is required, the admins weigh it against the claim. `send` posts
 * it where the claim is (a visit's, or a 座談会's 欠席: decision 0045).
 */
export function NoShowAnswerForm({
  other,
  send,
}: {
  other: string;
  send: Pick<UseMutationResult<unknown, Error, AnswerForm>, 'mutateAsync' | 'isPending'>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<AnswerForm>({
    resolver: zodResolver(noShowAnswerSchema),
    defaultValues: { note: '' },
  });
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success(t('visits.noShow.answerSent'));
    } catch (error) {
      if (isStaleAnswer(error)) return;
      if (!applyServerFieldErrors(error, form.setError)) {
        toast.error(t('visits.noShow.answerFailed', { message: errorMessage(t, error) }));
      }
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('visits.noShow.answerLead', { name: other })}</p>
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

/**
 * The student's requests stopped by no-shows: said where she would send one or reads a request,
 * with the 相談窓口 to reach.
 */
export function NoShowPause() {
  const { t } = useTranslation();
  return (
    <div className="notice notice-warning" role="status">
      <p>{t('visits.request.unavailable.no-show-limit')}</p>
      <ConsultationDesk variant="compact" />
    </div>
  );
}
