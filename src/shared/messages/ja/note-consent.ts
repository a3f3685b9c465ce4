/** Japanese: the notes offered to an alumna, and her consent. */
export const jaNoteConsent = {
  noteConsent: {
    title: 'あなたとの訪問記録',
  },
};
