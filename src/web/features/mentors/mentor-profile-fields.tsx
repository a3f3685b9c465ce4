import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  graduationYears,
  joinedYears,
  MENTOR_MESSAGE_MAX_LENGTH,
  MENTOR_TOPICS,
  MENTOR_TOPICS_NOTE_MAX_LENGTH,
} from '../../../shared/constants';
import { mentorProfileFieldsSchema } from '../../../shared/schemas/mentors';
import type { UniversityOption } from '../../../shared/schemas/universities';
import { findCategory, INDUSTRY_CATEGORIES, OTHER_CATEGORY } from '../../../shared/taxonomy';
import { SelectField, TextAreaField, TextField } from '../../components/form-fields';
import { ReadingField } from '../../components/reading-field';
import { universityName } from '../../lib/university-name';
import { JobTypeOptions } from './richer-profile';
import { industryPartName } from '../../../shared/taxonomy-en';
import { applyServerFieldErrors } from '../../lib/server-field-errors';

export type MentorProfileForm = z.input<typeof mentorProfileFieldsSchema> & { website?: string };
export type MentorProfileValues = z.output<typeof mentorProfileFieldsSchema>;
export type MentorProfileFormApi = UseFormReturn<MentorProfileForm, unknown, MentorProfileValues>;

/**
 * The alumni profile's fields, the same on registration and edit: name, university,
 * graduation year, industry then its detail (その他 needs none), company, message with counter;
 * and, optionally, ふりがな, 学部 (beside the university), 職種, 入社年 and 相談できること
 * (topics and own words).
 */
export function MentorProfileFields({
  form,
  universities,
}: {
  form: MentorProfileFormApi;
  universities: UniversityOption[];
}) {
  const { t, i18n } = useTranslation();
  const categoryName = useWatch({ control: form.control, name: 'industryCategory' });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const topicsNote = useWatch({ control: form.control, name: 'topicsNote' }) ?? '';
  const graduationYear =
    Number(useWatch({ control: form.control, name: 'graduationYear' })) || null;
  const category = findCategory(categoryName ?? '');
  const errors = form.formState.errors;
  return (
    <>
      <TextField
        label={t('mentorForm.name')}
        autoComplete="name"
        required
        errorKey={errors.name?.message}
        {...form.register('name')}
      />
      <ReadingField errorKey={errors.nameReading?.message} {...form.register('nameReading')} />
      <SelectField
        label={t('mentorForm.university')}
        placeholder={t('mentorForm.universityPlaceholder')}
        required
        errorKey={errors.universityId?.message}
        {...form.register('universityId')}
      >
        {universities.map((u) => (
          <option key={u.id} value={u.id}>
            {universityName(u.name, u.nameEn, i18n.language)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('mentorForm.faculty')}
        hint={t('mentorForm.facultyHint')}
        placeholder={t('mentorForm.facultyPlaceholder')}
        errorKey={errors.faculty?.message}
        {...form.register('faculty')}
      />
      <SelectField
        label={t('mentorForm.graduationYear')}
        placeholder={t('mentorForm.graduationYearPlaceholder')}
        required
        errorKey={errors.graduationYear?.message}
        {...form.register('graduationYear', {
          // A 入社年 before the new graduation year is no longer offered: it is let go, not kept hidden.
          onChange: (event: { target: { value: string } }) => {
            const joined = Number(form.getValues('joinedYear'));
            if (joined && !joinedYears(Number(event.target.value) || null).includes(joined)) {
              form.setValue('joinedYear', '');
            }
          },
        })}
      >
        {graduationYears().map((year) => (
          <option key={year} value={year}>
            {t('mentorForm.yearOption', { year })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('mentorForm.industryCategory')}
        placeholder={t('mentorForm.industryCategoryPlaceholder')}
        required
        errorKey={errors.industryCategory?.message}
        {...form.register('industryCategory', {
          onChange: () => form.setValue('industrySubcategory', ''),
        })}
      >
        {INDUSTRY_CATEGORIES.map((c) => (
          <option key={c.name} value={c.name}>
            {industryPartName(c.name, i18n.language)}
          </option>
        ))}
      </SelectField>
      {category ? (
        <SelectField
          label={t('mentorForm.industrySubcategory')}
          placeholder={t('mentorForm.industrySubcategoryPlaceholder')}
          hint={
            category.name === OTHER_CATEGORY
              ? t('mentorForm.industrySubcategoryOptional')
              : undefined
          }
          required={category.name !== OTHER_CATEGORY}
          errorKey={errors.industrySubcategory?.message}
          {...form.register('industrySubcategory')}
        >
          {category.subcategories.map((sub) => (
            <option key={sub} value={sub}>
              {industryPartName(sub, i18n.language)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField
        label={t('mentorForm.company')}
        autoComplete="organization"
        required
        errorKey={errors.company?.message}
        {...form.register('company')}
      />
      <ReadingField
        of="company"
        label={t('nameReading.companyLabel')}
        errorKey={errors.companyReading?.message}
        {...form.register('companyReading')}
      />
      <SelectField
        label={t('profileFields.jobType')}
        hint={t('mentorForm.optional')}
        placeholder={t('mentorForm.notGiven')}
        errorKey={errors.jobType?.message}
        {...form.register('jobType')}
      >
        <JobTypeOptions />
      </SelectField>
      <SelectField
        label={t('profileFields.joinedYear')}
        hint={t('mentorForm.optional')}
        placeholder={t('mentorForm.notGiven')}
        errorKey={errors.joinedYear?.message}
        {...form.register('joinedYear')}
      >
        {joinedYears(graduationYear).map((year) => (
          <option key={year} value={year}>
            {t('mentorForm.yearOption', { year })}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('mentorForm.message')}
        required
        rows={3}
        errorKey={errors.message?.message}
        counter={t('mentorForm.messageCounter', {
          count: message.length,
          max: MENTOR_MESSAGE_MAX_LENGTH,
        })}
        counterOver={message.length > MENTOR_MESSAGE_MAX_LENGTH}
        {...form.register('message')}
      />
      <fieldset className="field checkbox-group">
        <legend>{t('profileFields.topics')}</legend>
        <p className="field-hint">{t('mentorForm.topicsHint')}</p>
        <div className="checkbox-grid">
          {MENTOR_TOPICS.map((topic) => (
            <label key={topic} className="checkbox-option">
              <input type="checkbox" value={topic} {...form.register('topics')} />
              {t(`profileFields.topicLabels.${topic}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label={t('profileFields.topicsNote')}
        hint={t('mentorForm.optional')}
        placeholder={t('mentorForm.topicsNotePlaceholder')}
        rows={2}
        errorKey={errors.topicsNote?.message}
        counter={t('mentorForm.messageCounter', {
          count: topicsNote.length,
          max: MENTOR_TOPICS_NOTE_MAX_LENGTH,
        })}
        counterOver={topicsNote.length > MENTOR_TOPICS_NOTE_MAX_LENGTH}
        {...form.register('topicsNote')}
      />
    </>
  );
}

/** The form's values (and a chosen icon) as the multipart body both endpoints take. */
export function mentorProfileFormData(values: MentorProfileValues, image: Blob | null): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    // Left out when not given; the topics travel as one comma-separated field.
    if (value === undefined || value === null) continue;
    body.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (image) body.set('image', image, 'icon.jpg');
  return body;
}

/** Puts the server's per-field message keys on the fields (the icon's on the picker). */
export function showServerFieldErrors(
  error: unknown,
  form: MentorProfileFormApi,
  setImageError: (key: string) => void,
) {
  applyServerFieldErrors(error, form.setError, {
    fieldOf: (field) => (field === 'image' ? undefined : (field as keyof MentorProfileForm)),
    onUnmapped: (_field, key) => setImageError(key),
  });
}
