import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  ICON_MAX_SIDE_EDIT,
  MENTOR_MESSAGE_MAX_LENGTH,
  REDIRECT_AFTER_MISSING_MS,
  REDIRECT_AFTER_SAVE_MS,
} from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  graduationYears,
  mentorProfileFieldsSchema,
  type MentorProfile,
} from '../../../shared/schemas/mentors';
import type { UniversityOption } from '../../../shared/schemas/registration';
import {
  findCategory,
  INDUSTRY_CATEGORIES,
  OTHER_CATEGORY,
  parseIndustry,
} from '../../../shared/taxonomy';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../app/guards';
import { SelectField, TextAreaField, TextField } from '../../components/form-fields';
import { ImagePicker } from '../../components/image-picker';
import { PageLoading } from '../../components/page-loading';
import { SubmitButton } from '../../components/submit-button';
import { universitiesQuery } from '../registration/api';
import { myMentorProfileQuery, useUpdateMyMentorProfile } from './api';

type EditForm = z.input<typeof mentorProfileFieldsSchema>;
type EditValues = z.output<typeof mentorProfileFieldsSchema>;

/** /mentor-profile/edit (mentor only): the own alumni profile, pre-filled, with an optional new icon. */
export function MentorProfileEditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('mentorProfileEdit.title'));
  const navigate = useNavigate();
  const profile = useQuery(myMentorProfileQuery);
  const universities = useQuery(universitiesQuery);
  const notFound = profile.error instanceof ApiError && profile.error.code === 'not-found';

  useEffect(() => {
    if (!notFound) return;
    const timer = setTimeout(() => void navigate(paths.home), REDIRECT_AFTER_MISSING_MS);
    return () => clearTimeout(timer);
  }, [notFound, navigate]);

  let body;
  if (profile.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {notFound ? t('mentorProfileEdit.notFound') : t('mentorProfileEdit.loadFailed')}
      </p>
    );
  } else if (profile.isPending || universities.isPending) {
    body = <PageLoading />;
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

type Saved = 'saved' | 'imageNotUpdated';

function MentorEditForm({
  profile,
  universities,
}: {
  profile: MentorProfile;
  universities: UniversityOption[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateMyMentorProfile();
  const [image, setImage] = useState<Blob | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [saved, setSaved] = useState<Saved | null>(null);
  const industry = parseIndustry(profile.industry);
  const form = useForm<EditForm, unknown, EditValues>({
    resolver: zodResolver(mentorProfileFieldsSchema),
    defaultValues: {
      name: profile.name,
      universityId: profile.universityId ?? '',
      graduationYear: String(profile.graduationYear),
      industryCategory: industry.category ?? '',
      industrySubcategory: industry.subcategory ?? '',
      company: profile.company,
      message: profile.message,
    },
  });
  const categoryName = useWatch({ control: form.control, name: 'industryCategory' });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const category = findCategory(categoryName ?? '');
  const errors = form.formState.errors;
  // A university no longer offered stays selectable for the profile that already has it.
  const universityOptions =
    profile.universityId && !universities.some((u) => u.id === profile.universityId)
      ? [...universities, { id: profile.universityId, name: profile.universityName, domains: [] }]
      : universities;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => void navigate(paths.mentorProfile), REDIRECT_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const submit = form.handleSubmit(async (values) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) {
      if (value !== undefined) body.set(key, String(value));
    }
    if (image) body.set('image', image, 'icon.jpg');
    try {
      const result = await update.mutateAsync(body);
      setSaved(image && !result.imageUpdated ? 'imageNotUpdated' : 'saved');
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, key] of Object.entries(error.fieldErrors)) {
          if (field === 'image') setImageError(key);
          else form.setError(field as keyof EditForm, { message: key });
        }
      }
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('mentorProfileEdit.lead')}</p>
      <fieldset disabled={saved !== null} className="plain-fieldset">
        <TextField
          label={t('mentorProfileEdit.name')}
          autoComplete="name"
          required
          errorKey={errors.name?.message}
          {...form.register('name')}
        />
        <SelectField
          label={t('mentorProfileEdit.university')}
          placeholder={t('mentorProfileEdit.universityPlaceholder')}
          required
          errorKey={errors.universityId?.message}
          {...form.register('universityId')}
        >
          {universityOptions.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('mentorProfileEdit.graduationYear')}
          placeholder={t('mentorProfileEdit.graduationYearPlaceholder')}
          required
          errorKey={errors.graduationYear?.message}
          {...form.register('graduationYear')}
        >
          {graduationYears().map((year) => (
            <option key={year} value={year}>
              {t('mentorProfileEdit.yearOption', { year })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('mentorProfileEdit.industryCategory')}
          placeholder={t('mentorProfileEdit.industryCategoryPlaceholder')}
          required
          errorKey={errors.industryCategory?.message}
          {...form.register('industryCategory', {
            onChange: () => form.setValue('industrySubcategory', ''),
          })}
        >
          {INDUSTRY_CATEGORIES.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {category ? (
          <SelectField
            label={t('mentorProfileEdit.industrySubcategory')}
            placeholder={t('mentorProfileEdit.industrySubcategoryPlaceholder')}
            hint={
              category.name === OTHER_CATEGORY
                ? t('mentorProfileEdit.industrySubcategoryOptional')
                : undefined
            }
            required={category.name !== OTHER_CATEGORY}
            errorKey={errors.industrySubcategory?.message}
            {...form.register('industrySubcategory')}
          >
            {category.subcategories.map((sub) => (
              <option key={sub} value={sub}>
                {sub}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextField
          label={t('mentorProfileEdit.company')}
          autoComplete="organization"
          required
          errorKey={errors.company?.message}
          {...form.register('company')}
        />
        <TextAreaField
          label={t('mentorProfileEdit.message')}
          required
          rows={3}
          errorKey={errors.message?.message}
          counter={t('mentorProfileEdit.messageCounter', {
            count: message.length,
            max: MENTOR_MESSAGE_MAX_LENGTH,
          })}
          counterOver={message.length > MENTOR_MESSAGE_MAX_LENGTH}
          {...form.register('message')}
        />
        <ImagePicker
          label={t('mentorProfileEdit.image')}
          maxSide={ICON_MAX_SIDE_EDIT}
          initialUrl={profile.iconUrl ?? undefined}
          errorKey={imageError}
          onChange={(blob) => {
            setImage(blob);
            if (blob) setImageError(undefined);
          }}
        />
        {update.error ? (
          <p className="notice notice-error" role="alert">
            {t('mentorProfileEdit.failed', { message: errorMessage(t, update.error) })}
          </p>
        ) : null}
        {saved ? (
          <p
            className={saved === 'saved' ? 'notice notice-success' : 'notice notice-warning'}
            role="status"
          >
            {saved === 'saved'
              ? t('mentorProfileEdit.saved')
              : t('mentorProfileEdit.imageNotUpdated')}
          </p>
        ) : null}
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
