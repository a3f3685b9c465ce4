import type { jaSafety } from '../ja/safety';

/** English: reporting and blocking a user (the admins' side is in admin.ts). */
export const enSafety: typeof jaSafety = {
  party: {
    label: '{{name}} ({{role}})',
    mentor: 'OG',
    student: 'Student',
    noProfile: 'Admin',
  },
  reportReasons: {
    harassment: 'Harassment or offensive behaviour',
    solicitation: 'Solicitation or sales (religion, network marketing, etc.)',
    money: 'Asking for money',
    alcohol: 'Pressure to drink or to meet in an unsuitable place',
    impersonation: 'Impersonation or a false profile',
    other: 'Other',
  },
  report: {
    open: 'Report',
    title: 'Report {{name}}',
    lead: 'Only the site administrators read reports. The person you report is not told.',
    urgent:
      'If you feel in danger or have been the victim of a crime, contact the police (110) or your university straight away.',
    reason: 'Reason',
    reasonPlaceholder: 'Please choose',
    details: 'What happened',
    detailsHint: 'Please describe as precisely as you can when and what happened.',
    detailsCounter: '{{count}} / {{max}} characters',
    submit: 'Send report',
    submitting: 'Sending…',
    cancel: 'Cancel',
    sent: 'Thank you. The administrators will review your report and take the necessary action.',
    failed: 'The report could not be sent. {{message}}',
  },
  block: {
    block: 'Block',
    unblock: 'Unblock',
    unblocking: 'Unblocking…',
    title: 'Block {{name}}',
    lead: 'If you block this person:',
    noRequests: 'Neither of you can send the other a visit request.',
    cancelsOpen:
      'Every open request between you and {{name}} (awaiting an answer, or accepted with the meeting still ahead) is cancelled.',
    notNotified: 'They are not told that you blocked them.',
    undo: 'You can unblock them at any time from your profile page.',
    confirm: 'Block',
    blocking: 'Blocking…',
    cancel: 'Cancel',
    blocked: 'You blocked {{name}}.',
    blockedAndCancelled: 'You blocked {{name}} and {{count}} open requests were cancelled.',
    unblocked: 'You unblocked {{name}}.',
    failed: 'That did not work. {{message}}',
    actionsLabel: 'Actions about {{name}}',
  },
  blockedUsers: {
    title: 'Blocked users',
    lead: 'You and the people you blocked cannot send each other visit requests.',
    blockedAt: 'Blocked on {{date}}',
    unblocked: 'You unblocked {{label}}.',
  },
};
