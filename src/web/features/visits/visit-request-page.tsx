import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { gradeName, VISIT_REPLY_MAX_LENGTH } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  meetingTimeSchema,
  visitAcceptSchema,
  visitReplySchema,
  type VisitRequest,
} from '../../../shared/schemas/visit-requests';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../app/guards';
import { ErrorNotice } from '../../components/error-notice';
import { TextAreaField, TextField } from '../../components/form-fields';
import { ProfileSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { formatDate } from '../../lib/format';
import { MentorAvatar } from '../mentors/mentor-avatar';
import { SafetyActions } from '../safety/safety-actions';
import {
  useAcceptVisitRequest,
  useCancelVisitRequest,
  useDeclineVisitRequest,
  visitRequestQuery,
} from './api';
import { formatMeetingTime } from './format';
import { SafetyRulesConfirmation } from './safety-rules';
import { VisitStatusBadge } from './visit-status-badge';

/** Open: waiting for an answer, or accepted with the meeting still ahead (as the server says). */
function isOpen(request: VisitRequest): boolean {
  if (request.status === 'pending') return true;
  return (
    request.status === 'accepted' &&
    request.meetingAt !== null &&
    new Date(request.meetingAt).getTime() > Date.now()
  );
}

/** /visit-requests/{id}: one request, with what the caller's side can do with it now. */
export function VisitRequestPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const request = useQuery(visitRequestQuery(id));
  useDocumentTitle(t('visits.detail.title'));

  if (request.isPending) return <ProfileSkeleton />;
  if (request.error) {
    const notFound = request.error instanceof ApiError && request.error.code === 'not-found';
    return (
      <section className="card">
        <h1>{t('visits.detail.title')}</h1>
        {notFound ? (
          <p className="notice notice-error" role="alert">
            {t('visits.detail.notFound')}
          </p>
        ) : (
          <ErrorNotice error={request.error} prefix={t('visits.detail.loadFailed')} />
        )}
        <BackToRequests />
      </section>
    );
  }
  const r = request.data;
  return (
    <article className="card visit-detail">
      <BackToRequests />
      <h1>{t('visits.detail.title')}</h1>
      <p>
        <VisitStatusBadge status={r.status} />{' '}
        {r.status === 'pending' &&
          (r.side === 'student'
            ? t('visits.detail.pendingStudent', { name: personName(r.mentor, t) })
            : t('visits.detail.pendingMentor'))}
      </p>
      <VisitFacts request={r} />
      {r.side === 'mentor' && r.status === 'pending' && <MentorReply request={r} />}
      {isOpen(r) && <CancelRequest request={r} />}
      <OtherSideSafety request={r} />
    </article>
  );
}

/** The person's name, or 「退会したユーザー」 once they have withdrawn (issue 16). */
function personName(person: { name: string; withdrawn: boolean }, t: TFunction): string {
  return person.withdrawn ? t('visits.withdrawnUser') : person.name;
}

/** Report or block the other side of the request; nobody to act on once they have withdrawn. */
function OtherSideSafety({ request }: { request: VisitRequest }) {
  const other = request.side === 'student' ? request.mentor : request.student;
  if (other.userId === null) return null;
  return (
    <SafetyActions
      userId={other.userId}
      name={other.name}
      blocked={request.blockedOther}
      visitRequestId={request.id}
    />
  );
}

function BackToRequests() {
  const { t } = useTranslation();
  return (
    <Link className="button button-link back-link" to={paths.visitRequests}>
      ← {t('visits.detail.back')}
    </Link>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="profile-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function VisitFacts({ request: r }: { request: VisitRequest }) {
  const { t, i18n } = useTranslation();
  const other = r.side === 'student' ? r.mentor : r.student;
  return (
    <dl className="profile-list">
      {other.withdrawn ? (
        <Row label={r.side === 'student' ? t('visits.detail.mentor') : t('visits.detail.student')}>
          <span className="muted">{t('visits.withdrawnUser')}</span>
        </Row>
      ) : r.side === 'student' ? (
        <Row label={t('visits.detail.mentor')}>
          <span className="visit-person">
            <MentorAvatar name={r.mentor.name} iconUrl={r.mentor.iconUrl} size={40} />
            <Link to={paths.mentor(r.mentor.urlParam)}>{r.mentor.name}</Link>
            <span className="muted">
              {r.mentor.company}・{t('mentorsList.graduated', { year: r.mentor.graduationYear })}
            </span>
          </span>
        </Row>
      ) : (
        <Row label={t('visits.detail.student')}>
          {r.student.name}（{r.student.universityName}・{gradeName(r.student.grade, i18n.language)}
          ）
        </Row>
      )}
      <Row label={t('visits.detail.contact')}>
        {other.contactEmail ? (
          <>
            <a href={`mailto:${other.contactEmail}`}>{other.contactEmail}</a>
            <p className="contact-rule">{t('visits.detail.contactNote')}</p>
          </>
        ) : (
          <span className="muted">{t('visits.detail.contactHidden')}</span>
        )}
      </Row>
      {r.status === 'accepted' && r.meetingAt && (
        <Row label={t('visits.detail.meetingAt')}>
          <strong>{formatMeetingTime(r.meetingAt)}</strong>
        </Row>
      )}
      <Row label={t('visits.detail.purpose')}>{t(`visits.purposes.${r.purpose}`)}</Row>
      <Row label={t('visits.detail.format')}>{t(`visits.formats.${r.meetingFormat}`)}</Row>
      <Row label={t('visits.detail.slots')}>
        <ol className="slot-summary">
          {r.preferredSlots.map((slot) => (
            <li key={slot}>{formatMeetingTime(slot)}</li>
          ))}
        </ol>
      </Row>
      <Row label={t('visits.detail.message')}>
        <p className="visit-message">{r.message}</p>
      </Row>
      {r.responseMessage && (
        <Row label={t('visits.detail.response')}>
          <p className="visit-message">{r.responseMessage}</p>
        </Row>
      )}
      {r.status === 'cancelled' && (
        <Row label={t('visits.detail.status')}>
          {r.cancelledBy === 'withdrawal'
            ? t('visits.detail.cancelledByWithdrawal')
            : r.cancelledBy === 'student'
              ? t('visits.detail.cancelledByStudent')
              : t('visits.detail.cancelledByMentor')}
          {r.cancelMessage && <p className="visit-message">{r.cancelMessage}</p>}
        </Row>
      )}
      <Row label={t('visits.detail.requestedAt')}>{formatDate(r.createdAt)}</Row>
    </dl>
  );
}

const PROPOSE = 'propose';

/** The accept form's own shape: a radio for the slot (or "propose"), then the shared rules. */
const acceptFormSchema = z
  .object({
    choice: z.string({ error: 'validation.visitSlotChoiceRequired' }).min(1, {
      error: 'validation.visitSlotChoiceRequired',
    }),
    proposedTime: z.string().optional(),
    message: visitAcceptSchema.shape.message,
    safetyRulesConfirmed: visitAcceptSchema.shape.safetyRulesConfirmed,
  })
  .superRefine((value, context) => {
    if (value.choice !== PROPOSE) return;
    const checked = meetingTimeSchema.safeParse(value.proposedTime ?? '');
    if (!checked.success) {
      context.addIssue({
        code: 'custom',
        path: ['proposedTime'],
        message: checked.error.issues[0]?.message ?? 'validation.visitSlotInvalid',
      });
    }
  });
type AcceptForm = z.input<typeof acceptFormSchema>;
type AcceptValues = z.output<typeof acceptFormSchema>;

/** The alumnus's answer: accept with a slot or a time of their own, or decline. */
function MentorReply({ request }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const toast = useToast();
  const accept = useAcceptVisitRequest(request.id);
  const [declining, setDeclining] = useState(false);
  // Read once: which slots have passed is decided when the form opens, not on every render.
  const [now] = useState(() => Date.now());
  const form = useForm<AcceptForm, unknown, AcceptValues>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { choice: '', message: '' },
  });
  const choice = useWatch({ control: form.control, name: 'choice' });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      await accept.mutateAsync({
        ...(values.choice === PROPOSE
          ? { proposedTime: values.proposedTime }
          : { slotIndex: Number(values.choice) }),
        message: values.message,
        safetyRulesConfirmed: values.safetyRulesConfirmed,
      });
      toast.success(t('visits.accept.done'));
    } catch (error) {
      toast.error(t('visits.accept.failed', { message: errorMessage(t, error) }));
      if (error instanceof ApiError) {
        for (const [field, key] of Object.entries(error.fieldErrors)) {
          const name = field === 'slotIndex' ? 'choice' : field;
          form.setError(name as keyof AcceptForm, { message: key });
        }
      }
    }
  });

  return (
    <section aria-labelledby="accept-title" className="visit-actions">
      <h2 id="accept-title">{t('visits.accept.title')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset
          className="field radio-group"
          aria-invalid={errors.choice ? true : undefined}
          aria-describedby={errors.choice ? 'accept-choice-error' : undefined}
        >
          <legend>{t('visits.accept.chooseSlot')}</legend>
          {request.preferredSlots.map((slot, i) => {
            const past = new Date(slot).getTime() <= now;
            return (
              <label key={slot} className="radio-option">
                <input
                  type="radio"
                  value={String(i)}
                  disabled={past}
                  {...form.register('choice')}
                />
                {formatMeetingTime(slot)}
                {past && ` ${t('visits.accept.past')}`}
              </label>
            );
          })}
          <label className="radio-option">
            <input type="radio" value={PROPOSE} {...form.register('choice')} />
            {t('visits.accept.proposeOther')}
          </label>
          <p id="accept-choice-error" className="field-error" role="alert" hidden={!errors.choice}>
            {errors.choice?.message ? t(errors.choice.message as 'validation.invalid') : ''}
          </p>
        </fieldset>
        {choice === PROPOSE && (
          <TextField
            type="datetime-local"
            label={t('visits.accept.proposedTime')}
            hint={t('visits.request.slotsHint')}
            step={900}
            errorKey={errors.proposedTime?.message}
            {...form.register('proposedTime')}
          />
        )}
        <TextAreaField
          label={t('visits.accept.message')}
          placeholder={t('visits.accept.messagePlaceholder')}
          rows={4}
          errorKey={errors.message?.message}
          counter={t('visits.reply.counter', {
            count: message.length,
            max: VISIT_REPLY_MAX_LENGTH,
          })}
          counterOver={message.length > VISIT_REPLY_MAX_LENGTH}
          {...form.register('message')}
        />
        <SafetyRulesConfirmation
          errorKey={errors.safetyRulesConfirmed?.message}
          {...form.register('safetyRulesConfirmed')}
        />
        <SubmitButton
          pending={accept.isPending}
          label={t('visits.accept.submit')}
          pendingLabel={t('visits.accept.submitting')}
        />
      </form>
      {declining ? (
        <ReplyForm kind="decline" requestId={request.id} onCancel={() => setDeclining(false)} />
      ) : (
        <p className="edit-cancel">
          <button
            type="button"
            className="button button-secondary button-block"
            onClick={() => setDeclining(true)}
          >
            {t('visits.decline.open')}
          </button>
        </p>
      )}
    </section>
  );
}

function CancelRequest({ request }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (open)
    return <ReplyForm kind="cancel" requestId={request.id} onCancel={() => setOpen(false)} />;
  return (
    <p className="edit-cancel">
      <button
        type="button"
        className="button button-danger button-block"
        onClick={() => setOpen(true)}
      >
        {t('visits.cancel.open')}
      </button>
    </p>
  );
}

type ReplyForm = z.input<typeof visitReplySchema>;
type ReplyValues = z.output<typeof visitReplySchema>;

/** Declining or cancelling: an optional message, then the mail to the other side. */
function ReplyForm({
  kind,
  requestId,
  onCancel,
}: {
  kind: 'decline' | 'cancel';
  requestId: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const decline = useDeclineVisitRequest(requestId);
  const cancel = useCancelVisitRequest(requestId);
  const action = kind === 'decline' ? decline : cancel;
  const form = useForm<ReplyForm, unknown, ReplyValues>({
    resolver: zodResolver(visitReplySchema),
    defaultValues: { message: '' },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const texts = kind === 'decline' ? 'visits.decline' : 'visits.cancel';

  const submit = form.handleSubmit(async (values) => {
    try {
      await action.mutateAsync(values);
      toast.success(t(`${texts}.done`));
    } catch (error) {
      toast.error(t(`${texts}.failed`, { message: errorMessage(t, error) }));
    }
  });

  return (
    <form
      className="visit-actions"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${kind}-title`}
    >
      <h2 id={`${kind}-title`}>{t(`${texts}.title`)}</h2>
      {kind === 'cancel' && <p>{t('visits.cancel.lead')}</p>}
      <TextAreaField
        label={t(`${texts}.message`)}
        rows={4}
        errorKey={form.formState.errors.message?.message}
        counter={t('visits.reply.counter', { count: message.length, max: VISIT_REPLY_MAX_LENGTH })}
        counterOver={message.length > VISIT_REPLY_MAX_LENGTH}
        {...form.register('message')}
      />
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('visits.cancel.keep')}
        </button>
        <button
          type="submit"
          className="button button-danger"
          disabled={action.isPending}
          aria-busy={action.isPending || undefined}
        >
          {action.isPending ? t(`${texts}.submitting`) : t(`${texts}.submit`)}
        </button>
      </div>
    </form>
  );
}
