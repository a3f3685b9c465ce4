import type { jaEmployerRules } from '../ja/employer-rules';

/** English: a mentor's employer's rules for visits, the desks of "If something is wrong", the guidelines. */
export const enEmployerRules: typeof jaEmployerRules = {
  employerRules: {
    title: 'Your employer’s rules for visits',
    lead: 'From October 2026, employers in Japan must prevent harassment of job-hunting students (shūkatsu harassment), including at visits by students to their employees. Some employers therefore set rules for these visits (online only, on the premises only…) and a consultation desk. If your employer has such rules, record them here: your slots, acceptances and proposed times will keep them, and students see them on your page and on their request.',
    format: 'How visits take place',
    formatNone: 'No rule',
    formatOnlineOnly: 'Online only',
    formatPremisesOnly: 'In person only on the premises (online allowed)',
    latestEnd: 'End by',
    latestEndHint:
      'The site’s rule is that visits end by 21:00. If your employer sets an earlier time, choose it.',
    latestEndNone: 'No rule (by 21:00)',
    latestEndOption: 'End by {{time}}',
    noAlcohol: 'No alcohol (forbidden by the employer)',
    deskTitle: 'Your employer’s consultation desk (if there is one)',
    deskHint:
      'Enter only a desk your employer publishes for students. It is shown in “If something is wrong”.',
    deskName: 'Name of the desk',
    deskNamePlaceholder: 'e.g. HR: consultation desk for student visits',
    deskContact: 'How to reach it (phone number, URL or email address)',
    deskContactPlaceholder: 'e.g. 03-1234-5678 or https://example.co.jp/contact',
    save: 'Save the rules',
    saving: 'Saving…',
    saved:
      'Your employer’s rules are saved. Your slots, acceptances and proposed times will keep them.',
    savedNone: 'Saved: no employer rules.',
    failed: 'The rules could not be saved. {{message}}',
    boxTitle: 'This mentor’s employer’s rules',
    boxLead: 'Visits with this mentor follow these rules as well as the site’s own.',
    rules: {
      onlineOnly: 'Online only',
      premisesOnly: 'In person only on the employer’s premises (online allowed)',
      latestEnd: 'Ends by {{time}}',
      noAlcohol: 'No alcohol',
    },
    hasDesk: 'Employer’s consultation desk: {{name}}',
    guidelinesLink: 'Read the guidelines for visits',
    breach: {
      onlineOnly: 'Your employer’s rule (online only) means in person cannot be chosen.',
      premisesOnly:
        'Your employer’s rule (in person only on the premises) means only your office can be chosen for in person.',
      latestEnd:
        'Your employer’s rule (end by {{time}}) means times ending later cannot be chosen.',
    },
    tooLate: '(past your employer’s end time)',
    studentLatestEnd:
      'This mentor’s employer’s rules have visits end by {{time}}: times ending later cannot be chosen (a visit counts as one hour).',
    studentOnlineOnly: 'This mentor’s employer’s rules allow online visits only.',
  },
  desks: {
    seminar: 'The seminar’s consultation desk',
    employer: 'The mentor’s employer’s consultation desk',
    employerLead: 'The desk the mentor’s employer provides for questions about student visits.',
    labour: 'A public consultation desk',
    labourLead:
      'The government’s desks at every prefectural labour bureau and labour standards office. They also advise on shūkatsu harassment, free of charge.',
    guidelines: 'Guidelines for visits (what to do when something is wrong)',
  },
};
