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
  guidelines: {
    title: 'Guidelines for visits',
    lead: 'What to keep to for a safe visit, and what to do if something is wrong. Mentors are asked to keep the same rules.',
    rulesTitle: 'Rules for meeting',
    rules: {
      place:
        'Meet online or somewhere public: a café, an office, the university. Never in a private room, karaoke, a home or a hotel (lobbies and lounges aside).',
      hours: 'Meet in the daytime and finish by 21:00 (starting between 8:00 and 20:00).',
      alcohol: 'No alcohol, and no bars, izakaya or other places that serve it.',
      contacts:
        'Until the request is accepted, exchange no phone numbers, social media or email addresses: write through the site’s messages.',
      money: 'No money changes hands (no fees, sales or recruiting into schemes).',
      employer:
        'If the mentor’s employer has rules (online only, on the premises only, an end time, no alcohol…), keep them too. They are shown on the mentor’s page and on the request.',
    },
    notAskTitle: 'What a mentor must not do',
    notAskLead: 'If any of this happens, you do not have to answer or go along with it.',
    notAsk: {
      personal:
        'Personal questions unrelated to job hunting: partners, family, looks, where you live',
      relationship: 'Asking you out, or to meet alone apart from the visit',
      pressure:
        'Demands hinting at offers or selection, pressure to change where you apply, intimidating behaviour',
      contact: 'Asking for your personal contacts before acceptance, or contacting you insistently',
    },
    lawTitle: 'The law from 2026',
    law: 'Under the amended Equal Employment Opportunity Act, from October 2026 employers must prevent their employees from harassing job-hunting students, including at visits by students. Some employers set rules and a consultation desk for these visits.',
    doTitle: 'What to do if something is wrong',
    do: {
      leave:
        'If you feel uneasy, you may leave. Ending a visit early is not rude. If you feel in danger, call the police (110) without hesitation.',
      report:
        'You can “Report” the other person on this site (from the request or the mentor’s page). They are never told.',
      seminar: 'Talk to the seminar’s consultation desk (shown below).',
      employer:
        'If the mentor’s employer has a consultation desk, it is shown under “If something is wrong” on the request. You can turn to it too.',
      labour: 'The government’s “{{name}}” also gives free advice.',
    },
  },
};
