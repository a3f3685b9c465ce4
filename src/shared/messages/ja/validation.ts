/** Japanese: what a form says about a field (the keys the shared schemas name). */
export const jaValidation = {
  validation: {
    visitPurposeRequired: '訪問の目的を選択してください。',
    visitMessageRequired: 'メッセージを入力してください。',
    visitMessageTooLong: 'メッセージは1000文字以内で入力してください。',
    visitSlotRequired: '希望日時を1つ以上入力してください。',
    visitSlotTooMany: '希望日時は3つまでです。',
    visitSlotInvalid: '日時を正しく入力してください。',
    visitSlotPast: '過去の日時は指定できません。',
    visitProposalPast: '提案された日時は過ぎています。別の日時を提案してください。',
    visitSlotTooFar: '日時は90日先までで指定してください。',
    visitSlotLateNight:
      '面談の開始時刻は8:00〜20:00の間で指定してください（深夜の面談はできません）。',
    visitSlotDuplicate: '同じ日時が重複しています。',
    visitSlotChoiceRequired: '希望日時から1つ選ぶか、別の日時を提案してください。',
    meetingFormatRequired: '面談の形式を選択してください。',
    safetyRulesRequired: '安全のためのルールを確認し、チェックを入れてください。',
    meetingPlaceTooLong: '会う場所は200文字以内で入力してください。',
    placeKindRequired: '会う場所の種類を選んでください。',
    placeOtherRequired: '「その他」の場合は、どのような場所かを短く入力してください。',
    placeOtherTooLong: '場所の説明は60文字以内で入力してください。',
    placeRefusedIzakaya:
      '「居酒屋」などお酒を出すお店は、会う場所に指定できません（飲酒を伴う面談はしないルールです）。カフェやオフィスなど、人目のある場所を指定してください。',
    placeRefusedBar:
      '「バー」などお酒を出すお店は、会う場所に指定できません（飲酒を伴う面談はしないルールです）。カフェやオフィスなど、人目のある場所を指定してください。',
    placeRefusedKaraoke:
      '「カラオケ」は会う場所に指定できません（個室になる場所では会わないルールです）。カフェやオフィスなど、人目のある場所を指定してください。',
    placeRefusedPrivateRoom:
      '「個室」は会う場所に指定できません（人目のない個室では会わないルールです）。カフェやオフィスなど、人目のある場所を指定してください。',
    placeRefusedHome:
      '「自宅」は会う場所に指定できません（自宅やホテルでは会わないルールです）。カフェやオフィスなど、人目のある場所を指定してください。',
    placeRefusedHotel:
      '「ホテル」は会う場所に指定できません（自宅やホテルでは会わないルールです）。ホテルのロビーやラウンジなら、そのように書いてください。',
    meetingUrlInvalid: 'https:// で始まるURLを入力してください。',
    meetingUrlCredentials:
      'ユーザー名やパスワード（@ の前の部分）を含むURLは使えません。会議サービスで発行されたURLをそのまま貼り付けてください。',
    meetingUrlIpHost:
      'IPアドレスのURLは使えません。meet.google.com のような会議サービスのアドレスを入力してください。',
    meetingUrlHost:
      'URLのドメイン名を確認してください。meet.google.com のような、ドットを含むドメイン名が必要です。',
    meetingUrlTooLong: 'URLは500文字以内で入力してください。',
    threadMessageRequired: 'メッセージを入力してください。',
    threadMessageTooLong: 'メッセージは1000文字以内で入力してください。',
    replyTemplateTitleRequired: '返信の名前を入力してください。',
    replyTemplateTitleTooLong: '返信の名前は40文字以内で入力してください。',
    replyTemplatesTooMany: 'よくある返信は10件まで登録できます。',
    visitReplyTooLong: 'メッセージは500文字以内で入力してください。',
    visitOutcomeRequired: '実施済みか、相手が来なかったかを選んでください。',
    feedbackRatingRequired: '1〜5の評価を選んでください。',
    feedbackCommentTooLong: 'コメントは1,000文字以内で入力してください。',
    visitCancelReasonRequired:
      '前日以降のキャンセルには理由を入力してください。相手に表示されます。',
    reportTargetInvalid: '通報する相手が正しくありません。',
    reportReasonRequired: '通報の理由を選択してください。',
    reportDetailsRequired: '具体的な内容を入力してください。',
    reportDetailsTooLong: '内容は1000文字以内で入力してください。',
    reportNoteTooLong: '対応メモは500文字以内で入力してください。',
    // The seminar's 相談窓口 (admin console).
    deskNameTooLong: '窓口の名前は60文字以内で入力してください。',
    deskPhoneInvalid:
      '電話番号は数字と「-」「+」「()」で、10〜15桁を入力してください（例: 03-1234-5678）。',
    deskHoursTooLong: '受付時間は100文字以内で入力してください。',
    deskNoteTooLong: '補足は300文字以内で入力してください。',
    deskContactRequired:
      'メールアドレスか電話番号のどちらかを入力してください（窓口を設定しない場合は、すべての欄を空にしてください）。',
    invalidChoice: '選択肢の中から選んでください。',
    domainInvalid: 'ドメイン名の形式で入力してください（例: stu.example.ac.jp）。',
    universityNameRequired: '大学名を入力してください。',
    domainRequired: 'メールドメインを1つ以上入力してください。',
    tooManyDomains: 'メールドメインは20件までです。',
    domainDuplicated: '同じドメインが重複しています。',
    domainTaken: 'このドメインは既に別の大学に登録されています。',
    emailRequired: 'メールアドレスを入力してください。',
    emailInvalid: 'メールアドレスの形式が正しくありません。',
    codeInvalid: '6桁の数字を入力してください。',
    invalid: '入力内容を確認してください。',
    textTooLong: '100文字以内で入力してください。',
    nameRequired: 'お名前を入力してください。',
    studentNumberRequired: '学籍番号を入力してください。',
    universityRequired: '大学を選択してください。',
    facultyRequired: '学部を入力してください。',
    departmentRequired: '学科を入力してください。',
    gradeRequired: '学年を選択してください。',
    emailDomainMismatch: '選択した大学のメールアドレスを使用してください。',
    emailSameAsCurrent: '現在のメールアドレスと同じです。新しいメールアドレスを入力してください。',
    emailChangeUniversityOnly:
      '学生の方は、在籍する大学のメールアドレスにだけ変更できます。卒業後は、OGとしての登録を申請してください。',
    emailNeedsUniversity: '先に大学を選択してください。',
    termsRequired: '利用規約への同意が必要です。',
    imageRequired: 'プロフィール画像を選択してください。',
    introductionTooLong: '自己紹介は1000文字以内で入力してください。',
    inviteEmailInvalid: '有効なメールアドレスを入力してください。',
    graduationYearRequired: '卒業年を選択してください。',
    industryCategoryRequired: '業界を選択してください。',
    industrySubcategoryRequired: '業界の詳細を選択してください。',
    companyRequired: '会社名を入力してください。',
    messageRequired: '学生へのメッセージを入力してください。',
    messageTooLong: 'メッセージは140文字以内で入力してください。',
    // The richer alumni profile.
    nameReadingRequired: 'フリガナを入力してください。',
    nameReadingKana: 'フリガナは40文字以内のカタカナ（ひらがなも可）で入力してください。',
    joinedYearInvalid: '入社年を選択してください。',
    joinedYearBeforeGraduation: '入社年は卒業年と同じか、それより後の年を選んでください。',
    topicsNoteTooLong: '相談できること（自由記述）は200文字以内で入力してください。',
    mentorNameRequired: 'お名前を入力してください。',
    imageNotImage: '画像ファイルを選択してください。',
    imageTooLarge: '画像サイズは5MB以下にしてください。',
    // What input and mail may carry.
    nameLinkLike:
      'お名前にURL・ドメイン名・メールアドレスのような文字列や「<」「>」は使えません。お名前だけを入力してください。',
  },
};
