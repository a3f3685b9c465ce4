import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { IntroducedRequestNote } from '../introductions';
import { z } from 'zod';
import { MEETING_FORMATS } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { MentorDetail } from '../../../shared/schemas/mentors';
import { visitRequestFormSchema } from '../../../shared/schemas/visit-requests';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { ErrorNotice } from '../../components/error-notice';
import { RadioGroupField } from '../../components/form-fields';
import { FormSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { mentorDetailQuery } from '../../api/mentor-detail';
import { useSendVisitRequest } from './api';
import { rowFieldOf, timeRowsSchema, TimeRowsField } from './time-rows';
import { RequestSafety } from './request-safety';
import { agendaFieldOf, agendaFormFields, emptyAgenda } from './agenda-fields';
import { RequestBasicsFields } from './request-basics';
import { RequestUnavailable } from './request-unavailable';
import { isSameHourWarning, SameHourDialog } from './same-hour-dialog';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';
import { EmployerRulesBox } from '../employer-rules';
import { typedTimeEndsTooLate } from './employer-rule-checks';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import { visitRequestDrafts } from '../../lib/browser-storage';
import { useSession } from '../../lib/session';
import type { WaitingRequests } from '../../../shared/schemas/waiting-requests';
import { WaitingLimitNotice, waitingRefusalOf } from '../../components/waiting-limit-notice';
import './visits.css';

const shape = visitRequestFormSchema.shape;

const formSchema = z.object({
  purpose: shape.purpose,
  message: shape.message,
  meetingFormat: shape.meetingFormat,
  safetyRulesConfirmed: shape.safetyRulesConfirmed,
  // The slots as rows, which is what a field array edits.
  slots: timeRowsSchema(VALIDATION.visitSlotRequired),
  ...agendaFormFields,
});
/**
 * The form's check with her employer's end time (issue 54, point 9): a wished time that would
 * end later is named under its row, as the server would refuse it.
 */
function formSchemaFor(rules: EmployerRules | null) {
  return formSchema.superRefine((value, context) => {
    value.slots.forEach((time, i) => {
      if (typedTimeEndsTooLate(rules, time)) {
        context.addIssue({
          code: 'custom',
          path: ['slots', i, 'value'],
          message: VALIDATION.employerRule,
        });
      }
    });
  });
}

type RequestForm = z.input<typeof formSchema>;
type RequestValues = z.output<typeof formSchema>;

/** /mentor/{urlParam}/request (students): the OG訪問 request to one alumnus. */
export function VisitRequestFormPage() {
  const { t } = useTranslation();
  const { urlParam = '' } = useParams();
  // Opened from an introduction she opted in to (decision 0044): the request carries it, and her
  // monthly limit, which counted it then, does not close the form to it.
  const introductionId = useSearchParams()[0].get('introduction') ?? undefined;
  const mentor = useQuery(mentorDetailQuery(urlParam));
  // Whose draft to restore: known before the form opens (the students' guard has read it).
  const session = useSession();
  useDocumentTitle(t('visits.request.title'));

  let body;
  if (mentor.isPending || session.isPending) body = <FormSkeleton fields={5} />;
  else if (mentor.error) body = <ErrorNotice error={mentor.error} />;
  else if (
    mentor.data.viewer.visitUnavailable &&
    !(introductionId && mentor.data.viewer.visitUnavailable === 'monthly-limit-reached')
  ) {
    body = <RequestUnavailable mentor={mentor.data} />;
  } else {
    body = (
      <RequestFormBody
        mentor={mentor.data}
        userId={session.data?.user?.id ?? ''}
        introductionId={introductionId}
      />
    );
  }

  return (
    <section className="card narrow">
      <h1>{t('visits.request.title')}</h1>
      {body}
    </section>
  );
}

function RequestFormBody({
  mentor,
  userId,
  introductionId,
}: {
  mentor: MentorDetail;
  userId: string;
  introductionId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const send = useSendVisitRequest();
  const [resolver] = useState(() => zodResolver(formSchemaFor(mentor.employerRules)));
  const form = useForm<RequestForm, unknown, RequestValues>({
    resolver,
    defaultValues: {
      message: visitRequestDrafts.message(userId, mentor.urlParam),
      slots: [{ value: '' }],
      ...emptyAgenda(),
      ...(mentor.employerRules?.onlineOnly ? { meetingFormat: 'online' as const } : {}),
    },
  });
  const slots = useFieldArray({ control: form.control, name: 'slots' });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  // Up to 1000 characters are worth keeping: a reload or a slip of the finger loses none of them.
  useEffect(() => {
    if (!send.isSuccess) visitRequestDrafts.setMessage(userId, mentor.urlParam, message);
  }, [userId, mentor.urlParam, message, send.isSuccess]);

  // The values she sent when the server warned of another visit at the same hour.
  const [sameHour, setSameHour] = useState<RequestValues | null>(null);
  // Refused at the seminar's limit of requests waiting (issue 57): what waits, said above 送信.
  const [waiting, setWaiting] = useState<WaitingRequests | null>(null);

  async function sendRequest(values: RequestValues, sameHourConfirmed?: true) {
    try {
      const created = await send.mutateAsync({
        mentorUrlParam: mentor.urlParam,
        purpose: values.purpose,
        message: values.message,
        preferredSlots: values.slots,
        meetingFormat: values.meetingFormat,
        agendaTopics: values.agendaTopics,
        agendaQuestions: values.agendaQuestions,
        safetyRulesConfirmed: values.safetyRulesConfirmed,
        ...(sameHourConfirmed ? { sameHourConfirmed } : {}),
        ...(introductionId ? { introductionId } : {}),
      });
      visitRequestDrafts.setMessage(userId, mentor.urlParam, '');
      toast.success(t('visits.request.sent', { name: mentor.name }));
      void navigate(paths.visitRequest(created.id));
    } catch (error) {
      if (isSameHourWarning(error)) {
        setSameHour(values);
        return;
      }
      setWaiting(waitingRefusalOf(error));
      toast.error(t('visits.request.failed', { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError, {
        fieldOf: (field) =>
          (rowFieldOf('preferredSlots', field, 'slots') ??
            agendaFieldOf(field, form.getValues('agendaQuestions')) ??
            field) as keyof RequestForm,
      });
    }
  }

  const submit = form.handleSubmit((values) => sendRequest(values));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {introductionId ? <IntroducedRequestNote mentorName={mentor.name} /> : null}
      <p>{t('visits.request.lead', { name: mentor.name })}</p>
      <EmployerRulesBox rules={mentor.employerRules} guidelines={false} />
      <RequestBasicsFields
        form={form}
        mentor={mentor}
        message={message}
        purposeLabel={t('visits.request.purpose')}
      />
      <TimeRowsField
        legend={t('visits.request.slots')}
        hint={t('visits.request.slotsHint')}
        rowLabel={(n) => t('visits.request.slotLabel', { n })}
        removeLabel={(n) => t('visits.request.removeSlot', { n })}
        addLabel={t('visits.request.addSlot')}
        rows={slots.fields}
        register={(i) => form.register(`slots.${i}.value`)}
        errorOf={(i) => errors.slots?.[i]?.value?.message}
        onAdd={() => slots.append({ value: '' })}
        onRemove={slots.remove}
      />
      {mentor.employerRules?.latestEnd ? (
        <p className="field-hint employer-rule-note" role="note">
          {t('employerRules.studentLatestEnd', { time: mentor.employerRules.latestEnd })}
        </p>
      ) : null}
      <RadioGroupField
        legend={t('visits.request.format')}
        errorKey={errors.meetingFormat?.message}
        options={MEETING_FORMATS.map((format) => ({
          value: format,
          label: t(`visits.formats.${format}`),
          // Her employer's rules allow nothing but online: in person is not hers to agree.
          disabled: format !== 'online' && mentor.employerRules?.onlineOnly === true,
        }))}
        inputProps={form.register('meetingFormat')}
      />
      {mentor.employerRules?.onlineOnly ? (
        <p className="field-hint employer-rule-note" role="note">
          {t('employerRules.studentOnlineOnly')}
        </p>
      ) : null}
      <RequestSafety
        errorKey={errors.safetyRulesConfirmed?.message}
        {...form.register('safetyRulesConfirmed')}
      />
      {waiting && <WaitingLimitNotice waiting={waiting} />}
      <SubmitButton
        pending={send.isPending}
        label={t('visits.request.submit')}
        pendingLabel={t('visits.request.submitting')}
      />
      <p className="edit-cancel">
        <Link className="button button-secondary button-block" to={paths.mentor(mentor.urlParam)}>
          {t('visits.request.cancel')}
        </Link>
      </p>
      <SameHourDialog
        open={sameHour !== null}
        pending={send.isPending}
        onClose={() => setSameHour(null)}
        onConfirm={() => {
          const values = sameHour;
          setSameHour(null);
          if (values) void sendRequest(values, true);
        }}
      />
    </form>
  );
}
