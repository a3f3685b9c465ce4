/** Japanese: the thread on each visit request, and the alumnus's saved replies. */
export const jaThreads = {
  thread: {
    thanks: 'お礼',
    title: 'メッセージ',
    empty: 'まだメッセージはありません。日程の相談や質問はこちらからどうぞ。',
    emptyClosed: 'メッセージはありません。',
    loadFailed: 'メッセージを読み込めませんでした。',
    retryLoad: '再読み込み',
    you: 'あなた',
    unreadDivider: 'ここから未読',
    unread: '未読',
    label: 'メッセージを入力',
    placeholder: 'メッセージを入力（Ctrl+Enter または ⌘+Enter で送信）',
    // Issue 56: a touch screen is told of no keyboard shortcut.
    placeholderTouch: 'メッセージを入力',
    send: '送信',
    sending: '送信中…',
    failed: '送信できませんでした。',
    retry: '再送信',
    discard: '取り消す',
    count: '{{count}} / {{max}}文字',
    maskedNote: '承諾前のため、連絡先と思われる部分を伏せました。',
    maskRule:
      '依頼が承諾されるまでは、電話番号・メールアドレス・LINE IDなどの連絡先とURLは自動的に「＊＊＊」に置き換えられます。連絡先の交換は承諾後に行うのがこのサイトのルールです。',
    maskPreview: 'このまま送信すると、連絡先と思われる部分は「＊＊＊」に置き換えられます。',
    // The request's message and the answers' words: kept as written, masked for the other side.
    maskPreviewOther:
      'このまま送信すると、連絡先と思われる部分は相手には「＊＊＊」と表示されます。連絡先の交換は、依頼が承諾されてからお願いします。',
    closed: {
      ended: 'このやり取りは終了しました。これまでのメッセージは読むことができます。',
      blocked: 'ブロックしているユーザーとはメッセージをやり取りできません。',
      withdrawn: '相手が退会したため、メッセージは送れません。',
    },
    report: '通報',
    reportLabel: 'このメッセージを通報する',
    templates: 'よくある返信',
    templatesPlaceholder: 'よくある返信を挿入…',
    templatesEdit: 'よくある返信を編集',
    sentAt: '{{time}}に送信',
  },
  replyTemplates: {
    title: 'よくある返信',
    description:
      '依頼のメッセージで使う返信を登録しておくと、メッセージ欄から選ぶだけで入力できます（10件まで）。',
    empty: 'まだ登録されていません。',
    name: '名前',
    namePlaceholder: '例：日程の候補をお願いする',
    body: '本文',
    add: '返信を追加',
    remove: 'この返信を削除',
    save: '保存する',
    saved: 'よくある返信を保存しました。',
    saveFailed: 'よくある返信を保存できませんでした。',
    loadFailed: 'よくある返信を読み込めませんでした。',
    maskPreview:
      'この返信を承諾前の依頼で送ると、連絡先と思われる部分は「＊＊＊」に置き換えられます。',
  },
};
