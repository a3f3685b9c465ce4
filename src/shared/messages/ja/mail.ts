/**
 * Japanese: the e-mails (the server's alone). A mail to an account is written in the language its
 * owner chose (docs/decisions/0041); a mail to an address no one has chosen for is Japanese.
 */
export const jaMail = {
  mail: {
    // The first line of a mail to someone whose name the site knows.
    salutation: '{{name}} 様',
    signature: '――\nOGコネクト（就活ゼミ）',
    // Only in mail someone else could have caused by typing this address: sign-in, registration,
    // invitation and address changes; a visit's mail is no stranger's.
    notMine: 'このメールに心当たりがない場合は、リンクを開かずに破棄してください。',
    signIn: {
      subject: '【OGコネクト】ログイン用リンクのお知らせ',
      greeting: 'OGコネクトをご利用いただきありがとうございます。',
      body: '下のリンクを開くとログインできます。リンクの有効期限は10分で、一度だけ使えます。',
      button: 'ログインする',
      codeIntro:
        'メールを別の端末やアプリで開いた場合は、ログイン画面に次の確認コードを入力してください。',
    },
    invitation: {
      subject: '【OGコネクト】OG登録のご招待',
      greeting:
        '{{inviter}}から、{{seminar}}のOG訪問サイト「OGコネクト」へのご招待が届いています。',
      body: '後輩の学生たちの就職活動を、ぜひOGとして応援してください。下のリンクから登録できます。',
      button: 'OGとして登録する',
      code: '招待コード：{{code}}',
      expires: 'このリンクの有効期限は {{date}} までです（7日間）。',
      adminInviter: 'OGコネクト運営事務局',
      mentorInviter: '{{name}}さん',
      // Issue 56, point 4: the seminar as the admins named it, and the inviter's own line.
      seminarSubject: '【OGコネクト】{{seminar}}からOG登録のご招待',
      defaultSeminar: '就活ゼミ',
      seminarLine: 'ゼミ：{{seminar}}（{{leader}}）',
      personalLine: '{{inviter}}からのひとこと：',
    },
    mentorVerification: {
      subject: '【OGコネクト】メールアドレスの確認（OG登録）',
      greeting: 'OGコネクトへのご登録ありがとうございます。',
      body: '下のリンクを開くとメールアドレスの確認が完了し、登録が完了します。リンクの有効期限は24時間で、一度だけ使えます。期限が切れた場合は、ログイン画面からこのメールアドレスでログインしてください。',
      button: 'メールアドレスを確認する',
    },
    mentorApproved: {
      subject: '【OGコネクト】OG登録が承認されました',
      greeting: 'OGコネクトにご登録いただきありがとうございます。',
      body: '運営事務局がOG登録を承認しました。プロフィールがOG一覧に掲載され、学生が閲覧できるようになりました。下のリンクからプロフィールを確認・編集できます。',
      button: 'プロフィールを確認する',
    },
    studentRegistration: {
      subject: '【OGコネクト】メールアドレスの確認（学生登録）',
      greeting: 'OGコネクトへの学生登録のお申し込みありがとうございます。',
      body: '下のリンクを開き、登録内容を確認して登録を完了してください。お申し込みに心当たりがない場合は、リンク先で登録を取り消せます。リンクの有効期限は24時間で、一度だけ使えます。',
      button: '登録を完了する',
    },
    visitRequested: {
      subject: '【OGコネクト】OG訪問の依頼が届きました',
      greeting: '{{student}}さん（{{university}}）から、OG訪問の依頼が届きました。',
      body: '下のリンクから依頼の内容を確認し、承諾または辞退のご返答をお願いします。',
      button: '依頼を確認する',
    },
    visitBooked: {
      subject: '【OGコネクト】予約枠にOG訪問の予約が入りました',
      greeting: '{{student}}さん（{{university}}）が、公開中の予約枠からOG訪問を予約しました。',
      body: '「自動で承諾」の設定により、この日時で確定しています。下のリンクから相談したいことを確認し、必要なら会う場所やURLを設定してください。',
      button: '予約を確認する',
    },
    visitAccepted: {
      subject: '【OGコネクト】OG訪問の依頼が承諾されました',
      greeting: '{{mentor}}さんが、OG訪問の依頼を承諾しました。',
      body: '下のリンクから日時・OGの連絡先・メッセージを確認できます。当日は安全のためのルールを守ってお会いください。',
      button: '依頼を確認する',
    },
    visitMeetingDetails: {
      subject: '【OGコネクト】OG訪問の待ち合わせ情報が更新されました',
      greeting: '{{mentor}}さんが、OG訪問の場所（またはオンライン会議のURL）を設定しました。',
      body: '下のリンクから確認できます。当日は安全のためのルールを守ってお会いください。',
      button: '依頼を確認する',
    },
    // A change of sign-in address (docs/PRODUCT.md §3).
    emailChange: {
      subject: '【OGコネクト】メールアドレス変更の確認',
      greeting:
        'OGコネクトのログイン用メールアドレスを、このアドレスに変更する手続きが行われました。',
      body: '下のリンクを開くと変更が完了し、以後このアドレスでログインします。リンクの有効期限は24時間です。',
      button: 'メールアドレスを変更する',
    },
    contactEmail: {
      subject: '【OGコネクト】連絡先メールアドレスの確認',
      greeting: 'OGコネクトで、このアドレスがOGの連絡先メールアドレスとして登録されました。',
      body: '下のリンクを開き、「確認する」ボタンを押すと確認が完了し、学生にこの連絡先が表示されるようになります。リンクの有効期限は7日間です。',
      button: '連絡先を確認する',
    },
    graduationAddress: {
      subject: '【OGコネクト】OG登録の申請：メールアドレスの確認',
      greeting:
        'OGコネクトで、卒業後のOG登録の申請が行われ、このアドレスが今後のログイン用アドレスとして入力されました。',
      body: '下のリンクを開くとアドレスが確認され、申請が運営に届きます。承認されるとOG一覧に掲載されます。リンクの有効期限は24時間です。',
      button: 'アドレスを確認して申請する',
    },
    graduationInvite: {
      subject: '【OGコネクト】卒業後はOGとして後輩の相談にのりませんか',
      greeting:
        'ご卒業おめでとうございます。OGコネクトでは、卒業生がOGとして後輩の就職活動の相談にのっています。',
      body: '大学のメールアドレスは卒業後に使えなくなることがあります。下のリンクから、個人のメールアドレスとOGのプロフィールを登録して申請してください。これまでのOG訪問の記録もそのまま引き継がれます。',
      button: 'OG登録を申請する',
    },
    emailChanged: {
      subject: '【OGコネクト】ログイン用メールアドレスが変更されました',
      greeting:
        'OGコネクトのログイン用メールアドレスが {{email}} に変更されました。今後、このアドレスではログインできません。',
      body: 'お心当たりがない場合は、7日以内に下のリンクから変更を取り消してください。取り消すと元のアドレスに戻り、すべての端末でログアウトされます。あわせてゼミの運営者にご連絡ください。',
      button: '変更を取り消す',
    },
    // The timed mails of docs/PRODUCT.md §7 (visits/timers-service).
    visitUnansweredReminder: {
      subject: '【OGコネクト】お返事を待っているOG訪問の依頼があります',
      greeting: '{{student}}さん（{{university}}）からのOG訪問の依頼に、まだお返事がありません。',
      body: '依頼が届いてから7日間お返事がないと、依頼は期限切れになります。下のリンクから、承諾・別の日時の提案・お断りのいずれかをお選びください。',
      button: '依頼に返答する',
    },
    // Issue 56: a booking's hold ends in BOOKING_LAPSE_REMINDER_HOURS.
    visitBookingLapsing: {
      subject: '【OGコネクト】お返事を待っている予約があります（あと24時間）',
      greeting: '{{student}}さん（{{university}}）からの予約に、まだお返事がありません。',
      body: 'このまま24時間お返事がないと、予約は自動的に取り消され、枠はほかの学生に開かれます。下のリンクから、承諾・別の日時の提案・お断りのいずれかをお選びください。',
      button: '予約に返答する',
    },
    visitExpired: {
      subject: '【OGコネクト】OG訪問の依頼が期限切れになりました',
      greeting:
        '{{mentor}}さんへのOG訪問の依頼は、期限までにお返事がなかったため期限切れになりました。',
      body: 'OG一覧から、ほかのOGに依頼することができます。',
      button: 'ほかのOGを探す',
    },
    mentorAutoPaused: {
      subject: '【OGコネクト】OG訪問の依頼の受付を一時停止しました',
      greeting:
        'お返事のないまま期限切れになった依頼が{{count}}件続いたため、新しいOG訪問の依頼の受付を一時停止しました（受付停止）。',
      body: '受付を再開するには、下のリンクからプロフィール編集を開き、「OG訪問の依頼を受け付ける」をオンにしてください。お忙しい時期は、月ごとの受付件数の上限も設定できます。',
      button: 'プロフィールを編集する',
    },
    safeEndAsk: {
      subject: '【OGコネクト】OG訪問は無事に終わりましたか',
      greeting: '{{name}}さんとのOG訪問は無事に終わりましたか。',
      body: '下のリンクから依頼ページを開き、「無事に終わりました」を押してください（ひと押しで完了します）。困ったことがあった場合は、同じページの「困ったことがあった」からゼミに報告できます。報告したことが相手に伝わることはありません。',
      button: '依頼ページを開く',
    },
    visitDayBefore: {
      subject: '【OGコネクト】明日はOG訪問の日です（前日確認）',
      greeting: '明日、{{name}}さんとのOG訪問の予定があります。',
      body: '下のリンクから、待ち合わせの場所（オンラインの場合は会議のURL）とメッセージを確認できます。',
      button: '依頼とメッセージを見る',
      place: '場所：{{place}}',
      placeOnSite: '場所・会議のURL：依頼ページに記載しています',
      // The agenda the student gave with the request, so both sides arrive prepared.
      agendaTitle: '【相談したいこと】',
      agendaTopics: 'テーマ：{{topics}}',
      agendaQuestion: '質問{{n}}：{{question}}',
      cancel:
        'やむを得ず行けなくなった場合は、次のリンクからキャンセルし、理由をお伝えください：{{link}}',
    },
    // The seminar's 相談窓口 in the 前日確認; unset, the admins' contact (the menu's inquiry form).
    desk: {
      title: '【困ったときの相談窓口】',
      name: '窓口：{{name}}',
      email: 'メール：{{email}}',
      phone: '電話：{{phone}}',
      hours: '受付時間：{{hours}}',
      unset:
        '困ったことや不安なことがあれば、就活ゼミの運営者にご相談ください。サイトのメニューの「お問い合わせ」から連絡できます。',
      notTold: '相談や通報をしたことが、相手の方に伝わることはありません。',
    },
    threadMessages: {
      subject: '【OGコネクト】OG訪問の依頼に新しいメッセージがあります',
      greeting: '{{name}}さんから、OG訪問の依頼に新しいメッセージが{{count}}件届いています。',
      body: '安全のため、メッセージの内容はメールには記載していません。下のリンクからご確認ください。',
      button: 'メッセージを読む',
    },
    // To every admin, gathered: how many reports are new, never who or why.
    // A no-show claim, to the side said not to have come: never the reason, which the page shows.
    noShowClaimed: {
      subject: '【OGコネクト】OG訪問に来なかったとの報告がありました',
      greeting: '{{name}}さんから、OG訪問にあなたが来なかったと報告がありました。',
      body: 'この報告はゼミの運営者も確認します。実際には参加していた場合は、下のリンクから依頼ページを開き、「参加しました」と一度だけ、そのときの様子を添えて回答できます。回答は相手とゼミの運営者に表示されます。',
      button: '依頼ページを開く',
      // To a student only: the stop after NO_SHOW_LIMIT counted claims is hers alone.
      studentDeadline:
        '{{date}}までに回答すると、この報告は、ゼミの運営者が双方の言い分を読んで認めた場合にだけ数えられます。期限までに回答がない場合は、そのまま数えられます。',
      studentCount:
        '現在、あなたについて数えられている「来なかった」との報告は{{count}}回です。直近90日間に{{limit}}回数えられると、ゼミの運営者が解除するまで新しい依頼を送れなくなります。',
    },
    newReports: {
      subject: '【OGコネクト】新しい通報があります',
      greeting: '新しい通報が{{count}}件届いています。',
      body: '安全のため、通報の内容や関係者の名前はメールには記載していません。下のリンクから管理画面でご確認ください。',
      button: '通報を確認する',
    },
    visitDeclined: {
      subject: '【OGコネクト】OG訪問の依頼へのお返事',
      greeting: '{{mentor}}さんから、今回のOG訪問の依頼は見送りたいとのお返事がありました。',
      body: '下のリンクからメッセージを確認できます。OG一覧から、ほかのOGに依頼することもできます。',
      button: '依頼を確認する',
    },
    visitCancelled: {
      subject: '【OGコネクト】OG訪問の依頼が取り消されました',
      greeting: '{{name}}さんが、OG訪問の依頼を取り消しました。',
      body: '下のリンクから詳細を確認できます。',
      button: '依頼を確認する',
    },
    // Another time proposed, by either side; the student accepted the alumnus's.
    visitProposed: {
      subject: '【OGコネクト】OG訪問の日時について新しい提案が届きました',
      greeting: '{{name}}さんから、OG訪問の日時について別の日時の提案がありました。',
      body: '下のリンクから提案を確認し、この日時で承諾するか、別の日時を提案してください。',
      button: '提案を確認する',
    },
    visitProposalAccepted: {
      subject: '【OGコネクト】提案した日時でOG訪問が決まりました',
      greeting: '{{name}}さんが、あなたの提案した日時を承諾しました。',
      body: '下のリンクから日時と学生の連絡先を確認できます。当日は安全のためのルールを守ってお会いください。',
      button: '依頼を確認する',
    },
    visitProposedTime: '提案された日時：{{date}}（{{format}}）',
    visitMeeting: '日時：{{date}}（{{format}}）',
    visitMeetingHost: 'オンライン会議：{{host}}（URLは依頼ページに記載しています）',
    visitSlots: '希望日時：{{slots}}',
    visitPurpose: '目的：{{purpose}}',
    visitFormat: '形式：{{format}}',
    // Between the topics of an agenda.
    listSeparator: '、',
    // What the outbox keeps of a message's body once it may no longer be read.
    redacted:
      '（このメールは送信済みです。リンクや確認コードを保存しないため、本文は削除しました。）',
    // The one reminder after a visit: to thank (if not yet) and to keep a 訪問記録.
    noteReminder: {
      subject: '【OGコネクト】OG訪問おつかれさまでした',
      greeting: '{{name}}さんとのOG訪問、おつかれさまでした。',
      body: '聞いたことや教わったことを、忘れないうちに訪問記録に残しておきませんか。記録はあなただけが読めます。ゼミの後輩に共有したい場合は、OGの同意を得てから共有されます。',
      thanks: 'まだお礼を送っていない場合は、依頼ページからお礼のメッセージを送れます。',
      button: '訪問記録を書く',
      buttonWithThanks: '依頼ページを開く',
    },
    // 訪問記録: offered to the alumna, her answer to the student, an admin hiding it.
    visitNoteOffered: {
      subject: '【OGコネクト】訪問記録の共有について確認をお願いします',
      greeting:
        '{{name}}さんが、あなたとのOG訪問の訪問記録をゼミの後輩に共有したいと希望しています。',
      body: '下のリンクから内容を確認し、共有に同意するか、修正を依頼するか、共有しないかを選んでください。同意する場合は、お名前を表示するかどうかも選べます。連絡先と思われる部分は自動で隠されます。同意はいつでも取り消せます。',
      button: '訪問記録を確認する',
    },
    visitNoteConsented: {
      subject: '【OGコネクト】訪問記録の共有に同意をいただきました',
      greeting: '{{name}}さんが、訪問記録をゼミに共有することに同意しました。',
      body: '訪問記録はゼミの学生が読めるようになりました。下のリンクから確認できます。',
      button: '訪問記録を見る',
    },
    visitNoteChangesRequested: {
      subject: '【OGコネクト】訪問記録の修正の依頼が届きました',
      greeting: '{{name}}さんから、訪問記録の修正の依頼が届きました。',
      body: '下のリンクから依頼の内容を確認し、訪問記録を修正してから、もう一度共有を依頼してください。',
      button: '訪問記録を修正する',
    },
    visitNoteDeclined: {
      subject: '【OGコネクト】訪問記録は共有されませんでした',
      greeting: '{{name}}さんは、訪問記録をゼミに共有しないことを選びました。',
      body: '訪問記録はあなただけが読める記録として残っています。下のリンクから確認できます。',
      button: '訪問記録を見る',
    },
    visitNoteHidden: {
      subject: '【OGコネクト】訪問記録が非表示になりました',
      greeting: 'あなたがゼミに共有した訪問記録を、ゼミの管理者が非表示にしました。',
      body: '理由は下のリンクから確認できます。記録はあなたのページに残っています。気になることがあれば、ゼミの管理者にお問い合わせください。',
      button: '訪問記録を見る',
    },
    // 紹介 (issue 57): to the introduced alumna, and to the student once she opted in.
    introduced: {
      subject: '【OGコネクト】学生の紹介が届きました',
      greeting: '{{introducer}}から、学生の{{student}}さん（{{university}}）の紹介が届きました。',
      body: '下のリンクから紹介の理由を読み、このOG訪問を受けるかどうかお返事ください。受けない場合も、学生には知らされません。',
      button: '紹介を確認する',
      reason: '紹介の理由：',
      adminIntroducer: 'ゼミの運営事務局',
      mentorIntroducer: '{{name}}さん',
    },
    introductionOptedIn: {
      subject: '【OGコネクト】{{mentor}}さんを紹介します',
      greeting:
        '{{introducer}}から、{{mentor}}さん（{{company}}）を紹介します。{{mentor}}さんは、あなたのOG訪問を受けると答えています。',
      body: '下のリンクから、そのまま依頼できます。',
      button: '{{mentor}}さんに依頼する',
      reason: '紹介の理由：',
      adminIntroducer: 'ゼミの運営事務局',
      mentorIntroducer: '{{name}}さん',
    },
    // 座談会 (issue 58): moved up from the waiting list; cancelled by the alumna or an admin.
    groupSessionSeatGiven: {
      subject: '【OGコネクト】座談会の参加が決まりました（キャンセル待ちから）',
      greeting:
        '{{mentor}}さんの座談会「{{title}}」で席が空き、キャンセル待ちのあなたの参加が決まりました。',
      body: '日時：{{startsAt}}\n参加できなくなった場合は、下のリンクから締め切りまでに参加をやめてください。',
      button: '座談会を見る',
    },
    groupSessionCancelled: {
      subject: '【OGコネクト】座談会は中止になりました',
      greeting: '{{mentor}}さんの座談会「{{title}}」（{{startsAt}}）は中止になりました。',
      body: '詳しくは下のリンクからご確認ください。',
      button: '座談会を見る',
      reason: '中止の理由：',
    },
    // 座談会 (issue 58 point 4): the day before, to a seated student and to its alumna.
    groupSessionDayBefore: {
      subject: '【OGコネクト】明日は座談会です（前日確認）',
      greeting: '明日は{{mentor}}さんの座談会「{{title}}」です。',
      body: '日時：{{startsAt}}\n場所（オンラインの場合は会議のURL）は、下のリンクの画面で確認できます。',
      button: '座談会を見る',
      place: '場所：{{place}}',
    },
    groupSessionDayBeforeHost: {
      subject: '【OGコネクト】明日はあなたの座談会です（前日確認）',
      greeting: '明日はあなたの座談会「{{title}}」です。',
      body: '日時：{{startsAt}}\n参加予定：{{seated}}名\n参加者は下のリンクの画面で確認できます。終わったら、同じ画面で出欠を記録してください。',
      button: '座談会を見る',
      place: '場所：{{place}}',
    },
    // A request cancelled because the other side withdrew.
    visitCancelledByWithdrawal: {
      subject: '【OGコネクト】相手の退会により、OG訪問の依頼がキャンセルされました',
      greeting: 'OG訪問の依頼の相手が退会したため、この依頼はキャンセルされました。',
      body: '下のリンクから依頼の内容を確認できます。',
      button: '依頼を確認する',
    },
    // 座談会 (issue 58, review): called off by an admin, to its alumna; called off because its
    // alumna left the site, to each student (the reason in her language; the link is the list,
    // as the 座談会 goes with the account).
    groupSessionCancelledHost: {
      subject: '【OGコネクト】あなたの座談会は中止になりました',
      greeting:
        'あなたの座談会「{{title}}」（{{startsAt}}）は、運営事務局により中止になりました。参加予定の学生には、中止をお知らせしています。',
      body: '詳しくは下のリンクからご確認ください。',
      button: '座談会を見る',
      reason: '中止の理由：',
    },
    groupSessionCancelledByWithdrawal: {
      reason: '{{mentor}}さんが退会したため、中止になりました。',
      body: 'ほかの座談会は下のリンクから探せます。',
      button: '座談会の一覧を見る',
    },
    // 座談会 (issue 58, round 3): its thread by mail, and a change of where it is held.
    groupSessionPost: {
      subject: '【OGコネクト】座談会のスレッドに新しい投稿があります',
      greeting: '{{mentor}}さんが、座談会「{{title}}」（{{startsAt}}）のスレッドに投稿しました。',
      body: '質問は、下のリンクの座談会のページからどうぞ。',
      button: '座談会を見る',
      post: '投稿：',
    },
    groupSessionQuestion: {
      subject: '【OGコネクト】あなたの座談会に質問が届きました',
      greeting: '{{name}}さんから、あなたの座談会「{{title}}」（{{startsAt}}）に質問が届きました。',
      body: '回答は、下のリンクの座談会のページのスレッドからどうぞ（回答は参加者全員に表示されます）。',
      button: '座談会を見る',
      post: '質問：',
    },
    groupSessionPlaceChanged: {
      subject: '【OGコネクト】座談会の場所（または会議のURL）が変わりました',
      greeting:
        '{{mentor}}さんの座談会「{{title}}」（{{startsAt}}）の場所（オンラインの場合は会議のURL）が設定、または変更されました。',
      body: '新しい場所は、下のリンクの画面で確認できます。',
      button: '座談会を見る',
    },
    // 座談会 after it is held (issue 58 point 4): a 欠席 recorded, and 「無事に終わりましたか」.
    groupSessionAbsent: {
      subject: '【OGコネクト】座談会を欠席したと記録されました',
      greeting:
        '{{mentor}}さんが、座談会「{{title}}」（{{startsAt}}）をあなたが欠席したと記録しました。',
      body: 'この記録は「来なかった」との報告として扱われ、ゼミの運営者も確認します。実際には参加していた場合は、下のリンクから座談会の画面を開き、「参加しました」と一度だけ、そのときの様子を添えて回答できます。回答は{{mentor}}さんとゼミの運営者に表示されます。',
      button: '座談会を見る',
    },
    groupSessionSafeEndAsk: {
      subject: '【OGコネクト】座談会は無事に終わりましたか',
      greeting: '{{mentor}}さんの座談会「{{title}}」は無事に終わりましたか。',
      body: '下のリンクから座談会の画面を開き、「無事に終わりました」を押してください（ひと押しで完了します）。困ったことがあった場合は、同じ画面の「困ったことがあった」からゼミに報告できます。報告したことが相手に伝わることはありません。',
      button: '座談会を見る',
    },
  },
};

/** The e-mails' texts, the same keys in every language (en/mail.ts). */
export type MailMessages = typeof jaMail;
