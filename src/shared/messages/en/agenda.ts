import type { jaAgenda } from '../ja/agenda';

/** English: a request's agenda, as the form asks it and the request shows it. */
export const enAgenda: typeof jaAgenda = {
  agenda: {
    title: 'What to talk about',
    topics: 'Topics',
    questions: 'Questions',
    questionNumber: 'Question {{n}}',
    none: 'No topics or questions were given.',
    topicsLabel: 'Topics',
    questionsCount: 'Questions: {{count}}',
    show: 'Show what to talk about',
    quote: 'Write about this question',
    quoteText: '[Question {{n}}] {{question}}',
    bookedSlot: 'Booked slot',
    bookedSlotTime: '{{start}}–{{end}}',
    bookedFromHers: 'Booked from the open slots of {{name}}.',
    bookedFromMine: 'Booked from your open slots.',
  },
};
