/** Japanese: a request's agenda (相談したいこと), as the form asks it and the request shows it. */
export const jaAgenda = {
  agenda: {
    title: '相談したいこと',
    topics: '相談したいテーマ',
    questions: '質問',
    questionNumber: '質問{{n}}',
    none: '相談したいことは書かれていません。',
    // The request page and the thread (issue 37): the agenda as both sides read it.
    topicsLabel: 'テーマ',
    questionsCount: '質問{{count}}件',
    show: '相談したいことを表示',
    quote: 'この質問について書く',
    /** Put at the start of the message box; the writer continues below it. */
    quoteText: '【質問{{n}}】{{question}}',
    bookedSlot: '予約枠',
    bookedSlotTime: '{{start}}〜{{end}}',
    bookedFromHers: '{{name}}さんの予約枠から予約しました。',
    bookedFromMine: 'あなたの予約枠から予約されました。',
  },
};
