import type { jaVisitNotes } from '../ja/visit-notes';

/** English: 訪問記録 as its author writes, keeps and offers them (the editor, her own notes). */
export const enVisitNotes: typeof jaVisitNotes = {
  visitNotes: {
    title: 'Visit notes',
  },
};
