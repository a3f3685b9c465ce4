/** The admins' limit of requests waiting for an answer (issue 57), with the console's texts. */
export const jaWaitingAdmin = {
  waitingAdmin: {
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
};
