import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../shared/paths';
import { emailSchema } from '../../../shared/schemas/common';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../app/guards';
import { PageLoading } from '../../components/page-loading';
import { ErrorNotice } from '../../components/error-notice';
import { SubmitButton } from '../../components/submit-button';
import { EmailField } from '../../components/form-fields';
import { afterSignIn, emailForSignIn, pendingSignup } from '../../lib/browser-storage';
import { useCompleteLink, useSession } from './api';

const emailFormSchema = z.object({ email: emailSchema });
type EmailForm = z.input<typeof emailFormSchema>;

/**
 * /auth/verify-email, the link's landing page. Opening it changes nothing (mail scanners open
 * links); sign-in completes with a POST, at once when this browser asked for the link
 * (emailForSignIn), otherwise after the person types the address the link was sent to.
 */
export function VerifyLinkPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('verifyLink.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const completeLink = useCompleteLink();
  const [mismatch, setMismatch] = useState(false);
  const autoSubmitted = useRef(false);

  async function complete(email: string) {
    try {
      await completeLink.mutateAsync({ token, email });
      emailForSignIn.clear();
      pendingSignup.clear();
      await navigate(afterSignIn.take() ?? paths.home, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'auth/email-mismatch') setMismatch(true);
    }
  }

  const user = session.data?.user;
  // An unverified account (alumni sign-up) opens its own verification link while signed in.
  const knownEmail = (user && !user.emailVerified ? user.email : null) ?? emailForSignIn.get();
  const askForEmail = mismatch || (!session.isPending && !knownEmail);

  const alreadyVerified = Boolean(user?.emailVerified);
  useEffect(() => {
    if (alreadyVerified && !completeLink.isPending && !completeLink.isSuccess) {
      void navigate(paths.home, { replace: true });
    }
  }, [alreadyVerified, completeLink.isPending, completeLink.isSuccess, navigate]);

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
    (completeLink.error instanceof ApiError && completeLink.error.code === 'auth/invalid-link');

  return (
    <section className="card narrow">
      <h1>{t('verifyLink.title')}</h1>
      {invalid ? (
        <>
          <p className="notice notice-error" role="alert">
            {t('verifyLink.invalid')}
          </p>
          <p>
            <Link className="button button-primary" to={paths.login}>
              {t('verifyLink.toLogin')}
            </Link>
          </p>
        </>
      ) : askForEmail ? (
        <EmailPrompt
          onSubmit={(email) => void complete(email)}
          pending={completeLink.isPending}
          error={completeLink.error}
        />
      ) : (
        <>{completeLink.error ? <ErrorNotice error={completeLink.error} /> : <PageLoading />}</>
      )}
    </section>
  );
}

function EmailPrompt({
  onSubmit,
  pending,
  error,
}: {
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
      <p>{t('verifyLink.askEmailLead')}</p>
      <EmailField
        label={t('verifyLink.emailLabel')}
        errorKey={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <ErrorNotice error={error} />
      <SubmitButton
        pending={pending}
        label={t('verifyLink.submit')}
        pendingLabel={t('verifyLink.submitting')}
      />
    </form>
  );
}
