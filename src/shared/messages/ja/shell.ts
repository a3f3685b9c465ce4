/** Japanese: the app shell: title, navigation, notices, terms, toasts, the image picker. */
export const jaShell = {
  app: {
    title: 'OGコネクト',
    tagline: '就活ゼミのOG・OG訪問サイト',
    loading: '読み込み中…',
    backHome: 'ホームへ戻る',
    skipToContent: 'メインコンテンツへスキップ',
  },
  nav: {
    requestsAwaiting: '返答待ち {{count}}件',
    // A student's badge counts answers to read and proposals to answer.
    requestsNews: '確認が必要な依頼 {{count}}件',
    visits: 'OG訪問',
    mainLabel: 'メインメニュー',
    profile: 'プロフィール',
    mentorsList: 'OG一覧',
    visitNotes: '訪問記録',
    // 座談会 (issue 58): in the menu for students and alumni.
    groupSessions: '座談会',
    inviteMentor: 'OG招待',
    admin: '管理',
    menu: 'メニュー',
    openMenu: 'メニューを開く',
    closeMenu: 'メニューを閉じる',
    terms: '利用規約',
    inquiries: 'お問い合わせ',
    inquiriesNewTab: '（新しいタブで開きます）',
    logout: 'ログアウト',
    withdraw: '退会',
    withdrawTitle: '退会の確認',
    withdrawLead: '退会すると、次の情報がすぐに削除され、元に戻すことはできません。',
    withdrawAccount: 'アカウント情報（メールアドレス・権限）',
    withdrawStudent: '学生プロフィール（氏名・大学・学年など）',
    withdrawMentor: 'OGプロフィールとプロフィール画像（OG一覧から削除されます）',
    withdrawInvitations: '送信済みで未登録の招待（招待リンクは無効になります）',
    withdrawSessions: 'すべての端末でのログイン状態',
    withdrawAgain:
      '退会後も、同じメールアドレスで改めて登録できます（通報への対応中や利用停止中の場合を除きます）。',
    withdrawConfirm: '退会する',
    withdrawing: '退会処理中…',
    withdrawCancel: 'キャンセル',
    withdrawFailed: '退会に失敗しました。',
    withdrawn: '退会手続きが完了しました。ご利用ありがとうございました。',
    withdrawVisitsLead:
      '進行中のOG訪問の依頼が{{count}}件あります。退会するとすべてキャンセルされ、相手の方にメールでお知らせします。',
    withdrawVisitBooked: '「{{name}}」さんとの訪問（{{date}}）',
    withdrawVisitWaiting: '「{{name}}」さんとの返信待ちの依頼',
    withdrawKept:
      '相手の方とのOG訪問の依頼の記録は、相手の方の画面に「退会したユーザー」として残ります。',
    logoutFailed: 'ログアウトに失敗しました。もう一度お試しください。',
    close: '閉じる',
    language: '表示言語',
  },
  unauthorized: {
    title: 'アクセス権限がありません',
    body: 'このページを表示する権限がありません。',
  },
  privacyNotice: {
    title: '個人情報の取り扱いについて',
    paragraphs: [
      'OGコネクトでは、登録いただいた氏名・大学・学年・メールアドレス・プロフィール（OGの方は勤務先・プロフィール画像を含みます）を、学生とOGの交流と就活ゼミの運営のためにのみ利用します。',
      // What 「あなたへのおすすめ」 reads (issue 57): her own list only, never shown to anyone.
      '学生の方の「あなたへのおすすめ」は、プロフィールの志望業界・希望職種・学部、お気に入り、依頼で相談した内容、読んだ訪問記録のOGをもとに、あなたの画面にだけ表示されます。読んだ記録をほかの方が見ることはありません。',
      '法令に基づく場合を除き、個人情報を第三者に提供することはありません。',
      'OGの連絡先は、OG訪問の依頼など就職活動の目的にのみ使用してください。連絡先を第三者に伝えたり、SNS等で拡散したりすることは利用規約で禁止されています。',
      '退会すると、アカウントとプロフィールはすぐに削除されます。個人情報の取り扱いに関するご質問は、メニューの「お問い合わせ」からご連絡ください。',
      // What a withdrawal keeps, and for how long ({{retentionDays}}: RETENTION_DAYS).
      '退会後も、相手の方とのOG訪問の依頼の記録は相手の方の画面に残ります（あなたの氏名などは表示されず、「退会したユーザー」と表示されます）。進行中の依頼はキャンセルされ、相手の方にメールでお知らせします。',
      '通報の記録（通報された方の氏名・メールアドレス・関係する依頼）は、運営者が対応を終えてから{{retentionDays}}日間保管し、その後削除します。通報への対応中や利用停止中に退会した場合、そのメールアドレスでの再登録は運営者が確認を終えるまでできません。この制限の記録も、解除から{{retentionDays}}日後に削除します。',
      // The mail log ({{mailLogDays}}: MAIL_LOG_DAYS).
      'お送りしたメールの記録（宛先・件名・日時）は、届かなかったときの確認のため{{mailLogDays}}日間保管し、その後削除します。退会した方宛ての記録は、退会の時点で削除します。',
    ],
    confirm: '確認しました',
  },
  terms: {
    title: '利用規約',
    agree: '同意して続ける',
    close: '閉じる',
    sections: [
      {
        heading: '第1条（目的）',
        body: '本サイトは、大学の就職活動ゼミが運営し、在学生と卒業生（OG・OB）をつなぐことで、学生の就職活動を支援することを目的とします。',
      },
      {
        heading: '第2条（対象となる利用者）',
        body: '本サイトを利用できるのは、対象大学の大学メールアドレスで登録した学生、既存のOGまたは運営者から招待を受けて登録した卒業生、および運営者です。',
      },
      {
        heading: '第3条（個人情報の取扱い）',
        body: '登録された個人情報は、本サイトの運営および学生とOGの交流の目的にのみ利用し、法令に基づく場合を除き第三者に提供しません。利用者は、本サイトで知り得たOGの連絡先その他の個人情報を、本人の同意なく第三者に伝えたり、SNS等で拡散したりしてはなりません。退会後も、OG訪問の依頼の記録は氏名を除いて相手の方に残ります。通報の記録（通報された方の氏名・メールアドレス・関係する依頼）と再登録の制限の記録は、対応の完了または制限の解除から{{retentionDays}}日間保管した後に削除します。',
      },
      {
        heading: '第4条（禁止事項）',
        body: '虚偽の情報による登録、他の利用者へのなりすまし、営業・勧誘・宗教・政治活動等への利用、誹謗中傷や嫌がらせ、OGの連絡先の目的外利用、本サイトの運営を妨げる行為を禁止します。',
      },
      {
        heading: '第5条（アカウントの管理）',
        body: '利用者は、自身のメールアドレスおよびアカウントを自己の責任で管理するものとします。アカウントを通じて行われた行為は、その利用者の行為とみなします。',
      },
      {
        heading: '第6条（利用停止）',
        body: '運営者は、利用者が本規約に違反した場合、または運営上必要と判断した場合、事前の通知なくアカウントの利用を停止し、または削除することができます。',
      },
      {
        heading: '第7条（免責事項）',
        body: '運営者は、利用者間の交流の結果や、掲載情報の正確性・有用性について保証しません。利用者間で生じたトラブルは、当事者間で解決するものとします。',
      },
      {
        heading: '第8条（規約の変更）',
        body: '運営者は、必要に応じて本規約を変更できます。変更後の規約は本サイトに掲示した時点から効力を生じます。',
      },
    ],
  },
  toast: {
    region: '通知',
    close: '通知を閉じる',
  },
  network: {
    offline: '通信エラーが発生しました。接続を確認して再度お試しください。',
    /** The page shown instead of one that cannot be loaded without a connection. */
    offlineTitle: 'オフラインです',
    offlineBody:
      'インターネットに接続されていないため、このページを表示できません。接続が戻ると自動で表示します。',
    /** Where a page's data would load while offline, and the way to what the device keeps. */
    needsConnection:
      'このページの表示にはインターネット接続が必要です。接続が戻ると自動で表示します。',
    savedVisits: 'これからのOG訪問（この端末に保存した予定）を見る',
    unreachableTitle: 'サーバーに接続できません',
    unreachableBody:
      'サイトに接続できませんでした。通信環境を確認し、しばらくしてから再度お試しください。',
    retry: '再読み込み',
    /** A page whose code could not be loaded while online (most often: the site was just updated). */
    pageFailedTitle: 'ページを表示できませんでした',
    pageFailedBody:
      'サイトが更新されたか、一時的な問題が発生した可能性があります。再読み込みしてもう一度お試しください。',
    /** Above a page already shown when the connection drops. */
    offlineBanner: 'オフラインです。接続が戻ると最新の内容に更新します。',
    /** Once, on the first open after the site was updated. */
    updated: 'サイトを新しいバージョンに更新しました。',
  },
  /** Addresses, codes, 学籍番号 and phone numbers typed in 全角: shown half-width once the field is left. */
  halfWidth: {
    /** While 全角 is being typed: said before the field is left, so leaving it moves nothing. */
    willConvert: '全角の英数字・記号は半角に直します。',
    converted: '全角の英数字・記号を半角に直しました。',
  },
  imagePicker: {
    hint: '{{maxMegabytes}}MBまでの画像ファイルを選択してください。',
    processing: '画像を処理しています…',
    previewAlt: 'プロフィール画像のプレビュー',
    currentAlt: '現在のプロフィール画像',
    processFailed: '画像を処理できませんでした。別の画像を選択してください。',
  },
};
