import type { VisitingMessages } from '../ja/visiting';
import { enRegistration } from './registration';
import { enStudents } from './students';
import { enInvitations } from './invitations';
import { enMentors } from './mentors';
import { enAccounts } from './accounts';
import { enVisits } from './visits';
import { enSafety } from './safety';
import { enThreads } from './threads';
import { enCalendar } from './calendar';
import { enNotifications } from './notifications';
import { enGraduation } from './graduation';
import { enBooking } from './booking';
import { enBookSlot } from './book-slot';
import { enAgenda } from './agenda';
import { enVisitNotes } from './visit-notes';
import { enNoteSearch } from './note-search';
import { enNoteConsent } from './note-consent';
import { enNoteView } from './note-view';
import { enDayDetails } from './day-details';
import { enCompanyLinks } from './company-links';
import { enWaiting } from './waiting';

/**
 * The English texts of every page but the first (registration, the OG list and profiles, the
 * OG訪問 pages): loaded with those pages, so that the first page (/login) does not carry them.
 */
export const enVisiting: VisitingMessages = {
  ...enRegistration,
  ...enStudents,
  ...enInvitations,
  ...enMentors,
  ...enAccounts,
  ...enVisits,
  ...enSafety,
  ...enThreads,
  ...enCalendar,
  ...enNotifications,
  ...enGraduation,
  ...enBooking,
  ...enBookSlot,
  ...enAgenda,
  ...enVisitNotes,
  ...enNoteSearch,
  ...enNoteConsent,
  ...enNoteView,
  ...enDayDetails,
  ...enCompanyLinks,
  ...enWaiting,
};
