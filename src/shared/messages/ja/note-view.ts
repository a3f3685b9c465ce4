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
    goneMentor: '退会したOG',
    mentorPage: 'このOGのページを見る',
    author: '記録: {{name}}',
    authorWithGrade: '記録: {{name}}（当時{{grade}}）',
    authorGone: '記録: 退会した学生',
    qaTitle: '聞いたこと',
    question: '質問',
    answer: '答え',
    noAnswer: '（答えは書かれていません）',
    adviceTitle: 'アドバイス',
    masked: '連絡先と思われる部分は「＊＊＊」で隠しています。',
  },
};
