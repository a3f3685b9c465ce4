import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  checkOtherPlace,
  visitAcceptProposalSchema,
  visitProposeSchema,
  type VisitRequest,
} from '../../../shared/schemas/visit-requests';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { isStaleAnswer } from './stale-answer';
import { useAcceptProposedTime, useProposeVisitTime } from './api';
import { formatMeetingTime } from '../../lib/meeting-time';
import { SafetyRulesConfirmation } from './safety-rules';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { fieldErrorText } from '../../lib/field-error-text';
import { placeOf, ReplyMessageField } from './mentor-reply';
import { placeKindText } from '../../lib/place-text';
import { PlaceKindField } from './place-kind-field';
import { TimeChoiceField } from './time-choice-field';
import { ProposedTimesField, rowFieldOf, timeRowsSchema } from './time-rows';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';
import { EmployerRuleNote } from '../employer-rules';
import { checkEmployerRules, endsTooLate, placeKindBreach } from './employer-rule-checks';

/**
 * Another time for the visit: the open proposal, answering it, and proposing one.
 */

/** The open proposal of another time: whose it is, when, and the words sent with it. */
export function ProposalPanel({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const proposal = r.proposal!;
  const mine = proposal.by === r.side;
  return (
    <section className="visit-proposal" aria-labelledby="proposal-title">
      <h2 id="proposal-title">{mine ? t('visits.proposal.yours') : t('visits.proposal.title')}</h2>
      {/* Each time on its line; the format once, after the last. */}
      {proposal.times.map((time, i) => (
        <p key={time} className="visit-booked-time">
          <strong>{formatMeetingTime(time)}</strong>
          {i === proposal.times.length - 1 && (
            <span className="badge badge-muted">{t(`visits.formats.${r.meetingFormat}`)}</span>
          )}
        </p>
      ))}
      {proposal.by === 'mentor' && r.placeKind && (
        <p>{t('visits.place.proposed', { kind: placeKindText(t, r.placeKind, r.placeOther) })}</p>
      )}
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
export function ProposalAnswer({ request: r }: { request: VisitRequest }) {
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

type AcceptProposalForm = z.input<typeof visitAcceptProposalSchema>;
type AcceptProposalValues = z.output<typeof visitAcceptProposalSchema>;

/** What the alumna adds where she commits to a visit: the kind of place (the server asks it too). */
function placeKindRequired(value: { placeKind?: string | undefined }, context: z.RefinementCtx) {
  if (!value.placeKind) {
    context.addIssue({
      code: 'custom',
      path: ['placeKind'],
      message: VALIDATION.placeKindRequired,
    });
  }
}
/** With several times, which one is accepted must be chosen (the server asks it too). */
function timeChosen(value: { time?: string | undefined }, context: z.RefinementCtx) {
  if (!value.time) {
    context.addIssue({
      code: 'custom',
      path: ['time'],
      message: VALIDATION.visitProposalChoiceRequired,
    });
  }
}
/** The alumna's acceptance, with her employer's rules on the place and the chosen time. */
function mentorAcceptProposalSchema(rules: EmployerRules | null) {
  return visitAcceptProposalSchema
    .superRefine(placeKindRequired)
    .superRefine(timeChosen)
    .superRefine((value, context) => {
      checkEmployerRules(rules, { placeKind: value.placeKind }, context);
      if (value.time && endsTooLate(rules, value.time)) {
        context.addIssue({ code: 'custom', path: ['time'], message: VALIDATION.employerRule });
      }
    });
}
const studentAcceptProposalSchema = visitAcceptProposalSchema.superRefine(timeChosen);

/** The proposal's times as rows, which is what a field array edits. */
const shape = visitProposeSchema.shape;
const proposeFormSchema = z
  .object({
    proposedTimes: timeRowsSchema(VALIDATION.visitProposalTimeRequired),
    message: shape.message,
    placeKind: shape.placeKind,
    placeOther: shape.placeOther,
    safetyRulesConfirmed: shape.safetyRulesConfirmed,
  })
  .superRefine(checkOtherPlace);
/** The alumna's proposal: the kind of place, the rules confirmed, her employer's rules kept. */
function mentorProposeSchema(rules: EmployerRules | null) {
  return proposeFormSchema.superRefine((value, context) => {
    placeKindRequired(value, context);
    if (value.safetyRulesConfirmed !== true) {
      context.addIssue({
        code: 'custom',
        path: ['safetyRulesConfirmed'],
        message: VALIDATION.safetyRulesRequired,
      });
    }
    // The rows as the list checked them (empty rows dropped: a time sits under its own row
    // unless an empty row came before it, when it shows on the row above).
    checkEmployerRules(rules, value, context);
  });
}

/**
 * Accepting one of the other side's times (chosen among them when there are several); the
 * alumnus may add words, as when accepting a slot.
 */
function AcceptProposalForm({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const toast = useToast();
  const accept = useAcceptProposedTime(r.id);
  const [failure, setFailure] = useState<string | null>(null);
  // Read once: which times have passed is decided when the form opens, not on every render.
  const [now] = useState(() => Date.now());
  const mentor = r.side === 'mentor';
  const times = r.proposal!.times;
  const form = useForm<AcceptProposalForm, unknown, AcceptProposalValues>({
    resolver: zodResolver(
      mentor ? mentorAcceptProposalSchema(r.employerRules) : studentAcceptProposalSchema,
    ),
    defaultValues: {
      // The time is named even when it is the only one: a newer proposal is not accepted unseen.
      ...(times.length === 1 ? { time: times[0] } : {}),
      message: '',
      placeOther: '',
      ...(mentor && (r.meetingFormat === 'online' || r.employerRules?.onlineOnly)
        ? { placeKind: 'online' as const }
        : {}),
    },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accept.mutateAsync(
        mentor && values.placeKind
          ? {
              time: values.time,
              message: values.message,
              safetyRulesConfirmed: values.safetyRulesConfirmed,
              ...placeOf({ placeKind: values.placeKind, placeOther: values.placeOther }),
            }
          : { time: values.time, safetyRulesConfirmed: values.safetyRulesConfirmed },
      );
      toast.success(t('visits.proposal.accepted'));
    } catch (error) {
      // The page shows the request as it is now, with its notice at the top.
      if (isStaleAnswer(error)) return;
      const fieldKey = error instanceof ApiError ? error.fieldErrors.time : undefined;
      const text = fieldKey ? fieldErrorText(t, fieldKey) : errorMessage(t, error);
      setFailure(text);
      toast.error(t('visits.proposal.acceptFailed', { message: text }));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {times.length > 1 && (
        <TimeChoiceField
          legend={t('visits.proposal.chooseTime')}
          times={times}
          now={now}
          field={form.register('time')}
          errorKey={errors.time?.message}
          tooLate={mentor ? (time) => endsTooLate(r.employerRules, time) : undefined}
        />
      )}
      {mentor && times.some((time) => endsTooLate(r.employerRules, time)) ? (
        <EmployerRuleNote rules={r.employerRules} breach="latestEnd" />
      ) : null}
      {/* One time is not chosen on screen: what is wrong with it is said here. */}
      {times.length === 1 && errors.time ? (
        <p className="field-error" role="alert">
          {fieldErrorText(t, errors.time.message)}
        </p>
      ) : null}
      {mentor && (
        <>
          <ReplyMessageField
            label={t('visits.accept.message')}
            placeholder={t('visits.accept.messagePlaceholder')}
            rows={3}
            errorKey={errors.message?.message}
            typed={message}
            // The alumnus's words with her acceptance: read after it, as written.
            masksContacts={false}
            {...form.register('message')}
          />
          <PlaceKindField form={form} rules={r.employerRules} />
        </>
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

type ProposeForm = z.input<typeof proposeFormSchema>;
type ProposeValues = z.output<typeof proposeFormSchema>;

/** Other times (up to three), with optional words: the other side is asked to accept one. */
function ProposeForm({ request: r, onCancel }: { request: VisitRequest; onCancel: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const propose = useProposeVisitTime(r.id);
  // The alumna's proposal agrees the visit once the student accepts it: she chooses the kind of
  // place and confirms the rules with it (the one she chose before is kept as the default).
  const mentor = r.side === 'mentor';
  // …unless her employer's rules no longer allow it (online when they allow nothing else).
  const earlier = r.placeKind ?? (r.meetingFormat === 'online' ? 'online' : null);
  const defaultPlace =
    earlier && placeKindBreach(r.employerRules, earlier) === null
      ? earlier
      : r.employerRules?.onlineOnly
        ? 'online'
        : null;
  const form = useForm<ProposeForm, unknown, ProposeValues>({
    resolver: zodResolver(mentor ? mentorProposeSchema(r.employerRules) : proposeFormSchema),
    defaultValues: {
      proposedTimes: [{ value: '' }],
      message: '',
      placeOther: r.placeOther ?? '',
      ...(mentor && defaultPlace ? { placeKind: defaultPlace } : {}),
    },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      await propose.mutateAsync(
        mentor && values.placeKind
          ? {
              proposedTimes: values.proposedTimes,
              message: values.message,
              ...placeOf({ placeKind: values.placeKind, placeOther: values.placeOther }),
              safetyRulesConfirmed: true,
            }
          : { proposedTimes: values.proposedTimes, message: values.message },
      );
      toast.success(t('visits.proposal.done'));
      onCancel();
    } catch (error) {
      if (isStaleAnswer(error)) {
        onCancel();
        return;
      }
      toast.error(t('visits.proposal.failed', { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError, {
        fieldOf: (field) =>
          (rowFieldOf('proposedTimes', field, 'proposedTimes') ?? field) as keyof ProposeForm,
      });
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
      <ProposedTimesField form={form} />
      {mentor && r.employerRules?.latestEnd ? (
        <EmployerRuleNote rules={r.employerRules} breach="latestEnd" />
      ) : null}
      <ReplyMessageField
        label={t('visits.proposal.messageLabel')}
        placeholder={t('visits.proposal.messagePlaceholder')}
        rows={3}
        errorKey={errors.message?.message}
        typed={message}
        masksContacts
        {...form.register('message')}
      />
      {mentor && (
        <>
          <PlaceKindField form={form} rules={r.employerRules} />
          <SafetyRulesConfirmation
            errorKey={errors.safetyRulesConfirmed?.message}
            {...form.register('safetyRulesConfirmed')}
          />
        </>
      )}
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
