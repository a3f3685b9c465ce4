import type { jaAgenda } from '../ja/agenda';

/** English: a request's agenda, as the form asks it and the request shows it. */
export const enAgenda: typeof jaAgenda = {
  agenda: {
    title: 'What to talk about',
    topics: 'Topics',
    questions: 'Questions',
    questionNumber: 'Question {{n}}',
    none: 'No topics or questions were given.',
  },
};
