import type { jaAdminNotes } from '../ja/admin-notes';

/** English: the console's 訪問記録 (hide, counts, exports). */
export const enAdminNotes: typeof jaAdminNotes = {
  adminNotes: {
    title: 'Visit notes',
  },
};
