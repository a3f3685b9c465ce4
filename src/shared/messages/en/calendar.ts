import type { jaCalendar } from '../ja/calendar';

/** English: calendar events of agreed visits, and the feed settings on /profile. */
export const enCalendar: typeof jaCalendar = {
  calendar: {
    name: 'OG Connect visits',
    summary: 'OG visit: {{name}}',
    withdrawn: 'Withdrawn user',
    format: 'Format',
    where: 'Place',
    host: 'Opens',
    details: 'Request details and messages:',
    tentativeSummary: '[Tentative] {{summary}}',
    tentativeStudent: 'A tentative booking of a slot. It is confirmed once the mentor accepts.',
    tentativeMentor:
      'A tentative booking of your slot. Accept it on the request page to confirm it.',
    slotsName: 'OG Connect booking slots',
    slotOpen: 'Booking slot (free)',
    slotOpenNote: 'An open slot students can book. Once booked it becomes "Booking slot (booked)".',
    slotBooked: 'Booking slot (booked)',
    slotHeld: 'Booking slot (tentative)',
    download: 'Add to calendar (.ics)',
    feedTitle: 'Calendar subscription',
    feedLead:
      'Add this URL to Google Calendar or your iPhone calendar ("add by URL") and your accepted visits (and tentative slot bookings) and the group sessions you take part in appear there automatically.',
    feedPrivate:
      'Anyone who knows this URL can see your visits. Do not share it; if it leaks, issue a new one.',
    feedLabel: 'Calendar URL',
    copy: 'Copy URL',
    copied: 'The URL was copied.',
    copyFailed: 'Could not copy. Please select the URL and copy it.',
    regenerate: 'Issue a new URL',
    regenerateTitle: 'Issue a new calendar URL?',
    regenerateBody:
      'The current URL will stop working. In calendars that use it, add the new URL again.',
    regenerateConfirm: 'Issue a new URL',
    cancel: 'Cancel',
    regenerating: 'Issuing…',
    regenerated: 'A new URL was issued.',
    loadFailed: 'The calendar URL could not be loaded.',
    slotsLabel: 'Booking slots URL (free/busy)',
    slotsLead:
      'This URL shows your published booking slots in your own calendar as free time. Slots that are booked or held, and the time of your group sessions, show as busy.',
    slotsCopy: 'Copy booking slots URL',
    regenerateSlots: 'The booking slots URL changes too.',
    // Group sessions (issue 58): one as .ics, in the feeds of its mentor and seated students, busy in her slots.
    groupSummary: 'Group session: {{title}} ({{name}})',
    groupHostSummary: 'Group session: {{title}}',
    groupSeats: '{{seated}} / {{seats}} seats taken',
    groupDetails: 'Group session details:',
    groupBusy: 'Group session',
  },
};
