/** The site's URLs (spec section 2), written once. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  verifyEmail: '/verify-email',
  authVerifyEmail: '/auth/verify-email',
  mentorRegister: '/mentor-register',
  mentorsList: '/mentors-list',
  mentor: (urlParam: string) => `/mentor/${encodeURIComponent(urlParam)}`,
  profile: '/profile',
  mentorProfile: '/mentor-profile',
  mentorProfileEdit: '/mentor-profile/edit',
  studentProfile: '/student-profile',
  studentProfileEdit: '/student-profile/edit',
  inviteMentor: '/invite-mentor',
  admin: '/admin',
  unauthorized: '/unauthorized',
} as const;
