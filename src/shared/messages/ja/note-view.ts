/** Japanese: one 訪問記録 as anyone reads it (the same view on every page that shows notes). */
export const jaNoteView = {
  noteView: {
    jobType: '職種: {{job}}',
    mentorPrefix: 'OG: ',
    visited: '{{year}}年{{month}}月に訪問',
    visitedIn: '{{month}}（{{fiscalYear}}）',
    fiscalYear: '{{year}}年度',
    unnamedMentor: '{{industry}}・{{year}}年入社のOG',
    unnamedMentorNoYear: '{{industry}}のOG',
    unnamedMentorBare: 'OG（匿名）',
    companyWithheld: '{{industry}}の企業',
    companyWithheldBare: '企業名は非公開',
    goneMentor: '退会したOG',
    mentorPage: 'このOGのページを見る',
    author: '記録: {{name}}',
    authorWithGrade: '記録: {{name}}（当時{{grade}}）',
    authorGone: '記録: 退会した学生',
    // The author chose not to be named (issue 56): her 学年 when she wrote it.
    authorUnnamed: '記録: {{grade}}の学生',
    authorUnnamedBare: '記録: ゼミの学生',
    qaTitle: '聞いたこと',
    question: '質問',
    answer: '答え',
    noAnswer: '（答えは書かれていません）',
    adviceTitle: 'アドバイス',
    masked: '連絡先と思われる部分は「＊＊＊」で隠しています。',
    // Issue 58, point 4: a note about a 座談会 (its title only to those who may know the OG).
    groupSession: '座談会',
    groupSessionMonth: '{{year}}年{{month}}月の座談会',
  },
};
