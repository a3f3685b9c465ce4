import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MENTOR_VERIFICATION_QUERY, paths } from '../../../shared/paths';
import { emailSchema } from '../../../shared/schemas/common';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../lib/document-title';
import { PageLoading } from '../../components/page-loading';
import { ErrorNotice } from '../../components/error-notice';
import { SubmitButton } from '../../components/submit-button';
import { EmailField } from '../../components/form-fields';
import { afterSignIn, emailForSignIn, pendingSignup } from '../../lib/browser-storage';
import type { PendingRegistrationView } from '../../../shared/schemas/registration';
import { useRegistrationLink } from '../registration/api';
import { RegistrationReview } from '../registration';
import { useCompleteLink, useLinkStatus } from './api';
import { useSession } from '../../lib/session';

const emailFormSchema = z.object({ email: emailSchema });
type EmailForm = z.input<typeof emailFormSchema>;

/**
 * /auth/verify-email, the link's landing page. Opening it changes nothing (mail scanners open
 * links); sign-in completes with a POST, at once when this browser asked for the link
 * (emailForSignIn), otherwise after the person types the address the link was sent to.
 * A student registration's link first shows what was entered, to be confirmed (corrected) or
 * cancelled by the owner of the address. An invited alumna's confirmation link is named as
 * such (OG登録の確認), as she may open it hours later in another browser.
 */
export function VerifyLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mentorVerification = params.get('for') === MENTOR_VERIFICATION_QUERY.for;
  const session = useSession();
  const completeLink = useCompleteLink();
  const registrationLink = useRegistrationLink();
  const [mismatch, setMismatch] = useState(false);
  const [registration, setRegistration] = useState<PendingRegistrationView | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const autoSubmitted = useRef(false);

  async function finishSignIn() {
    emailForSignIn.clear();
    pendingSignup.clear();
    await navigate(afterSignIn.take() ?? paths.home, { replace: true });
  }

  async function complete(email: string) {
    completeLink.reset();
    try {
      // A registration's link waits for the owner's confirmation; any other completes now.
      const answer = await registrationLink.mutateAsync({ token, email });
      if (answer.registration) {
        setRegistration(answer.registration);
        return;
      }
      await completeLink.mutateAsync({ token, email });
      await finishSignIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'auth/email-mismatch') setMismatch(true);
    }
  }

  function onCancelled() {
    emailForSignIn.clear();
    pendingSignup.clear();
    setCancelled(true);
  }

  const user = session.data?.user;
  // An unverified account (alumni sign-up) opens its own verification link while signed in.
  const knownEmail = (user && !user.emailVerified ? user.email : null) ?? emailForSignIn.get();
  // Before asking a stranger's browser for the address, ask whether the link still works: a
  // used or expired one says so at once. If that cannot be told, ask as before.
  // Not after this page already sent the link on (completing forgets the remembered address).
  const linkStatus = useLinkStatus(
    token,
    Boolean(token) && !session.isPending && !knownEmail && registrationLink.isIdle,
  );
  const askForEmail =
    mismatch ||
    (!session.isPending &&
      !knownEmail &&
      ((linkStatus.isSuccess && linkStatus.data.usable !== false) || linkStatus.isError));

  const alreadyVerified = Boolean(user?.emailVerified);
  useEffect(() => {
    // Not while a registration is being confirmed: confirming signs in and navigates itself.
    if (alreadyVerified && !completeLink.isPending && !completeLink.isSuccess && !registration) {
      void navigate(paths.home, { replace: true });
    }
  }, [alreadyVerified, completeLink.isPending, completeLink.isSuccess, registration, navigate]);

  useEffect(() => {
    if (!token || !knownEmail || session.isPending || alreadyVerified || autoSubmitted.current) {
      return;
    }
    autoSubmitted.current = true;
    void complete(knownEmail);
    // `complete` is stable enough for a one-shot effect guarded by the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, knownEmail, session.isPending, alreadyVerified]);

  const invalid =
    !token ||
    (!knownEmail && linkStatus.data?.usable === false) ||
    (completeLink.error instanceof ApiError && completeLink.error.code === 'auth/invalid-link');
  const linkError = registrationLink.error ?? completeLink.error;
  const title = registration
    ? t('registrationLink.title')
    : t(mentorVerification ? 'verifyLink.mentorTitle' : 'verifyLink.title');
  useDocumentTitle(title);

  if (cancelled) return <RegistrationCancelled />;
  if (registration) {
    return (
      <section className="card narrow">
        <h1>{title}</h1>
        <RegistrationReview
          token={token}
          registration={registration}
          onConfirmed={() => void finishSignIn()}
          onCancelled={onCancelled}
        />
      </section>
    );
  }

  return (
    <section className="card narrow">
      <h1>{title}</h1>
      {invalid ? (
        <>
          <p className="notice notice-error" role="alert">
            {t(mentorVerification ? 'verifyLink.mentorInvalid' : 'verifyLink.invalid')}
          </p>
          <p>
            <Link className="button button-primary" to={paths.login}>
              {t('verifyLink.toLogin')}
            </Link>
          </p>
        </>
      ) : askForEmail ? (
        <EmailPrompt
          mentorVerification={mentorVerification}
          onSubmit={(email) => void complete(email)}
          pending={registrationLink.isPending || completeLink.isPending}
          error={linkError}
        />
      ) : (
        <>{linkError ? <ErrorNotice error={linkError} /> : <PageLoading />}</>
      )}
    </section>
  );
}

/** The address is free again: the owner may register it now. */
function RegistrationCancelled() {
  const { t } = useTranslation();
  useDocumentTitle(t('registrationLink.cancelledTitle'));
  return (
    <section className="card narrow">
      <h1>{t('registrationLink.cancelledTitle')}</h1>
      <p className="notice notice-success" role="status">
        {t('registrationLink.cancelledBody')}
      </p>
      <div className="button-row">
        <Link className="button button-primary" to={paths.register}>
          {t('registrationLink.toRegister')}
        </Link>
        <Link className="button button-secondary" to={paths.login}>
          {t('registrationLink.toLogin')}
        </Link>
      </div>
    </section>
  );
}

function EmailPrompt({
  mentorVerification,
  onSubmit,
  pending,
  error,
}: {
  mentorVerification: boolean;
  onSubmit: (email: string) => void;
  pending: boolean;
  error: Error | null;
}) {
  const { t } = useTranslation();
  const form = useForm<EmailForm>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(({ email }) => onSubmit(email.trim().toLowerCase()));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t(mentorVerification ? 'verifyLink.mentorAskEmailLead' : 'verifyLink.askEmailLead')}</p>
      <EmailField
        label={t('verifyLink.emailLabel')}
        errorKey={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <ErrorNotice error={error} />
      <SubmitButton
        pending={pending}
        label={t(mentorVerification ? 'verifyLink.mentorSubmit' : 'verifyLink.submit')}
        pendingLabel={t('verifyLink.submitting')}
      />
    </form>
  );
}
