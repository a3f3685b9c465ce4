/** Japanese: a company's page's own texts (loaded with the page: features/companies/texts.ts). */
export const jaCompanyPage = {
  company: {
    title: '会社のページ',
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
