import type { jaBooking } from '../ja/booking';

/** English: open slots, as an alumna publishes them (her settings page and its preview). */
export const enBooking: typeof jaBooking = {
  booking: {
    title: 'Open slots',
    page: {
      title: 'Open slot settings',
      lead: 'Publish the times when you can meet. Students see the free slots within those times and can book one directly.',
      back: 'Back to your profile',
      loadFailed: 'Could not load your open slot settings. Please reload the page.',
    },
    howItWorks: {
      title: 'Which slots students see',
      hours: 'Only slots between 8:00 and 21:00 (starting by 20:00).',
      holidays: 'Not on public holidays (unless you tick “Also on public holidays”).',
      busy: 'No slot that overlaps a visit already agreed or a booking awaiting your reply.',
      limit: 'None in a month once your monthly limit of requests is reached.',
    },
    form: {
      publish: 'Publish open slots',
      publishHint:
        'Untick to stop showing slots to students. Requests you have received and agreed visits stay as they are.',
      slotMinutes: 'Length of a slot',
      minutes: '{{count}} min',
      notice: 'Booking deadline',
      noticeHint:
        'How long before a slot students can still book it, so nothing is booked at the last minute.',
      noticeOptions: {
        h48: 'Up to 48 hours before',
        h72: 'Up to 72 hours before',
        h96: 'Up to 4 days before',
        h168: 'Up to 1 week before',
      },
      ahead: 'How far ahead',
      aheadOption: 'Up to {{count}} days ahead',
      buffer: 'Time around your visits',
      bufferHint: 'Keeps time free before and after an agreed visit, for travel or preparation.',
      bufferNone: 'None',
      onHolidays: 'Also on public holidays',
      autoAccept: 'Accept bookings automatically',
      autoAcceptHint:
        'When ticked, a visit is agreed as soon as a student books a slot. Otherwise, review each request and accept it (the slot is held for at most 72 hours while it waits for your reply).',
      autoAcceptRules:
        'Visits accepted automatically follow the same rules. Please read them and tick the box.',
      save: 'Save open slots',
      saving: 'Saving…',
      saved: 'Your open slots were saved.',
      savedWithMisfits:
        'Your open slots were saved. Some visits fall outside your slots now (they were not cancelled): see the list below.',
      failed: 'Could not save. {{message}}',
      checkFields: 'Could not save. Please check the fields marked in red.',
    },
    windows: {
      weekday: 'Day',
      weekdays: {
        sun: 'Sunday',
        mon: 'Monday',
        tue: 'Tuesday',
        wed: 'Wednesday',
        thu: 'Thursday',
        fri: 'Friday',
        sat: 'Saturday',
      },
      day: 'Date',
      start: 'From',
      end: 'To',
      format: 'Format',
      formats: {
        online: 'Online',
        in_person: 'In person',
        either: 'Either',
      },
      placeKind: 'Kind of place',
      placeKindPlaceholder: 'Choose one',
      place: 'Place (optional)',
      placePlaceholder: 'e.g. a café near Shinjuku Station',
      maxReached: 'You can add up to {{max}} slots and dates in all.',
    },
    weekly: {
      title: 'Every week',
      hint: 'Add the days and hours when you can meet (in 15-minute steps).',
      row: 'Weekly slot {{n}}',
      remove: 'Remove',
      removeLabel: 'Remove weekly slot {{n}}',
      add: 'Add a weekly slot',
      empty: 'Nothing added yet.',
    },
    dates: {
      title: 'Particular dates',
      hint: 'If you can meet on a date besides your weekly slots, add the date and hours.',
      row: 'Date {{n}}',
      remove: 'Remove',
      removeLabel: 'Remove date {{n}}',
      add: 'Add a date',
      empty: 'Nothing added yet.',
    },
    daysOff: {
      title: 'Days off',
      hint: 'No slot is shown on these days, even within your weekly slots.',
      row: 'Day off {{n}}',
      remove: 'Remove',
      removeLabel: 'Remove day off {{n}}',
      add: 'Add a day off',
      empty: 'Nothing added yet.',
    },
    preview: {
      title: 'Your slots for the next two weeks',
      lead: 'The slots students see with your saved settings (Japan time).',
      count: '{{count}} open',
      slot: '{{from}}–{{to}}',
      either: 'Online or in person',
      empty:
        'No slot can be booked in the next two weeks. Add weekly slots or dates, or review the booking deadline and how far ahead.',
      off: 'Your slots are not published, so students see none. Tick “Publish open slots” and save to see your next two weeks here.',
      paused:
        'You have paused requests, so students see no slot. Resume them under “Visit request settings” on your profile to show your next slots.',
      monthlyLimit:
        'This month’s limit of requests is reached, so students see no slot. You can change the limit under “Visit request settings” on your profile.',
    },
    misfits: {
      title: 'Visits outside your slots now',
      lead: 'These visits fall outside your current slots, but they were NOT cancelled. If they go ahead as planned, there is nothing to do.',
      change:
        'To change a date or if you can no longer meet, send the student a message from the request page or cancel the request there (the student is told by e-mail). For a booking awaiting your reply, accept or decline it.',
      student: '{{name}}',
      open: 'Open the request',
    },
    status: {
      on: 'Published',
      off: 'Not published',
      next: 'Next slot: {{slot}}',
      none: 'No free slot',
      paused: 'Not shown to students while requests are paused',
      monthlyLimit: 'This month’s limit is reached',
      lead: 'Publish the times when you can meet, and students can book a free slot directly.',
      open: 'Set up open slots',
    },
  },
};
