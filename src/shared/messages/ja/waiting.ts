/**
 * A first visit before anyone's fifth (issue 57, point 3): the student's requests waiting for an
 * answer at the seminar's limit, 「初めてのOG訪問」 on the alumna's side, and the admins' setting.
 */
export const jaWaiting = {
  waiting: {
    title: '返事を待っている依頼が{{count}}件あります（上限{{limit}}件）',
    body: 'このゼミでは、OGの返事を待っている依頼は同時に{{limit}}件までです。どれかに返事が来るか、依頼を取り下げると、新しい依頼を送れます。',
    listLabel: '返事を待っている依頼',
    sentOn: '{{date}}に送信',
    open: '{{name}}さんへの依頼を見る',
    loading: '返事を待っている依頼を読み込んでいます…',
    firstVisit: '初めてのOG訪問',
    firstVisitHint: 'この学生は、まだOG訪問をしたことがありません。',
    admin: {
      title: '依頼のルール',
      label: '返事を待っている依頼の上限（学生1人あたり）',
      hint: '学生が同時に出せる、OGの返事をまだ受け取っていない依頼の数です（1〜5件、初期値は3件）。一部のOGに依頼が集中せず、どの学生も最初のOG訪問にたどり着けるようにするためのものです。',
      option: '{{count}}件',
      save: '依頼のルールを保存する',
      saving: '保存しています…',
      saved: '依頼のルールを保存しました。',
      saveFailed: '保存できませんでした：{{message}}',
      loadFailed: '依頼のルールを読み込めませんでした：{{message}}',
    },
  },
};
