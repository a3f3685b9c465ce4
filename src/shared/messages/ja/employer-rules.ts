/**
 * Japanese: an alumna's employer's rules for OG訪問 (issue 54, point 9) — her form, what students
 * read on her page and their request, the desks of 「困ったときは」. Loaded with the pages that
 * show them (web/features/employer-rules/texts.ts), not with the OG list. The law's own word
 * 「OB・OG訪問」 appears only where the law is named.
 */
export const jaEmployerRules = {
  employerRules: {
    // Her form, on her own profile.
    title: '勤務先のOG訪問ルール',
    lead: '2026年10月から、会社には、OB・OG訪問などで学生へのハラスメント（就活ハラスメント）が起きないようにする義務があります。そのため、社員のOB・OG訪問に「オンラインのみ」「社内のみ」などのルールや相談窓口を決めている会社があります。勤務先にルールがあれば登録してください。予約枠・承諾・時間の提案はこのルールに沿うものだけになり、学生にもあなたのページと依頼の画面で表示されます。',
    format: '面談の方法',
    formatNone: '指定なし',
    formatOnlineOnly: 'オンラインのみ',
    formatPremisesOnly: '対面は社内のみ（オンラインも可）',
    latestEnd: '終了の時刻',
    latestEndHint:
      'サイトのルールでは、面談は21:00までに終えます。勤務先にそれより早い決まりがあれば選んでください。',
    latestEndNone: '指定なし（21:00まで）',
    latestEndOption: '{{time}}までに終了',
    noAlcohol: '飲酒を伴わない（勤務先で禁止されている）',
    deskTitle: '勤務先の相談窓口（ある場合）',
    deskHint:
      '会社が学生向けに公表している窓口だけを入力してください。学生の「困ったときは」に表示されます。',
    deskName: '窓口の名前',
    deskNamePlaceholder: '例：人事部 OB・OG訪問相談窓口',
    deskContact: '連絡先（電話番号・URL・メールアドレス）',
    deskContactPlaceholder: '例：03-1234-5678 または https://example.co.jp/contact',
    save: 'ルールを保存',
    saving: '保存しています…',
    saved:
      '勤務先のルールを保存しました。予約枠・承諾・時間の提案は、このルールに沿うものだけになります。',
    savedNone: '勤務先のルールはなしで保存しました。',
    failed: '勤務先のルールを保存できませんでした。{{message}}',
    // What students read: on her page, the request and booking forms, the request page.
    boxTitle: 'この先輩の勤務先のルール',
    boxLead: 'この先輩とのOG訪問は、サイトのルールに加えて、次のルールに沿って行います。',
    rules: {
      onlineOnly: 'オンラインのみ',
      premisesOnly: '対面は勤務先の社内のみ（オンラインも可）',
      latestEnd: '{{time}}までに終了',
      noAlcohol: '飲酒なし',
    },
    hasDesk: '勤務先の相談窓口：{{name}}',
    guidelinesLink: 'OG訪問の注意事項を読む',
    // Why a choice is not offered to her, said where it would have been.
    breach: {
      onlineOnly: '勤務先のルール（オンラインのみ）のため、対面は選べません。',
      premisesOnly:
        '勤務先のルール（対面は社内のみ）のため、対面はご自分の勤務先（オフィス）だけ選べます。',
      latestEnd:
        '勤務先のルール（{{time}}までに終了）のため、終わるのがそれより遅い時間は選べません。',
    },
    tooLate: '（勤務先のルールの時刻を過ぎます）',
    // The student's request form, when she meets online only.
    studentLatestEnd:
      'この先輩の勤務先のルールにより、面談は{{time}}までに終えます。終わるのがそれより遅い時間は選べません（面談は1時間として数えます）。',
    studentOnlineOnly: 'この先輩の勤務先のルールにより、面談はオンラインのみです。',
  },
  desks: {
    seminar: '就活ゼミの相談窓口',
    employer: 'OGの勤務先の相談窓口',
    employerLead: 'OGの勤務先が設けている、OB・OG訪問についての相談窓口です。',
    labour: '公的な相談窓口',
    labourLead:
      '全国の労働局・労働基準監督署にある国の窓口です。就活ハラスメントについても、無料で相談できます。',
    guidelines: 'OG訪問の注意事項（困ったときにすること）',
  },
};
