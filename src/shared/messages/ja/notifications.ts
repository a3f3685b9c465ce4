/** Japanese: the bell in the header and the mail choices on /profile. */
export const jaNotifications = {
  notifications: {
    bell: 'お知らせ',
    unread: '未読{{count}}件',
    title: 'お知らせ',
    empty: 'お知らせはまだありません。',
    markAll: 'すべて既読にする',
    close: '閉じる',
    loadFailed: 'お知らせを読み込めませんでした。',
    unreadMark: '未読',
    kinds: {
      requested: '{{name}}さんからOG訪問の依頼が届きました',
      booked: '{{name}}さんが予約枠からOG訪問を予約しました（自動で承諾）',
      accepted: '{{name}}さんがOG訪問の依頼を承諾しました',
      proposed: '{{name}}さんから別の日時の提案が届きました',
      proposalAccepted: '{{name}}さんが提案した日時を承諾しました',
      declined: '{{name}}さんから依頼へのお返事が届きました',
      cancelled: '{{name}}さんが依頼を取り消しました',
      cancelledByWithdrawal: '相手の退会により、依頼がキャンセルされました',
      meetingDetails: '{{name}}さんが待ち合わせ情報を設定しました',
      message: '{{name}}さんから新しいメッセージが{{count}}件あります',
      unansweredReminder: '{{name}}さんからの依頼がお返事を待っています（7日で期限切れになります）',
      bookingLapsing:
        '{{name}}さんからの予約がお返事を待っています（あと24時間で自動的に取り消されます）',
      expired: '{{name}}さんへの依頼が期限切れになりました。ほかのOGにも依頼できます',
      expiredUnanswered: '{{name}}さんからの依頼が期限切れになりました',
      autoPaused:
        '期限切れの依頼が続いたため、依頼の受付を一時停止しました。プロフィール編集から再開できます',
      dayBefore: '明日は{{name}}さんとのOG訪問です（前日確認）',
      noShowReported: '{{name}}さんから、OG訪問に来なかったと報告がありました',
      thanks: '{{name}}さんからお礼が届きました',
      safeEndAsk: '{{name}}さんとのOG訪問は無事に終わりましたか？ ひと言お知らせください',
      noteReminder: '{{name}}さんとのOG訪問で聞いたことを、訪問記録に残しておきませんか',
      noteOffered:
        '{{name}}さんが、あなたとのOG訪問の訪問記録をゼミに共有したいそうです。内容を確認してください',
      noteConsented: '{{name}}さんが訪問記録の共有に同意しました',
      noteChangesRequested: '{{name}}さんから訪問記録の修正の依頼が届きました',
      noteDeclined: '{{name}}さんは訪問記録の共有を希望しませんでした',
      noteHidden: 'あなたの訪問記録が管理者により非表示になりました',
      introduced: '学生の{{name}}さんの紹介が届きました。受けるかどうかお返事ください',
      introductionOptedIn: '{{name}}さんを紹介します。この先輩にOG訪問を依頼できます',
      // 座談会 (issue 58): {{name}} is the alumna who holds it.
      groupSessionSeatGiven: '{{name}}さんの座談会で、キャンセル待ちから参加が決まりました',
      groupSessionCancelled: '{{name}}さんの座談会は中止になりました',
      groupSessionDayBefore: '明日は{{name}}さんの座談会です（前日確認）',
      groupSessionDayBeforeHost: '明日はあなたの座談会です（前日確認）',
      // Its thread: {{name}} is the alumna (a post to all) or the student who asked (to the alumna).
      groupSessionPost: '{{name}}さんが座談会の参加者にメッセージを送りました',
      groupSessionQuestion: '{{name}}さんから座談会への質問が届きました',
      // 座談会 called off by an admin, to its alumna.
      groupSessionCancelledHost: 'あなたの座談会は運営事務局により中止になりました',
      groupSessionPlaceChanged: '{{name}}さんの座談会の場所（会議のURL）が変わりました',
      // 座談会 after it is held: {{name}} is its alumna.
      groupSessionAbsent: '{{name}}さんが、座談会をあなたが欠席したと記録しました',
      groupSessionSafeEndAsk: '{{name}}さんの座談会は無事に終わりましたか？ ひと言お知らせください',
    },
  },
  push: {
    title: 'プッシュ通知',
    lead: 'ベルに届くお知らせを、このブラウザにも通知として表示します。通知にはメッセージの本文や連絡先は含まれません。スマートフォンやパソコンなど、端末ごとに設定できます。',
    on: 'このブラウザでプッシュ通知を受け取っています。',
    off: 'このブラウザではプッシュ通知を受け取っていません。',
    turnOn: 'このブラウザで受け取る',
    turnOff: 'このブラウザでは受け取らない',
    working: '保存中…',
    turnedOn: 'このブラウザでプッシュ通知を受け取るようにしました。',
    turnedOff: 'このブラウザのプッシュ通知をオフにしました。',
    unsupported:
      'このブラウザはプッシュ通知に対応していません。iPhone・iPadでは、Safariの共有メニューから「ホーム画面に追加」したアプリで設定できます。',
    denied:
      'このサイトからの通知がブラウザの設定でブロックされています。ブラウザのサイト設定で通知を許可してから、もう一度お試しください。',
    notAllowed: '通知が許可されなかったため、プッシュ通知はオンになっていません。',
    failed: 'プッシュ通知を設定できませんでした。しばらくしてから再度お試しください。',
    /** The browser would not subscribe though notifications are allowed: what to do instead. */
    refusedByBrowser:
      'このブラウザではプッシュ通知を始められませんでした。プライベートブラウズのウィンドウや、プッシュ通知を無効にしたブラウザでは受け取れません。通常のウィンドウか別のブラウザ（iPhone・iPadではホーム画面に追加したアプリ）でお試しください。お知らせはこれまでどおりベルとメールに届きます。',
    loadFailed: 'プッシュ通知の設定を読み込めませんでした。',
    /** Offered once where it helps: after sending a request, after agreeing a visit (issue 56). */
    offer: {
      title: 'お知らせをこの端末でも受け取りますか？',
      sent: '先輩から返事が届いたら、この端末にすぐ通知します。',
      accepted: '日時の変更やメッセージが届いたら、この端末にすぐ通知します。',
      turnOn: '通知を受け取る',
      later: '今はしない',
      laterDone: 'あとから「プロフィール」の「プッシュ通知」でいつでも設定できます。',
    },
  },
  mailPreferences: {
    title: 'メール通知',
    lead: 'お知らせはすべてベル（画面上部）に表示されます。メールでも受け取るものを選んでください。ログイン・登録・アカウントに関するメールは、設定にかかわらず送られます。',
    requests: '新しいOG訪問の依頼',
    answers: '依頼への返答（承諾・辞退・日時の提案・待ち合わせ情報）',
    cancellations: '依頼の取り消し',
    messages: '新しいメッセージ（1つの依頼につき15分に1通まで）',
    reminders: 'リマインダー（返答待ちの依頼・OG訪問の前日確認）',
    save: '保存する',
    saving: '保存中…',
    saved: 'メール通知の設定を保存しました。',
    failed: 'メール通知の設定を保存できませんでした。{{message}}',
    loadFailed: 'メール通知の設定を読み込めませんでした。',
  },
};
