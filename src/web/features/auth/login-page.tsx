import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { type LoginRedirectState } from '../../lib/login-redirect';
import { ErrorNotice } from '../../components/error-notice';
import { SubmitButton } from '../../components/submit-button';
import { EmailField, HalfWidthField, HoneypotField } from '../../components/form-fields';
import { afterSignIn, emailForSignIn } from '../../lib/browser-storage';
import { useLazySchemaForm } from '../../lib/use-lazy-schema-form';
import { useCompleteCode, useRequestLoginLink } from './api';
import { sessionQuery, useSession } from '../../lib/session';

// The shared schemas (and zod with them) are downloaded once the visitor starts using a form,
// so the page people land on signed out stays small.
const loadAuthSchemas = () => import('../../../shared/schemas/auth');
const loadLoginSchema = () => loadAuthSchemas().then((schemas) => schemas.loginLinkRequestSchema);
const loadCodeSchema = () =>
  loadAuthSchemas().then((schemas) => schemas.completeCodeRequestSchema.pick({ code: true }));

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

/** A signed-in visitor is refreshed and sent to /. */
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
  const form = useLazySchemaForm({
    loadSchema: loadLoginSchema,
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
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={form.prepare}
      onPointerDown={form.prepare}
      noValidate
    >
      <p>{t('login.lead')}</p>
      <EmailField
        label={t('login.emailLabel')}
        errorKey={form.errors.email}
        {...form.register('email')}
      />
      <HoneypotField {...form.register('website')} />
      {form.unavailable ? <OfflineNotice /> : null}
      {requestLink.error ? <LoginError error={requestLink.error} /> : null}
      <SubmitButton
        pending={requestLink.isPending}
        label={t('login.submit')}
        pendingLabel={t('login.sending')}
      />
    </form>
  );
}

/** The login page's messages: known codes by name, anything else with its code. */
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

/** The form's checks could not be downloaded: the same words as any failed call offline. */
function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <p className="notice notice-error" role="alert">
      {t('network.offline')}
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
  const form = useLazySchemaForm({ loadSchema: loadCodeSchema, defaultValues: { code: '' } });

  useEffect(() => headingRef.current?.focus(), []);

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await completeCode.mutateAsync({ email, code });
      emailForSignIn.clear();
      await navigate(afterSignIn.take() ?? paths.home, { replace: true });
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
      {/* The answer is the same when no new mail went out (a link sent moments ago still lives). */}
      <p>{t('login.sentEarlier')}</p>
      <form
        onSubmit={(event) => void submit(event)}
        onFocus={form.prepare}
        onPointerDown={form.prepare}
        noValidate
      >
        <p>{t('login.codeLead')}</p>
        <p>{t('login.codeOnlyHere')}</p>
        <HalfWidthField
          label={t('login.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]*"
          errorKey={form.errors.code}
          {...form.register('code')}
        />
        {form.unavailable ? <OfflineNotice /> : null}
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
