import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ICON_MAX_SIDE_REGISTRATION, MENTOR_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { InvitationLookup } from '../../../shared/schemas/invitations';
import type { UniversityOption } from '../../../shared/schemas/registration';
import { graduationYears, mentorProfileFieldsSchema } from '../../../shared/schemas/mentors';
import { findCategory, INDUSTRY_CATEGORIES, OTHER_CATEGORY } from '../../../shared/taxonomy';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../app/guards';
import { HoneypotField, SelectField, TextField, TextAreaField } from '../../components/form-fields';
import { ImagePicker } from '../../components/image-picker';
import { PageLoading } from '../../components/page-loading';
import { SubmitButton } from '../../components/submit-button';
import { invitationLookupQuery } from '../invitations/api';
import { universitiesQuery } from '../registration/api';
import { useRegisterMentor } from './api';

type ProfileForm = z.input<typeof mentorProfileFieldsSchema> & { website?: string };
type ProfileValues = z.output<typeof mentorProfileFieldsSchema>;

/**
 * /mentor-register?email=…&code=… (or the older ?code=…): verifying the invitation, then
 * invalid or the form; once submitted the new account waits on /verify-email.
 */
export function MentorRegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('mentorRegister.title'));
  const [params] = useSearchParams();
  const email = params.get('email');
  const code = params.get('code');
  const invitation = useQuery({
    ...invitationLookupQuery(email, code),
    enabled: code !== null && code !== '',
  });
  const universities = useQuery(universitiesQuery);
  const missingParams = !code || email === '';

  let body;
  if (missingParams || invitation.error) {
    const error = missingParams ? new ApiError(400, 'invitation/invalid-link') : invitation.error;
    body = <InvalidInvitation error={error} />;
  } else if (invitation.isPending || universities.isPending) {
    body = <PageLoading label={t('mentorRegister.verifying')} />;
  } else if (universities.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('register.universitiesFailed')}
      </p>
    );
  } else {
    body = <MentorForm invitation={invitation.data} code={code} universities={universities.data} />;
  }

  return (
    <section className="card narrow">
      <h1>{t('mentorRegister.title')}</h1>
      {body}
    </section>
  );
}

/** Spec section 8: missing parameters, unknown or used, expired, or another error. */
function InvalidInvitation({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const known =
    error instanceof ApiError &&
    [
      'invitation/invalid-link',
      'invitation/invalid-or-used',
      'invitation/expired',
      'auth/too-many-requests',
    ].includes(error.code);
  return (
    <>
      <p className="notice notice-error" role="alert">
        {known ? errorMessage(t, error) : t('mentorRegister.verifyFailed')}
      </p>
      <p>
        <Link className="button button-primary" to={paths.login}>
          {t('mentorRegister.toLogin')}
        </Link>
      </p>
    </>
  );
}

function MentorForm({
  invitation,
  code,
  universities,
}: {
  invitation: InvitationLookup;
  code: string;
  universities: UniversityOption[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registerMentor = useRegisterMentor();
  const [image, setImage] = useState<Blob | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const form = useForm<ProfileForm, unknown, ProfileValues>({
    resolver: zodResolver(mentorProfileFieldsSchema),
    defaultValues: {
      name: '',
      universityId: '',
      industryCategory: '',
      industrySubcategory: '',
      company: '',
      message: '',
      website: '',
    },
  });
  const categoryName = useWatch({ control: form.control, name: 'industryCategory' });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const category = findCategory(categoryName ?? '');
  const errors = form.formState.errors;

  const submit = form.handleSubmit(
    async (values) => {
      if (!image) {
        setImageError('validation.imageRequired');
        return;
      }
      const body = new FormData();
      body.set('email', invitation.email);
      body.set('code', code);
      for (const [key, value] of Object.entries(values)) {
        if (value !== undefined) body.set(key, String(value));
      }
      body.set('website', form.getValues('website') ?? '');
      body.set('image', image, 'icon.jpg');
      try {
        await registerMentor.mutateAsync(body);
        await navigate(paths.verifyEmail, { replace: true });
      } catch (error) {
        if (error instanceof ApiError) {
          for (const [field, key] of Object.entries(error.fieldErrors)) {
            if (field === 'image') setImageError(key);
            else form.setError(field as keyof ProfileForm, { message: key });
          }
        }
      }
    },
    () => {
      if (!image) setImageError('validation.imageRequired');
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('mentorRegister.lead')}</p>
      <p className="muted">{t('mentorRegister.invitedAs', { email: invitation.email })}</p>
      <TextField
        label={t('mentorRegister.name')}
        autoComplete="name"
        required
        errorKey={errors.name?.message}
        {...form.register('name')}
      />
      <SelectField
        label={t('mentorRegister.university')}
        placeholder={t('mentorRegister.universityPlaceholder')}
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
        label={t('mentorRegister.graduationYear')}
        placeholder={t('mentorRegister.graduationYearPlaceholder')}
        required
        errorKey={errors.graduationYear?.message}
        {...form.register('graduationYear')}
      >
        {graduationYears().map((year) => (
          <option key={year} value={year}>
            {t('mentorRegister.yearOption', { year })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('mentorRegister.industryCategory')}
        placeholder={t('mentorRegister.industryCategoryPlaceholder')}
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
          label={t('mentorRegister.industrySubcategory')}
          placeholder={t('mentorRegister.industrySubcategoryPlaceholder')}
          hint={
            category.name === OTHER_CATEGORY
              ? t('mentorRegister.industrySubcategoryOptional')
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
        label={t('mentorRegister.company')}
        autoComplete="organization"
        required
        errorKey={errors.company?.message}
        {...form.register('company')}
      />
      <TextAreaField
        label={t('mentorRegister.message')}
        required
        rows={3}
        errorKey={errors.message?.message}
        counter={t('mentorRegister.messageCounter', {
          count: message.length,
          max: MENTOR_MESSAGE_MAX_LENGTH,
        })}
        counterOver={message.length > MENTOR_MESSAGE_MAX_LENGTH}
        {...form.register('message')}
      />
      <ImagePicker
        label={t('mentorRegister.image')}
        maxSide={ICON_MAX_SIDE_REGISTRATION}
        required
        errorKey={imageError}
        onChange={(blob) => {
          setImage(blob);
          if (blob) setImageError(undefined);
        }}
      />
      <HoneypotField {...form.register('website')} />
      {registerMentor.error ? (
        <p className="notice notice-error" role="alert">
          {t('mentorRegister.failed', { message: errorMessage(t, registerMentor.error) })}
        </p>
      ) : null}
      <SubmitButton
        pending={registerMentor.isPending}
        label={t('mentorRegister.submit')}
        pendingLabel={t('mentorRegister.sending')}
      />
    </form>
  );
}
