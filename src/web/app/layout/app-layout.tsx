import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { setSessionExpiredListener } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { publicConfigQuery, useLogout } from '../../features/auth/api';
import { sessionQuery, useSession } from '../../lib/session';
import type { Role } from '../../../shared/roles';
import { visitingTextsReady, type Language } from '../../i18n/index';
import { chooseLanguage, useAccountLanguage } from './account-language';
import { Modal, type ModalOpening } from '../../components/modal';
import { TermsDialog } from '../../components/terms-dialog';
import { awaitingReplyQuery } from '../../features/visits/awaiting-reply-api';
import { NotificationBell } from '../../features/notifications';
// The one module, not the feature's index: the footer is on /login, which carries no report form.
import { ConsultationDesk } from '../../features/safety/consultation-desk';
import { NavIcon } from './nav-icon';
import { forgetPrivacyNotice, PrivacyNotice, privacyNoticeSeen } from './privacy-notice';
import { tabsFor, type Tab } from './tabs';
import { useOnline } from '../../lib/online';
import { useToast } from '../../components/toast';
import { openedNewVersion } from '../service-worker';
import { useKeepDayDetails } from '../../features/day-details/api';

// Opened from the menu by few, so its code (and the visit list it shows) loads on first use.
const WithdrawDialog = lazy(() =>
  Promise.all([import('../../features/accounts/withdraw-dialog'), visitingTextsReady()]).then(
    ([module]) => ({ default: module.WithdrawDialog }),
  ),
);

// Asked once of accounts made before readings were asked for: loaded only for them, with its texts.
const NameReadingQuestion = lazy(() =>
  Promise.all([import('../../features/accounts/name-reading-question'), visitingTextsReady()]).then(
    ([module]) => ({ default: module.NameReadingQuestion }),
  ),
);

/** Header with title, tab bar (wide screens) and menu; bottom navigation on small screens. */
export function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.data?.user ?? null;
  const tabs = user?.emailVerified ? tabsFor(user.role) : [];
  const [menuOpen, setMenuOpen] = useState(false);
  const [privacySeen, setPrivacySeen] = useState(privacyNoticeSeen);
  // Counts the notices forgotten, so that the notice of a new sign-in opens afresh.
  const [signIns, setSignIns] = useState(0);
  const privacyForgotten = useCallback(() => {
    // Read back rather than assumed false: what waits for the notice (the フリガナ question)
    // must follow the stored flag, the one the new notice opens from.
    setPrivacySeen(privacyNoticeSeen());
    setSignIns((n) => n + 1);
  }, []);
  useNewSignInForgetsPrivacyNotice(
    session.data === undefined ? undefined : (user?.id ?? null),
    privacyForgotten,
  );
  useSessionExpiryRedirect();
  useAccountLanguage(user);
  useKeepDayDetails(user);
  useFocusOnNavigation();
  useNewVersionNotice();
  const online = useOnline();

  return (
    <div className={tabs.length > 0 ? 'app has-bottom-nav' : 'app'}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <div className="app-header-inner">
          <Link to={paths.home} className="app-title">
            {t('app.title')}
          </Link>
          {tabs.length > 0 ? (
            <nav className="tab-bar" aria-label={t('nav.mainLabel')}>
              <TabLinks tabs={tabs} role={user?.role} />
            </nav>
          ) : null}
          {user?.emailVerified ? (
            <Suspense fallback={<div className="bell bell-loading" />}>
              <NotificationBell />
            </Suspense>
          ) : null}
          <button
            type="button"
            className="icon-button"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <NavIcon name="menu" />
            <span className="visually-hidden">{t('nav.openMenu')}</span>
          </button>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {/* Over a page already shown (the offline page says it itself). */}
        {!online && session.data !== undefined ? (
          <p className="notice notice-warning offline-banner" role="status">
            {t('network.offlineBanner')}
          </p>
        ) : null}
        <Outlet />
      </main>
      {/* The seminar's 相談窓口 on every page, signed in or not (docs/PRODUCT.md §8). */}
      <footer className="site-footer">
        <ConsultationDesk variant="compact" />
      </footer>
      <ScrollRestoration />
      {tabs.length > 0 ? (
        <nav className="bottom-nav" aria-label={t('nav.mainLabel')}>
          <TabLinks tabs={tabs} role={user?.role} />
        </nav>
      ) : null}
      {user?.emailVerified ? (
        <PrivacyNotice key={signIns} onSeen={() => setPrivacySeen(true)} />
      ) : null}
      {user?.emailVerified && user.asksNameReading && privacySeen ? (
        <Suspense fallback={null}>
          <NameReadingQuestion />
        </Suspense>
      ) : null}
      <HamburgerMenu open={menuOpen} onClose={() => setMenuOpen(false)} role={user?.role} />
    </div>
  );
}

/** Says once, on the first open after the site was updated, that it was. */
function useNewVersionNotice() {
  const { t } = useTranslation();
  const toast = useToast();
  useEffect(() => {
    if (openedNewVersion()) toast.success(t('network.updated'));
  }, [t, toast]);
}

/**
 * The privacy notice is shown once per sign-in: forgotten when this browser is found signed out
 * (sign-out, idle timeout) or another user signs in where one was, so the next sign-in shows it.
 * `userId`: undefined while the session loads, null when signed out.
 */
function useNewSignInForgetsPrivacyNotice(userId: string | null | undefined, onForget: () => void) {
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined || userId === previous.current) return;
    const signedOut = userId === null;
    const otherUser = Boolean(previous.current) && !signedOut;
    previous.current = userId;
    if (!signedOut && !otherUser) return;
    if (privacyNoticeSeen()) {
      forgetPrivacyNotice();
      onForget();
    }
  }, [userId, onForget]);
}

function TabLinks({ tabs, role }: { tabs: Tab[]; role: Role | undefined }) {
  const { t } = useTranslation();
  return (
    <ul>
      {tabs.map((tab) => (
        <li key={tab.to}>
          <NavLink to={tab.to} className="tab-link">
            <NavIcon name={tab.icon} />
            <span>{t(tab.labelKey)}</span>
            {tab.showsAwaitingReply && <AwaitingReplyBadge role={role} />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The number of visit requests waiting for the user's answer (for a student, also those with an
 * answer not yet opened), when there are any.
 */
function AwaitingReplyBadge({ role }: { role: Role | undefined }) {
  const { t } = useTranslation();
  const count = useQuery(awaitingReplyQuery).data?.awaitingReply ?? 0;
  if (count === 0) return null;
  return (
    <span className="tab-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">
        {t(role === 'student' ? 'nav.requestsNews' : 'nav.requestsAwaiting', { count })}
      </span>
    </span>
  );
}

/** How long a page still loading may take to show its heading and receive the focus. */
const HEADING_WAIT_MS = 5_000;

function focusOn(target: HTMLElement) {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * After moving to another page, focus goes to its heading so screen readers announce the new
 * page, unless the page has put focus inside itself (a form's first step, a "sent" heading).
 * Filter changes (same path) keep focus where it is.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    let observer: MutationObserver | undefined;
    let stopWatching: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById('main');
      if (!main) return;
      if (main.contains(document.activeElement) && document.activeElement !== main) return;
      const heading = main.querySelector<HTMLElement>('h1');
      focusOn(heading ?? main);
      if (heading) return;
      // The page is still loading (a skeleton first): its heading takes the focus when it
      // appears, unless the person has moved it meanwhile.
      observer = new MutationObserver(() => {
        const late = main.querySelector<HTMLElement>('h1');
        if (!late) return;
        observer?.disconnect();
        if (document.activeElement === main) focusOn(late);
      });
      observer.observe(main, { childList: true, subtree: true });
      stopWatching = setTimeout(() => observer?.disconnect(), HEADING_WAIT_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      clearTimeout(stopWatching);
    };
  }, [pathname]);
}

/** Any API call that finds the session idle-expired sends the person to the timeout notice. */
function useSessionExpiryRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setSessionExpiredListener(() => {
      queryClient.setQueryData(sessionQuery.queryKey, { user: null, timedOut: true });
      void navigate(`${paths.login}?timeout=true`, { replace: true });
    });
    return () => setSessionExpiredListener(() => {});
  }, [navigate, queryClient]);
}

function HamburgerMenu({ open, onClose, role }: ModalOpening & { role: Role | undefined }) {
  const signedIn = role !== undefined;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useQuery({ ...publicConfigQuery, enabled: open });
  const logout = useLogout();
  const [termsOpen, setTermsOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  // Mounted from the first opening on, so closing it keeps the native dialog's focus return.
  const [withdrawUsed, setWithdrawUsed] = useState(false);

  async function handleLogout() {
    try {
      await logout.mutateAsync();
      onClose();
      await navigate(paths.login, { replace: true });
    } catch {
      // Shown in the menu: a modal dialog keeps everything outside it, toasts included, inert.
    }
  }

  return (
    <>
      <Modal open={open} onClose={onClose} title={t('nav.menu')} variant="drawer">
        <ul className="menu-list">
          {/* 座談会 (issue 58): the bottom bar has no room for a fifth tab at 320 px. */}
          {role === 'student' || role === 'mentor' ? (
            <li>
              <Link className="menu-item" to={paths.groupSessions} onClick={onClose}>
                {t('nav.groupSessions')}
              </Link>
            </li>
          ) : null}
          <li>
            <button type="button" className="menu-item" onClick={() => setTermsOpen(true)}>
              {t('nav.terms')}
            </button>
          </li>
          <li>
            <a
              className="menu-item"
              href={config.data?.inquiryUrl ?? '#'}
              target="_blank"
              rel="noopener noreferrer"
              aria-disabled={!config.data}
            >
              {t('nav.inquiries')}
              <span className="visually-hidden">{t('nav.inquiriesNewTab')}</span>
            </a>
          </li>
          {signedIn ? (
            <>
              <li>
                <button
                  type="button"
                  className="menu-item"
                  onClick={() => void handleLogout()}
                  disabled={logout.isPending}
                >
                  {t('nav.logout')}
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className="menu-item menu-item-danger"
                  onClick={() => {
                    setWithdrawUsed(true);
                    setWithdrawOpen(true);
                  }}
                >
                  {t('nav.withdraw')}
                </button>
              </li>
            </>
          ) : null}
        </ul>
        {logout.error ? (
          <p className="notice notice-error" role="alert">
            {t('nav.logoutFailed')} {errorMessage(t, logout.error)}
          </p>
        ) : null}
        <LanguageSwitch />
        <button type="button" className="button button-secondary menu-close" onClick={onClose}>
          {t('nav.closeMenu')}
        </button>
      </Modal>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
      {withdrawUsed ? (
        <Suspense fallback={null}>
          <WithdrawDialog open={withdrawOpen} onClose={() => setWithdrawOpen(false)} role={role} />
        </Suspense>
      ) : null}
    </>
  );
}

const LANGUAGES: { lang: Language; label: string }[] = [
  { lang: 'ja', label: '日本語' },
  { lang: 'en', label: 'English' },
];

/**
 * Interface language choice for everyone, remembered in the browser across visits and, signed
 * in, by the account (mails and pushes follow it).
 */
function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const signedIn = Boolean(useSession().data?.user);
  const current: Language = i18n.language === 'en' ? 'en' : 'ja';
  return (
    <fieldset className="plain-fieldset">
      <legend>{t('nav.language')}</legend>
      <div className="button-row">
        {LANGUAGES.map(({ lang, label }) => (
          <button
            key={lang}
            type="button"
            lang={lang}
            className={lang === current ? 'button button-primary' : 'button button-secondary'}
            aria-pressed={lang === current}
            onClick={() => chooseLanguage(queryClient, lang, signedIn)}
          >
            {label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
