/** Japanese: a company's page (its alumni and the shared 訪問記録 about it) and the links to it. */
export const jaCompanies = {
  company: {
    title: '会社のページ',
    /** The link from a card, a profile and a 訪問記録. */
    link: '{{company}} のOGと訪問記録',
    /** Under a card, which shows the company's name just above. */
    shortLink: 'この会社のOG・訪問記録',
    shortLinkOf: '（{{company}}）',
    lead: 'この会社で働くOGと、ゼミで共有された訪問記録をまとめています。',
    mentorsTitle: 'この会社のOG',
    mentorsCount: '{{count}}人',
    noMentors: 'いまこの会社のOGは登録されていません。',
    notesTitle: 'この会社の訪問記録',
    noNotes: 'この会社の訪問記録はまだ共有されていません。',
    allNotes: 'この会社の訪問記録をすべて見る（{{total}}件）',
    notFound:
      'この会社のOGや訪問記録は見つかりませんでした。会社名が変わったか、OGが登録をやめた可能性があります。',
    failed: '会社のページを読み込めませんでした。時間をおいてもう一度お試しください。',
    backToList: 'OG一覧へ',
  },
};
