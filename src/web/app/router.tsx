import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../../shared/paths';
import { AppLayout } from '../components/layout/app-layout';
import { adminRoutes } from '../features/admin/routes';
import { LoginPage } from '../features/auth/login-page';
import { VerifyEmailPage } from '../features/auth/verify-email-page';
import { VerifyLinkPage } from '../features/auth/verify-link-page';
import { InviteMentorPage } from '../features/invitations/invite-mentor-page';
import { MentorDetailPage } from '../features/mentors/mentor-detail-page';
import { MentorProfileEditPage } from '../features/mentors/mentor-profile-edit-page';
import { MentorRegisterPage } from '../features/mentors/mentor-register-page';
import { MentorsListPage } from '../features/mentors/mentors-list-page';
import { MyMentorProfilePage } from '../features/mentors/my-mentor-profile-page';
import { ProfilePage } from '../features/profile-page';
import { RegisterPage } from '../features/registration/register-page';
import { StudentProfileEditPage } from '../features/students/student-profile-edit-page';
import { StudentProfilePage } from '../features/students/student-profile-page';
import { UnauthorizedPage } from '../features/unauthorized-page';
import { HomeRedirect, RequireAuth } from './guards';

/** Spec section 2: every route with the access rule of spec section 6. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home, element: <HomeRedirect /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.authVerifyEmail, element: <VerifyLinkPage /> },
      { path: paths.mentorRegister, element: <MentorRegisterPage /> },
      { path: paths.unauthorized, element: <UnauthorizedPage /> },
      {
        element: <RequireAuth allowUnverified />,
        children: [{ path: paths.verifyEmail, element: <VerifyEmailPage /> }],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.mentorsList, element: <MentorsListPage /> },
          { path: '/mentor/:urlParam', element: <MentorDetailPage /> },
          { path: paths.profile, element: <ProfilePage /> },
          { path: paths.studentProfile, element: <StudentProfilePage /> },
        ],
      },
      {
        element: <RequireAuth require={{ roles: ['mentor'] }} />,
        children: [
          { path: paths.mentorProfile, element: <MyMentorProfilePage /> },
          {
            path: paths.mentorProfileEdit,
            element: <MentorProfileEditPage />,
          },
        ],
      },
      {
        element: <RequireAuth require={{ roles: ['student'] }} />,
        children: [
          {
            path: paths.studentProfileEdit,
            element: <StudentProfileEditPage />,
          },
        ],
      },
      {
        element: <RequireAuth require={{ roles: ['admin', 'mentor'] }} />,
        children: [{ path: paths.inviteMentor, element: <InviteMentorPage /> }],
      },
      {
        element: <RequireAuth require={{ roles: ['admin'] }} />,
        children: adminRoutes,
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
