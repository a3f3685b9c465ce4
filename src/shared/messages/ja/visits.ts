/** Japanese: OG訪問 requests: sending, answering, proposing times, cancelling, availability. */
export const jaVisits = {
  visits: {
    // The other side of a request who has withdrawn.
    withdrawnUser: '退会したユーザー',
    purposes: {
      industry_research: '業界研究',
      company_research: '企業研究',
      es_review: 'ES添削',
      interview_practice: '面接練習',
      career_advice: 'キャリア相談',
      other: 'その他',
    },
    formats: {
      online: 'オンライン',
      in_person: '対面',
    },
    statuses: {
      pending: '返答待ち',
      // Pending, with another time proposed.
      proposed: '日時調整中',
      accepted: '承諾済み',
      declined: '辞退',
      cancelled: '取り消し',
      expired: '期限切れ',
      // Agreed, marked held by a side and reported missed by neither (as the alumna's count).
      held: '実施済み',
    },
    request: {
      open: 'OG訪問を依頼する',
      title: 'OG訪問の依頼',
      lead: '{{name}}さんにOG訪問を依頼します。返答はメールでお知らせします。',
      purpose: '目的',
      purposePlaceholder: '目的を選択してください',
      message: 'メッセージ',
      messageHint:
        '自己紹介と、聞きたいことを具体的に書くと返答をもらいやすくなります（{{max}}文字まで）。',
      counter: '{{count}} / {{max}} 文字',
      slots: '希望日時（最大3つ）',
      slotsHint: '開始時刻は8:00〜20:00の間で、90日先まで指定できます。',
      slotLabel: '第{{n}}希望',
      addSlot: '希望日時を追加',
      removeSlot: '第{{n}}希望を削除',
      format: '面談の形式',
      submit: '依頼を送信する',
      submitting: '送信中…',
      cancel: 'キャンセル',
      sent: '依頼を送信しました。{{name}}さんからの返答をお待ちください。',
      failed: '依頼を送信できませんでした。{{message}}',
      openRequest: 'この先輩への依頼が進行中です',
      viewOpenRequest: '進行中の依頼を見る',
      unavailable: {
        'students-only': 'OG訪問の依頼は学生の方が送れます。',
        'not-accepting': '現在、OG訪問の依頼を受け付けていません。',
        'monthly-limit-reached':
          '今月の受付件数の上限に達しています（OGが返事をする前に取り下げられた依頼は件数に含めません）。',
        blocked: 'このOGには依頼を送れません。',
        'already-open': 'このOGへの依頼が進行中です。',
        'no-show-limit':
          '直近90日間に2回、OG訪問に来なかったとの報告が数えられたため、新しい依頼を送れません。ゼミの運営者にご連絡ください。',
        // Issue 57: her requests waiting for an answer are at the seminar's limit.
        'waiting-limit':
          '返事を待っている依頼が上限に達しています。返事が来るか取り下げると、新しい依頼を送れます。',
      },
    },
    list: {
      title: 'OG訪問',
      mentorTitle: '届いた依頼',
      studentTitle: '送った依頼',
      // A graduated alumna's own requests from her student days, apart from those she received.
      sentAsStudentTitle: '学生時代に送った依頼',
      empty: 'まだ依頼はありません。',
      studentEmpty: 'まだ依頼を送っていません。OG一覧から、話を聞きたいOGに依頼してみましょう。',
      toList: 'OG一覧を見る',
      yourTurn: 'あなたの返答待ち',
      unseen: '新着',
      from: '{{name}}さん（{{university}}・{{grade}}）',
      to: '{{name}}さん（{{company}}）',
      requestedAt: '依頼日：{{date}}',
      meetingAt: '日時：{{date}}',
      loadFailed: '依頼の読み込みに失敗しました。再読み込みしてください。',
    },
    // Issue 56, point 1: the place is said once (a window's place to the booked visit).
    placeOnce: {
      wordsWithKind: '{{words}}（{{kind}}）',
      inPersonAt: '対面の場所：{{place}}',
      meetingPlace: '待ち合わせ場所（任意・あとからでも設定できます）',
      meetingUrl: 'オンライン会議のURL（任意・あとからでも設定できます）',
      windowPlace: '予約枠の場所',
      windowPlaceNote: 'OGが予約枠に書いた場所です。承諾のときに変わることがあります。',
    },
    meeting: {
      placeTitle: '待ち合わせ場所',
      urlTitle: 'オンライン会議のURL',
      opens: '{{host}} を開きます',
      notSetStudent: 'まだ設定されていません。OGが設定すると、ここに表示されます。',
      notSetMentor: 'まだ設定されていません。下のフォームから設定してください。',
      placeRule:
        'カフェや会社のロビーなど、人目のある公共の場所を指定してください。居酒屋・バー・カラオケ・個室・自宅・ホテル（ロビーやラウンジを除く）は指定できません。',
      urlRule: 'https:// で始まるURL（Zoom・Google Meet・Teamsなど）を入力してください。',
      place: '待ち合わせ場所',
      url: 'オンライン会議のURL',
      edit: '待ち合わせ情報を編集',
      save: '保存する',
      saving: '保存中…',
      unchanged: '待ち合わせ情報に変更はありません。相手へのお知らせは送っていません。',
      saved: '待ち合わせ情報を保存しました。相手にメールでお知らせしました。',
      failed: '待ち合わせ情報を保存できませんでした。{{message}}',
    },
    detail: {
      expiredStudent:
        '{{name}}さんから期限までにお返事がなかったため、この依頼は期限切れになりました。ほかのOGにも依頼できます。',
      expiredMentor: 'お返事のないまま期限が過ぎたため、この依頼は期限切れになりました。',
      expiredTimesPassed: '候補の日時がすべて過ぎたため、この依頼は期限切れになりました。',
      findOthers: 'ほかのOGを探す',
      title: 'OG訪問の依頼',
      back: '依頼の一覧に戻る',
      status: '状況',
      student: '依頼した学生',
      mentor: '依頼先のOG',
      purpose: '目的',
      format: '形式',
      message: 'メッセージ',
      slots: '希望日時',
      meetingAt: '決定した日時',
      contact: '連絡先',
      contactHidden: '連絡先は依頼が承諾されると表示されます。',
      contactNote: '連絡先はOG訪問の連絡にのみ使用し、第三者へ共有しないでください。',
      response: 'OGからのメッセージ',
      cancelledByStudent: '学生が取り消しました。',
      cancelledByMentor: 'OGが取り消しました。',
      cancelledByWithdrawal: '相手の退会によりキャンセルされました。',
      cancelMessage: '取り消しの理由',
      cancelledMeetingAt: '予定していた日時：{{time}}',
      // An action from a page opened before the request changed: its state now is shown.
      changedMeanwhile:
        'この依頼は、画面を開いている間に状態が変わっていました。最新の状態を表示していますので、ご確認ください。',
      requestedAt: '依頼日時',
      // Above the alumna's answer to a waiting request: what she reads first.
      requestFacts: '依頼の内容',
      notFound: '依頼が見つかりません。',
      loadFailed: '依頼の読み込みに失敗しました。再読み込みしてください。',
      pendingStudent: '{{name}}さんの返答をお待ちください。',
      pendingMentor: '内容を確認し、承諾または辞退してください。',
      // Proposals of another time.
      proposalToStudent:
        '{{name}}さんから別の日時の提案が届いています。提案された日時で承諾するか、別の日時を提案してください。',
      proposalToMentor:
        '学生から別の日時の提案が届いています。提案された日時で承諾するか、別の日時を提案してください。',
      waitingStudentAnswer: 'あなたが提案した日時について、学生の返答をお待ちください。',
      waitingMentorAnswer: 'あなたが提案した日時について、{{name}}さんの返答をお待ちください。',
      agreedTitle: 'OG訪問の日時が決まりました',
      nextSteps: '次にすること',
      stepsStudent: {
        thank: '下のメッセージで{{name}}さんに、お礼と当日の確認の連絡をしましょう。',
        online:
          'オンライン会議のURLは、OGが設定するとこのページに表示されます（メールでもお知らせします）。',
        in_person:
          '待ち合わせ場所は、OGが設定するとこのページに表示されます（メールでもお知らせします）。',
        onlineSet: '当日は、上に表示されているオンライン会議のURLから参加してください。',
        in_personSet:
          '当日は、上に表示されている待ち合わせ場所へ、時間に余裕をもってお越しください。',
      },
      stepsMentor: {
        online: '上の欄にオンライン会議のURLを設定してください。学生にはメールでお知らせします。',
        in_person:
          '上の欄に待ち合わせ場所（人目のある公共の場所）を設定してください。学生にはメールでお知らせします。',
        onlineSet:
          'オンライン会議のURLは設定済みです。変更したときは、学生にメールでお知らせします。',
        in_personSet:
          '待ち合わせ場所は設定済みです。変更したときは、学生にメールでお知らせします。',
      },
      stepSafety:
        '当日は安全のためのルールを守ってください。予定が変わったときは、早めに相手に連絡してください。',
    },
    proposal: {
      title: '提案された日時',
      yours: 'あなたが提案した日時',
      message: '提案に添えたメッセージ',
      accept: 'この日時で承諾する',
      accepting: '送信中…',
      accepted: '日時が決まりました。相手にメールでお知らせしました。',
      acceptFailed: '承諾できませんでした。{{message}}',
      proposeAgain: '別の日時を提案する',
      formTitle: '別の日時を提案する',
      times: '提案する日時',
      timesHint:
        '都合のよい日時を3つまで挙げられます。相手がその中から1つ選んで承諾すると、日時が決まります。',
      timeLabel: '候補{{n}}',
      addTime: '候補の日時を追加',
      removeTime: '候補{{n}}を削除',
      chooseTime: '承諾する日時を選ぶ',
      messageLabel: '相手へのメッセージ（任意）',
      messagePlaceholder: '都合のよい時間帯や、日時を変えたい理由など',
      submit: '日時を提案する',
      submitting: '送信中…',
      done: '日時を提案しました。相手にメールでお知らせしました。',
      failed: '提案できませんでした。{{message}}',
      left: 'あと{{count}}回まで日時を提案できます（双方の合計）。',
      noneLeft:
        '日時の提案は上限に達しました。提案された日時で承諾するか、依頼を取り消してください。',
      back: '戻る',
    },
    accept: {
      title: '依頼を承諾する',
      chooseSlot: '日時を選ぶ',
      proposeOther: '別の日時を提案する',
      message: '学生へのメッセージ（任意）',
      messagePlaceholder: '当日に向けたひとことなど（待ち合わせ場所やURLは下の欄へ）',
      submit: '承諾する',
      submitting: '送信中…',
      done: '依頼を承諾しました。学生にメールでお知らせしました。',
      failed: '承諾できませんでした。{{message}}',
      past: '（過ぎています）',
      proposeSubmit: '日時を提案する',
    },
    decline: {
      title: '依頼を辞退する',
      open: '辞退する',
      message: '学生へのメッセージ（任意）',
      submit: '辞退する',
      submitting: '送信中…',
      done: '依頼を辞退しました。学生にメールでお知らせしました。',
      failed: '辞退できませんでした。{{message}}',
    },
    cancel: {
      lateLead:
        'OG訪問の24時間前を過ぎています。相手は予定を空けて準備しているため、取り消しの理由を入力してください。理由は相手に表示されます。',
      lateMessage: '取り消しの理由（必須）',
      title: '依頼を取り消す',
      open: '依頼を取り消す',
      // A booked visit is cancelled from a secondary button, after a confirmation.
      openBooked: 'この予定を取り消す',
      titleBooked: 'OG訪問の予定を取り消しますか？',
      lead: '取り消すと相手にメールでお知らせします。取り消した依頼は元に戻せません。',
      message: '取り消しの理由（任意）',
      submit: '取り消す',
      submitting: '取り消し中…',
      keep: '戻る',
      done: '依頼を取り消しました。',
      failed: '取り消せませんでした。{{message}}',
    },
    // Issue 56: another visit of hers at the same hour, a warning she may confirm past.
    sameHour: {
      title: '同じ時間帯にほかのOG訪問があります',
      body: '両方に参加できるか確かめてから送ってください。行けなくなったときは、早めに依頼のページから取り消してください。',
      confirm: 'それでも送る',
      back: '日時を選び直す',
      sending: '送信中…',
    },
    safeEnd: {
      title: '無事に終わりましたか',
      lead: '{{name}}さんとのOG訪問は無事に終わりましたか。ひと押しでお知らせください。',
      ended: '無事に終わりました',
      trouble: '困ったことがあった',
      note: '「困ったことがあった」からの報告はゼミの運営者だけが読み、相手に伝わることはありません。',
      done: '無事に終わったとお知らせいただきました（{{date}}）。ありがとうございます。',
      failed: 'お知らせできませんでした。{{message}}',
    },
    followUp: {
      title: 'OG訪問のあと',
      question: 'OG訪問は実施されましたか？',
      held: '実施済みにする',
      noShow: '相手が来なかった',
      heldDone: '実施済みとして記録しました。',
      noShowDone: '相手が来なかったと報告しました。',
      change: '記録を変更する',
      otherHeld: '{{name}}さんも実施済みとして記録しています。',
      otherNoShow:
        '{{name}}さんは、あなたが来なかったと報告しています。事情がある場合はメッセージでお伝えください。',
      saved: '記録しました。',
      failed: '記録できませんでした。{{message}}',
      thanksTitle: 'お礼を送る',
      thanksLead:
        'お礼のメッセージは、この依頼のメッセージ欄に届きます。文面は自由に書き換えてください。',
      thanksTemplate:
        '{{name}}様\n\nお忙しい中、OG訪問のお時間をいただき、誠にありがとうございました。\nお話を伺い、仕事への理解が深まりました。いただいたアドバイスを今後の就職活動に活かしてまいります。\n\n引き続きどうぞよろしくお願いいたします。',
      thanksLabel: 'お礼のメッセージ',
      thanksSend: 'お礼を送る',
      thanksSending: '送信中…',
      thanksSent: 'お礼を送りました。',
      thanksFailed: 'お礼を送れませんでした。{{message}}',
      feedbackTitle: 'ゼミへのフィードバック（非公開）',
      feedbackLead: 'この内容は相手には表示されず、ゼミの運営者だけが読みます。',
      rating: '満足度',
      ratingValue: '{{count}}',
      ratingLow: '1（不満）',
      ratingHigh: '5（とても満足）',
      comment: 'コメント（任意）',
      feedbackSave: 'フィードバックを送る',
      feedbackSaving: '送信中…',
      feedbackSaved: 'フィードバックを受け付けました。ありがとうございます。',
      feedbackFailed: 'フィードバックを送れませんでした。{{message}}',
      feedbackGiven: '送ったフィードバック：満足度 {{rating}}',
      feedbackEdit: '書き直す',
    },
    // A no-show is a serious claim (PRODUCT.md §7): confirmed, answered once, seen by the admins.
    noShow: {
      advance:
        '行けなくなったときは、必ず事前にこのページからキャンセルしてください。「来なかった」との報告が90日以内に2回数えられると、ゼミの運営者が解除するまで新しい依頼を送れなくなります。',
      claimTitle: '「相手が来なかった」と記録しますか？',
      claimLead: 'これは{{name}}さんについての大切な報告です。記録すると、次のようになります。',
      claimToldOther:
        '{{name}}さんに、通知とメールでお知らせします（理由はメールには書かず、この依頼ページにだけ表示します）。',
      claimToldAdmins: 'ゼミの運営者も、この記録と理由を確認します。',
      claimAnswer:
        '{{name}}さんは「参加しました」と一度だけ回答でき、その回答はあなたとゼミの運営者に表示されます。',
      claimPause:
        '学生についての報告は、学生が7日以内に回答しなかった場合か、双方の言い分を読んだゼミの運営者が認めた場合に数えられます。90日以内に2回数えられると、その学生はゼミの運営者が解除するまで新しい依頼を送れなくなります。',
      reasonLabel: '理由・状況（任意）',
      reasonHint:
        '待ち合わせの場所や時刻、連絡の有無など。{{name}}さんとゼミの運営者に表示されます。',
      claimUndo:
        '間違えた場合は、あとで「実施済み」に変更すると報告を取り下げられます。取り下げた報告は、もう一度記録することはできません。',
      claimCancel: 'やめる',
      claimConfirm: '来なかったと記録する',
      claimPending: '記録中…',
      changeWithdraws: '実施済みに変更すると報告は取り下げられ、もう一度記録することはできません。',
      withdrawnFinal:
        'このOG訪問の「来なかった」との報告は取り下げたため、もう一度記録することはできません。',
      myWithdrawn: 'この報告は取り下げました（{{date}}）。',
      againstTitle: '「来なかった」との報告',
      againstLead:
        '{{name}}さんから、あなたがこのOG訪問に来なかったと報告がありました（{{date}}）。',
      reasonShown: '報告の理由：',
      noReason: '理由は書かれていません。',
      // What the claim means for the student, by where it stands (one line each).
      againstWithdrawn:
        '{{name}}さんはこの報告を取り下げました（{{date}}）。この報告は数えられません。',
      againstCleared:
        'ゼミの運営者がこの訪問までの報告を解除したため（解除済み）、この報告は数えられません。',
      againstOpen:
        '{{date}}までに「参加しました」と回答すると、この報告は、ゼミの運営者が双方の言い分を読んで認めた場合にだけ数えられます。期限までに回答がない場合は、そのまま数えられます。',
      againstAwaitingAdmin:
        '回答を受け付けました。ゼミの運営者が双方の言い分を読んで判断するまで、この報告は数えられません。',
      againstLapsed: '{{date}}までに回答がなかったため、この報告は数えられています。',
      againstUpheld:
        'ゼミの運営者が双方の言い分を読み、この報告を認めました。この報告は数えられています。',
      againstDismissed:
        'ゼミの運営者が双方の言い分を読み、この報告を認めませんでした。この報告は数えられません。',
      againstCount:
        '現在、あなたについて数えられている報告は{{count}}回です。直近90日間に2回数えられると、ゼミの運営者が解除するまで新しい依頼を送れなくなります。',
      againstAdmins: 'この報告と回答は、ゼミの運営者も読みます。',
      answerLead:
        '実際には参加していた場合は、「参加しました」と回答できます。回答は{{name}}さんとゼミの運営者に表示され、一度だけ送れます（あとから変更できません）。',
      answerLabel: '参加したときの様子',
      answerHint:
        '着いた時刻や場所、相手への連絡など、ゼミの運営者が判断できるように書いてください。',
      answerSend: '「参加しました」と回答する',
      answerSending: '送信中…',
      answerSent: '「参加しました」と回答しました。',
      answerFailed: '回答を送れませんでした。{{message}}',
      yourAnswer: 'あなたの回答「参加しました」（{{date}}）：',
      answeredTitle: '{{name}}さんからの回答',
      theirAnswer: '{{name}}さんは「参加しました」と回答しています（{{date}}）：',
    },
    reply: {
      counter: '{{count}} / {{max}} 文字',
    },
    safety: {
      title: '安全のためのルール',
      lead: 'OG訪問は、次のルールを守って行ってください。守られない場合は通報してください。',
      rules: {
        hours: '面談は日中に行い、21:00までに終えてください（開始は8:00〜20:00）。',
        alcohol: 'お酒は飲まないでください。居酒屋やバーなど、お酒を出すお店では会いません。',
        place:
          '個室、カラオケ、自宅、ホテル（ロビーやラウンジを除く）では会いません。オンラインか、オフィス・カフェ・大学など人目のある場所で会ってください。',
        contacts:
          '承諾されるまでは、連絡先（電話番号・SNS・メールアドレス）を交換せず、このサイトのメッセージでやり取りしてください。',
        money: '金銭のやり取り（謝礼、商品の購入、勧誘を含む）はしないでください。',
      },
      confirm: '安全のためのルールを確認し、守ります',
      confirmedTitle: 'ルールの確認',
      confirmed: '学生 {{student}}／OG {{mentor}}',
      notConfirmed: '未確認',
    },
    place: {
      legend: '会う場所の種類',
      hint: '対面の場合も、人目のある場所を選んでください。オンラインを選ぶと、オンラインでの面談になります。',
      kinds: {
        online: 'オンライン',
        office: '自分の勤務先（オフィス）',
        public: 'カフェなど人目のある場所',
        university: '大学',
        other: 'その他',
      },
      other: 'どのような場所か（60文字以内）',
      otherPlaceholder: '例：駅前の公共施設の打ち合わせスペース',
      proposed: '会う場所の種類：{{kind}}',
      withOther: '{{kind}}（{{other}}）',
      title: '会う場所の種類',
    },
    settings: {
      autoPaused:
        'お返事のないまま期限切れになった依頼が続いたため、依頼の受付を一時停止しています。再開するには「受け付ける」を選んで保存してください。',
      title: 'OG訪問の受付設定',
      lead: '依頼の受け付けと、連絡先の公開範囲を設定できます。',
      accepting: '依頼の受け付け',
      acceptingOn: '受け付ける',
      acceptingOff: '受付を停止する（受付停止）',
      monthlyLimit: '1か月に受け付ける件数',
      noLimit: '上限なし',
      limitOption: '{{count}}件まで',
      thisMonth:
        '今月受け付けた依頼：{{count}}件（返事をする前に学生が取り下げた依頼は含めません）',
      contactVisibility: '連絡先の公開範囲',
      contactSignedIn: 'ログインしているすべての利用者に公開する',
      contactAccepted: '依頼を承諾した学生にだけ公開する',
      contactAudienceAccepted:
        '連絡先は、あなたが依頼を承諾した学生と運営者にだけ表示されます。ほかの学生やOGには表示されません。',
      contactAudienceSignedIn: '連絡先は、ログインしているすべての学生・OGと運営者に表示されます。',
      contactEmail: '連絡先メールアドレス',
      contactEmailHint:
        'ログインに使うアドレスとは別のアドレスも指定できます。別のアドレスにすると確認メールを送り、確認が済むまで学生には表示されません。',
      contactPending: '確認待ち',
      contactPendingNote:
        '{{email}} に確認メールを送りました。メールのリンクから確認が済むまで、学生には連絡先が表示されません。',
      resend: '確認メールを再送',
      resending: '送信中…',
      resent: '{{email}} に確認メールを再送しました。',
      resendFailed: '確認メールを送れませんでした。{{message}}',
      save: '設定を保存',
      saving: '保存中…',
      saved: '受付設定を保存しました。',
      failed: '保存できませんでした。{{message}}',
    },
  },
};
