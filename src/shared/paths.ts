/** The site's URLs (docs/PRODUCT.md §2), written once. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  verifyEmail: '/verify-email',
  authVerifyEmail: '/auth/verify-email',
  emailChange: '/email-change',
  emailChangeUndo: '/email-change/undo',
  contactEmailConfirm: '/contact-email/confirm',
  graduation: '/graduation',
  graduationConfirm: '/graduation/confirm',
  mentorRegister: '/mentor-register',
  mentorsList: '/mentors-list',
  /** 「あなたへのおすすめ」's page of its own (issue 57): a student's. */
  recommendations: '/recommendations',
  mentor: (urlParam: string) => `/mentor/${encodeURIComponent(urlParam)}`,
  mentorVisitRequest: (urlParam: string) => `/mentor/${encodeURIComponent(urlParam)}/request`,
  /** Booking one of her open slots; `slot` is the slot's start (ISO), as the slots API gives it. */
  mentorBooking: (urlParam: string, slot?: string) =>
    `/mentor/${encodeURIComponent(urlParam)}/book${slot ? `?slot=${encodeURIComponent(slot)}` : ''}`,
  /** A company's page (decision 0040): any spelling of its name finds the same page. */
  company: (name: string) => `/companies/${encodeURIComponent(name.trim())}`,
  visitRequests: '/visit-requests',
  /** 訪問記録 (docs/PRODUCT.md §7a): the seminar's shared notes, searched; `mentor` narrows to one alumna. */
  visitNotes: '/visit-notes',
  visitNotesAbout: (urlParam: string) => `/visit-notes?mentor=${encodeURIComponent(urlParam)}`,
  myVisitNotes: '/visit-notes/mine',
  visitNote: (id: string) => `/visit-notes/${encodeURIComponent(id)}`,
  /** The student's note on one held visit: written, edited, offered from here. */
  visitNoteWrite: (requestId: string) => `/visit-requests/${encodeURIComponent(requestId)}/note`,
  /** Her note on a 座談会 she sat in (issue 58), as visitNoteWrite for a visit. */
  groupSessionNoteWrite: (sessionId: string) =>
    `/group-sessions/${encodeURIComponent(sessionId)}/note`,
  mentorVisitNotes: '/mentor-profile/visit-notes',
  visitRequest: (id: string) => `/visit-requests/${encodeURIComponent(id)}`,
  /** 紹介 (decision 0044): one introduction, as the introduced alumna or the student reads it. */
  introduction: (id: string) => `/introductions/${encodeURIComponent(id)}`,
  /** An alumna introduces a student she met to another alumna. */
  introduce: (studentId: string) => `/introductions/new?student=${encodeURIComponent(studentId)}`,
  /** 座談会 (issue 58): the students' list; an alumna's own with 「座談会を開く」. */
  groupSessions: '/group-sessions',
  groupSession: (id: string) => `/group-sessions/${encodeURIComponent(id)}`,
  /** Opening one: an alumna her own; an admin for the alumna `mentorUrlParam` names. */
  groupSessionNew: (mentorUrlParam?: string) =>
    `/group-sessions/new${mentorUrlParam ? `?mentor=${encodeURIComponent(mentorUrlParam)}` : ''}`,
  profile: '/profile',
  mentorProfile: '/mentor-profile',
  mentorProfileEdit: '/mentor-profile/edit',
  mentorProfileBooking: '/mentor-profile/booking',
  studentProfile: '/student-profile',
  studentProfileEdit: '/student-profile/edit',
  inviteMentor: '/invite-mentor',
  /** The day's details this device keeps (docs/PRODUCT.md §14): read offline, no session asked. */
  savedVisits: '/saved-visits',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminInvitations: '/admin/invitations',
  adminUniversities: '/admin/universities',
  adminAudit: '/admin/audit',
  adminReports: '/admin/reports',
  adminFeedback: '/admin/feedback',
  adminDesk: '/admin/desk',
  adminSetup: '/admin/setup',
  adminVisits: '/admin/visits',
  adminVisitNotes: '/admin/visit-notes',
  /** 「依頼の偏り」: where requests go and who is left out (issue 57). */
  adminReach: '/admin/reach',
  /** The console's 座談会: upcoming and held, seats and attendance (issue 58). */
  adminGroupSessions: '/admin/group-sessions',
  unauthorized: '/unauthorized',
  /** OG訪問の注意事項 (issue 54, point 9): the rules and what to do, readable signed in or not. */
  visitGuidelines: '/visit-guidelines',
} as const;

/**
 * Added to an invited alumna's confirmation link, so its landing page says what it confirms
 * (OG登録の確認) in a browser that did not send the form. Wording only: the token decides the rest.
 */
export const MENTOR_VERIFICATION_QUERY = { for: 'mentor-registration' } as const;
