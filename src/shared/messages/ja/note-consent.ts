/** Japanese: the notes offered to an alumna, and her consent. */
export const jaNoteConsent = {
  noteConsent: {
    title: 'あなたとの訪問記録',
    back: 'プロフィールに戻る',
    loadFailed: '訪問記録を読み込めませんでした。時間をおいてもう一度お試しください。',
    yearCount: 'この1年で {{count}} 件の訪問記録',
    yearCountNote:
      'あなたが同意してゼミに共有された記録のうち、この1年のOG訪問についてのものを数えています。',
    whyTitle: '学生が訪問記録を残す理由',
    why: {
      nextCohort:
        'OG訪問で聞いたことを記録に残し、次の学年の後輩が読んで学べるようにするためです。',
      yourName:
        'ゼミに共有されるのは、あなたが同意した記録だけです。お名前を出すかどうかも記録ごとに選べます。',
      contact: '連絡先と思われる部分は、共有される記録では自動で隠されます。',
      withdraw:
        '同意はいつでも取り消せます。取り消した記録は、すぐにゼミの一覧から見えなくなります。',
    },
    waitingTitle: 'あなたの確認を待っている記録',
    waitingLead:
      '学生が次の記録をゼミに共有したいと申し出ています。それぞれ内容を読んで、共有に同意するか、修正を依頼するか、共有しないかを選んでください。',
    sharedTitle: 'ゼミに共有中の記録',
    sharedLead:
      'ゼミの学生が読める記録です。お名前の表示はいつでも変えられます。共有をやめたいときは同意を取り消してください。',
    othersTitle: 'そのほかの記録',
    empty:
      'あなたとのOG訪問について、共有の申し出があった記録はまだありません。学生が申し出ると、ここに表示されてお知らせが届きます。',
    offeredAt: '{{date}}に共有の申し出',
    sharedAt: '{{date}}から共有中',
    answerLabel: 'この記録への返事',
    nameLegend: 'お名前の表示',
    showName: '名前を表示する',
    hideName: '名前を出さない',
    shownAs: '表示：',
    unnamedShownAs:
      '学生には、会社名・入社年・職種・業界のうち、OG一覧の{{min}}人以上に当てはまる情報だけが表示されます（同じ業界のOGが{{min}}人に満たないときは「OG（匿名）」とだけ表示されます）',
    consent: '共有に同意する',
    consenting: '送信しています…',
    consented: '共有に同意しました。ゼミの学生がこの記録を読めるようになりました。',
    requestChanges: '修正を依頼する',
    commentLabel: '直してほしいところ',
    commentHint:
      'このコメントは記録を書いた学生に届きます。どこをどう直してほしいかを具体的に書いてください。',
    counter: '{{count}} / {{max}} 文字',
    sendRequest: '依頼を送る',
    sendingRequest: '送信しています…',
    cancel: 'やめる',
    requested: '修正を依頼しました。学生が直して、もう一度申し出るのを待ちます。',
    decline: '共有しない',
    declineTitle: 'この記録を共有しませんか？',
    declineBody:
      'この記録はゼミに共有されず、学生が同じ記録をもう一度申し出ることもできなくなります。記録そのものは学生の手元に残ります。',
    declineCancel: '戻る',
    declineConfirm: '共有しない',
    declining: '送信しています…',
    declined: 'この記録を共有しないことを学生に伝えました。',
    nameNow: 'いまの表示：{{choice}}',
    changeName: '表示を変更する',
    changingName: '変更しています…',
    nameChanged: 'お名前の表示を変更しました。',
    withdraw: '同意を取り消す',
    withdrawTitle: '共有への同意を取り消しますか？',
    withdrawBody:
      'この記録はすぐにゼミの一覧から見えなくなり、学生に知らせが届きます。一度取り消すと、同じ記録をもう一度共有することはできません。',
    withdrawCancel: '戻る',
    withdrawConfirm: '同意を取り消す',
    withdrawing: '取り消しています…',
    withdrawn: '同意を取り消しました。この記録はもうゼミの学生には見えません。',
    failed: '送信できませんでした：{{message}}',
    state: {
      changes_requested: '修正を依頼中',
      declined: '共有しない',
      withdrawn: '同意を取り消し済み',
      private: '学生が申し出を取り下げました',
    },
    yourComment: 'あなたのコメント',
    readNote: '記録を読む',
    link: {
      title: '訪問記録',
      lead: '学生がOG訪問のあとに書いた記録のうち、ゼミへの共有の申し出があったものを確認できます。',
      waiting: 'あなたの確認を待っている記録が {{count}} 件あります。',
      open: '訪問記録を見る',
    },
  },
};
