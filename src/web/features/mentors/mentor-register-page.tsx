import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ICON_MAX_SIDE_REGISTRATION } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { InvitationLookup } from '../../../shared/schemas/invitations';
import type { UniversityOption } from '../../../shared/schemas/registration';
import { mentorProfileFieldsSchema } from '../../../shared/schemas/mentors';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../app/guards';
import { HoneypotField } from '../../components/form-fields';
import { ImagePicker } from '../../components/image-picker';
import { PageLoading } from '../../components/page-loading';
import { SubmitButton } from '../../components/submit-button';
import { invitationLookupQuery } from '../invitations/api';
import { universitiesQuery } from '../registration/api';
import {
  MentorProfileFields,
  mentorProfileFormData,
  showServerFieldErrors,
  type MentorProfileForm,
  type MentorProfileValues,
} from './mentor-profile-fields';
import { useRegisterMentor } from './api';

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
  const form = useForm<MentorProfileForm, unknown, MentorProfileValues>({
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

  const submit = form.handleSubmit(
    async (values) => {
      if (!image) {
        setImageError('validation.imageRequired');
        return;
      }
      const body = mentorProfileFormData(values, image);
      body.set('email', invitation.email);
      body.set('code', code);
      body.set('website', form.getValues('website') ?? '');
      try {
        await registerMentor.mutateAsync(body);
        await navigate(paths.verifyEmail, { replace: true });
      } catch (error) {
        showServerFieldErrors(error, form, setImageError);
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
      <MentorProfileFields form={form} universities={universities} />
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
