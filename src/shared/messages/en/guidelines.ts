import type { jaGuidelines } from '../ja/guidelines';

/** English: the guidelines for visits (/visit-guidelines), loaded with that page only. */
export const enGuidelines: typeof jaGuidelines = {
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
