import type { jaNoteConsent } from '../ja/note-consent';

/** English: the notes offered to an alumna, and her consent. */
export const enNoteConsent: typeof jaNoteConsent = {
  noteConsent: {
    title: 'Notes on visits with you',
  },
};
