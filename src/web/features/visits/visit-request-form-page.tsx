import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  MEETING_FORMATS,
  VISIT_MAX_SLOTS,
  VISIT_MESSAGE_MAX_LENGTH,
  VISIT_PURPOSES,
} from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { MentorDetail } from '../../../shared/schemas/mentors';
import { meetingTimeSchema, visitRequestFormSchema } from '../../../shared/schemas/visit-requests';
import { errorMessage } from '../../api/error-message';
import { ContactMaskWarning } from '../../components/contact-mask-warning';
import { useDocumentTitle } from '../../lib/document-title';
import { ErrorNotice } from '../../components/error-notice';
import {
  RadioGroupField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/form-fields';
import { FormSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { mentorDetailQuery } from '../../api/mentor-detail';
import { useSendVisitRequest } from './api';
import { SafetyRulesConfirmation } from './safety-rules';
import { NoShowPause } from './no-show-claim';
import { ConsultationDesk } from '../safety';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import { visitRequestDrafts } from '../../lib/browser-storage';
import { useSession } from '../../lib/session';

const shape = visitRequestFormSchema.shape;

/** The shared request schema with the slots as rows, which is what a field array edits. */
/**
 * The shared request schema with the slots as rows, which is what a field array edits. A row
 * left empty is skipped (the student added one and changed their mind); at least one is needed.
 */
const slotRows = z
  .array(z.object({ value: z.string().trim() }))
  .max(VISIT_MAX_SLOTS)
  // On the array itself, so the rows are checked even while other fields are wrong.
  .superRefine((slots, context) => {
    const seen = new Set<string>();
    slots.forEach((slot, i) => {
      if (!slot.value) return;
      const checked = meetingTimeSchema.safeParse(slot.value);
      const message = checked.success
        ? seen.has(slot.value) && VALIDATION.visitSlotDuplicate
        : checked.error.issues[0]?.message;
      if (message) context.addIssue({ code: 'custom', path: [i, 'value'], message });
      seen.add(slot.value);
    });
    if (seen.size === 0) {
      context.addIssue({
        code: 'custom',
        path: [0, 'value'],
        message: VALIDATION.visitSlotRequired,
      });
    }
  })
  .transform((slots) => slots.filter((slot) => slot.value !== ''));

const formSchema = z.object({
  purpose: shape.purpose,
  message: shape.message,
  meetingFormat: shape.meetingFormat,
  safetyRulesConfirmed: shape.safetyRulesConfirmed,
  slots: slotRows,
});
type RequestForm = z.input<typeof formSchema>;
type RequestValues = z.output<typeof formSchema>;

/** /mentor/{urlParam}/request (students): the OG訪問 request to one alumnus. */
export function VisitRequestFormPage() {
  const { t } = useTranslation();
  const { urlParam = '' } = useParams();
  const mentor = useQuery(mentorDetailQuery(urlParam));
  // Whose draft to restore: known before the form opens (the students' guard has read it).
  const session = useSession();
  useDocumentTitle(t('visits.request.title'));

  let body;
  if (mentor.isPending || session.isPending) body = <FormSkeleton fields={5} />;
  else if (mentor.error) body = <ErrorNotice error={mentor.error} />;
  else if (mentor.data.viewer.visitUnavailable) body = <Unavailable mentor={mentor.data} />;
  else body = <RequestFormBody mentor={mentor.data} userId={session.data?.user?.id ?? ''} />;

  return (
    <section className="card narrow">
      <h1>{t('visits.request.title')}</h1>
      {body}
    </section>
  );
}

function Unavailable({ mentor }: { mentor: MentorDetail }) {
  const { t } = useTranslation();
  const { visitUnavailable, openRequestId } = mentor.viewer;
  return (
    <>
      {visitUnavailable === 'no-show-limit' ? (
        <NoShowPause />
      ) : (
        <p className="notice notice-warning" role="alert">
          {t(`visits.request.unavailable.${visitUnavailable!}`)}
        </p>
      )}
      <p className="button-row">
        {openRequestId && (
          <Link className="button button-primary" to={paths.visitRequest(openRequestId)}>
            {t('visits.request.viewOpenRequest')}
          </Link>
        )}
        <Link className="button button-secondary" to={paths.mentor(mentor.urlParam)}>
          {t('visits.request.cancel')}
        </Link>
      </p>
    </>
  );
}

function RequestFormBody({ mentor, userId }: { mentor: MentorDetail; userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const send = useSendVisitRequest();
  const form = useForm<RequestForm, unknown, RequestValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      message: visitRequestDrafts.message(userId, mentor.urlParam),
      slots: [{ value: '' }],
    },
  });
  const slots = useFieldArray({ control: form.control, name: 'slots' });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  // Up to 1000 characters are worth keeping: a reload or a slip of the finger loses none of them.
  useEffect(() => {
    if (!send.isSuccess) visitRequestDrafts.setMessage(userId, mentor.urlParam, message);
  }, [userId, mentor.urlParam, message, send.isSuccess]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await send.mutateAsync({
        mentorUrlParam: mentor.urlParam,
        purpose: values.purpose,
        message: values.message,
        preferredSlots: values.slots.map((slot) => slot.value),
        meetingFormat: values.meetingFormat,
        safetyRulesConfirmed: values.safetyRulesConfirmed,
      });
      visitRequestDrafts.setMessage(userId, mentor.urlParam, '');
      toast.success(t('visits.request.sent', { name: mentor.name }));
      void navigate(paths.visitRequest(created.id));
    } catch (error) {
      toast.error(t('visits.request.failed', { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError, {
        fieldOf: (field) => {
          // The list as a whole (say, two equal times) is shown on the first row.
          const slot = /^preferredSlots(?:\.(\d+))?$/.exec(field);
          return (slot ? `slots.${slot[1] ?? 0}.value` : field) as keyof RequestForm;
        },
      });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('visits.request.lead', { name: mentor.name })}</p>
      <SelectField
        label={t('visits.request.purpose')}
        placeholder={t('visits.request.purposePlaceholder')}
        required
        errorKey={errors.purpose?.message}
        {...form.register('purpose')}
      >
        {VISIT_PURPOSES.map((purpose) => (
          <option key={purpose} value={purpose}>
            {t(`visits.purposes.${purpose}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('visits.request.message')}
        hint={t('visits.request.messageHint', { max: VISIT_MESSAGE_MAX_LENGTH })}
        rows={8}
        required
        errorKey={errors.message?.message}
        counter={t('visits.request.counter', {
          count: message.length,
          max: VISIT_MESSAGE_MAX_LENGTH,
        })}
        counterOver={message.length > VISIT_MESSAGE_MAX_LENGTH}
        {...form.register('message')}
      />
      {/* A request is always written before acceptance: the alumnus reads it masked (§7). */}
      <ContactMaskWarning text={message} message={t('thread.maskPreviewOther')} />
      <fieldset className="field slot-list">
        <legend>{t('visits.request.slots')}</legend>
        <p className="field-hint">{t('visits.request.slotsHint')}</p>
        {slots.fields.map((slot, i) => (
          <div key={slot.id} className="slot-row">
            <TextField
              type="datetime-local"
              label={t('visits.request.slotLabel', { n: i + 1 })}
              required={i === 0}
              step={900}
              errorKey={errors.slots?.[i]?.value?.message}
              {...form.register(`slots.${i}.value`)}
            />
            {i > 0 && (
              <button type="button" className="button button-link" onClick={() => slots.remove(i)}>
                {t('visits.request.removeSlot', { n: i + 1 })}
              </button>
            )}
          </div>
        ))}
        {slots.fields.length < VISIT_MAX_SLOTS && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => slots.append({ value: '' })}
          >
            {t('visits.request.addSlot')}
          </button>
        )}
      </fieldset>
      <RadioGroupField
        legend={t('visits.request.format')}
        errorKey={errors.meetingFormat?.message}
        options={MEETING_FORMATS.map((format) => ({
          value: format,
          label: t(`visits.formats.${format}`),
        }))}
        inputProps={form.register('meetingFormat')}
      />
      <SafetyRulesConfirmation
        errorKey={errors.safetyRulesConfirmed?.message}
        {...form.register('safetyRulesConfirmed')}
      />
      {/* Before sending: the desk exists, and a report is never told to the other side. */}
      <div className="desk-request-note">
        <p>{t('desk.requestNote')}</p>
        <ConsultationDesk variant="compact" />
      </div>
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
    </form>
  );
}
