/** Japanese: booking one of an alumna's open slots (her page, the booking form, the OG list). */
export const jaBookSlot = {
  bookSlot: {
    title: '空き枠から予約',
    /** Her page: the open slots by day, each a button to the booking page. */
    section: {
      lead: '都合のよい時間を選ぶと、予約の画面に進みます。時刻はすべて日本時間です。',
      loading: '空き枠を確認しています…',
      slotAria: '{{day}} {{from}}〜{{to}}（{{format}}）を予約する',
      more: 'もっと見る（あと{{count}}日分）',
      otherTimes: '空き枠にない日時を希望するときは、希望日時を3つまで送って依頼できます。',
      otherTimesLink: 'ほかの日時で依頼する',
      bothFormats: 'オンライン・対面',
    },
    /** The booking page: /mentor/{urlParam}/book?slot=… */
    page: {
      lead: '{{name}}さんの空き枠を予約します。',
      holdNote:
        '予約を送ると、{{name}}さんのお返事があるまで（最長{{hours}}時間）この枠はあなたのために確保されます。「自動で承諾」を設定しているOGの場合は、その場で確定します。',
      slot: '予約する枠',
      slotValue: '{{day}} {{from}}〜{{to}}（{{minutes}}分）',
      japanTime: '時刻は日本時間です。',
      changeSlot: '別の枠を選ぶ',
      closeSlots: '枠の一覧を閉じる',
      chooseTitle: '空いている枠',
      format: '形式',
      purpose: '訪問の目的',
      submit: 'この枠で予約する',
      submitting: '予約しています…',
      accepted: '予約が確定しました。{{name}}さんとのOG訪問は{{time}}からです。',
      pending: '予約を送りました。{{name}}さんが承諾すると確定します。お返事をお待ちください。',
      failed: '予約できませんでした。{{message}}',
      slotGone:
        'お選びの枠（{{time}}）は、いまは予約できません。すでに埋まったか、公開が終わった可能性があります。下の空き枠から選び直してください。',
      noSlotChosen: '予約する枠を、下の空き枠から選んでください。',
      freshSlots: '最新の空き枠です。選び直しても、入力した内容はそのまま残ります。',
      noSlots:
        '現在、予約できる空き枠はありません。希望日時を送る依頼なら、ご都合に合わせて日時を提案できます。',
      toRequest: '希望日時を送って依頼する',
      cancel: 'キャンセル',
    },
    /** The OG list: the earliest slot on a card, and the filter. */
    list: {
      earliest: '最短 {{time}}',
      slotSoon: '2週間以内に空きあり',
    },
    /** The agenda, as the booking form and the request form ask it (agenda.* names its parts). */
    agenda: {
      legend: '{{title}}（任意）',
      lead: '当日までに{{name}}さんが準備できるよう、相談したいテーマと質問を書いておきましょう。',
      topicsHint: '{{name}}さんが相談にのれることから選べます。',
      questionsHint: '5つまで、1つ200文字以内で書けます。',
      templates: 'よくある質問の例から始める',
      templatesHint:
        '例が空いている欄に入ります（書いた質問は消えません）。自分の言葉に書き換えて使ってください。',
      templateAria: '{{topic}}の質問例を入れる',
      templateNames: {
        industry: '業界研究',
        es: 'ES',
        interview: '面接',
        career: 'キャリア',
      },
      templateQuestions: {
        industry: {
          q1: 'この業界を選んだ理由と、入社前と後で印象が変わった点を教えてください。',
          q2: '業界のこれからの変化や課題を、現場ではどのように感じていますか。',
          q3: '同じ業界の他社と比べて、御社ならではの特徴は何だと思いますか。',
        },
        es: {
          q1: '私のESの志望動機で、伝わりにくいところがあれば教えてください。',
          q2: '学生時代に力を入れたことは、どのように書くと伝わりやすいでしょうか。',
          q3: 'ESを読む側として、印象に残るのはどのような内容ですか。',
        },
        interview: {
          q1: '面接でよく聞かれた質問と、どのように答えたかを教えてください。',
          q2: '面接の前に、どのような準備をしましたか。',
          q3: '面接で評価されると感じたポイントがあれば教えてください。',
        },
        career: {
          q1: '入社してから今までのキャリアと、これからの目標を教えてください。',
          q2: '仕事のやりがいと、大変だと感じることを教えてください。',
          q3: '学生のうちにやっておけばよかったと思うことはありますか。',
        },
      },
      added: '質問の例を{{count}}件入れました。',
      addedSome: '質問は5つまでのため、質問の例を{{count}}件だけ入れました。',
      full: '質問はすでに5つあります。例を入れるには、どれかの質問を削除してください。',
      alreadyThere: 'この例の質問はすでに入っています。',
      add: '質問を追加',
      remove: '質問{{n}}を削除',
    },
  },
};
