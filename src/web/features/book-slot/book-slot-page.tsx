import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { BOOKING_HOLD_HOURS } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { bookingFormSchema, type OpenSlot } from '../../../shared/schemas/booking';
import type { MentorDetail } from '../../../shared/schemas/mentors';
import { errorMessage } from '../../api/error-message';
import { mentorDetailQuery } from '../../api/mentor-detail';
import { ErrorNotice } from '../../components/error-notice';
import { RadioGroupField } from '../../components/form-fields';
import { FormSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { visitRequestDrafts } from '../../lib/browser-storage';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMeetingTime, formatSlotStart } from '../../lib/meeting-time';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useSession } from '../../lib/session';
import type { WaitingRequests } from '../../../shared/schemas/waiting-requests';
import { WaitingLimitNotice, waitingRefusalOf } from '../../components/waiting-limit-notice';
import { windowPlaceText } from '../../lib/place-text';
import { EmployerRulesBox } from '../employer-rules';
import {
  agendaFieldOf,
  agendaFormFields,
  emptyAgenda,
  RequestBasicsFields,
  RequestUnavailable,
  RequestSafety,
  isSameHourWarning,
  SameHourDialog,
} from '../visits';
import { mentorSlotsQuery, slotRefusalOf, useBookSlot, type SlotRefusal } from './api';
import { sameInstant, slotParts } from './slot-days';
import { SlotPicker } from './slot-picker';
import './book-slot.css';

const shape = bookingFormSchema.shape;

const formSchema = z.object({
  purpose: shape.purpose,
  message: shape.message,
  meetingFormat: shape.meetingFormat,
  safetyRulesConfirmed: shape.safetyRulesConfirmed,
  ...agendaFormFields,
});
type BookingFormFields = z.input<typeof formSchema>;
type BookingValues = z.output<typeof formSchema>;

/** /mentor/{urlParam}/book?slot=… (students): one of her open slots, booked in one step. */
export function BookSlotPage() {
  const { t } = useTranslation();
  const { urlParam = '' } = useParams();
  const mentor = useQuery(mentorDetailQuery(urlParam));
  const session = useSession();
  const mayBook = mentor.data?.viewer.visitUnavailable === null;
  const slots = useQuery({ ...mentorSlotsQuery(urlParam), enabled: mayBook });
  useDocumentTitle(t('bookSlot.title'));

  let body;
  if (mentor.isPending || session.isPending) body = <FormSkeleton fields={5} />;
  else if (mentor.error) body = <ErrorNotice error={mentor.error} />;
  else if (!mayBook) body = <RequestUnavailable mentor={mentor.data} />;
  else if (slots.isPending) body = <FormSkeleton fields={5} />;
  else if (slots.error) body = <ErrorNotice error={slots.error} />;
  else {
    body = (
      <BookingFormBody
        mentor={mentor.data}
        slots={slots.data.slots}
        userId={session.data?.user?.id ?? ''}
      />
    );
  }

  return (
    <section className="card narrow">
      <h1>{t('bookSlot.title')}</h1>
      {body}
    </section>
  );
}

function BookingFormBody({
  mentor,
  slots,
  userId,
}: {
  mentor: MentorDetail;
  slots: readonly OpenSlot[];
  userId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const book = useBookSlot();
  const [params] = useSearchParams();
  const asked = params.get('slot') ?? '';
  const chosen = slots.find((slot) => sameInstant(asked, slot.start));

  // The server refused the slot (taken, or no longer offered): said until another is chosen.
  const [refusal, setRefusal] = useState<SlotRefusal | null>(null);
  const [picking, setPicking] = useState(false);
  const [missing, setMissing] = useState(false);
  // The values she sent when the server warned of another visit at the same hour.
  const [sameHour, setSameHour] = useState<BookingValues | null>(null);
  // Refused at the seminar's limit of requests waiting (issue 57): what waits, said above 予約.
  const [waiting, setWaiting] = useState<WaitingRequests | null>(null);
  const [seenSlot, setSeenSlot] = useState(asked);
  if (seenSlot !== asked) {
    setSeenSlot(asked);
    setRefusal(null);
    setPicking(false);
    setMissing(false);
  }
  const slotsRef = useRef<HTMLDivElement>(null);

  const form = useForm<BookingFormFields, unknown, BookingValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      // The same draft as the request form's: what she began there is here, and back again.
      message: visitRequestDrafts.message(userId, mentor.urlParam),
      ...emptyAgenda(),
    },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  useEffect(() => {
    if (!book.isSuccess) visitRequestDrafts.setMessage(userId, mentor.urlParam, message);
  }, [userId, mentor.urlParam, message, book.isSuccess]);

  // A slot of one format decides it; a format the new slot does not offer is asked again.
  const formats = chosen?.formats;
  useEffect(() => {
    if (!formats) return;
    const current = form.getValues('meetingFormat');
    if (formats.length === 1) form.setValue('meetingFormat', formats[0]!);
    else if (current && !formats.includes(current)) form.resetField('meetingFormat');
  }, [formats, form]);

  const showSlots = !chosen || refusal !== null || picking;
  const focusSlots = () => requestAnimationFrame(() => slotsRef.current?.focus());

  async function bookChosen(values: BookingValues, sameHourConfirmed?: true) {
    if (!chosen) {
      setMissing(true);
      focusSlots();
      return;
    }
    try {
      const booked = await book.mutateAsync({
        mentorUrlParam: mentor.urlParam,
        slotStart: chosen.start,
        meetingFormat: values.meetingFormat,
        purpose: values.purpose,
        message: values.message,
        agendaTopics: values.agendaTopics,
        agendaQuestions: values.agendaQuestions,
        safetyRulesConfirmed: values.safetyRulesConfirmed,
        ...(sameHourConfirmed ? { sameHourConfirmed } : {}),
      });
      visitRequestDrafts.setMessage(userId, mentor.urlParam, '');
      toast.success(
        booked.status === 'accepted'
          ? t('bookSlot.page.accepted', {
              name: mentor.name,
              time: formatMeetingTime(chosen.start),
            })
          : t('bookSlot.page.pending', { name: mentor.name }),
      );
      void navigate(paths.visitRequest(booked.id));
    } catch (error) {
      if (isSameHourWarning(error)) {
        setSameHour(values);
        return;
      }
      const refused = slotRefusalOf(error);
      if (refused) {
        // Nothing she typed is lost: the form stays, and the fresh slots are offered beside it.
        setRefusal(refused);
        focusSlots();
        return;
      }
      setWaiting(waitingRefusalOf(error));
      toast.error(t('bookSlot.page.failed', { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError, {
        fieldOf: (field) =>
          (agendaFieldOf(field, form.getValues('agendaQuestions')) ??
            field) as keyof BookingFormFields,
      });
    }
  }

  return (
    <form
      onSubmit={(event) => void form.handleSubmit((values) => bookChosen(values))(event)}
      noValidate
    >
      <p>{t('bookSlot.page.lead', { name: mentor.name })}</p>
      <EmployerRulesBox rules={mentor.employerRules} guidelines={false} />
      {chosen && refusal === null ? (
        <ChosenSlot slot={chosen} picking={picking} onToggle={() => setPicking(!picking)} />
      ) : null}
      {showSlots ? (
        <div className="booking-slots" ref={slotsRef} tabIndex={-1}>
          <SlotsNotice asked={asked} refusal={refusal} chosen={chosen} missing={missing} />
          {slots.length > 0 ? (
            <>
              <h2>{t('bookSlot.page.chooseTitle')}</h2>
              <p className="muted">{t('bookSlot.page.japanTime')}</p>
              <SlotPicker urlParam={mentor.urlParam} slots={slots} chosen={asked} replace />
            </>
          ) : (
            <div className="notice notice-info">
              <p>{t('bookSlot.page.noSlots')}</p>
              <Link
                className="button button-secondary"
                to={paths.mentorVisitRequest(mentor.urlParam)}
              >
                {t('bookSlot.page.toRequest')}
              </Link>
            </div>
          )}
        </div>
      ) : null}
      <FormatChoice slot={chosen} form={form} />
      <RequestBasicsFields
        form={form}
        mentor={mentor}
        message={message}
        purposeLabel={t('bookSlot.page.purpose')}
      />
      <RequestSafety
        errorKey={errors.safetyRulesConfirmed?.message}
        {...form.register('safetyRulesConfirmed')}
      />
      <p className="muted">
        {t('bookSlot.page.holdNote', { name: mentor.name, hours: BOOKING_HOLD_HOURS })}
      </p>
      {waiting && <WaitingLimitNotice waiting={waiting} />}
      <SubmitButton
        pending={book.isPending}
        label={t('bookSlot.page.submit')}
        pendingLabel={t('bookSlot.page.submitting')}
      />
      <p className="edit-cancel">
        <Link className="button button-secondary button-block" to={paths.mentor(mentor.urlParam)}>
          {t('bookSlot.page.cancel')}
        </Link>
      </p>
      <SameHourDialog
        open={sameHour !== null}
        pending={book.isPending}
        onClose={() => setSameHour(null)}
        onConfirm={() => {
          const values = sameHour;
          setSameHour(null);
          if (values) void bookChosen(values, true);
        }}
      />
    </form>
  );
}

/** The slot being booked: its day, from–to and length, in Japan time. */
function ChosenSlot({
  slot,
  picking,
  onToggle,
}: {
  slot: OpenSlot;
  picking: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const place = windowPlaceText(t, { kind: slot.placeKind, words: slot.meetingPlace });
  return (
    <section className="booked-slot" aria-labelledby={titleId}>
      <h2 id={titleId} className="booked-slot-title">
        {t('bookSlot.page.slot')}
      </h2>
      <p className="booked-slot-time">{t('bookSlot.page.slotValue', slotParts(slot))}</p>
      <p className="muted">{t('bookSlot.page.japanTime')}</p>
      {place && slot.formats.includes('in_person') ? (
        <p className="booked-slot-place">{t('visits.placeOnce.inPersonAt', { place })}</p>
      ) : null}
      <button type="button" className="button button-link" onClick={onToggle}>
        {picking ? t('bookSlot.page.closeSlots') : t('bookSlot.page.changeSlot')}
      </button>
    </section>
  );
}

/** Why the slots are shown: the server refused the slot, the address names none open, or none chosen. */
function SlotsNotice({
  asked,
  refusal,
  chosen,
  missing,
}: {
  asked: string;
  refusal: SlotRefusal | null;
  chosen: OpenSlot | undefined;
  missing: boolean;
}) {
  const { t } = useTranslation();
  if (refusal) {
    return (
      <div className="notice notice-warning" role="alert">
        <p>{t(`errors.${refusal}`)}</p>
        <p>{t('bookSlot.page.freshSlots')}</p>
      </div>
    );
  }
  if (chosen) return null;
  if (!Number.isNaN(Date.parse(asked))) {
    return (
      <p className="notice notice-warning" role="alert">
        {t('bookSlot.page.slotGone', { time: formatSlotStart(asked) })}
      </p>
    );
  }
  return (
    <p className={missing ? 'notice notice-warning' : 'notice notice-info'} role="alert">
      {t('bookSlot.page.noSlotChosen')}
    </p>
  );
}

/** 形式: a choice when the slot offers both, else said as it is (and set). */
function FormatChoice({
  slot,
  form,
}: {
  slot: OpenSlot | undefined;
  form: ReturnType<typeof useForm<BookingFormFields, unknown, BookingValues>>;
}) {
  const { t } = useTranslation();
  const error = form.formState.errors.meetingFormat?.message;
  if (slot && slot.formats.length === 1) {
    return (
      <dl className="profile-list booking-format">
        <div className="profile-row">
          <dt>{t('bookSlot.page.format')}</dt>
          <dd>{t(`visits.formats.${slot.formats[0]!}`)}</dd>
        </div>
      </dl>
    );
  }
  return (
    <RadioGroupField
      legend={t('bookSlot.page.format')}
      errorKey={error}
      options={(slot?.formats ?? ['online', 'in_person']).map((format) => ({
        value: format,
        label: t(`visits.formats.${format}`),
      }))}
      inputProps={form.register('meetingFormat')}
    />
  );
}
