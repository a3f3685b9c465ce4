import type { jaDesk } from '../ja/desk';

/** English: the seminar's consultation desk as every page shows it. */
export const enDesk: typeof jaDesk = {
  desk: {
    title: 'Consultation desk',
    email: 'Email',
    phone: 'Phone',
    hours: 'Hours',
    hoursValue: 'Hours: {{hours}}',
    unset: 'The seminar’s organisers are there to help.',
    inquiry: 'Contact form',
    inquiryCompact: 'Contact the seminar’s organisers',
    newTab: '(opens in a new tab)',
    unavailable: 'Contact the seminar’s organisers through “Contact us” in the menu.',
    notTold: 'The other person is never told that you asked for help or made a report.',
    requestNote:
      'If anything worries you before or after a visit, you can always turn to the consultation desk. The other person is never told that you made a report.',
    boxTitle: 'If something is wrong',
    boxLead:
      'If anything about a visit troubles or worries you, do not keep it to yourself: ask for help. If you feel in danger, call the police (110) without hesitation.',
  },
};
