import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathFor, satisfies, type RoleRequirement } from '../../shared/roles';
import { paths } from '../../shared/paths';
import { useSession } from '../lib/session';
import { PageLoading } from '../components/page-loading';
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
  if (session.isPending) return <PageLoading />;
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

/** `/`: admins to the console, mentors to their profile, everyone else to the OG list. */
export function HomeRedirect() {
  const session = useSession();
  if (session.isPending) return <PageLoading />;
  return <Navigate to={homePathFor(session.data?.user?.role)} replace />;
}
