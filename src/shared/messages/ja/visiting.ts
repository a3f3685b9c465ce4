import { jaRegistration } from './registration';
import { jaStudents } from './students';
import { jaInvitations } from './invitations';
import { jaMentors } from './mentors';
import { jaAccounts } from './accounts';
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
import { jaDayDetails } from './day-details';
import { jaCompanyLinks } from './company-links';
import { jaWaiting } from './waiting';

/**
 * The Japanese texts of every page but the first: registration, the OG list and profiles, and
 * the OG訪問 pages (requests, threads, the calendar, the bell, safety). Loaded with those pages
 * (every page the router loads waits for them), so that the first page (/login) does not carry
 * them.
 */
export const jaVisiting = {
  ...jaRegistration,
  ...jaStudents,
  ...jaInvitations,
  ...jaMentors,
  ...jaAccounts,
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
  ...jaDayDetails,
  ...jaCompanyLinks,
  ...jaWaiting,
};

export type VisitingMessages = typeof jaVisiting;
