import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ComponentProps } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { VISIT_REPLY_MAX_LENGTH, type PlaceKind } from '../../../shared/constants';
import {
  checkOtherPlace,
  visitAcceptSchema,
  type VisitRequest,
} from '../../../shared/schemas/visit-requests';
import { errorMessage } from '../../api/error-message';
import { ContactMaskWarning } from '../../components/contact-mask-warning';
import { TextAreaField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { isStaleAnswer } from './stale-answer';
import { useAcceptVisitRequest, useProposeVisitTime } from './api';
import { SafetyRulesConfirmation } from './safety-rules';
import { PlaceKindField } from './place-kind-field';
import { TimeChoiceField } from './time-choice-field';
import { ProposedTimesField, rowFieldOf, timeRowsSchema } from './time-rows';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import { EmployerRuleNote } from '../employer-rules';
import { checkEmployerRules, endsTooLate, placeKindBreach } from './employer-rule-checks';
import {
  AcceptMeetingFields,
  checkShownMeetingField,
  shownMeetingDetails,
} from './accept-meeting-fields';

/**
 * The alumnus's answer to a waiting request: accept one of the times (or propose another).
 */

/**
 * A reply's optional words, with the counter every answer form shows and, when the other side
 * will read them masked (written before acceptance, §7), the warning while typing.
 */
export function ReplyMessageField({
  typed,
  masksContacts,
  ...props
}: Omit<ComponentProps<typeof TextAreaField>, 'counter' | 'counterOver'> & {
  /** What is in the field now (the form watches it). */
  typed: string;
  masksContacts: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextAreaField
        counter={t('visits.reply.counter', { count: typed.length, max: VISIT_REPLY_MAX_LENGTH })}
        counterOver={typed.length > VISIT_REPLY_MAX_LENGTH}
        {...props}
      />
      {masksContacts && <ContactMaskWarning text={typed} message={t('thread.maskPreviewOther')} />}
    </>
  );
}

const PROPOSE = 'propose';
const proposedRows = timeRowsSchema(VALIDATION.visitProposalTimeRequired);

/**
 * The alumnus's answer form: a radio for a slot or "propose". A slot accepts the visit;
 * "propose" sends another time for the student to accept, which agrees it: either way she
 * chooses the kind of place and confirms the safety rules here.
 */
const acceptFormSchema = z
  .object({
    choice: z.string({ error: VALIDATION.visitSlotChoiceRequired }).min(1, {
      error: VALIDATION.visitSlotChoiceRequired,
    }),
    proposedTimes: z.array(z.object({ value: z.string() })),
    message: visitAcceptSchema.shape.message,
    // Accepting and proposing alike: the student's acceptance of a proposal agrees the visit.
    placeKind: visitAcceptSchema.shape.placeKind,
    // Checked only where shown (checkOtherPlace, checkShownMeetingField): words left in a field
    // she no longer sees must not stop the form with nothing said.
    placeOther: z.string().optional(),
    meetingPlace: z.string().optional(),
    meetingUrl: z.string().optional(),
    safetyRulesConfirmed: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    if (value.choice === PROPOSE) {
      const checked = proposedRows.safeParse(value.proposedTimes);
      for (const issue of checked.error?.issues ?? []) {
        context.addIssue({
          code: 'custom',
          path: ['proposedTimes', ...issue.path],
          message: issue.message,
        });
      }
    }
    checkOtherPlace(value, context);
    // Where to meet is asked with an acceptance only: a proposal agrees nothing yet.
    if (value.choice !== PROPOSE) checkShownMeetingField(value, context);
    if (value.safetyRulesConfirmed !== true) {
      context.addIssue({
        code: 'custom',
        path: ['safetyRulesConfirmed'],
        message: VALIDATION.safetyRulesRequired,
      });
    }
  });
/**
 * The form's check with her employer's rules (issue 54, point 9): the kind of place, a slot or a
 * proposed time that would end after her end time.
 */
function acceptFormSchemaFor(request: VisitRequest) {
  const rules = request.employerRules;
  return acceptFormSchema.superRefine((value, context) => {
    const proposing = value.choice === PROPOSE;
    checkEmployerRules(
      rules,
      { placeKind: value.placeKind, ...(proposing ? { proposedTimes: value.proposedTimes } : {}) },
      context,
    );
    const slot = proposing || value.choice === '' ? null : Number(value.choice);
    if (slot !== null && slotEndsTooLate(request, slot)) {
      context.addIssue({ code: 'custom', path: ['choice'], message: VALIDATION.employerRule });
    }
  });
}

/** Whether the request's slot at `index` ends after her end time (a booked slot at its own end). */
function slotEndsTooLate(request: VisitRequest, index: number): boolean {
  const time = request.preferredSlots[index];
  if (!time) return false;
  return endsTooLate(request.employerRules, time, index === 0 ? request.bookedUntil : null);
}

type AcceptForm = z.input<typeof acceptFormSchema>;
type AcceptValues = z.output<typeof acceptFormSchema>;

/** The kind of place as the API takes it: the description only with 'other'. */
export function placeOf(values: { placeKind: PlaceKind; placeOther?: string | undefined }): {
  placeKind: PlaceKind;
  placeOther?: string;
} {
  return values.placeKind === 'other'
    ? { placeKind: values.placeKind, placeOther: values.placeOther ?? '' }
    : { placeKind: values.placeKind };
}

/**
 * The kind of place the form starts with: online for an online request (or when her employer's
 * rules allow nothing else), else the kind her window named for the booked slot, when her rules
 * still allow it.
 */
function startingPlaceKind(request: VisitRequest): PlaceKind | undefined {
  if (request.meetingFormat === 'online' || request.employerRules?.onlineOnly) return 'online';
  const kind = request.windowPlace?.kind;
  return kind && placeKindBreach(request.employerRules, kind) === null ? kind : undefined;
}

/** The alumnus's first answer: accept a slot, or propose a time of their own. */
export function MentorReply({ request }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const toast = useToast();
  const accept = useAcceptVisitRequest(request.id);
  const propose = useProposeVisitTime(request.id);
  // Read once: which slots have passed is decided when the form opens, not on every render.
  const [now] = useState(() => Date.now());
  const [resolver] = useState(() => zodResolver(acceptFormSchemaFor(request)));
  const form = useForm<AcceptForm, unknown, AcceptValues>({
    resolver,
    // An online request is met online unless she chooses otherwise.
    defaultValues: {
      // A booking names one time, one of her own open slots: it is chosen already, so accepting
      // takes the rules' box and one tap.
      choice: request.bookedUntil ? '0' : '',
      proposedTimes: [{ value: '' }],
      message: '',
      placeOther: '',
      // The place her window named, said once: carried into 待ち合わせ場所.
      meetingPlace: request.windowPlace?.words ?? '',
      meetingUrl: '',
      placeKind: startingPlaceKind(request),
    },
  });
  const choice = useWatch({ control: form.control, name: 'choice' });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  const proposing = choice === PROPOSE;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (values.choice === PROPOSE) {
        await propose.mutateAsync({
          proposedTimes: proposedRows.parse(values.proposedTimes),
          message: values.message,
          ...placeOf(values),
          safetyRulesConfirmed: true,
        });
        toast.success(t('visits.proposal.done'));
      } else {
        await accept.mutateAsync({
          slotIndex: Number(values.choice),
          message: values.message,
          ...placeOf(values),
          ...shownMeetingDetails(values),
          safetyRulesConfirmed: true,
        });
        toast.success(t('visits.accept.done'));
      }
    } catch (error) {
      // The page shows the request as it is now, with its notice at the top.
      if (isStaleAnswer(error)) return;
      const failed = values.choice === PROPOSE ? 'visits.proposal.failed' : 'visits.accept.failed';
      toast.error(t(failed, { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError, {
        fieldOf: (field) =>
          (field === 'slotIndex'
            ? 'choice'
            : (rowFieldOf('proposedTimes', field, 'proposedTimes') ?? field)) as keyof AcceptForm,
      });
    }
  });

  return (
    <section aria-labelledby="accept-title" className="visit-actions">
      <h2 id="accept-title">{t('visits.accept.title')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TimeChoiceField
          legend={t('visits.accept.chooseSlot')}
          times={request.preferredSlots}
          now={now}
          // The slot's place in the request is what the API takes.
          valueFor={(_slot, i) => String(i)}
          more={[{ value: PROPOSE, label: t('visits.accept.proposeOther') }]}
          field={form.register('choice')}
          errorKey={errors.choice?.message}
          tooLate={(_time, i) => slotEndsTooLate(request, i)}
        />
        <EmployerRuleNote
          rules={request.employerRules}
          breach={
            request.preferredSlots.some((_time, i) => slotEndsTooLate(request, i))
              ? 'latestEnd'
              : null
          }
        />
        {proposing && (
          <>
            <ProposedTimesField form={form} />
            <EmployerRuleNote
              rules={request.employerRules}
              breach={request.employerRules?.latestEnd ? 'latestEnd' : null}
            />
          </>
        )}
        <ReplyMessageField
          label={t('visits.accept.message')}
          placeholder={t('visits.accept.messagePlaceholder')}
          rows={4}
          errorKey={errors.message?.message}
          typed={message}
          // A proposal's words are read before acceptance; those sent with it, after.
          masksContacts={proposing}
          {...form.register('message')}
        />
        <PlaceKindField form={form} rules={request.employerRules} />
        {!proposing && <AcceptMeetingFields form={form} />}
        <SafetyRulesConfirmation
          errorKey={errors.safetyRulesConfirmed?.message}
          {...form.register('safetyRulesConfirmed')}
        />
        <SubmitButton
          pending={accept.isPending || propose.isPending}
          label={proposing ? t('visits.accept.proposeSubmit') : t('visits.accept.submit')}
          pendingLabel={t('visits.accept.submitting')}
        />
      </form>
    </section>
  );
}
