/** Japanese: a request's agenda (相談したいこと), as the form asks it and the request shows it. */
export const jaAgenda = {
  agenda: {
    title: '相談したいこと',
    topics: '相談したいテーマ',
    questions: '質問',
    questionNumber: '質問{{n}}',
    none: '相談したいことは書かれていません。',
  },
};
