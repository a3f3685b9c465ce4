import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MENTOR_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { graduationYears } from '../../../shared/constants';
import { mentorProfileFieldsSchema } from '../../../shared/schemas/mentors';
import type { UniversityOption } from '../../../shared/schemas/registration';
import { findCategory, INDUSTRY_CATEGORIES, OTHER_CATEGORY } from '../../../shared/taxonomy';
import { ApiError } from '../../api/client';
import { SelectField, TextAreaField, TextField } from '../../components/form-fields';

export type MentorProfileForm = z.input<typeof mentorProfileFieldsSchema> & { website?: string };
export type MentorProfileValues = z.output<typeof mentorProfileFieldsSchema>;
export type MentorProfileFormApi = UseFormReturn<MentorProfileForm, unknown, MentorProfileValues>;

/**
 * The alumni profile's fields, the same on registration and edit: name, university,
 * graduation year, industry then its detail (その他 needs none), company, message with counter.
 */
export function MentorProfileFields({
  form,
  universities,
}: {
  form: MentorProfileFormApi;
  universities: UniversityOption[];
}) {
  const { t } = useTranslation();
  const categoryName = useWatch({ control: form.control, name: 'industryCategory' });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
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
      <SelectField
        label={t('mentorForm.university')}
        placeholder={t('mentorForm.universityPlaceholder')}
        required
        errorKey={errors.universityId?.message}
        {...form.register('universityId')}
      >
        {universities.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('mentorForm.graduationYear')}
        placeholder={t('mentorForm.graduationYearPlaceholder')}
        required
        errorKey={errors.graduationYear?.message}
        {...form.register('graduationYear')}
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
            {c.name}
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
              {sub}
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
    </>
  );
}

/** The form's values (and a chosen icon) as the multipart body both endpoints take. */
export function mentorProfileFormData(values: MentorProfileValues, image: Blob | null): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) body.set(key, String(value));
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
  if (!(error instanceof ApiError)) return;
  for (const [field, key] of Object.entries(error.fieldErrors)) {
    if (field === 'image') setImageError(key);
    else form.setError(field as keyof MentorProfileForm, { message: key });
  }
}
