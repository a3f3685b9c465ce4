/**
 * Japanese: 「あなたへのおすすめ」 (issue 57), on the OG list and its own page (loaded with them:
 * features/mentors/recommendation-texts.ts).
 */
export const jaRecommendations = {
  recommendations: {
    title: 'あなたへのおすすめ',
    lead: 'プロフィールの志望業界・志望職種、これまでの相談内容、お気に入りや読んだ訪問記録から選んだ先輩です。いま依頼を受け付けていて、時間に余裕のある先輩を先に並べています。',
    seeMore: 'おすすめをもっと見る',
    fillIndustry: '志望業界を登録すると、あなたに合った先輩をおすすめできます。',
    fillIndustryLink: 'プロフィールを編集する',
    empty: 'いまおすすめできる先輩はいません。OG一覧から探してみてください。',
    failed: 'おすすめを読み込めませんでした。時間をおいてもう一度お試しください。',
    backToList: 'OG一覧へ',
    reasonLabel: 'おすすめの理由',
    reasons: {
      sameIndustry: '志望業界（{{industry}}）が同じ',
      sameJobType: '志望職種（{{jobType}}）が同じ',
      yearsIn: '入社{{years}}年目',
      topic: '「{{topic}}」の相談ができる',
      saved: 'お気に入りの先輩',
      readNote: '訪問記録を読んだ先輩',
      sameUniversity: '同じ大学の先輩',
      sameFaculty: '同じ学部の先輩',
      accepting: 'いま依頼を受け付けています',
    },
  },
};
