import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageLoading } from '../../components/page-loading';
import './admin.css';

const SECTIONS = [
  { to: paths.admin, labelKey: 'admin.nav.overview', end: true },
  { to: paths.adminUsers, labelKey: 'admin.nav.users', end: false },
  { to: paths.adminInvitations, labelKey: 'admin.nav.invitations', end: false },
  { to: paths.adminUniversities, labelKey: 'admin.nav.universities', end: false },
  { to: paths.adminReports, labelKey: 'admin.nav.reports', end: false },
  { to: paths.adminDesk, labelKey: 'admin.nav.desk', end: false },
  { to: paths.adminVisits, labelKey: 'admin.nav.visits', end: false },
  { to: paths.adminVisitNotes, labelKey: 'admin.nav.visitNotes', end: false },
  { to: paths.adminGroupSessions, labelKey: 'adminGroupSessions.nav', end: false },
  { to: paths.adminReach, labelKey: 'adminReach.nav', end: false },
  { to: paths.adminFeedback, labelKey: 'admin.nav.feedback', end: false },
  { to: paths.adminAudit, labelKey: 'admin.nav.audit', end: false },
  { to: paths.adminSetup, labelKey: 'admin.nav.setup', end: false },
] as const;

/** The admin console: its own sub-navigation above whichever section is open. */
export function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label={t('admin.navLabel')}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end} className="admin-nav-link">
                {t(section.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
