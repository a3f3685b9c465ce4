import type { jaCompanyPage } from '../ja/companies';

/** English: a company's page's own texts (loaded with the page). */
export const enCompanyPage: typeof jaCompanyPage = {
  company: {
    title: 'Company',
    lead: 'The mentors who work at this company, and the visit notes shared in the seminar.',
    mentorsTitle: 'Mentors at this company',
    mentorsCount: '{{count}}',
    noMentors: 'No mentor from this company is registered now.',
    notesTitle: 'Visit notes on this company',
    noNotes: 'No visit note on this company has been shared yet.',
    allNotes: 'See all visit notes on this company ({{total}})',
    notFound:
      'No mentors or visit notes were found for this company. Its name may have changed, or its mentors may have left.',
    failed: 'The company page could not be loaded. Please try again later.',
    backToList: 'Back to mentors',
  },
};
