/** Japanese: signing in by link or code. */
export const jaAuth = {
  login: {
    title: 'ログイン',
    lead: '登録済みのメールアドレスを入力してください。ログイン用のリンクをお送りします。',
    emailLabel: 'メールアドレス',
    submit: 'ログインリンクを送信',
    sending: '送信中…',
    sentTitle: 'ログインリンクを送信しました',
    sentBody:
      '{{email}} 宛てにログイン用のリンクを送信しました。メールのリンクを開いてログインしてください。リンクの有効期限は10分です。',
    // Asked again while a link lives, the server sends none and answers the same: this says so
    // to everyone, whether or not the address is registered or a mail went out.
    sentEarlier:
      '10分以内にログイン用のメールをお送りしている場合は、新しいメールは届きません。お手元の最新のメールのリンクを開いてください。',
    codeLead:
      'メールを別の端末やアプリで開いた場合は、メールに記載された6桁の確認コードをここに入力してください。',
    codeOnlyHere:
      '確認コードは、このブラウザで送信を依頼したメールのものだけが使えます。コードが使えない場合は、メールのリンクを開いてください。リンクはどの端末でも使えます。',
    codeLabel: '確認コード（6桁）',
    codeSubmit: 'コードでログイン',
    codeSubmitting: '確認中…',
    useAnotherEmail: '別のメールアドレスを使う',
    timeout: '一定時間操作がなかったため、ログアウトしました。もう一度ログインしてください。',
    loginRequired: 'ログインが必要です。',
    registerLink: '学生の方の新規登録はこちら',
    sendFailed: 'ログインリンクの送信に失敗しました。',
    unexpected: '予期しないエラーが発生しました。[ERR:{{code}}]',
    honeypotLabel: 'このフィールドは入力しないでください',
  },
  verifyLink: {
    title: 'ログインを完了しています',
    verifying: 'リンクを確認しています…',
    askEmailLead:
      'このブラウザではログインを開始していないため、確認のためにリンクを受け取ったメールアドレスを入力してください。',
    emailLabel: 'メールアドレス',
    submit: 'ログインする',
    submitting: '確認中…',
    invalid: '認証リンクが無効です。もう一度ログインしてください。',
    toLogin: 'ログイン画面へ',
    failed: '認証に失敗しました。',
    // An invited alumna's confirmation link (OG登録), opened where the form was not sent.
    mentorTitle: 'OG登録の確認',
    mentorAskEmailLead:
      'このブラウザではOG登録のフォームを送信していないため、確認のために、このリンクを受け取ったメールアドレス（招待されたアドレス）を入力してください。',
    mentorSubmit: '確認して登録を完了する',
    mentorInvalid:
      'この確認リンクは有効期限が切れたか、すでに使われています。ログイン画面で登録したメールアドレスを入力すると、新しいリンクをお送りします。',
  },
  verifyEmail: {
    title: 'メールアドレスの確認',
    lead: '{{email}} 宛てに確認用のリンクを送信しました。メールのリンクを開くと、この画面は自動的に次へ進みます。',
    checking: '確認状況を5秒ごとに確認しています。',
    resend: '確認メールを再送信',
    resendIn: '再送信まで {{seconds}} 秒',
    resent: '確認メールを再送信しました。',
    resendFailed: 'メールの送信に失敗しました。しばらくしてから再度お試しください。',
    backHome: 'ホームへ戻る（ログアウト）',
    backHomeSignedOut: 'ホームへ戻る',
    // Verified in another browser; this one must sign in.
    verifiedSignIn: '{{email}} の確認が完了しました。お手数ですが、ログインしてご利用ください。',
    signIn: 'ログインへ進む',
  },
};
