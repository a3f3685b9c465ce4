/** Japanese: the links to a company's page from a card, a profile and a 訪問記録 (with the OG list's texts). */
export const jaCompanyLinks = {
  companyLink: {
    long: '{{company}} のOGと訪問記録',
    /** Under a card, which shows the company's name just above. */
    short: 'この会社のOG・訪問記録',
    shortOf: '（{{company}}）',
  },
};
