import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ICON_MAX_SIDE_EDIT, REDIRECT_AFTER_SAVE_MS } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { mentorProfileFieldsSchema, type MentorProfile } from '../../../shared/schemas/mentors';
import type { UniversityOption } from '../../../shared/schemas/universities';
import { parseIndustry } from '../../../shared/taxonomy';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { ImagePicker } from '../../components/image-picker';
import { FormSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { universitiesQuery } from '../../lib/universities';
import {
  MentorProfileFields,
  mentorProfileFormData,
  showServerFieldErrors,
  type MentorProfileForm,
  type MentorProfileValues,
} from './mentor-profile-fields';
import { useProfileIcon } from './profile-icon';
import { myMentorProfileQuery, useUpdateMyMentorProfile } from './api';
import { useHomeWhenMissing, useRedirectAfter } from '../../lib/use-redirect-after';
import './mentors.css';

/** /mentor-profile/edit (mentor only): the own alumni profile, pre-filled, with an optional new icon. */
export function MentorProfileEditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('mentorProfileEdit.title'));
  const profile = useQuery(myMentorProfileQuery);
  const universities = useQuery(universitiesQuery);
  const notFound = useHomeWhenMissing(profile.error);

  let body;
  if (profile.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {notFound ? t('mentorProfileEdit.notFound') : t('mentorProfileEdit.loadFailed')}
      </p>
    );
  } else if (profile.isPending || universities.isPending) {
    body = <FormSkeleton fields={8} />;
  } else if (universities.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('mentorProfileEdit.universitiesFailed')}
      </p>
    );
  } else {
    body = <MentorEditForm profile={profile.data} universities={universities.data} />;
  }

  return (
    <section className="card narrow">
      <h1>{t('mentorProfileEdit.title')}</h1>
      {body}
    </section>
  );
}

function MentorEditForm({
  profile,
  universities,
}: {
  profile: MentorProfile;
  universities: UniversityOption[];
}) {
  const { t } = useTranslation();
  const update = useUpdateMyMentorProfile();
  const icon = useProfileIcon();
  const [saved, setSaved] = useState(false);
  const toast = useToast();
  const industry = parseIndustry(profile.industry);
  const form = useForm<MentorProfileForm, unknown, MentorProfileValues>({
    resolver: zodResolver(mentorProfileFieldsSchema),
    defaultValues: {
      name: profile.name,
      universityId: profile.universityId ?? '',
      faculty: profile.faculty ?? '',
      graduationYear: String(profile.graduationYear),
      industryCategory: industry.category ?? '',
      industrySubcategory: industry.subcategory ?? '',
      company: profile.company,
      message: profile.message,
      nameReading: profile.nameReading ?? '',
      companyReading: profile.companyReading ?? '',
      jobType: profile.jobType ?? '',
      joinedYear: profile.joinedYear === null ? '' : String(profile.joinedYear),
      topics: profile.topics,
      topicsNote: profile.topicsNote ?? '',
    },
  });
  // A university no longer offered stays selectable for the profile that already has it.
  const universityOptions =
    profile.universityId && !universities.some((u) => u.id === profile.universityId)
      ? [
          ...universities,
          {
            id: profile.universityId,
            name: profile.universityName,
            reading: '',
            nameEn: null,
            domains: [],
          },
        ]
      : universities;

  useRedirectAfter(saved, paths.mentorProfile, REDIRECT_AFTER_SAVE_MS);

  const submit = form.handleSubmit(async (values) => {
    const body = mentorProfileFormData(values, icon.image);
    try {
      const result = await update.mutateAsync(body);
      if (icon.image && !result.imageUpdated) {
        // The text is saved; the failed icon stays on screen until the person has read it.
        toast.error(t('mentorProfileEdit.imageNotUpdated'));
      } else {
        toast.success(t('mentorProfileEdit.saved'));
      }
      setSaved(true);
    } catch (error) {
      toast.error(t('mentorProfileEdit.failed', { message: errorMessage(t, error) }));
      showServerFieldErrors(error, form, icon.setError);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('mentorProfileEdit.lead')}</p>
      <fieldset disabled={saved} className="plain-fieldset">
        <MentorProfileFields form={form} universities={universityOptions} />
        <ImagePicker
          label={t('mentorProfileEdit.image')}
          maxSide={ICON_MAX_SIDE_EDIT}
          initialUrl={profile.iconUrl ?? undefined}
          {...icon.picker}
        />
        <SubmitButton
          pending={update.isPending}
          label={t('mentorProfileEdit.submit')}
          pendingLabel={t('mentorProfileEdit.saving')}
        />
      </fieldset>
      <p className="edit-cancel">
        <Link className="button button-secondary button-block" to={paths.mentorProfile}>
          {t('mentorProfileEdit.cancel')}
        </Link>
      </p>
    </form>
  );
}
