/** Japanese: the console's 訪問記録 (hide, counts, exports). */
export const jaAdminNotes = {
  adminNotes: {
    title: '訪問記録',
  },
};
