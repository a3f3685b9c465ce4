import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import { FEEDBACK_COMMENT_MAX_LENGTH, THREAD_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { NotePrompt, notePromptPlace } from './note-prompt';
import {
  visitFeedbackSchema,
  type VisitOutcomeInput,
  type VisitRequest,
} from '../../../shared/schemas/visit-requests';
import { threadPostSchema } from '../../../shared/schemas/threads';
import { errorMessage } from '../../api/error-message';
import { isStaleAnswer } from './stale-answer';
import { RadioGroupField, TextAreaField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useRecordOutcome, useSaveFeedback, useSendThanks } from './api';
import { NoShowClaimDialog, NoShowClaims } from './no-show-claim';
import { personName } from './visit-facts';

/**
 * After the meeting (docs/PRODUCT.md §7): how it went, the student's お礼 and private feedback,
 * from the meeting time until the thread closes. What the other side recorded is shown; their
 * feedback never is. A no-show claim and its answer stay on the page after the thread closes.
 */
export function VisitFollowUp({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const f = r.followUp;
  const other = personName(r.side === 'student' ? r.mentor : r.student, t);
  // The student's 訪問記録 of a held visit can be written long after the thread closes; after
  // 「無事に終わりました」 the prompt is under that box, near the top, instead.
  const writesNote = notePromptPlace(r) === 'follow-up';
  if (!f.open) {
    if (!f.claimAgainstMe && !f.myClaim?.answer && !writesNote) return null;
    return (
      <section className="visit-actions visit-follow-up" aria-labelledby="follow-up-title">
        <h2 id="follow-up-title">{t('visits.followUp.title')}</h2>
        <NoShowClaims request={r} other={other} />
        {writesNote && <NotePrompt request={r} />}
      </section>
    );
  }
  return (
    <section className="visit-actions visit-follow-up" aria-labelledby="follow-up-title">
      <h2 id="follow-up-title">{t('visits.followUp.title')}</h2>
      <Outcome request={r} other={other} />
      <NoShowClaims request={r} other={other} />
      {/* A no-show recorded by either side leaves nothing to thank for; the server refuses it too. */}
      {r.side === 'student' && f.myOutcome !== 'no_show' && f.otherOutcome !== 'no_show' && (
        <Thanks request={r} other={r.mentor.withdrawn ? '' : r.mentor.name} />
      )}
      {writesNote && <NotePrompt request={r} />}
      <Feedback request={r} />
    </section>
  );
}

function Outcome({ request: r, other }: { request: VisitRequest; other: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const record = useRecordOutcome(r.id);
  const [changing, setChanging] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const mine = r.followUp.myOutcome;
  const claimFinal = Boolean(r.followUp.myClaim?.withdrawnAt ?? r.followUp.myClaim?.answer);

  async function choose(outcome: VisitOutcomeInput['outcome']) {
    try {
      await record.mutateAsync({ outcome });
      setChanging(false);
      toast.success(t('visits.followUp.saved'));
    } catch (error) {
      // The page shows the visit as it is now, with its notice at the top.
      if (isStaleAnswer(error)) {
        setChanging(false);
        return;
      }
      toast.error(t('visits.followUp.failed', { message: errorMessage(t, error) }));
    }
  }

  return (
    <div className="follow-up-part">
      {r.followUp.otherOutcome === 'held' && (
        <p className="muted">{t('visits.followUp.otherHeld', { name: other })}</p>
      )}
      {/* A claim on record is shown with its reason below (NoShowClaims). */}
      {r.followUp.otherOutcome === 'no_show' && !r.followUp.claimAgainstMe && (
        <p className="notice notice-warning">{t('visits.followUp.otherNoShow', { name: other })}</p>
      )}
      {mine && !changing ? (
        <p>
          {mine === 'held' ? t('visits.followUp.heldDone') : t('visits.followUp.noShowDone')}{' '}
          {mine === 'no_show' && t('visits.noShow.changeWithdraws')}{' '}
          <button type="button" className="button button-link" onClick={() => setChanging(true)}>
            {t('visits.followUp.change')}
          </button>
        </p>
      ) : (
        <>
          <p>{t('visits.followUp.question')}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button-primary"
              disabled={record.isPending}
              aria-pressed={mine === 'held'}
              onClick={() => void choose('held')}
            >
              {t('visits.followUp.held')}
            </button>
            {/* One claim per visit, ever: a withdrawn one is not filed again; an answered one
                keeps the reason the answer replies to. */}
            {!claimFinal && (
              <button
                type="button"
                className="button button-secondary"
                disabled={record.isPending}
                aria-pressed={mine === 'no_show'}
                onClick={() => setClaiming(true)}
              >
                {t('visits.followUp.noShow')}
              </button>
            )}
          </div>
          {r.followUp.myClaim?.withdrawnAt && (
            <p className="muted">{t('visits.noShow.withdrawnFinal')}</p>
          )}
        </>
      )}
      {/* A claim against the other side: confirmed first, with who is told and a reason. */}
      {claiming && (
        <NoShowClaimDialog
          request={r}
          other={other}
          open
          onClose={() => setClaiming(false)}
          onRecorded={() => {
            setClaiming(false);
            setChanging(false);
            toast.success(t('visits.followUp.saved'));
          }}
        />
      )}
    </div>
  );
}

const thanksSchema = threadPostSchema.pick({ body: true });
type ThanksForm = z.input<typeof thanksSchema>;

/** The student's お礼: a template to edit, sent into the thread once. */
function Thanks({ request: r, other }: { request: VisitRequest; other: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const send = useSendThanks(r.id);
  // One id for this お礼: a retry after a lost answer is stored once.
  const [clientId] = useState(() => crypto.randomUUID());
  const form = useForm<ThanksForm>({
    resolver: zodResolver(thanksSchema),
    defaultValues: { body: t('visits.followUp.thanksTemplate', { name: other }) },
  });
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  if (r.followUp.thankedAt) {
    return <p className="follow-up-part muted">{t('visits.followUp.thanksSent')}</p>;
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ body: values.body, clientId });
      toast.success(t('visits.followUp.thanksSent'));
    } catch (error) {
      if (isStaleAnswer(error)) return;
      if (!applyServerFieldErrors(error, form.setError)) {
        toast.error(t('visits.followUp.thanksFailed', { message: errorMessage(t, error) }));
      }
    }
  });

  return (
    <form
      className="follow-up-part"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="thanks-title"
    >
      <h3 id="thanks-title">{t('visits.followUp.thanksTitle')}</h3>
      <p className="muted">{t('visits.followUp.thanksLead')}</p>
      <TextAreaField
        label={t('visits.followUp.thanksLabel')}
        rows={7}
        counter={t('visits.reply.counter', { count: body.length, max: THREAD_MESSAGE_MAX_LENGTH })}
        counterOver={body.length > THREAD_MESSAGE_MAX_LENGTH}
        errorKey={form.formState.errors.body?.message}
        {...form.register('body')}
      />
      <SubmitButton
        pending={send.isPending}
        label={t('visits.followUp.thanksSend')}
        pendingLabel={t('visits.followUp.thanksSending')}
      />
    </form>
  );
}

const RATINGS = ['1', '2', '3', '4', '5'] as const;

/** The radios hold strings: the form checks the choice, the API gets a number. */
const feedbackFormSchema = z.object({
  rating: z.enum(RATINGS, { error: VALIDATION.feedbackRatingRequired }),
  comment: visitFeedbackSchema.shape.comment,
});
type FeedbackForm = z.input<typeof feedbackFormSchema>;
type FeedbackValues = z.output<typeof feedbackFormSchema>;

/** Private feedback for the seminar: 1–5 and a comment, rewritable while the follow-up is open. */
function Feedback({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveFeedback(r.id);
  const given = r.followUp.myFeedback;
  const [editing, setEditing] = useState(false);
  const form = useForm<FeedbackForm, unknown, FeedbackValues>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: { comment: given?.comment ?? '' },
  });
  const comment = useWatch({ control: form.control, name: 'comment' }) ?? '';

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ rating: Number(values.rating), comment: values.comment });
      setEditing(false);
      toast.success(t('visits.followUp.feedbackSaved'));
    } catch (error) {
      if (isStaleAnswer(error)) {
        setEditing(false);
        return;
      }
      if (!applyServerFieldErrors(error, form.setError)) {
        toast.error(t('visits.followUp.feedbackFailed', { message: errorMessage(t, error) }));
      }
    }
  });

  return (
    <div className="follow-up-part" role="group" aria-labelledby="feedback-title">
      <h3 id="feedback-title">{t('visits.followUp.feedbackTitle')}</h3>
      <p className="muted">{t('visits.followUp.feedbackLead')}</p>
      {given && !editing ? (
        <p>
          {t('visits.followUp.feedbackGiven', { rating: given.rating })}{' '}
          <button type="button" className="button button-link" onClick={() => setEditing(true)}>
            {t('visits.followUp.feedbackEdit')}
          </button>
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <RadioGroupField
            legend={t('visits.followUp.rating')}
            errorKey={form.formState.errors.rating?.message}
            options={RATINGS.map((value) => ({
              value,
              label:
                value === '1'
                  ? t('visits.followUp.ratingLow')
                  : value === '5'
                    ? t('visits.followUp.ratingHigh')
                    : value,
            }))}
            inputProps={form.register('rating')}
          />
          <TextAreaField
            label={t('visits.followUp.comment')}
            rows={4}
            counter={t('visits.reply.counter', {
              count: comment.length,
              max: FEEDBACK_COMMENT_MAX_LENGTH,
            })}
            counterOver={comment.length > FEEDBACK_COMMENT_MAX_LENGTH}
            errorKey={form.formState.errors.comment?.message}
            {...form.register('comment')}
          />
          <SubmitButton
            pending={save.isPending}
            label={t('visits.followUp.feedbackSave')}
            pendingLabel={t('visits.followUp.feedbackSaving')}
          />
        </form>
      )}
    </div>
  );
}
