/** Japanese: 紹介 (issue 57, decision 0044): introducing a student, answering, the student's notice. */
export const jaIntroductions = {
  introductions: {
    // The introducer's form (an alumna from a visit, an admin from the console).
    newTitle: 'ほかの先輩を紹介する',
    newLead:
      '{{student}}さん（{{university}}）に合いそうな先輩を選び、紹介する理由をひとこと添えてください。先輩が受けると答えたときだけ、学生に紹介が届きます。',
    search: '先輩を検索（名前・会社・業界など）',
    searchButton: '検索',
    noResults: '該当する先輩が見つかりませんでした。',
    choose: 'この先輩を選ぶ',
    chosen: '紹介する先輩：{{name}}さん（{{company}}）',
    change: '選び直す',
    reason: '紹介する理由',
    reasonHint:
      '400文字以内。まだ会っていない相手への文章なので、電話番号・メールアドレス・SNSのIDなどは伏せ字になります。',
    submit: '紹介する',
    submitting: '送信中…',
    sent: '{{name}}さんに紹介を送りました。先輩のお返事をお待ちください。',
    failed: '紹介できませんでした。{{message}}',
    noStudent: '紹介する学生が指定されていません。',
    // From a visit's page, for the alumna.
    introduceLink: 'ほかの先輩を紹介する',
    // The introduced alumna's page.
    title: '学生の紹介',
    fromAdmin: 'ゼミの運営事務局',
    fromMentor: '{{name}}さん',
    mentorLead: '{{introducer}}から、学生の{{student}}さん（{{university}}）の紹介が届いています。',
    reasonHeading: '紹介の理由',
    answerLead:
      '受ける場合、この紹介は今月の受付件数に1件として数えられます（学生がこの紹介から依頼しても、もう1件とは数えません）。受けない場合、学生には知らされません。',
    optIn: '受ける',
    decline: '今回は受けない',
    answering: '送信中…',
    optedIn: 'この紹介を受けました。学生に紹介が届き、学生から依頼が届きます。',
    declined: 'この紹介は受けませんでした。学生には知らされません。',
    answerFailed: 'お返事できませんでした。{{message}}',
    pendingForIntroducer: '先輩のお返事を待っています。',
    answeredForIntroducer: '先輩がお返事しました。',
    // The student's notice.
    studentTitle: '{{name}}さんを紹介します',
    studentLead:
      '{{introducer}}から、{{name}}さん（{{company}}）の紹介です。{{name}}さんはOG訪問を受けると答えています。',
    ask: '{{name}}さんに依頼する',
    requested: 'この紹介から依頼しました。',
    toRequest: '依頼を見る',
    // On the request form opened from the notice.
    requestNote: '{{name}}さんからの紹介で依頼します。',
    // Her setting.
    settingsTitle: '紹介',
    settingsLabel: '学生の紹介を受け付ける',
    settingsHint:
      'オンにすると、ほかの先輩やゼミの運営事務局が、あなたに学生を紹介できます。紹介は受けるかどうかを毎回選べます。オフにすると、紹介する人に「紹介を受け付けていない」と表示されます。',
    settingsSaved: '紹介の設定を保存しました。',
    settingsFailed: '保存できませんでした。{{message}}',
  },
};
