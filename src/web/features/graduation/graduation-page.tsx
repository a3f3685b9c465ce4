import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ICON_MAX_SIDE_REGISTRATION } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  graduationApplicationSchema,
  type GraduationApplicationFields,
  type GraduationStatus,
} from '../../../shared/schemas/graduation';
import { errorMessage } from '../../api/error-message';
import { EmailField } from '../../components/form-fields';
import { ImagePicker } from '../../components/image-picker';
import { LoadFailedCard } from '../../components/load-failed-card';
import { FormSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useDocumentTitle } from '../../lib/document-title';
import { universityName } from '../../lib/university-name';
import {
  MentorProfileFields,
  submitWithIcon,
  useProfileIcon,
  type MentorProfileForm,
  type MentorProfileFormApi,
  type MentorProfileValues,
} from '../mentors';
import { graduationStatusQuery, useApplyForGraduation } from './api';

type ApplicationForm = GraduationApplicationFields & MentorProfileForm;
type ApplicationValues = MentorProfileValues & { email: string };

/**
 * /graduation (docs/PRODUCT.md §4): a student of the last grades applies to become an OG with a
 * personal address and the alumni profile, started from the student profile.
 */
export function GraduationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('graduation.title'));
  const status = useQuery(graduationStatusQuery);
  if (status.isError) {
    return <LoadFailedCard title={t('graduation.title')} message={errorMessage(t, status.error)} />;
  }
  return (
    <section className="card narrow">
      <h1>{t('graduation.title')}</h1>
      {!status.data ? (
        <FormSkeleton />
      ) : status.data.eligible ? (
        <ApplicationForm status={status.data} />
      ) : (
        <>
          <p className="notice" role="note">
            {t('graduation.notEligible')}
          </p>
          <p>
            <Link to={paths.studentProfileEdit}>{t('graduation.toProfile')}</Link>
          </p>
        </>
      )}
    </section>
  );
}

function ApplicationForm({ status }: { status: GraduationStatus }) {
  const { t, i18n } = useTranslation();
  const apply = useApplyForGraduation();
  const icon = useProfileIcon();
  const { prefill } = status;
  const university = {
    id: prefill.universityId ?? '',
    name: prefill.universityName,
    reading: '',
    nameEn: prefill.universityNameEn,
    domains: [],
  };
  const form = useForm<ApplicationForm, unknown, ApplicationValues>({
    resolver: zodResolver(graduationApplicationSchema),
    defaultValues: {
      email: '',
      name: prefill.name,
      nameReading: prefill.nameReading ?? '',
      universityId: university.id,
      faculty: prefill.faculty,
      graduationYear: prefill.graduationYear,
      industryCategory: '',
      industrySubcategory: '',
      company: '',
      companyReading: '',
      message: '',
      jobType: '',
      joinedYear: '',
      topics: [],
      topicsNote: '',
    },
  });

  // The alumni profile's fields are this form's too (it adds the address): they take it as theirs.
  const profileForm = form as unknown as MentorProfileFormApi;

  const submit = submitWithIcon(form, icon, async (body, values) => {
    body.set('email', values.email);
    await apply.mutateAsync(body);
  });

  if (apply.data) {
    return (
      <p className="notice notice-success" role="status">
        {t('graduation.sent', { email: apply.data.email })}
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('graduation.lead')}</p>
      {status.pendingEmail ? (
        <p className="notice" role="note">
          {t('graduation.pending', { email: status.pendingEmail })}
        </p>
      ) : null}
      <EmailField
        label={t('graduation.email')}
        hint={t('graduation.emailHint')}
        errorKey={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <p className="muted">
        {t('graduation.universityFixed', {
          university: universityName(university.name, university.nameEn, i18n.language),
        })}
      </p>
      <MentorProfileFields form={profileForm} universities={[university]} />
      <ImagePicker
        label={t('graduation.image')}
        maxSide={ICON_MAX_SIDE_REGISTRATION}
        required
        {...icon.picker}
      />
      {apply.error ? (
        <p className="notice notice-error" role="alert">
          {t('graduation.failed', { message: errorMessage(t, apply.error) })}
        </p>
      ) : null}
      <SubmitButton
        pending={apply.isPending}
        label={t('graduation.submit')}
        pendingLabel={t('graduation.sending')}
      />
    </form>
  );
}
