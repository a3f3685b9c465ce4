import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageLoading } from '../../components/page-loading';
import { visitingTextsReady } from '../../i18n';

// The console is loaded only when an admin opens it, so its code (and the chart library) and
// its texts stay out of what every other page downloads.
function withAdminTexts<T>(page: Promise<T>): Promise<T> {
  return Promise.all([
    import('./texts').then((module) => module.adminTextsReady),
    visitingTextsReady(),
    page,
  ]).then(([, , module]) => module);
}

const AdminLayout = lazy(() =>
  withAdminTexts(import('./admin-layout')).then((module) => ({ default: module.AdminLayout })),
);
const OverviewPage = lazy(() =>
  withAdminTexts(import('./overview-page')).then((module) => ({ default: module.OverviewPage })),
);
const UsersPage = lazy(() =>
  withAdminTexts(import('./users-page')).then((module) => ({ default: module.UsersPage })),
);
const InvitationsPage = lazy(() =>
  withAdminTexts(import('./invitations-page')).then((module) => ({
    default: module.InvitationsPage,
  })),
);
const UniversitiesPage = lazy(() =>
  withAdminTexts(import('./universities-page')).then((module) => ({
    default: module.UniversitiesPage,
  })),
);
const ReportsPage = lazy(() =>
  withAdminTexts(import('./reports-page')).then((module) => ({ default: module.ReportsPage })),
);
const FeedbackPage = lazy(() =>
  withAdminTexts(import('./feedback-page')).then((module) => ({ default: module.FeedbackPage })),
);
const DeskPage = lazy(() =>
  withAdminTexts(import('./desk-page')).then((module) => ({ default: module.DeskPage })),
);
const SetupPage = lazy(() =>
  withAdminTexts(import('./setup-page')).then((module) => ({ default: module.SetupPage })),
);
const VisitsPage = lazy(() =>
  withAdminTexts(import('./visits-page')).then((module) => ({ default: module.VisitsPage })),
);
const VisitNotesPage = lazy(() =>
  withAdminTexts(import('./visit-notes-page')).then((module) => ({
    default: module.VisitNotesPage,
  })),
);
const ReachPage = lazy(() =>
  withAdminTexts(import('./reach-page')).then((module) => ({ default: module.ReachPage })),
);
const GroupSessionsPage = lazy(() =>
  withAdminTexts(import('./group-sessions-page')).then((module) => ({
    default: module.GroupSessionsPage,
  })),
);
const AuditPage = lazy(() =>
  withAdminTexts(import('./audit-page')).then((module) => ({ default: module.AuditPage })),
);

/** /admin and its sections; the router puts them behind the admin-only guard. */
export const adminRoutes: RouteObject[] = [
  {
    path: paths.admin,
    element: (
      <Suspense fallback={<PageLoading />}>
        <AdminLayout />
      </Suspense>
    ),
    children: [
      { index: true, element: <OverviewPage /> },
      { path: paths.adminUsers, element: <UsersPage /> },
      { path: paths.adminInvitations, element: <InvitationsPage /> },
      { path: paths.adminUniversities, element: <UniversitiesPage /> },
      { path: paths.adminReports, element: <ReportsPage /> },
      { path: paths.adminFeedback, element: <FeedbackPage /> },
      { path: paths.adminDesk, element: <DeskPage /> },
      { path: paths.adminSetup, element: <SetupPage /> },
      { path: paths.adminVisits, element: <VisitsPage /> },
      { path: paths.adminVisitNotes, element: <VisitNotesPage /> },
      { path: paths.adminReach, element: <ReachPage /> },
      { path: paths.adminGroupSessions, element: <GroupSessionsPage /> },
      { path: paths.adminAudit, element: <AuditPage /> },
    ],
  },
];
