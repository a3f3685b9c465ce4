/** Japanese: reporting and blocking a user (the admins' side is in admin.ts). */
export const jaSafety = {
  /** How a person is named in reports and block lists; the server stores it with a report. */
  party: {
    label: '{{name}}（{{role}}）',
    mentor: 'OG',
    student: '学生',
    /** An account with no profile (an admin): its role stands for the name. */
    noProfile: '管理者',
  },
  reportReasons: {
    harassment: 'ハラスメント・不快な言動',
    solicitation: '勧誘・営業（宗教・ネットワークビジネスなど）',
    money: '金銭の要求',
    alcohol: '飲酒の強要・不適切な場所への誘い',
    impersonation: 'なりすまし・虚偽のプロフィール',
    other: 'その他',
  },
  report: {
    open: '通報する',
    title: '{{name}}さんを通報',
    lead: '通報の内容は運営（管理者）だけが確認します。通報したことが相手に知らされることはありません。',
    urgent:
      '身の危険を感じる場合や犯罪の被害にあった場合は、ためらわずに警察（110番）や大学の窓口に相談してください。',
    reason: '通報の理由',
    reasonPlaceholder: '選択してください',
    details: '具体的な内容',
    detailsHint: 'いつ、どのようなことがあったかをできるだけ具体的にご記入ください。',
    detailsCounter: '{{count}} / {{max}} 文字',
    submit: '通報する',
    submitting: '送信中…',
    cancel: 'キャンセル',
    sent: '通報を受け付けました。運営で内容を確認し、必要な対応を行います。',
    failed: '通報を送信できませんでした。{{message}}',
  },
  block: {
    block: 'ブロックする',
    unblock: 'ブロックを解除',
    unblocking: '解除中…',
    title: '{{name}}さんをブロック',
    lead: 'ブロックすると、次のようになります。',
    noRequests: 'お互いにOG訪問の依頼を送ったり受け取ったりできなくなります。',
    cancelsOpen:
      '{{name}}さんとの間で進行中の依頼（返答待ち・日程確定済みで面談前のもの）は、すべてキャンセルされます。',
    notNotified: 'ブロックしたことは相手に通知されません。',
    undo: 'ブロックはプロフィールページからいつでも解除できます。',
    confirm: 'ブロックする',
    blocking: 'ブロック中…',
    cancel: 'キャンセル',
    blocked: '{{name}}さんをブロックしました。',
    blockedAndCancelled: '{{name}}さんをブロックし、進行中の依頼{{count}}件をキャンセルしました。',
    unblocked: '{{name}}さんのブロックを解除しました。',
    failed: '操作できませんでした。{{message}}',
    actionsLabel: '{{name}}さんについての操作',
  },
  blockedUsers: {
    title: 'ブロック中のユーザー',
    lead: 'ブロック中のユーザーとは、お互いにOG訪問の依頼をやり取りできません。',
    blockedAt: '{{date}}にブロック',
    unblocked: '{{label}}のブロックを解除しました。',
  },
};
