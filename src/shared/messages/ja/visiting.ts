import { jaVisits } from './visits';
import { jaSafety } from './safety';
import { jaThreads } from './threads';
import { jaCalendar } from './calendar';
import { jaNotifications } from './notifications';
import { jaGraduation } from './graduation';
import { jaBooking } from './booking';
import { jaBookSlot } from './book-slot';
import { jaAgenda } from './agenda';
import { jaVisitNotes } from './visit-notes';
import { jaNoteSearch } from './note-search';
import { jaNoteConsent } from './note-consent';
import { jaNoteView } from './note-view';

/**
 * The Japanese texts of the OG訪問 pages (requests, threads, the calendar, the bell, safety): loaded
 * with the signed-in pages, so that the first page (/login) does not carry them.
 */
export const jaVisiting = {
  ...jaVisits,
  ...jaSafety,
  ...jaThreads,
  ...jaCalendar,
  ...jaNotifications,
  ...jaGraduation,
  ...jaBooking,
  ...jaBookSlot,
  ...jaAgenda,
  ...jaVisitNotes,
  ...jaNoteSearch,
  ...jaNoteConsent,
  ...jaNoteView,
};

export type VisitingMessages = typeof jaVisiting;
