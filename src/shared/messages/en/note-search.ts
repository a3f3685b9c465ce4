import type { jaNoteSearch } from '../ja/note-search';

/** English: the seminar's shared 訪問記録, searched and read. */
export const enNoteSearch: typeof jaNoteSearch = {
  noteSearch: {
    title: 'Visit notes from the seminar',
  },
};
