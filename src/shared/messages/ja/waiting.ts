/**
 * A first visit before anyone's fifth (issue 57, point 3): the student's requests waiting for an
 * answer at the seminar's limit, 「初めてのOG訪問」 on the alumna's side, and the admins' setting.
 */
export const jaWaiting = {
  waiting: {
    title: '返事待ちの依頼が{{count}}件あります（上限{{limit}}件）',
    body: 'このゼミでは、返事待ちの依頼は同時に{{limit}}件までです。返事が来るか取り下げると、新しい依頼を送れます。',
    listLabel: '返事を待っている依頼',
    sentOn: '{{date}}に送信',
    open: '{{name}}さんへの依頼を見る',
    firstVisit: '初めてのOG訪問',
    firstVisitHint: 'この学生は、まだOG訪問をしたことがありません。',
  },
};
