import type { jaAdminGroupSessions } from '../ja/admin-group-sessions';

/** English: the console's group sessions (issue 58): those ahead and held, with seats and attendance. */
export const enAdminGroupSessions: typeof jaAdminGroupSessions = {
  adminGroupSessions: {
    nav: 'Group sessions',
    title: 'Group sessions',
    lead: 'Group sessions ahead and those whose time has passed, with how full they are and the attendance recorded. A session is cancelled, with a reason, from its own page.',
    tabsLabel: 'Group sessions to show',
    upcoming: 'Upcoming',
    past: 'Held',
    captionUpcoming: 'Upcoming group sessions (soonest first)',
    captionPast: 'Group sessions whose time has passed (latest first)',
    emptyUpcoming: 'No group sessions are planned.',
    emptyPast: 'No group session has been held yet.',
    time: 'Date and time',
    sessionTitle: 'Group session',
    mentor: 'Mentor',
    format: 'Format',
    formats: { online: 'Online', in_person: 'In person' },
    seats: 'Seats',
    seatsValue: '{{seated}} / {{seats}} seats',
    waiting: 'Waiting list',
    waitingValue: '{{count}}',
    attendance: 'Attendance',
    attendanceValue: 'Attended {{attended}} · absent {{absent}} · not recorded {{unrecorded}}',
    state: 'State',
    cancelled: 'Cancelled',
    cancelledReason: 'Reason: {{reason}}',
    open: 'As planned',
    openForTitle: 'Open a group session for a mentor',
    openForLead:
      'To open a group session on a mentor’s behalf, enter the mentor’s URL name (the part after /mentor/ in their page’s address).',
    openForLabel: 'Mentor’s URL name',
    openFor: 'Open a group session',
    export: 'Download CSV',
    exportNote: 'The CSV holds every group session of the selected tab, cancelled ones too.',
    csv: {
      seatsTaken: 'Seats taken',
      attended: 'Attended',
      absent: 'Absent',
      unrecorded: 'Not recorded',
      cancelledAt: 'Cancelled at',
      cancelledReason: 'Reason for cancelling',
    },
  },
  // A 座談会's 欠席 among a student's no-show claims (decision 0045), on the users page.
  adminGroupSessionAbsences: {
    line: 'Group session “{{title}}” of {{date}}: recorded absent by {{name}} ({{claimedAt}})',
    withdrawnHost: 'a withdrawn user',
  },
};
