import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RESEND_COOLDOWN_SECONDS, VERIFY_POLL_INTERVAL_MS } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { ErrorNotice } from '../../components/error-notice';
import { useDocumentTitle } from '../../lib/document-title';
import { type LoginRedirectState } from '../../lib/login-redirect';
import { useLogout, useResendVerification, verificationStatusQuery } from './api';
import { sessionQuery } from '../../lib/session';

/**
 * /verify-email: waits for the address to be confirmed (the link may be opened on another
 * device), checking every 5 s, and moves on to / by itself.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('verifyEmail.title'));
  const navigate = useNavigate();
  const session = useQuery({
    ...sessionQuery,
    refetchInterval: VERIFY_POLL_INTERVAL_MS,
    staleTime: 0,
  });
  const waiting = useQuery({
    ...verificationStatusQuery,
    refetchInterval: VERIFY_POLL_INTERVAL_MS,
    staleTime: 0,
  });
  const resend = useResendVerification();
  const logout = useLogout();
  const secondsLeft = useCountdown(RESEND_COOLDOWN_SECONDS, resend.submittedAt);
  const user = session.data?.user;
  // Verified, but in another browser: this one holds no session and must sign in.
  const verifiedElsewhere = !user && waiting.data?.status === 'verified';
  const email = user?.email ?? waiting.data?.email ?? '';

  useEffect(() => {
    if (user?.emailVerified) void navigate(paths.home, { replace: true });
  }, [user?.emailVerified, navigate]);

  // Neither signed in nor waiting on a mail this browser asked for: docs/PRODUCT.md §2 sends
  // such a visitor to /login.
  const nobody = session.isSuccess && !user && waiting.isSuccess && waiting.data.status === 'none';
  useEffect(() => {
    if (!nobody) return;
    const state: LoginRedirectState = { notice: 'loginRequired' };
    void navigate(paths.login, { replace: true, state });
  }, [nobody, navigate]);

  async function backHome() {
    // After the alumni form this browser holds no session: nothing to log out.
    if (user) {
      try {
        await logout.mutateAsync();
      } catch {
        // The page moves on anyway; the session is gone or will end by itself.
      }
    }
    await navigate(paths.home, { replace: true });
  }

  if (verifiedElsewhere) {
    return (
      <section className="card narrow">
        <h1>{t('verifyEmail.title')}</h1>
        <p role="status">{t('verifyEmail.verifiedSignIn', { email })}</p>
        <div className="button-row">
          <Link className="button button-primary" to={paths.login}>
            {t('verifyEmail.signIn')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="card narrow">
      <h1>{t('verifyEmail.title')}</h1>
      <p>{t('verifyEmail.lead', { email })}</p>
      <p className="muted" role="status">
        {t('verifyEmail.checking')}
      </p>
      {resend.isSuccess ? (
        <p className="notice notice-success" role="status">
          {t('verifyEmail.resent')}
        </p>
      ) : null}
      <ErrorNotice error={resend.error} prefix={t('verifyEmail.resendFailed')} />
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={secondsLeft > 0 || resend.isPending}
          onClick={() => resend.mutate()}
        >
          {secondsLeft > 0
            ? t('verifyEmail.resendIn', { seconds: secondsLeft })
            : t('verifyEmail.resend')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => void backHome()}>
          {user ? t('verifyEmail.backHome') : t('verifyEmail.backHomeSignedOut')}
        </button>
      </div>
    </section>
  );
}

/** Seconds left of a cooldown that restarts whenever `since` changes (0 = page load). */
function useCountdown(seconds: number, since: number): number {
  const [mountedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const startedAt = since > 0 ? since : mountedAt;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, seconds - Math.floor((now - startedAt) / 1000));
}
