import type { jaCompanyLinks } from '../ja/company-links';

/** English: the links to a company's page (with the OG list's texts). */
export const enCompanyLinks: typeof jaCompanyLinks = {
  companyLink: {
    long: 'Mentors and visit notes at {{company}}',
    short: 'Mentors and notes at this company',
    shortOf: ' ({{company}})',
  },
};
