import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ComponentProps } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { gradeName, VISIT_REPLY_MAX_LENGTH } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  meetingTimeSchema,
  visitAcceptProposalSchema,
  visitAcceptSchema,
  visitProposeSchema,
  visitReplySchema,
  type VisitRequest,
} from '../../../shared/schemas/visit-requests';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { ErrorNotice } from '../../components/error-notice';
import { Modal } from '../../components/modal';
import { TextAreaField, TextField } from '../../components/form-fields';
import { ProfileSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { industryName } from '../../../shared/taxonomy-en';
import { formatDate } from '../../lib/format';
import { MentorAvatar } from '../../components/mentor-avatar';
import { SafetyActions } from '../safety';
import {
  useAcceptProposedTime,
  useAcceptVisitRequest,
  useCancelVisitRequest,
  useDeclineVisitRequest,
  useMarkVisitSeen,
  useProposeVisitTime,
  visitRequestQuery,
} from './api';
import { formatMeetingTime } from '../../lib/meeting-time';
import { SafetyRulesConfirmation } from './safety-rules';
import { VisitStatusBadge } from './visit-status-badge';
import { universityName } from '../../lib/university-name';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { fieldErrorText } from '../../lib/field-error-text';
import { VALIDATION } from '../../../shared/messages/validation-keys';

/** Accepted with the meeting still ahead: the page leads with the booked visit (issue 17). */
function isBooked(request: VisitRequest): boolean {
  return request.status === 'accepted' && request.open;
}

/** The other side's address, with the rule for using it. */
function ContactAddress({ address }: { address: string }) {
  const { t } = useTranslation();
  return (
    <>
      <a href={`mailto:${address}`}>{address}</a>
      <p className="contact-rule">{t('visits.detail.contactNote')}</p>
    </>
  );
}

/** /visit-requests/{id}: one request, with what the caller's side can do with it now. */
export function VisitRequestPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const request = useQuery(visitRequestQuery(id));
  useDocumentTitle(t('visits.detail.title'));
  useMarkSeen(request.data);

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
  const myTurn = r.awaiting === r.side;
  return (
    <article className="card visit-detail">
      <BackToRequests />
      <h1>{t('visits.detail.title')}</h1>
      <p>
        <VisitStatusBadge request={r} /> <StatusLine request={r} />
      </p>
      {isBooked(r) && <BookedVisit request={r} />}
      {r.proposal && <ProposalPanel request={r} />}
      {myTurn && r.side === 'mentor' && !r.proposal && <MentorReply request={r} />}
      {myTurn && r.proposal && <ProposalAnswer request={r} />}
      {r.side === 'mentor' && r.status === 'pending' && <DeclineRequest requestId={r.id} />}
      <VisitFacts request={r} />
      {r.open && <CancelRequest request={r} />}
      <OtherSideSafety request={r} />
    </article>
  );
}

/** A student opening a request with news (issue 17) takes it off the badge. */
function useMarkSeen(request: VisitRequest | undefined) {
  const { mutate } = useMarkVisitSeen(request?.id ?? '');
  const unseen = request?.unseen === true;
  useEffect(() => {
    if (unseen) mutate();
  }, [unseen, mutate]);
}

/** What the request waits for, in words for the side reading it. */
function StatusLine({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  if (r.status !== 'pending') return null;
  const mentor = personName(r.mentor, t);
  if (r.side === 'student') {
    if (r.awaiting === 'student')
      return <>{t('visits.detail.proposalToStudent', { name: mentor })}</>;
    return (
      <>
        {r.proposal
          ? t('visits.detail.waitingMentorAnswer', { name: mentor })
          : t('visits.detail.pendingStudent', { name: mentor })}
      </>
    );
  }
  if (r.awaiting === 'student') return <>{t('visits.detail.waitingStudentAnswer')}</>;
  return <>{r.proposal ? t('visits.detail.proposalToMentor') : t('visits.detail.pendingMentor')}</>;
}

/**
 * Issue 17: a booked visit leads with when, how, and what to do next; cancelling it is a
 * secondary action further down, behind a confirmation.
 */
function BookedVisit({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const format = r.meetingFormat;
  const contact = (r.side === 'student' ? r.mentor : r.student).contactEmail;
  const steps =
    r.side === 'student'
      ? [
          t('visits.detail.stepsStudent.thank', { name: personName(r.mentor, t) }),
          t(`visits.detail.stepsStudent.${format}`),
        ]
      : [t(`visits.detail.stepsMentor.${format}`)];
  return (
    <section className="visit-booked" aria-labelledby="booked-title">
      <h2 id="booked-title">{t('visits.detail.agreedTitle')}</h2>
      <p className="visit-booked-time">
        <strong>{formatMeetingTime(r.meetingAt!)}</strong>
        <span className="badge badge-muted">{t(`visits.formats.${format}`)}</span>
      </p>
      {contact && (
        <div className="visit-booked-contact">
          <h3>{t('visits.detail.contact')}</h3>
          <ContactAddress address={contact} />
        </div>
      )}
      <h3>{t('visits.detail.nextSteps')}</h3>
      <ol className="visit-steps">
        {[...steps, t('visits.detail.stepSafety')].map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

/** The open proposal of another time: whose it is, when, and the words sent with it. */
function ProposalPanel({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const proposal = r.proposal!;
  const mine = proposal.by === r.side;
  return (
    <section className="visit-proposal" aria-labelledby="proposal-title">
      <h2 id="proposal-title">{mine ? t('visits.proposal.yours') : t('visits.proposal.title')}</h2>
      <p className="visit-booked-time">
        <strong>{formatMeetingTime(proposal.time)}</strong>
        <span className="badge badge-muted">{t(`visits.formats.${r.meetingFormat}`)}</span>
      </p>
      {proposal.message && (
        <>
          <h3 className="visit-proposal-label">{t('visits.proposal.message')}</h3>
          <p className="visit-message">{proposal.message}</p>
        </>
      )}
    </section>
  );
}

/** The side whose turn it is: accept the proposed time, or propose another while any are left. */
function ProposalAnswer({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const [proposing, setProposing] = useState(false);
  if (proposing) return <ProposeForm request={r} onCancel={() => setProposing(false)} />;
  return (
    <section className="visit-actions" aria-label={t('visits.proposal.accept')}>
      <AcceptProposalForm request={r} />
      {r.proposalsLeft > 0 ? (
        <>
          <p className="field-hint">{t('visits.proposal.left', { count: r.proposalsLeft })}</p>
          <p className="edit-cancel">
            <button
              type="button"
              className="button button-secondary button-block"
              onClick={() => setProposing(true)}
            >
              {t('visits.proposal.proposeAgain')}
            </button>
          </p>
        </>
      ) : (
        <p className="notice notice-info">{t('visits.proposal.noneLeft')}</p>
      )}
    </section>
  );
}

const acceptProposalFormSchema = visitAcceptProposalSchema;
type AcceptProposalForm = z.input<typeof acceptProposalFormSchema>;
type AcceptProposalValues = z.output<typeof acceptProposalFormSchema>;

/** Accepting the other side's time; the alumnus may add words, as when accepting a slot. */
function AcceptProposalForm({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const toast = useToast();
  const accept = useAcceptProposedTime(r.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AcceptProposalForm, unknown, AcceptProposalValues>({
    resolver: zodResolver(acceptProposalFormSchema),
    defaultValues: { message: '' },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accept.mutateAsync(r.side === 'mentor' ? values : { ...values, message: undefined });
      toast.success(t('visits.proposal.accepted'));
    } catch (error) {
      const fieldKey = error instanceof ApiError ? error.fieldErrors.proposal : undefined;
      const text = fieldKey ? fieldErrorText(t, fieldKey) : errorMessage(t, error);
      setFailure(text);
      toast.error(t('visits.proposal.acceptFailed', { message: text }));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {r.side === 'mentor' && (
        <ReplyMessageField
          label={t('visits.accept.message')}
          placeholder={t('visits.accept.messagePlaceholder')}
          rows={3}
          errorKey={errors.message?.message}
          length={message.length}
          {...form.register('message')}
        />
      )}
      <SafetyRulesConfirmation
        errorKey={errors.safetyRulesConfirmed?.message}
        {...form.register('safetyRulesConfirmed')}
      />
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
      <SubmitButton
        pending={accept.isPending}
        label={t('visits.proposal.accept')}
        pendingLabel={t('visits.proposal.accepting')}
      />
    </form>
  );
}

type ProposeForm = z.input<typeof visitProposeSchema>;
type ProposeValues = z.output<typeof visitProposeSchema>;

/** Another time, with optional words: the other side is asked to accept it (issue 17). */
function ProposeForm({ request: r, onCancel }: { request: VisitRequest; onCancel: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const propose = useProposeVisitTime(r.id);
  const form = useForm<ProposeForm, unknown, ProposeValues>({
    resolver: zodResolver(visitProposeSchema),
    defaultValues: { proposedTime: '', message: '' },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      await propose.mutateAsync(values);
      toast.success(t('visits.proposal.done'));
      onCancel();
    } catch (error) {
      toast.error(t('visits.proposal.failed', { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError);
    }
  });

  return (
    <form
      className="visit-actions"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="propose-title"
    >
      <h2 id="propose-title">{t('visits.proposal.formTitle')}</h2>
      <p className="field-hint">{t('visits.proposal.left', { count: r.proposalsLeft })}</p>
      <TextField
        type="datetime-local"
        label={t('visits.proposal.time')}
        hint={t('visits.request.slotsHint')}
        step={900}
        errorKey={errors.proposedTime?.message}
        {...form.register('proposedTime')}
      />
      <ReplyMessageField
        label={t('visits.proposal.messageLabel')}
        placeholder={t('visits.proposal.messagePlaceholder')}
        rows={3}
        errorKey={errors.message?.message}
        length={message.length}
        {...form.register('message')}
      />
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('visits.proposal.back')}
        </button>
        <SubmitButton
          pending={propose.isPending}
          label={t('visits.proposal.submit')}
          pendingLabel={t('visits.proposal.submitting')}
        />
      </div>
    </form>
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
  const booked = isBooked(r);
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
        <>
          <Row label={t('visits.detail.student')}>
            {r.student.name}（
            {universityName(r.student.universityName, r.student.universityNameEn, i18n.language)}・
            {gradeName(r.student.grade, i18n.language)}）
          </Row>
          <StudentAbout student={r.student} />
        </>
      )}
      {/* A booked visit shows the address in its panel, with what to do next. */}
      {!booked && (
        <Row label={t('visits.detail.contact')}>
          {other.contactEmail ? (
            <ContactAddress address={other.contactEmail} />
          ) : (
            <span className="muted">{t('visits.detail.contactHidden')}</span>
          )}
        </Row>
      )}
      {r.status === 'accepted' && r.meetingAt && !booked && (
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

/**
 * Issue 17: what the student wrote about themselves, so the alumnus can prepare; only what was
 * filled in, and never the 学籍番号.
 */
function StudentAbout({ student }: { student: VisitRequest['student'] }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string | null][] = [
    [t('studentProfile.facultyDepartment'), `${student.faculty} ${student.department}`.trim()],
    [
      t('studentProfile.desiredIndustry'),
      student.desiredIndustry && industryName(student.desiredIndustry, i18n.language),
    ],
    [t('studentProfile.desiredJobType'), student.desiredJobType],
  ];
  return (
    <>
      {rows.map(([label, value]) =>
        value ? (
          <Row key={label} label={label}>
            {value}
          </Row>
        ) : null,
      )}
      {student.selfIntroduction && (
        <Row label={t('studentProfile.selfIntroduction')}>
          <p className="visit-message">{student.selfIntroduction}</p>
        </Row>
      )}
    </>
  );
}

/** A reply's optional words, with the counter every answer form shows. */
function ReplyMessageField({
  length,
  ...props
}: Omit<ComponentProps<typeof TextAreaField>, 'counter' | 'counterOver'> & { length: number }) {
  const { t } = useTranslation();
  return (
    <TextAreaField
      counter={t('visits.reply.counter', { count: length, max: VISIT_REPLY_MAX_LENGTH })}
      counterOver={length > VISIT_REPLY_MAX_LENGTH}
      {...props}
    />
  );
}

const PROPOSE = 'propose';

/**
 * The alumnus's answer form: a radio for a slot or "propose". A slot accepts the visit (the
 * safety rules confirmed); "propose" sends another time for the student to accept (issue 17).
 */
const acceptFormSchema = z
  .object({
    choice: z.string({ error: VALIDATION.visitSlotChoiceRequired }).min(1, {
      error: VALIDATION.visitSlotChoiceRequired,
    }),
    proposedTime: z.string().optional(),
    message: visitAcceptSchema.shape.message,
    safetyRulesConfirmed: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    const checked =
      value.choice === PROPOSE
        ? meetingTimeSchema.safeParse(value.proposedTime ?? '')
        : visitAcceptSchema.shape.safetyRulesConfirmed.safeParse(value.safetyRulesConfirmed);
    if (!checked.success) {
      context.addIssue({
        code: 'custom',
        path: [value.choice === PROPOSE ? 'proposedTime' : 'safetyRulesConfirmed'],
        message: checked.error.issues[0]?.message ?? VALIDATION.invalid,
      });
    }
  });
type AcceptForm = z.input<typeof acceptFormSchema>;
type AcceptValues = z.output<typeof acceptFormSchema>;

/** The alumnus's first answer: accept a slot, or propose a time of their own. */
function MentorReply({ request }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const toast = useToast();
  const accept = useAcceptVisitRequest(request.id);
  const propose = useProposeVisitTime(request.id);
  // Read once: which slots have passed is decided when the form opens, not on every render.
  const [now] = useState(() => Date.now());
  const form = useForm<AcceptForm, unknown, AcceptValues>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { choice: '', message: '' },
  });
  const choice = useWatch({ control: form.control, name: 'choice' });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  const proposing = choice === PROPOSE;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (values.choice === PROPOSE) {
        await propose.mutateAsync({
          proposedTime: values.proposedTime ?? '',
          message: values.message,
        });
        toast.success(t('visits.proposal.done'));
      } else {
        await accept.mutateAsync({
          slotIndex: Number(values.choice),
          message: values.message,
          safetyRulesConfirmed: true,
        });
        toast.success(t('visits.accept.done'));
      }
    } catch (error) {
      const failed = values.choice === PROPOSE ? 'visits.proposal.failed' : 'visits.accept.failed';
      toast.error(t(failed, { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError, {
        fieldOf: (field) => (field === 'slotIndex' ? 'choice' : (field as keyof AcceptForm)),
      });
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
            {fieldErrorText(t, errors.choice?.message)}
          </p>
        </fieldset>
        {proposing && (
          <TextField
            type="datetime-local"
            label={t('visits.accept.proposedTime')}
            hint={`${t('visits.request.slotsHint')} ${t('visits.accept.proposeHint')}`}
            step={900}
            errorKey={errors.proposedTime?.message}
            {...form.register('proposedTime')}
          />
        )}
        <ReplyMessageField
          label={t('visits.accept.message')}
          placeholder={t('visits.accept.messagePlaceholder')}
          rows={4}
          errorKey={errors.message?.message}
          length={message.length}
          {...form.register('message')}
        />
        {!proposing && (
          <SafetyRulesConfirmation
            errorKey={errors.safetyRulesConfirmed?.message}
            {...form.register('safetyRulesConfirmed')}
          />
        )}
        <SubmitButton
          pending={accept.isPending || propose.isPending}
          label={proposing ? t('visits.accept.proposeSubmit') : t('visits.accept.submit')}
          pendingLabel={t('visits.accept.submitting')}
        />
      </form>
    </section>
  );
}

/** The alumnus lets a waiting request go, whoever's turn it is. */
function DeclineRequest({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const [declining, setDeclining] = useState(false);
  if (declining) {
    return <ReplyForm kind="decline" requestId={requestId} onCancel={() => setDeclining(false)} />;
  }
  return (
    <p className="edit-cancel">
      <button
        type="button"
        className="button button-secondary button-block"
        onClick={() => setDeclining(true)}
      >
        {t('visits.decline.open')}
      </button>
    </p>
  );
}

/**
 * Cancelling is secondary (issue 17): a quiet button that opens a confirmation, where the
 * reason can be given; the danger colour belongs to the final button only.
 */
function CancelRequest({ request }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const booked = request.status === 'accepted';
  return (
    <>
      <p className="visit-secondary-action">
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          {booked ? t('visits.cancel.openBooked') : t('visits.cancel.open')}
        </button>
      </p>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={booked ? t('visits.cancel.titleBooked') : t('visits.cancel.title')}
      >
        {open && (
          <ReplyForm
            kind="cancel"
            requestId={request.id}
            inDialog
            onCancel={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}

type ReplyForm = z.input<typeof visitReplySchema>;
type ReplyValues = z.output<typeof visitReplySchema>;

/** Declining or cancelling: an optional message, then the mail to the other side. */
function ReplyForm({
  kind,
  requestId,
  onCancel,
  inDialog = false,
}: {
  kind: 'decline' | 'cancel';
  requestId: string;
  onCancel: () => void;
  /** Inside a modal: the modal has the title, and a failure is said in the form (toasts are inert). */
  inDialog?: boolean;
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
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await action.mutateAsync(values);
      if (inDialog) onCancel();
      toast.success(t(`${texts}.done`));
    } catch (error) {
      const text = t(`${texts}.failed`, { message: errorMessage(t, error) });
      if (inDialog) setFailure(text);
      else toast.error(text);
    }
  });

  return (
    <form
      className={inDialog ? undefined : 'visit-actions'}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={inDialog ? undefined : `${kind}-title`}
    >
      {!inDialog && <h2 id={`${kind}-title`}>{t(`${texts}.title`)}</h2>}
      {kind === 'cancel' && <p>{t('visits.cancel.lead')}</p>}
      <ReplyMessageField
        label={t(`${texts}.message`)}
        rows={4}
        errorKey={form.formState.errors.message?.message}
        length={message.length}
        {...form.register('message')}
      />
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
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
