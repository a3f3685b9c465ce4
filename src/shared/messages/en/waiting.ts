import type { jaWaiting } from '../ja/waiting';

/**
 * A first visit before anyone's fifth (issue 57, point 3): the student's requests waiting for an
 * answer at the seminar's limit, "First visit" on the mentor's side, and the admins' setting.
 */
export const enWaiting: typeof jaWaiting = {
  waiting: {
    title: 'Requests waiting for an answer: {{count}} (the limit is {{limit}})',
    body: 'In this seminar you can have up to {{limit}} requests waiting for a mentor’s answer at once. Once a mentor answers one, or you withdraw one, you can send a new request.',
    listLabel: 'Requests waiting for an answer',
    sentOn: 'sent {{date}}',
    open: 'Open your request to {{name}}',
    firstVisit: 'First visit',
    firstVisitHint: 'This student has not had a mentor visit yet.',
  },
};
