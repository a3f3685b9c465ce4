/** Japanese: an admin's own profile, and changing the sign-in address. */
export const jaAccounts = {
  /** フリガナ: the field on every profile form, and the question asked once after sign-in. */
  nameReading: {
    label: 'フリガナ',
    hint: 'カタカナで入力してください（ひらがなで入力するとカタカナに直します）。',
    placeholder: '例：ヤマダ ハナコ',
    companyLabel: '会社名のフリガナ（任意）',
    companyHint: '「株式会社」などを除いた読みです。学生が読みで検索したときに見つかります。',
    companyPlaceholder: '例：ミライショウジ',
    askTitle: 'お名前のフリガナを教えてください',
    askLead:
      'OGの一覧では、フリガナで名前を探したり、五十音順に並べたりできるようになりました。フリガナはプロフィールからいつでも変更できます。',
    save: '保存する',
    saving: '保存中…',
    later: 'あとで',
    saved: 'フリガナを保存しました。',
    failed: '保存できませんでした。{{message}}',
  },
  /** /profile for an admin. */
  adminProfile: {
    title: '管理者メニュー',
    lead: '管理者として、次のことができます。',
    sections: {
      overview: '概要：登録状況と対応が必要なこと',
      users: 'ユーザー：承認・権限の変更・利用停止',
      invitations: '招待：OGへの招待の確認と取り消し',
      universities: '大学：大学とメールドメインの管理',
      reports: '通報：利用者からの通報への対応',
      audit: '監査ログ：管理操作の記録',
      inviteMentor: 'OG招待：新しいOGを招待する',
    },
    noMentorProfile: 'OGとしてのプロフィールは登録されていません。',
  },
  /** Changing the sign-in address: the section on /profile and the two mailed links' pages. */
  contactEmail: {
    title: '連絡先メールアドレスの確認',
    lead: '下のボタンを押すと、このリンクを受け取ったアドレスがOGの連絡先として確認され、学生に表示されるようになります。',
    confirm: '確認する',
    confirming: '確認中…',
    confirmed: '連絡先メールアドレス {{email}} を確認しました。ご協力ありがとうございます。',
    noToken: 'リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。',
    toProfile: 'プロフィールへ',
  },
  emailChange: {
    title: 'ログイン用メールアドレス',
    current: '現在のアドレス：{{email}}',
    lead: '新しいアドレスに確認メールを送ります。メールのリンクを開くと変更が完了し、ほかの端末ではログアウトされます。',
    studentNote:
      '学生の方は、在籍する大学のメールアドレスにだけ変更できます。卒業後は、OGとしての登録を申請してください。',
    newEmail: '新しいメールアドレス',
    submit: '確認メールを送る',
    submitting: '送信中…',
    sent: '{{email}} に確認メールを送りました。24時間以内にメールのリンクを開くと、変更が完了します。',
    failed: '確認メールを送れませんでした。{{message}}',
    confirmTitle: 'メールアドレスの変更',
    confirmLead:
      '下のボタンを押すと、ログイン用メールアドレスがこのリンクを受け取ったアドレスに変わります。',
    confirm: 'メールアドレスを変更する',
    confirming: '変更中…',
    confirmed:
      'ログイン用メールアドレスを {{email}} に変更しました。次回からこのアドレスでログインしてください。',
    undoTitle: 'メールアドレス変更の取り消し',
    undoLead:
      'この変更にお心当たりがない場合は、下のボタンで元のアドレスに戻してください。すべての端末でログアウトされます。',
    undo: '変更を取り消す',
    undoing: '取り消し中…',
    undone:
      'メールアドレスを {{email}} に戻し、すべての端末でログアウトしました。ログインし直し、ゼミの運営者にもご連絡ください。',
    noToken: 'リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。',
    toProfile: 'プロフィールへ',
    toLogin: 'ログイン画面へ',
  },
};
