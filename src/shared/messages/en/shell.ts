import type { jaShell } from '../ja/shell';

/** English: the app shell: title, navigation, notices, terms, toasts, the image picker. */
export const enShell: typeof jaShell = {
  app: {
    title: 'OG Connect',
    tagline: 'Alumni visit site for the career seminar',
    loading: 'Loading…',
    backHome: 'Back to home',
    skipToContent: 'Skip to main content',
  },
  nav: {
    requestsAwaiting: '{{count}} awaiting reply',
    requestsNews: '{{count}} to check',
    visits: 'Visits',
    mainLabel: 'Main menu',
    profile: 'Profile',
    mentorsList: 'OG list',
    visitNotes: 'Visit notes',
    // Group sessions (issue 58): in the menu for students and mentors.
    groupSessions: 'Group sessions',
    inviteMentor: 'Invite OG',
    admin: 'Admin',
    menu: 'Menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    terms: 'Terms of use',
    inquiries: 'Contact us',
    inquiriesNewTab: '(opens in a new tab)',
    logout: 'Log out',
    withdraw: 'Delete account',
    withdrawTitle: 'Confirm account deletion',
    withdrawLead:
      'If you delete your account, the following information will be removed immediately and cannot be restored.',
    withdrawAccount: 'Account information (email address and role)',
    withdrawStudent: 'Student profile (name, university, year, etc.)',
    withdrawMentor: 'OG profile and profile picture (removed from the OG list)',
    withdrawInvitations: 'Invitations you sent that have not been used (their links stop working)',
    withdrawSessions: 'Your sign-ins on all devices',
    withdrawAgain:
      'You can register again with the same email address afterwards (unless a report about you is open or your account is suspended).',
    withdrawConfirm: 'Delete account',
    withdrawing: 'Deleting account…',
    withdrawCancel: 'Cancel',
    withdrawFailed: 'Could not delete your account.',
    withdrawn: 'Your account has been deleted. Thank you for using OG Connect.',
    withdrawVisitsLead:
      'You have {{count}} visit request(s) in progress. Withdrawing cancels them all, and the other person is told by email.',
    withdrawVisitBooked: 'Visit with “{{name}}” ({{date}})',
    withdrawVisitWaiting: 'Request to “{{name}}” waiting for a reply',
    withdrawKept:
      'The records of your visit requests stay on the other person’s page, shown as “Withdrawn user”.',
    logoutFailed: 'Could not log out. Please try again.',
    close: 'Close',
    language: 'Language',
  },
  unauthorized: {
    title: 'Access denied',
    body: 'You do not have permission to view this page.',
  },
  privacyNotice: {
    title: 'How we handle personal information',
    paragraphs: [
      'OG Connect uses the name, university, year, email address and profile you register (for OGs, including employer and profile picture) only for exchanges between students and OGs (alumni) and for running the career seminar.',
      // What 「あなたへのおすすめ」 reads (issue 57): her own list only, never shown to anyone.
      'For students, “Recommended for you” is drawn from your desired industry, job type and faculty, your favourites, the topics you asked about and the mentors whose visit notes you read, and is shown only to you. No one else sees what you read.',
      'We do not provide personal information to third parties except where required by law.',
      "Please use OGs' contact information only for job-hunting purposes, such as requesting an OG visit. Passing it on to third parties or spreading it on social media is prohibited by the terms of use.",
      'When you delete your account, your account and profile are removed immediately. For questions about how personal information is handled, please use "Contact us" in the menu.',
      // What a withdrawal keeps, and for how long ({{retentionDays}}: RETENTION_DAYS).
      'After you leave, the records of your visit requests stay on the other person’s page, without your name (shown as “Withdrawn user”). Requests in progress are cancelled and the other person is told by email.',
      'Records of reports (the reported person’s name, email address and the request concerned) are kept for {{retentionDays}} days after the organisers have dealt with them, then deleted. If you leave while a report about you is open or while your account is suspended, your address cannot be registered again until the organisers have checked it; that record too is deleted {{retentionDays}} days after it is cleared.',
      // The mail log ({{mailLogDays}}: MAIL_LOG_DAYS).
      'A record of each email we send (address, subject and time) is kept for {{mailLogDays}} days, in case one does not arrive, then deleted. Records of emails to someone who leaves are deleted when they leave.',
    ],
    confirm: 'I understand',
  },
  terms: {
    title: 'Terms of use',
    agree: 'Agree and continue',
    close: 'Close',
    sections: [
      {
        heading: 'Article 1 (Purpose)',
        body: "This site is run by a university career seminar and aims to support students' job hunting by connecting current students with graduates (OGs and OBs).",
      },
      {
        heading: 'Article 2 (Eligible users)',
        body: 'This site may be used by students who registered with a university email address of a participating university, graduates who registered after being invited by an existing OG or the operators, and the operators.',
      },
      {
        heading: 'Article 3 (Handling of personal information)',
        body: "Registered personal information is used only to run this site and for exchanges between students and OGs, and is not provided to third parties except where required by law. Users must not pass on OGs' contact information or other personal information learned on this site to third parties, or spread it on social media, without the person's consent. After a user leaves, the records of their visit requests stay with the other person, without their name. Records of reports (the reported person's name, email address and the request concerned) and of registration holds are kept for {{retentionDays}} days after they are resolved or cleared, then deleted.",
      },
      {
        heading: 'Article 4 (Prohibited conduct)',
        body: "The following are prohibited: registering with false information, impersonating other users, using the site for sales, solicitation, religious or political activities, defamation or harassment, using OGs' contact information for other purposes, and any conduct that interferes with running this site.",
      },
      {
        heading: 'Article 5 (Account management)',
        body: 'Users are responsible for managing their own email address and account. Any action taken through an account is deemed to be the action of that user.',
      },
      {
        heading: 'Article 6 (Suspension of use)',
        body: 'If a user violates these terms, or if the operators consider it necessary for running the site, the operators may suspend or delete the account without prior notice.',
      },
      {
        heading: 'Article 7 (Disclaimer)',
        body: 'The operators make no guarantees about the outcome of exchanges between users or the accuracy or usefulness of the information posted. Any trouble between users is to be resolved between the parties involved.',
      },
      {
        heading: 'Article 8 (Changes to the terms)',
        body: 'The operators may change these terms as necessary. The revised terms take effect when they are posted on this site.',
      },
    ],
  },
  toast: {
    region: 'Notifications',
    close: 'Dismiss notification',
  },
  network: {
    offline: 'A network error occurred. Please check your connection and try again.',
    offlineTitle: 'You are offline',
    offlineBody:
      'This page cannot be shown without an internet connection. It will appear as soon as you are back online.',
    needsConnection:
      'This page needs an internet connection. It will appear as soon as you are back online.',
    savedVisits: 'See your upcoming visits (saved on this device)',
    unreachableTitle: 'Cannot reach the site',
    unreachableBody:
      'The site could not be reached just now. Please check your connection and try again in a moment.',
    retry: 'Try again',
    pageFailedTitle: 'This page could not be shown',
    pageFailedBody:
      'The site may have just been updated, or something went wrong for a moment. Please reload and try again.',
    offlineBanner: 'You are offline. This page will update when the connection is back.',
    updated: 'The site has been updated to a new version.',
  },
  /** Addresses, codes, student ID numbers and phone numbers typed full-width. */
  halfWidth: {
    willConvert: 'Full-width letters, digits and symbols will be changed to half-width.',
    converted: 'Full-width letters, digits and symbols were changed to half-width.',
  },
  imagePicker: {
    hint: 'Please select an image file of up to {{maxMegabytes}} MB.',
    processing: 'Processing the image…',
    previewAlt: 'Profile picture preview',
    currentAlt: 'Current profile picture',
    processFailed: 'The image could not be processed. Please select a different image.',
  },
};
