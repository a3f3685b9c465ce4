import type { jaBookSlot } from '../ja/book-slot';

/** English: booking one of an alumna's open slots (her page, the booking form, the OG list). */
export const enBookSlot: typeof jaBookSlot = {
  bookSlot: {
    title: 'Book an open slot',
  },
};
