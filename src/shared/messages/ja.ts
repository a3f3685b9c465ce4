import type { ErrorCode } from '../errors';

/**
 * The Japanese message catalogue: every word the site shows, its e-mails and its API error
 * messages come from here (i18next resources on the web, plain lookups on the server).
 */
export const ja = {
  app: {
    title: 'OGコネクト',
    tagline: '就活ゼミのOG・OB訪問サイト',
    loading: '読み込み中…',
    backHome: 'ホームへ戻る',
    unfinished: 'この画面は準備中です。近日中に公開します。',
    skipToContent: 'メインコンテンツへスキップ',
  },
  nav: {
    mainLabel: 'メインメニュー',
    profile: 'プロフィール',
    mentorsList: 'OG一覧',
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
    withdrawUnfinished:
      '退会の手続きは準備中です。お急ぎの場合はお問い合わせフォームからご連絡ください。',
    logoutFailed: 'ログアウトに失敗しました。もう一度お試しください。',
    close: '閉じる',
  },
  login: {
    title: 'ログイン',
    lead: '登録済みのメールアドレスを入力してください。ログイン用のリンクをお送りします。',
    emailLabel: 'メールアドレス',
    submit: 'ログインリンクを送信',
    sending: '送信中…',
    sentTitle: 'ログインリンクを送信しました',
    sentBody:
      '{{email}} 宛てにログイン用のリンクを送信しました。メールのリンクを開いてログインしてください。リンクの有効期限は10分です。',
    codeLead:
      'メールを別の端末やアプリで開いた場合は、メールに記載された6桁の確認コードをここに入力してください。',
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
  },
  unauthorized: {
    title: 'アクセス権限がありません',
    body: 'このページを表示する権限がありません。',
  },
  placeholder: {
    register: '学生の新規登録',
    mentorRegister: 'OG登録',
    mentorsList: 'OG一覧',
    mentorDetail: 'OG詳細',
    profile: 'プロフィール',
    mentorProfile: 'OGプロフィール',
    mentorProfileEdit: 'OGプロフィールの編集',
    studentProfile: '学生プロフィール',
    studentProfileEdit: '学生プロフィールの編集',
    inviteMentor: 'OG招待',
    admin: '管理画面',
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
        body: '登録された個人情報は、本サイトの運営および学生とOGの交流の目的にのみ利用し、法令に基づく場合を除き第三者に提供しません。利用者は、本サイトで知り得たOGの連絡先その他の個人情報を、本人の同意なく第三者に伝えたり、SNS等で拡散したりしてはなりません。',
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
  validation: {
    emailRequired: 'メールアドレスを入力してください。',
    emailInvalid: 'メールアドレスの形式が正しくありません。',
    codeInvalid: '6桁の数字を入力してください。',
  },
  errors: {
    'invalid-argument': '入力内容に誤りがあります。',
    'not-found': 'データが見つかりません。',
    'already-exists': 'データは既に存在します。',
    'permission-denied': 'アクセス権限がありません。',
    unavailable: 'サービスが一時的に利用できません。しばらくしてから再度お試しください。',
    internal: 'データベースエラーが発生しました。',
    'payload-too-large': '送信されたデータが大きすぎます。',
    'csrf/origin-mismatch':
      '不正なリクエストのため処理できませんでした。ページを再読み込みしてからお試しください。',
    'auth/unauthenticated': 'ログインが必要です。',
    'auth/session-expired':
      '一定時間操作がなかったため、ログアウトしました。もう一度ログインしてください。',
    'auth/email-not-verified': 'メールアドレスの確認が完了していません。',
    'auth/user-not-found':
      'このメールアドレスは登録されていません。学生の方は新規登録を、OGの方は招待を受けてから登録してください。',
    'auth/invalid-email': 'メールアドレスの形式が正しくありません。',
    'auth/user-disabled': 'このアカウントは無効になっています。運営者にお問い合わせください。',
    'auth/too-many-requests': '試行回数が多すぎます。しばらく時間をおいてから再度お試しください。',
    'auth/invalid-link':
      'リンクが無効か、有効期限が切れています。もう一度ログインして新しいリンクを受け取ってください。',
    'auth/email-mismatch':
      'ログインを開始したときのメールアドレスと一致しません。リンクを受け取ったメールアドレスを入力してください。',
    'auth/invalid-code': '確認コードが正しくないか、有効期限が切れています。',
  } satisfies Record<ErrorCode, string>,
  mail: {
    signature: '――\nOGコネクト（就活ゼミ）\nこのメールに心当たりがない場合は、破棄してください。',
    signIn: {
      subject: '【OGコネクト】ログイン用リンクのお知らせ',
      greeting: 'OGコネクトをご利用いただきありがとうございます。',
      body: '下のリンクを開くとログインできます。リンクの有効期限は10分で、一度だけ使えます。',
      button: 'ログインする',
      codeIntro:
        'メールを別の端末やアプリで開いた場合は、ログイン画面に次の確認コードを入力してください。',
      ignore: 'このメールに心当たりがない場合は、リンクを開かずに破棄してください。',
    },
  },
  network: {
    offline: '通信エラーが発生しました。接続を確認して再度お試しください。',
  },
};

export type Messages = typeof ja;
