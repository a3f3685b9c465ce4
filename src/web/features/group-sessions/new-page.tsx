import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { GRADES, gradeName, MEETING_FORMATS } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  GROUP_SESSION_MINUTES,
  GROUP_SESSION_PLACE_KINDS,
  GROUP_SESSION_SEATS_MAX,
  GROUP_SESSION_SEATS_MIN,
  groupSessionFormSchema,
  type GroupSessionForm,
  type GroupSessionFormInput,
} from '../../../shared/schemas/group-sessions';
import { errorMessage } from '../../api/error-message';
import { mentorDetailQuery } from '../../api/mentor-detail';
import { ErrorNotice } from '../../components/error-notice';
import { RadioGroupField, SelectField, TextField } from '../../components/form-fields';
import { FormSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useSession } from '../../lib/session';
import { universitiesQuery } from '../../lib/universities';
import { universityName } from '../../lib/university-name';
import { SafetyRulesConfirmation } from '../visits';
import { useOpenGroupSession } from './api';
import { SessionAboutFields } from './about-fields';
import { CheckboxesField } from './checkboxes-field';
import { defaultSignUpClose } from './closing-default';
import './group-sessions.css';

type Form = UseFormReturn<GroupSessionFormInput, unknown, GroupSessionForm>;

/**
 * /group-sessions/new: an alumna opens a 座談会 of her own; an admin opens one for the alumna
 * ?mentor=<urlParam> names (the heading says whose).
 */
export function NewGroupSessionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const role = useSession().data?.user?.role;
  const admin = role === 'admin';
  const mentorUrlParam = admin ? (params.get('mentor') ?? '') : '';
  const mentor = useQuery({ ...mentorDetailQuery(mentorUrlParam), enabled: mentorUrlParam !== '' });
  const title =
    admin && mentor.data
      ? t('groupSessions.form.titleFor', { name: mentor.data.name })
      : t('groupSessions.form.title');
  useDocumentTitle(title);

  // The route is the list's (students, alumni, admins); a student opens none.
  if (role === 'student') return <Navigate to={paths.unauthorized} replace />;
  let body;
  if (admin && mentorUrlParam === '') {
    body = <p className="notice notice-warning">{t('groupSessions.form.noMentor')}</p>;
  } else if (admin && mentor.isPending) {
    body = <FormSkeleton fields={8} />;
  } else if (admin && mentor.error) {
    body = <ErrorNotice error={mentor.error} />;
  } else {
    body = <GroupSessionFormBody mentorUrlParam={mentorUrlParam || undefined} />;
  }
  return (
    <section className="card narrow">
      <h1>{title}</h1>
      {body}
    </section>
  );
}

function GroupSessionFormBody({ mentorUrlParam }: { mentorUrlParam: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const open = useOpenGroupSession();
  const form: Form = useForm<GroupSessionFormInput, unknown, GroupSessionForm>({
    resolver: zodResolver(groupSessionFormSchema),
    defaultValues: {
      title: '',
      description: '',
      topics: [],
      startsAt: '',
      minutes: 60,
      meetingPlace: '',
      meetingUrl: '',
      seats: 6,
      // Every variant's fields start empty, so choosing one shows its own error, not a type's.
      audience: { kind: 'all', grades: [], universityId: '' } as GroupSessionFormInput['audience'],
      signUpClosesAt: '',
    },
  });
  const errors = form.formState.errors;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const format = useWatch({ control: form.control, name: 'meetingFormat' });
  useSignUpCloseDefault(form);

  async function submit(values: GroupSessionForm) {
    const { meetingPlace, meetingUrl, placeKind, ...rest } = values;
    const inPerson = values.meetingFormat === 'in_person';
    const body: GroupSessionForm = {
      ...rest,
      ...(mentorUrlParam ? { mentorUrlParam } : {}),
      ...(inPerson ? { placeKind: placeKind ?? null } : {}),
      ...(inPerson && meetingPlace ? { meetingPlace } : {}),
      ...(!inPerson && meetingUrl ? { meetingUrl } : {}),
    };
    try {
      const opened = await open.mutateAsync(body);
      toast.success(t('groupSessions.form.opened'));
      void navigate(paths.groupSession(opened.id));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, { shouldFocus: true });
    }
  }

  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <p>{t('groupSessions.form.lead')}</p>
      <SessionAboutFields
        inputs={{
          title: form.register('title'),
          description: form.register('description'),
          topics: form.register('topics'),
        }}
        errors={{
          title: errors.title?.message,
          description: errors.description?.message,
          topics: errors.topics?.message ?? errors.topics?.root?.message,
        }}
        descriptionLength={description.length}
      />
      <TextField
        type="datetime-local"
        step={900}
        label={t('groupSessions.form.startsAt')}
        hint={t('groupSessions.form.startsAtHint')}
        errorKey={errors.startsAt?.message}
        {...form.register('startsAt')}
      />
      <SelectField
        label={t('groupSessions.form.minutes')}
        errorKey={errors.minutes?.message}
        {...form.register('minutes', { valueAsNumber: true })}
      >
        {GROUP_SESSION_MINUTES.map((minutes) => (
          <option key={minutes} value={minutes}>
            {t('groupSessions.form.minutesOption', { count: minutes })}
          </option>
        ))}
      </SelectField>
      <RadioGroupField
        legend={t('groupSessions.form.format')}
        errorKey={errors.meetingFormat?.message}
        options={MEETING_FORMATS.map((value) => ({
          value,
          label: t(`visits.formats.${value}`),
        }))}
        inputProps={form.register('meetingFormat')}
      />
      {format === 'in_person' ? (
        <>
          <RadioGroupField
            legend={t('groupSessions.form.placeKind')}
            errorKey={errors.placeKind?.message}
            options={GROUP_SESSION_PLACE_KINDS.map((value) => ({
              value,
              label: t(`groupSessions.placeKinds.${value}`),
            }))}
            inputProps={form.register('placeKind')}
          />
          <TextField
            label={t('groupSessions.form.meetingPlace')}
            hint={t('groupSessions.form.meetingPlaceHint')}
            autoComplete="off"
            errorKey={errors.meetingPlace?.message}
            {...form.register('meetingPlace')}
          />
        </>
      ) : null}
      {format === 'online' ? (
        <TextField
          label={t('groupSessions.form.meetingUrl')}
          hint={t('groupSessions.form.meetingUrlHint')}
          type="url"
          inputMode="url"
          autoComplete="off"
          errorKey={errors.meetingUrl?.message}
          {...form.register('meetingUrl')}
        />
      ) : null}
      <TextField
        type="number"
        inputMode="numeric"
        min={GROUP_SESSION_SEATS_MIN}
        max={GROUP_SESSION_SEATS_MAX}
        label={t('groupSessions.form.seats')}
        hint={t('groupSessions.form.seatsHint')}
        errorKey={errors.seats?.message}
        {...form.register('seats', { valueAsNumber: true })}
      />
      <AudienceFields form={form} />
      <TextField
        type="datetime-local"
        step={900}
        label={t('groupSessions.form.signUpClosesAt')}
        hint={t('groupSessions.form.signUpClosesAtHint')}
        errorKey={errors.signUpClosesAt?.message}
        {...form.register('signUpClosesAt')}
      />
      <SafetyRulesConfirmation
        errorKey={errors.safetyRulesConfirmed?.message}
        {...form.register('safetyRulesConfirmed')}
      />
      {open.error ? (
        <p className="notice notice-error" role="alert">
          {t('groupSessions.form.failed', { message: errorMessage(t, open.error) })}
        </p>
      ) : null}
      <SubmitButton
        pending={open.isPending}
        label={t('groupSessions.form.submit')}
        pendingLabel={t('groupSessions.form.submitting')}
      />
      <p className="edit-cancel">
        <Link className="button button-secondary button-block" to={paths.groupSessions}>
          {t('groupSessions.form.cancel')}
        </Link>
      </p>
    </form>
  );
}

/**
 * Sign-up's closing time follows the start (the day before at 18:00, or an hour before) until
 * she changes it herself.
 */
function useSignUpCloseDefault(form: Form) {
  const startsAt = useWatch({ control: form.control, name: 'startsAt' });
  useEffect(() => {
    if (form.getFieldState('signUpClosesAt').isDirty) return;
    form.setValue('signUpClosesAt', defaultSignUpClose(startsAt ?? ''));
  }, [form, startsAt]);
}

/** Who may join: every student, some years (checkboxes) or one university (a select). */
function AudienceFields({ form }: { form: Form }) {
  const { t, i18n } = useTranslation();
  const kind = useWatch({ control: form.control, name: 'audience.kind' });
  const universities = useQuery({ ...universitiesQuery, enabled: kind === 'university' });
  // The audience's errors by the names of its variants (the union hides them from the types).
  const errors = (form.formState.errors.audience ?? {}) as Partial<
    Record<'kind' | 'grades' | 'universityId' | 'root', { message?: string }>
  >;
  return (
    <>
      <RadioGroupField
        legend={t('groupSessions.form.audience')}
        errorKey={errors.kind?.message}
        options={[
          { value: 'all', label: t('groupSessions.form.audienceAll') },
          { value: 'grades', label: t('groupSessions.form.audienceGrades') },
          { value: 'university', label: t('groupSessions.form.audienceUniversity') },
        ]}
        inputProps={form.register('audience.kind')}
      />
      {kind === 'grades' ? (
        <CheckboxesField
          legend={t('groupSessions.form.grades')}
          errorKey={errors.grades?.message}
          options={GRADES.map((grade) => ({
            value: grade,
            label: gradeName(grade, i18n.language),
          }))}
          inputProps={form.register('audience.grades')}
        />
      ) : null}
      {kind === 'university' ? (
        universities.error ? (
          <ErrorNotice error={universities.error} />
        ) : (
          <SelectField
            label={t('groupSessions.form.university')}
            placeholder={t('groupSessions.form.universityPlaceholder')}
            errorKey={errors.universityId?.message}
            {...form.register('audience.universityId')}
          >
            {(universities.data ?? []).map((university) => (
              <option key={university.id} value={university.id}>
                {universityName(university.name, university.nameEn, i18n.language)}
              </option>
            ))}
          </SelectField>
        )
      ) : null}
    </>
  );
}
