/** Japanese: the seminar's shared 訪問記録, searched and read. */
export const jaNoteSearch = {
  noteSearch: {
    title: 'みんなの訪問記録',
  },
};
