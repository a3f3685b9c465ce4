import type { jaGraduation } from '../ja/graduation';

/** English: graduating into a mentor (the student's card, the form and its link's page). */
export const enGraduation: typeof jaGraduation = {
  graduation: {
    cardTitle: 'After graduation, as a mentor',
    cardLead:
      'After graduating you can advise younger students as an alumni mentor. University addresses may stop working after graduation, so register again with a personal address. Your visit history stays.',
    cardAction: 'Apply to become a mentor',
    title: 'Apply to become a mentor',
    lead: 'Enter a personal e-mail address and your alumni profile. Opening the link in the confirmation mail sends the application to the seminar; once approved you are listed among the alumni.',
    notEligible:
      'Students in their fourth year, second year of a master’s course, or graduating (or marked so by the seminar) can apply. You can change your year on your profile.',
    email: 'Personal e-mail address (to sign in from now on)',
    emailHint:
      'Enter an address you will keep after graduating. Once it is confirmed, the university address no longer signs you in.',
    universityFixed: 'Your university is the one you registered with ({{university}}).',
    image: 'Profile photo',
    submit: 'Send the confirmation mail and apply',
    sending: 'Sending…',
    sent: 'A confirmation mail was sent to {{email}}. Open its link within 24 hours to complete the application.',
    pending:
      'A confirmation mail was sent to {{email}}. Open its link to complete the application; if it did not arrive, apply again.',
    failed: 'The application could not be sent. {{message}}',
    confirmTitle: 'Apply to become a mentor',
    confirmLead:
      'This confirms this address as your sign-in address from now on and sends your application. Press the button to continue.',
    confirm: 'Confirm the address and apply',
    confirming: 'Applying…',
    confirmed:
      'Your application was received. You now sign in with {{email}}. Please wait for the seminar’s approval (you will be told by mail).',
    noToken: 'This link is not valid. Please open the link in the mail again.',
    toProfile: 'To your profile',
    toLogin: 'To sign in',
  },
};
