/** Japanese: booking one of an alumna's open slots (her page, the booking form, the OG list). */
export const jaBookSlot = {
  bookSlot: {
    title: '空き枠から予約',
  },
};
