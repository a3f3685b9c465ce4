import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ICON_MAX_SIDE_REGISTRATION } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { InvitationLookup } from '../../../shared/schemas/invitations';
import type { UniversityOption } from '../../../shared/schemas/universities';
import { emailSchema } from '../../../shared/schemas/common';
import { mentorProfileFieldsSchema } from '../../../shared/schemas/mentors';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { emailForSignIn } from '../../lib/browser-storage';
import { EmailField, HoneypotField } from '../../components/form-fields';
import { ImagePicker } from '../../components/image-picker';
import { PageLoading } from '../../components/page-loading';
import { SubmitButton } from '../../components/submit-button';
import { invitationLookupQuery } from '../invitations/api';
import { seminarQuery } from '../seminar/api';
import { universitiesQuery } from '../../lib/universities';
import {
  MentorProfileFields,
  type MentorProfileForm,
  type MentorProfileValues,
} from './mentor-profile-fields';
import { submitWithIcon, useProfileIcon } from './profile-icon';
import { useRegisterMentor } from './api';
import './mentors.css';

/**
 * /mentor-register?email=…&code=… (or the older ?code=…): verifying the invitation, then
 * invalid or the form; once submitted the new account waits on /verify-email. The older link
 * carries no address, and a code alone reveals none: the invitee types the
 * invited address first and the pair is checked.
 */
export function MentorRegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('mentorRegister.title'));
  const [params] = useSearchParams();
  const linkEmail = params.get('email');
  const code = params.get('code');
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const email = linkEmail ?? typedEmail;
  const invitation = useQuery({
    ...invitationLookupQuery(email, code),
    enabled: code !== null && code !== '' && email !== null && email !== '',
  });
  const universities = useQuery(universitiesQuery);
  const missingParams = !code || linkEmail === '';
  // With the code alone, a pair that does not match is a typing slip: ask again.
  const askAgain =
    linkEmail === null &&
    invitation.error instanceof ApiError &&
    ['invitation/invalid-or-used', 'invalid-argument'].includes(invitation.error.code);

  let body;
  if (missingParams) {
    body = <InvalidInvitation error={new ApiError(400, 'invitation/invalid-link')} />;
  } else if (email === null || askAgain) {
    body = (
      <InvitedEmailForm
        error={askAgain ? invitation.error : null}
        onSubmit={(typed) => setTypedEmail(typed)}
      />
    );
  } else if (invitation.error) {
    body = <InvalidInvitation error={invitation.error} />;
  } else if (invitation.isPending || universities.isPending) {
    body = <PageLoading label={t('mentorRegister.verifying')} />;
  } else if (universities.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('register.universitiesFailed')}
      </p>
    );
  } else {
    body = (
      <MentorForm
        invitation={invitation.data}
        code={code}
        proof={params.get('proof')}
        universities={universities.data}
      />
    );
  }

  return (
    <section className="card narrow">
      <h1>{t('mentorRegister.title')}</h1>
      {body}
    </section>
  );
}

const invitedEmailSchema = z.object({ email: emailSchema });

/** The older link's first step: the invited address, checked with the code as a pair. */
function InvitedEmailForm({
  error,
  onSubmit,
}: {
  error: unknown;
  onSubmit: (email: string) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<
    z.input<typeof invitedEmailSchema>,
    unknown,
    z.output<typeof invitedEmailSchema>
  >({
    resolver: zodResolver(invitedEmailSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit((values) => onSubmit(values.email));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('mentorRegister.askEmailLead')}</p>
      {error ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(t, error)}
        </p>
      ) : null}
      <EmailField
        label={t('mentorRegister.askEmailLabel')}
        errorKey={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <SubmitButton pending={false} label={t('mentorRegister.askEmailSubmit')} pendingLabel="" />
    </form>
  );
}

/** Missing parameters, unknown or used, expired, or another error. */
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
  proof,
  universities,
}: {
  invitation: InvitationLookup;
  code: string;
  /** The link's proof: sent with the form, it spares her a mail to confirm her address. */
  proof: string | null;
  universities: UniversityOption[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registerMentor = useRegisterMentor();
  const icon = useProfileIcon();
  const form = useForm<MentorProfileForm, unknown, MentorProfileValues>({
    resolver: zodResolver(mentorProfileFieldsSchema),
    defaultValues: {
      name: '',
      universityId: '',
      faculty: '',
      industryCategory: '',
      industrySubcategory: '',
      company: '',
      message: '',
      nameReading: '',
      companyReading: '',
      jobType: '',
      joinedYear: '',
      topics: [],
      topicsNote: '',
      website: '',
    },
  });

  const submit = submitWithIcon(form, icon, async (body) => {
    body.set('email', invitation.email);
    body.set('code', code);
    body.set('website', form.getValues('website') ?? '');
    if (proof) body.set('proof', proof);
    const answer = await registerMentor.mutateAsync(body);
    // Opened from her invitation's link, which proved her address: she is signed in.
    if (answer.signedIn) {
      await navigate(paths.home, { replace: true });
      return;
    }
    // No session yet: the link opened in this browser signs in at once.
    emailForSignIn.set(invitation.email);
    await navigate(paths.verifyEmail, { replace: true });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('mentorRegister.lead')}</p>
      <InvitedBySeminar />
      <p className="muted">{t('mentorRegister.invitedAs', { email: invitation.email })}</p>
      <p className="muted">{t('mentorRegister.contactPrivacy')}</p>
      <MentorProfileFields form={form} universities={universities} />
      <ImagePicker
        label={t('mentorRegister.image')}
        maxSide={ICON_MAX_SIDE_REGISTRATION}
        required
        {...icon.picker}
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

/** The seminar the invitation comes from, as the admins named it (nothing while unset). */
function InvitedBySeminar() {
  const { t } = useTranslation();
  const seminar = useQuery(seminarQuery).data?.seminar;
  if (!seminar) return null;
  return (
    <p className="muted">
      {t('mentorRegister.invitedBySeminar', { seminar: seminar.name, leader: seminar.leaderName })}
    </p>
  );
}
