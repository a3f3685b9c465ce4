/** Japanese: 予約枠, as an alumna publishes them (her settings page and its preview). */
export const jaBooking = {
  booking: {
    title: '予約枠',
  },
};
