import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { adminSetupQuery, needsSetup } from '../features/admin/setup-api';
import { homePathFor, satisfies, type RoleRequirement } from '../../shared/roles';
import { paths } from '../../shared/paths';
import { useSession } from '../lib/session';
import { PageLoading } from '../components/page-loading';
import { OfflinePage } from './pages/offline-page';
import { useOnline } from '../lib/online';
import { afterSignIn } from '../lib/browser-storage';
import type { LoginRedirectState } from '../lib/login-redirect';

interface RequireAuthProps {
  require?: RoleRequirement;
  /** Only the /verify-email waiting page lets an unverified account in. */
  allowUnverified?: boolean;
}

/**
 * The guards of docs/PRODUCT.md §2 in the browser: signed out → /login ("login required", or the timeout
 * notice), unverified → /verify-email, wrong role → /unauthorized. The server enforces the
 * same rules on every API call; this only spares people pages they cannot use. A signed-out
 * visitor's page is remembered and opened again after sign-in (lib/browser-storage).
 */
export function RequireAuth({ require, allowUnverified = false }: RequireAuthProps) {
  const session = useSession();
  const location = useLocation();
  const unknown = sessionUnknown(session, useOnline());
  if (unknown) return unknown;
  const user = session.data?.user;
  if (!user) {
    afterSignIn.remember(location.pathname + location.search);
    if (session.data?.timedOut) return <Navigate to={`${paths.login}?timeout=true`} replace />;
    const state: LoginRedirectState = { notice: 'loginRequired' };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (!user.emailVerified && !allowUnverified) {
    return <Navigate to={paths.verifyEmail} replace state={{ from: location.pathname }} />;
  }
  if (require && !satisfies(user.role, require)) {
    return <Navigate to={paths.unauthorized} replace />;
  }
  return <Outlet />;
}

/**
 * What a guarded page shows while it cannot know who is signed in: loading; offline (the
 * query waits for the connection, or failed and the browser now knows why); or the server
 * did not answer its retries. Each asks again by itself once the connection is back.
 */
function sessionUnknown(session: ReturnType<typeof useSession>, online: boolean) {
  const unknown = session.data === undefined;
  const failed = session.isError && unknown;
  // A page already shown stays (the banner says the connection dropped): only a session not
  // yet known is replaced by the offline page.
  if (!online && unknown && (failed || session.fetchStatus === 'paused')) return <OfflinePage />;
  if (session.isPending) return <PageLoading />;
  if (failed) return <OfflinePage reason="unreachable" />;
  return null;
}

/** `/`: admins to the console, mentors to their profile, everyone else to the OG list. */
export function HomeRedirect() {
  const session = useSession();
  const unknown = sessionUnknown(session, useOnline());
  if (unknown) return unknown;
  const role = session.data?.user?.role;
  if (role === 'admin') return <AdminHome />;
  return <Navigate to={homePathFor(role)} replace />;
}

/**
 * An admin lands on the setup list while the seminar is not set up (its 相談窓口, its name, a
 * first invitation: issue 56), on the console's overview once it is, or if the list cannot be
 * read (the console then says what failed).
 */
function AdminHome() {
  const setup = useQuery({ ...adminSetupQuery, retry: false });
  if (setup.isPending) return <PageLoading />;
  return <Navigate to={needsSetup(setup.data) ? paths.adminSetup : homePathFor('admin')} replace />;
}
