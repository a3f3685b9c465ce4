import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../shared/paths';
import { completeCodeRequestSchema, loginLinkRequestSchema } from '../../../shared/schemas/auth';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle, type LoginRedirectState } from '../../app/guards';
import { ErrorNotice } from '../../components/error-notice';
import { SubmitButton } from '../../components/submit-button';
import { EmailField, HoneypotField, TextField } from '../../components/form-fields';
import { emailForSignIn } from '../../lib/browser-storage';
import { sessionQuery, useCompleteCode, useRequestLoginLink, useSession } from './api';

type LoginForm = z.input<typeof loginLinkRequestSchema>;
const codeFormSchema = completeCodeRequestSchema.pick({ code: true });
type CodeForm = z.input<typeof codeFormSchema>;

/** /login: e-mail → link (and code) sent → signed in. */
export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  useSendSignedInVisitorHome();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <section className="card narrow">
      <h1>{t('login.title')}</h1>
      {sentTo ? null : <LoginNotices />}
      {sentTo ? (
        <SentConfirmation email={sentTo} onUseAnotherEmail={() => setSentTo(null)} />
      ) : (
        <EmailForm onSent={setSentTo} />
      )}
      <p className="register-link">
        <Link to={paths.register}>{t('login.registerLink')}</Link>
      </p>
    </section>
  );
}

/** A signed-in visitor is refreshed and sent to / (spec section 2). */
function useSendSignedInVisitorHome() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const refreshed = useRef(false);
  useEffect(() => {
    if (!refreshed.current) {
      refreshed.current = true;
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    }
  }, [queryClient]);
  useEffect(() => {
    if (session.data?.user && !session.isFetching) void navigate(paths.home, { replace: true });
  }, [session.data, session.isFetching, navigate]);
}

function LoginNotices() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = useLocation().state as LoginRedirectState | null;
  if (params.get('timeout') === 'true') {
    return (
      <p className="notice notice-warning" role="status">
        {t('login.timeout')}
      </p>
    );
  }
  if (state?.notice === 'withdrawn') {
    return (
      <p className="notice notice-success" role="status">
        {t('nav.withdrawn')}
      </p>
    );
  }
  if (state?.notice === 'loginRequired') {
    return (
      <p className="notice notice-info" role="status">
        {t('login.loginRequired')}
      </p>
    );
  }
  return null;
}

function EmailForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const requestLink = useRequestLoginLink();
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginLinkRequestSchema),
    defaultValues: { email: '', website: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    try {
      await requestLink.mutateAsync({ email, website: values.website });
      emailForSignIn.set(email);
      onSent(email);
    } catch {
      // Shown below from requestLink.error.
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('login.lead')}</p>
      <EmailField
        label={t('login.emailLabel')}
        errorKey={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <HoneypotField {...form.register('website')} />
      {requestLink.error ? <LoginError error={requestLink.error} /> : null}
      <SubmitButton
        pending={requestLink.isPending}
        label={t('login.submit')}
        pendingLabel={t('login.sending')}
      />
    </form>
  );
}

/** The spec's login messages: known codes by name, anything else with its code. */
function LoginError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const known = error instanceof ApiError && error.code !== 'internal';
  return (
    <p className="notice notice-error" role="alert">
      {known
        ? errorMessage(t, error)
        : `${t('login.sendFailed')} ${t('login.unexpected', { code: error instanceof ApiError ? error.status : 'unknown' })}`}
    </p>
  );
}

function SentConfirmation({
  email,
  onUseAnotherEmail,
}: {
  email: string;
  onUseAnotherEmail: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completeCode = useCompleteCode();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  useEffect(() => headingRef.current?.focus(), []);

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await completeCode.mutateAsync({ email, code });
      emailForSignIn.clear();
      await navigate(paths.home, { replace: true });
    } catch {
      // Shown below from completeCode.error.
    }
  });

  return (
    <div className="sent-confirmation">
      <h2 ref={headingRef} tabIndex={-1}>
        {t('login.sentTitle')}
      </h2>
      <p role="status">{t('login.sentBody', { email })}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('login.codeLead')}</p>
        <TextField
          label={t('login.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]*"
          errorKey={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <ErrorNotice error={completeCode.error} />
        <SubmitButton
          pending={completeCode.isPending}
          label={t('login.codeSubmit')}
          pendingLabel={t('login.codeSubmitting')}
        />
      </form>
      <button type="button" className="button button-link" onClick={onUseAnotherEmail}>
        {t('login.useAnotherEmail')}
      </button>
    </div>
  );
}
