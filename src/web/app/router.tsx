import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../../shared/paths';
import { AppLayout } from './layout/app-layout';
import { adminRoutes } from '../features/admin/routes';
import { PageLoading } from '../components/page-loading';
import { LoginPage } from '../features/auth/login-page';
import { HomeRedirect, RequireAuth } from './guards';
import { RouteError } from './pages/offline-page';
import { visitingTextsReady } from '../i18n';
import { mentorDetailLoader, mentorsListLoader } from '../features/mentors/prefetch';

/**
 * A page loaded when its route is first matched: the router downloads it alongside the
 * session check and keeps the current page until it is there (on a first visit, the layout
 * with the loading indicator). Only /login, where signed-out visitors land, comes with the
 * first download.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return {
    lazy: async () => {
      const [module] = await Promise.all([load(), visitingTextsReady()]);
      return { Component: pick(module) };
    },
    hydrateFallbackElement: <PageLoading />,
  };
}

/**
 * A page that shows her employer's rules, their desks or the guidelines (issue 54, point 9): its
 * code and those texts download together (they are not in the OG list's first download).
 */
function withEmployerRulesTexts<M>(load: () => Promise<M>): () => Promise<M> {
  return () =>
    Promise.all([
      load(),
      import('../features/employer-rules/texts').then((module) => module.employerRulesTextsReady()),
    ]).then(([module]) => module);
}

/** A page that shows 紹介's words (decision 0044): its code and those texts download together. */
function withIntroductionTexts<M>(load: () => Promise<M>): () => Promise<M> {
  return () =>
    Promise.all([
      load(),
      import('../features/introductions/texts').then((module) => module.introductionTextsReady()),
    ]).then(([module]) => module);
}

/** The pages of 座談会 (issue 58), one module, and their texts: downloaded together. */
const groupSessionPages = () =>
  Promise.all([
    import('../features/group-sessions/pages'),
    import('../features/group-sessions/texts').then((m) => m.groupSessionTextsReady()),
  ]).then(([module]) => module);

/**
 * Every route with its access rule (docs/PRODUCT.md §2). The query client is for the loaders
 * that ask for a page's data while its code downloads (features/mentors/prefetch.ts).
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <AppLayout />,
    children: [
      {
        // A page that fails (its code did not download: offline, or a new version replaced
        // it) says so inside the shell, not as the router's bare error screen.
        errorElement: <RouteError />,
        children: [
          { path: paths.home, element: <HomeRedirect /> },
          { path: paths.login, element: <LoginPage /> },
          {
            path: paths.register,
            ...page(
              () => import('../features/registration/register-page'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: paths.authVerifyEmail,
            ...page(
              () => import('../features/auth/verify-link-page'),
              (m) => m.VerifyLinkPage,
            ),
          },
          {
            path: paths.mentorRegister,
            ...page(
              () => import('../features/mentors/mentor-register-page'),
              (m) => m.MentorRegisterPage,
            ),
          },
          // The two links of a change of address open with or without a session.
          {
            path: paths.emailChange,
            ...page(
              () => import('../features/email-change/email-change-page'),
              (m) => m.EmailChangeConfirmPage,
            ),
          },
          // An alumna's contact address is confirmed from its mailbox, signed in or not.
          {
            path: paths.contactEmailConfirm,
            ...page(
              () => import('../features/mentors/contact-email-confirm-page'),
              (m) => m.ContactEmailConfirmPage,
            ),
          },
          {
            path: paths.graduationConfirm,
            ...page(
              () => import('../features/graduation/graduation-confirm-page'),
              (m) => m.GraduationConfirmPage,
            ),
          },
          {
            path: paths.emailChangeUndo,
            ...page(
              () => import('../features/email-change/email-change-page'),
              (m) => m.EmailChangeUndoPage,
            ),
          },
          // 「OG訪問の注意事項」: a student reads it from a form, a mail or before signing in.
          {
            path: paths.visitGuidelines,
            ...page(
              withEmployerRulesTexts(() => import('../features/employer-rules/guidelines-page')),
              (m) => m.VisitGuidelinesPage,
            ),
          },
          // The day's details this device keeps, read offline: no session is asked (there is
          // no connection to ask); the device keeps only the signed-in person's.
          {
            path: paths.savedVisits,
            ...page(
              () => import('../features/day-details/saved-visits'),
              (m) => m.SavedVisitsPage,
            ),
          },
          {
            path: paths.unauthorized,
            ...page(
              () => import('./pages/unauthorized-page'),
              (m) => m.UnauthorizedPage,
            ),
          },
          // The waiting page opens without a session (after the alumni form,
          // the browser holds only its binding cookie); the page reads the status itself.
          {
            path: paths.verifyEmail,
            ...page(
              () => import('../features/auth/verify-email-page'),
              (m) => m.VerifyEmailPage,
            ),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: paths.mentorsList,
                loader: mentorsListLoader(queryClient),
                ...page(
                  () => import('../features/mentors/mentors-list-page'),
                  (m) => m.MentorsListPage,
                ),
              },
              {
                path: '/mentor/:urlParam',
                loader: mentorDetailLoader(queryClient),
                ...page(
                  () => import('../features/mentors/mentor-detail-page'),
                  (m) => m.MentorDetailPage,
                ),
              },
              // A company's page: its alumni, and its notes for those who search them.
              {
                path: '/companies/:name',
                ...page(
                  () =>
                    Promise.all([
                      import('../features/companies/company-page'),
                      import('../features/companies/texts').then((m) => m.companyTextsReady()),
                    ]).then(([module]) => module),
                  (m) => m.CompanyPage,
                ),
              },
              {
                path: paths.profile,
                ...page(
                  withIntroductionTexts(
                    withEmployerRulesTexts(() => import('./pages/profile-page')),
                  ),
                  (m) => m.ProfilePage,
                ),
              },
              {
                path: paths.studentProfile,
                ...page(
                  () => import('../features/students/student-profile-page'),
                  (m) => m.StudentProfilePage,
                ),
              },
              {
                path: paths.visitRequests,
                ...page(
                  () => import('../features/visits/visit-requests-page'),
                  (m) => m.VisitRequestsPage,
                ),
              },
              {
                path: '/visit-requests/:id',
                ...page(
                  withIntroductionTexts(
                    withEmployerRulesTexts(() => import('../features/visits/visit-request-page')),
                  ),
                  (m) => m.VisitRequestPage,
                ),
              },
              // 紹介 (decision 0044): the server decides who reads it (the introduced alumna, the
              // student once she opted in, the introducer; a 404 to anyone else).
              {
                path: '/introductions/:id',
                ...page(
                  withIntroductionTexts(
                    () => import('../features/introductions/introduction-page'),
                  ),
                  (m) => m.IntroductionPage,
                ),
              },
              // One 訪問記録: the server decides who may read it (a 404 to anyone else).
              {
                path: '/visit-notes/:id',
                ...page(
                  () => import('../features/visit-notes/note-page'),
                  (m) => m.NotePage,
                ),
              },
            ],
          },
          // The seminar's shared 訪問記録 are searched by students and admins.
          {
            element: <RequireAuth require={{ roles: ['student', 'admin'] }} />,
            children: [
              {
                path: paths.visitNotes,
                ...page(
                  () => import('../features/visit-notes/note-search-page'),
                  (m) => m.NoteSearchPage,
                ),
              },
            ],
          },
          {
            element: <RequireAuth require={{ roles: ['student'] }} />,
            children: [
              {
                path: '/mentor/:urlParam/request',
                ...page(
                  withIntroductionTexts(
                    withEmployerRulesTexts(
                      () => import('../features/visits/visit-request-form-page'),
                    ),
                  ),
                  (m) => m.VisitRequestFormPage,
                ),
              },
              {
                path: '/mentor/:urlParam/book',
                ...page(
                  withEmployerRulesTexts(() => import('../features/book-slot/book-slot-page')),
                  (m) => m.BookSlotPage,
                ),
              },
              // 「あなたへのおすすめ」 (issue 57): the page and its texts.
              {
                path: paths.recommendations,
                ...page(
                  () =>
                    Promise.all([
                      import('../features/mentors/recommendations-page'),
                      import('../features/mentors/recommendation-texts').then((m) =>
                        m.recommendationTextsReady(),
                      ),
                    ]).then(([module]) => module),
                  (m) => m.RecommendationsPage,
                ),
              },
            ],
          },
          {
            element: <RequireAuth require={{ roles: ['mentor'] }} />,
            children: [
              {
                path: paths.mentorProfile,
                ...page(
                  withIntroductionTexts(
                    withEmployerRulesTexts(
                      () => import('../features/mentors/my-mentor-profile-page'),
                    ),
                  ),
                  (m) => m.MyMentorProfilePage,
                ),
              },
              {
                path: paths.mentorProfileEdit,
                ...page(
                  () => import('../features/mentors/mentor-profile-edit-page'),
                  (m) => m.MentorProfileEditPage,
                ),
              },
              // 予約枠 are an approved alumna's: the API takes the mentor role only (an admin who
              // keeps a profile has no visit settings either).
              {
                path: paths.mentorProfileBooking,
                ...page(
                  withEmployerRulesTexts(() => import('../features/booking/booking-settings-page')),
                  (m) => m.BookingSettingsPage,
                ),
              },
              // The notes offered to her: the API answers the mentor role only, as for 予約枠.
              {
                path: paths.mentorVisitNotes,
                ...page(
                  () => import('../features/visit-notes/mentor-notes-page'),
                  (m) => m.MentorNotesPage,
                ),
              },
            ],
          },
          {
            element: <RequireAuth require={{ roles: ['student'] }} />,
            children: [
              {
                path: paths.studentProfileEdit,
                ...page(
                  () => import('../features/students/student-profile-edit-page'),
                  (m) => m.StudentProfileEditPage,
                ),
              },
              {
                path: paths.graduation,
                ...page(
                  () => import('../features/graduation/graduation-page'),
                  (m) => m.GraduationPage,
                ),
              },
            ],
          },
          // 訪問記録 (docs/PRODUCT.md §7a) are written by students; a graduated alumna keeps those she
          // wrote as a student (the API answers only the author).
          {
            element: <RequireAuth require={{ roles: ['student', 'mentor'] }} />,
            children: [
              {
                path: paths.myVisitNotes,
                ...page(
                  () => import('../features/visit-notes/my-notes-page'),
                  (m) => m.MyNotesPage,
                ),
              },
              {
                path: '/visit-requests/:id/note',
                ...page(
                  () => import('../features/visit-notes/note-editor-page'),
                  (m) => m.NoteEditorPage,
                ),
              },
              // Issue 58: her note about a 座談会 she sat in.
              {
                path: '/group-sessions/:id/note',
                ...page(
                  () => import('../features/visit-notes/session-note-editor-page'),
                  (m) => m.GroupSessionNoteEditorPage,
                ),
              },
            ],
          },
          {
            element: <RequireAuth require={{ roles: ['admin', 'mentor'] }} />,
            children: [
              {
                path: paths.inviteMentor,
                ...page(
                  () => import('../features/invitations/invite-mentor-page'),
                  (m) => m.InviteMentorPage,
                ),
              },
            ],
          },
          // 紹介 (decision 0044): an alumna introduces a student she met (from the visit's page), an
          // admin any student (the console links to /admin/introductions/new?student=).
          {
            element: <RequireAuth require={{ roles: ['mentor'] }} />,
            children: [
              {
                path: '/introductions/new',
                ...page(
                  withIntroductionTexts(() => import('../features/introductions/introduce-page')),
                  (m) => m.IntroducePage,
                ),
              },
            ],
          },
          {
            element: <RequireAuth require={{ roles: ['admin'] }} />,
            children: [
              {
                path: '/admin/introductions/new',
                ...page(
                  withIntroductionTexts(() => import('../features/introductions/introduce-page')),
                  (m) => m.IntroducePage,
                ),
              },
            ],
          },
          // 座談会 (issue 58): the list for students, alumni (their own too) and admins; one 座談会's
          // page for whom the server lets read it; the form for an alumna or an admin (the page
          // sends a student to /unauthorized).
          {
            element: <RequireAuth require={{ roles: ['student', 'mentor', 'admin'] }} />,
            children: [
              {
                path: paths.groupSessions,
                ...page(groupSessionPages, (m) => m.GroupSessionsPage),
              },
              {
                path: '/group-sessions/new',
                ...page(groupSessionPages, (m) => m.NewGroupSessionPage),
              },
              {
                path: '/group-sessions/:id',
                ...page(groupSessionPages, (m) => m.GroupSessionPage),
              },
            ],
          },
          {
            element: <RequireAuth require={{ roles: ['admin'] }} />,
            children: adminRoutes,
          },
          { path: '*', element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
