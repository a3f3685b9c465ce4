import type { ErrorCode } from '../../errors';

/** Japanese: what the site says for each API error code. */
export const jaErrors = {
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
    'http/unknown-host':
      'このアドレスではOGコネクトを開けません。ブックマークや、OGコネクトからのメールにある正しいURLから開き直してください。',
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
    'auth/email-already-in-use': 'このメールアドレスは既に登録されています。',
    'auth/email-already-registered':
      'このメールアドレスは既に登録されています。ログイン画面からログインしてください。',
    'graduation/not-eligible':
      'OG登録の申請は、4年生・大学院2年生・卒業予定の方（または運営が卒業予定者に指定した方）ができます。',
    'registration/domain-not-allowed':
      'このメールアドレスのドメインでは登録できません。大学から発行されたメールアドレスを使用してください。',
    'upload/not-an-image': '画像ファイルを選択してください。',
    'push/unsupported-service':
      'このブラウザのプッシュ通知サービスには対応していません。メール通知とベルをご利用ください。',
    'upload/image-too-large': '画像サイズは5MB以下、縦横それぞれ8000ピクセル以下にしてください。',
    'invitation/invalid-link':
      '招待リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。',
    'invitation/invalid-or-used':
      'この招待は無効か、既に使用されています。招待した方に新しい招待を依頼してください。',
    'invitation/expired':
      '招待の有効期限が切れています。招待した方に新しい招待を依頼してください。',
    'invitation/already-registered-as-mentor': 'このメールアドレスは既にOGとして登録されています。',
    'invitation/already-invited': 'このメールアドレスには既に招待を送信しています。',
    'invitation/quota-exceeded': '招待できるのは3件までです。招待中の方の登録をお待ちください。',
    'mentor/email-already-registered':
      'このメールアドレスは既に登録されています。ログイン画面からログインしてください。',
    'admin/last-admin':
      '最後の管理者は、権限の変更・利用停止・削除・退会ができません。先に別の方を管理者にしてください。',
    'admin/self-action': 'ご自身のアカウントにはこの操作を行えません。',
    'admin/profile-required': 'この権限に必要なプロフィールがないため、変更できません。',
    'invitation/not-pending': 'この招待はすでに登録済みか期限切れのため、取り消せません。',
    'invitation/not-expired': '再送できるのは期限切れの招待だけです。',
    'university/domain-taken': 'このドメインは既に別の大学に登録されています。',
    'visit/not-accepting': 'このOGは現在、OG訪問の依頼を受け付けていません。',
    'visit/monthly-limit-reached':
      'このOGは今月の受付件数の上限に達しています（OGが返事をする前に取り下げられた依頼は件数に含めません）。来月以降に改めて依頼してください。',
    // 紹介 (issue 57).
    'introduction/turned-off': 'このOGは紹介を受け付けていません。',
    'introduction/unavailable': 'この学生をこのOGに紹介することはできません。',
    'introduction/already-pending': 'この紹介はOGのお返事待ちです。',
    'introduction/no-visit': '紹介できるのは、OG訪問で会った学生だけです。',
    'introduction/not-pending': 'この紹介にはお返事済みです。',
    'introduction/monthly-limit':
      '今月の依頼の上限に達しているため、いまは紹介を受けられません。上限を変えるか、来月にお返事ください。',
    'group-session/closed': 'この座談会の申込は締め切られました。',
    'group-session/cancelled': 'この座談会は中止になりました。',
    'group-session/not-for-you': 'この座談会は対象の学生だけが申し込めます。',
    'group-session/already-joined': 'この座談会にはすでに申し込んでいます。',
    'group-session/not-joined': 'この座談会には申し込んでいません。',
    'group-session/not-held-yet': '座談会の開始後に記録できます。',
    'group-session/attendance-closed': 'この座談会の出欠は受け付けを終了しました。',
    'group-session/same-time': 'この時間には、ほかのOG訪問か座談会の予定があります。',
    // The simulated year's tools (decision 0046); never answered outside a simulation.
    'sim/clock-backwards': '模擬の時計は戻せません。',
    'group-session/started': 'この座談会はすでに始まっているため、変更できません。',
    'group-session/seats-fewer':
      '席数は減らせません（参加が決まった学生の席を守るため）。増やすことはできます。',
    'group-session/format-fixed':
      '開催形式（オンライン・対面）は変えられません。変える場合は、中止して新しく開いてください。',
    'visit/same-hour':
      '同じ時間帯に、ほかのOGとのOG訪問（決まった予定か、返事を待っている予約）があります。',
    'visit/already-open':
      'このOGへの依頼が既に進行中です。返信をお待ちいただくか、依頼を取り消してから送り直してください。',
    'note/not-held': '訪問記録は、実施したOG訪問のあとに書けます。',
    'note/not-offerable':
      'この訪問記録は、今はゼミに共有できません。ページを再読み込みしてください。',
    'note/not-offered':
      'この訪問記録は、今は確認を待っていません。ページを再読み込みしてください。',
    'note/not-shared': 'この訪問記録は共有されていません。ページを再読み込みしてください。',
    'company/not-found': 'この会社のOGや訪問記録は見つかりませんでした。',
    'thread/closed': 'このやり取りは終了しているため、メッセージを送れません。',
    'thread/blocked': 'このユーザーとの間では、メッセージをやり取りできません。',
    'visit/blocked': 'このユーザーとの間では、OG訪問の依頼をやり取りできません。',
    'visit/not-open':
      'この依頼はすでに承諾・辞退・取り消しのいずれかが済んでいるため、操作できません。',
    'visit/students-only': 'OG訪問の依頼を送れるのは学生の方だけです。',
    'booking/slot-taken': 'この枠はたった今ほかの学生が予約しました。別の枠を選んでください。',
    'booking/not-offered': 'この枠は予約できなくなりました。最新の空き枠から選んでください。',
    'visit/not-your-turn':
      'この依頼は相手の返答を待っています。画面を再読み込みして、最新の状態をご確認ください。',
    'visit/proposal-changed':
      '提案された日時が変わっています。画面を再読み込みして、最新の提案をご確認ください。',
    'visit/proposal-limit':
      '日時の提案は往復の上限に達しました。提案された日時で承諾するか、依頼を取り消してください。',
    'visit/no-show-limit':
      '直近90日間に、OG訪問に来なかったとの報告が2回確定したため、新しい依頼を送れません。ゼミの運営者にご連絡ください。',
    'visit/not-held-yet': 'OG訪問の日時になってから記録できます。',
    'visit/safe-end-not-asked':
      'この訪問は「無事に終わりましたか」の確認の対象ではないか、まだ確認の時刻になっていません。',
    'visit/follow-up-closed': 'このOG訪問の記録は受け付けを終了しました。',
    'visit/already-thanked': 'お礼はすでに送っています。',
    'visit/no-show-recorded': 'このOG訪問は「来なかった」と記録されているため、お礼は送れません。',
    'visit/no-show-not-claimed':
      'このOG訪問について、あなたが来なかったという報告はありません（取り下げられた可能性があります）。画面を再読み込みしてください。',
    'visit/no-show-answered': '「参加しました」の回答はすでに送っています。回答は一度だけです。',
    'visit/employer-rule-online-only':
      'OGの勤務先のルールにより、OG訪問はオンラインでのみ受け付けています。',
    'visit/employer-rule-premises-only':
      'OGの勤務先のルールにより、対面での訪問は勤務先の社内でのみ受け付けています。場所は勤務先かオンラインを選んでください。',
    'visit/employer-rule-latest-end':
      'OGの勤務先のルールにより、決められた時刻までに終わる日時のみ受け付けています。もっと早く終わる日時を選んでください。',
    'visit/no-show-withdrawn':
      'このOG訪問の「相手が来なかった」との報告は一度取り下げているため、もう一度記録することはできません。事情がある場合はゼミの運営者にご相談ください。',
    'admin/rollover-undone': 'この学年の繰り上げは、すでに元に戻されています。',
    'block/self': 'ご自身をブロックすることはできません。',
    'report/self': 'ご自身を通報することはできません。',
    'report/not-open': 'この通報はすでに対応済みです。',
    'report/not-resolved': 'この通報はすでに未対応に戻されています。',
    'account/address-held':
      'このメールアドレスでは現在登録できません。お心当たりがある場合は、ゼミの運営者にお問い合わせください。',
    'email-change/undo-open':
      'メールアドレスの変更後7日間は、変更前のアドレスから変更を取り消せる期間のため、続けてメールアドレスを変更することはできません（OG登録の申請も同様です）。7日が過ぎてから、もう一度お試しください。',
    'email-change/undo-address-taken':
      '元のメールアドレスは現在ほかのアカウントで使われているため、元に戻せませんでした。お手数ですが、ゼミの運営者にお問い合わせください。',
    // Issue 56, point 1 (the place is said once).
    'visit/url-in-person':
      '対面のOG訪問には、オンライン会議のURLは設定できません。待ち合わせ場所を入力するか、場所の種類を「オンライン」にしてください。',
    // Issue 57, point 3 (a first visit before anyone's fifth).
    'visit/waiting-limit':
      '返事を待っている依頼が上限に達しています。返事が来るか取り下げてから送ってください。',
    // Issue 58, point 4 (a 訪問記録 about a 座談会).
    'note/session-not-held': '訪問記録は、座談会が開かれたあと（開始時刻のあと）に書けます。',
    'note/not-seated': '訪問記録を書けるのは、この座談会に席があった学生だけです。',
    'note/absent': 'この座談会は欠席と記録されているため、訪問記録は書けません。',
  } satisfies Record<ErrorCode, string>,
};
