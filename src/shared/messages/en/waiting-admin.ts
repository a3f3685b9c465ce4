import type { jaWaitingAdmin } from '../ja/waiting-admin';

/** The admins' limit of requests waiting for an answer (issue 57), with the console's texts. */
export const enWaitingAdmin: typeof jaWaitingAdmin = {
  waitingAdmin: {
    title: 'Request rules',
    label: 'Requests waiting for an answer (per student)',
    hint: 'How many requests a student may have waiting for a mentor’s answer at once (1–5, 3 by default). It keeps requests from piling up on a few mentors, so that every student gets to a first visit.',
    option: '{{count}}',
    save: 'Save the request rules',
    saving: 'Saving…',
    saved: 'The request rules were saved.',
    saveFailed: 'Could not save: {{message}}',
    loadFailed: 'Could not load the request rules: {{message}}',
  },
};
