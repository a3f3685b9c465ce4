import type { jaAccounts } from '../ja/accounts';

/** English: an admin's own profile, and changing the sign-in address. */
export const enAccounts: typeof jaAccounts = {
  /** The reading of a name (furigana): the field on every profile form, and the one-time question. */
  nameReading: {
    label: 'Name reading (furigana)',
    hint: 'In katakana (hiragana is converted to katakana).',
    placeholder: 'In katakana',
    companyLabel: 'Company name reading (optional)',
    companyHint:
      'The reading without “Kabushiki-gaisha” and the like, so students find the company by it.',
    companyPlaceholder: 'In katakana',
    askTitle: 'Please tell us how your name is read',
    askLead:
      'The alumni list can now find names by their reading and sort them in kana order. You can change the reading on your profile at any time.',
    save: 'Save',
    saving: 'Saving…',
    later: 'Later',
    saved: 'Your name reading was saved.',
    failed: 'It could not be saved. {{message}}',
  },
  adminProfile: {
    title: 'Admin menu',
    lead: 'As an administrator you can:',
    sections: {
      overview: 'Overview: registrations and what needs attention',
      users: 'Users: approve, change roles, suspend',
      invitations: 'Invitations: review and revoke invitations to alumni',
      universities: 'Universities: universities and their e-mail domains',
      reports: 'Reports: handle reports from users',
      audit: 'Audit log: the record of admin actions',
      inviteMentor: 'Invite a mentor: invite a new alumni mentor',
    },
    noMentorProfile: 'You have no alumni profile.',
  },
  contactEmail: {
    title: 'Confirm your contact address',
    lead: 'Press the button to confirm the address that received this link as your contact address. Students will then see it.',
    confirm: 'Confirm',
    confirming: 'Confirming…',
    confirmed: 'Your contact address {{email}} is confirmed. Thank you.',
    noToken: 'This link is not complete. Please open the link exactly as it is in the mail.',
    toProfile: 'Go to your profile',
  },
  emailChange: {
    title: 'Sign-in address',
    current: 'Current address: {{email}}',
    lead: 'We send a confirmation mail to the new address. Opening its link completes the change and signs you out on other devices.',
    studentNote:
      'Students can change only to an address of their university. After graduating, please apply to become an OG.',
    newEmail: 'New email address',
    submit: 'Send the confirmation mail',
    submitting: 'Sending…',
    sent: 'A confirmation mail was sent to {{email}}. Open its link within 24 hours to complete the change.',
    failed: 'The confirmation mail could not be sent. {{message}}',
    confirmTitle: 'Change of sign-in address',
    confirmLead:
      'Press the button to make the address that received this link your sign-in address.',
    confirm: 'Change my address',
    confirming: 'Changing…',
    confirmed: 'Your sign-in address is now {{email}}. Sign in with it from now on.',
    undoTitle: 'Undo the change of address',
    undoLead:
      'If you did not make this change, put your old address back with the button below. Every device will be signed out.',
    undo: 'Undo the change',
    undoing: 'Undoing…',
    undone:
      'Your address is {{email}} again and every device was signed out. Please sign in again and tell the seminar staff.',
    noToken: 'This link is not complete. Please open the link exactly as it is in the mail.',
    toProfile: 'Go to your profile',
    toLogin: 'Go to sign-in',
  },
};
