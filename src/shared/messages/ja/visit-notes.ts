/** Japanese: 訪問記録 as its author writes, keeps and offers them (the editor, her own notes). */
export const jaVisitNotes = {
  visitNotes: {
    title: '訪問記録',
  },
};
