import type { jaBooking } from '../ja/booking';

/** English: open slots, as an alumna publishes them (her settings page and its preview). */
export const enBooking: typeof jaBooking = {
  booking: {
    title: 'Open slots',
  },
};
