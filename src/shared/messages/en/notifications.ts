import type { jaNotifications } from '../ja/notifications';

/** English: the bell in the header and the mail choices on /profile. */
export const enNotifications: typeof jaNotifications = {
  notifications: {
    bell: 'Notifications',
    unread: '{{count}} unread',
    title: 'Notifications',
    empty: 'No notifications yet.',
    markAll: 'Mark all as read',
    close: 'Close',
    loadFailed: 'The notifications could not be loaded.',
    unreadMark: 'Unread',
    kinds: {
      requested: '{{name}} sent you a visit request',
      booked: '{{name}} booked one of your open slots (accepted automatically)',
      accepted: '{{name}} accepted your visit request',
      proposed: '{{name}} proposed another time',
      proposalAccepted: '{{name}} accepted the time you proposed',
      declined: '{{name}} answered your visit request',
      cancelled: '{{name}} cancelled the visit request',
      cancelledByWithdrawal: 'A visit request was cancelled because the other person left the site',
      meetingDetails: '{{name}} set where to meet',
      message: '{{count}} new message(s) from {{name}}',
      unansweredReminder:
        'The request from {{name}} is waiting for your answer (it expires after 7 days)',
      bookingLapsing:
        'The booking from {{name}} is waiting for your answer (it lapses in 24 hours)',
      expired: 'Your request to {{name}} expired. You can ask other alumni too',
      expiredUnanswered: 'The request from {{name}} expired',
      autoPaused:
        'Requests are paused because several expired unanswered. You can resume on your profile',
      dayBefore: 'Your visit with {{name}} is tomorrow',
      noShowReported: '{{name}} reported that you did not come to the visit',
      thanks: '{{name}} sent you a thank-you message',
      safeEndAsk: 'Did your visit with {{name}} end well? Please let us know',
      noteReminder: 'Keep a note of what you learned from your visit with {{name}}',
      noteOffered:
        '{{name}} would like to share a note on your visit with the seminar. Please review it',
      noteConsented: '{{name}} agreed to share your visit note',
      noteChangesRequested: '{{name}} asked for a change to your visit note',
      noteDeclined: '{{name}} chose not to share your visit note',
      noteHidden: 'An admin hid one of your visit notes',
      introduced: 'You have been introduced to a student, {{name}}. Please say whether you accept',
      introductionOptedIn: 'Introducing {{name}}: you can ask this mentor for a visit',
      // Group sessions (issue 58): {{name}} is the mentor who holds it.
      groupSessionSeatGiven: 'A seat has opened for you in the group session with {{name}}',
      groupSessionCancelled: 'The group session with {{name}} has been cancelled',
      groupSessionDayBefore: 'Your group session with {{name}} is tomorrow',
      groupSessionDayBeforeHost: 'Your group session is tomorrow',
      // Its thread: {{name}} is the mentor (a post to all) or the student who asked (to the mentor).
      groupSessionPost: '{{name}} posted a message to everyone in the group session',
      groupSessionQuestion: '{{name}} asked a question in your group session',
      // A group session cancelled by an admin, to its mentor.
      groupSessionCancelledHost: 'The seminar office cancelled your group session',
      groupSessionPlaceChanged:
        'The place (meeting URL) of the group session with {{name}} changed',
      // 座談会 after it is held: {{name}} is its mentor.
      groupSessionAbsent: '{{name}} recorded you as absent from the group session',
      groupSessionSafeEndAsk: 'Did {{name}}’s group session end well? Please let us know',
    },
  },
  push: {
    title: 'Push notifications',
    lead: "Show what arrives in the bell as notifications in this browser too. Notifications never contain the words of a message or anyone's contact details. Set it on each device: your phone, your computer.",
    on: 'This browser receives push notifications.',
    off: 'This browser does not receive push notifications.',
    turnOn: 'Receive them in this browser',
    turnOff: 'Stop them in this browser',
    working: 'Saving…',
    turnedOn: 'This browser now receives push notifications.',
    turnedOff: 'Push notifications are off in this browser.',
    unsupported:
      "This browser does not support push notifications. On an iPhone or iPad, add the site to your home screen from Safari's share menu and turn them on there.",
    denied:
      'Notifications from this site are blocked in your browser settings. Allow them in the site settings of your browser, then try again.',
    notAllowed: 'Notifications were not allowed, so push notifications are not on.',
    failed: 'Push notifications could not be set up. Please try again later.',
    refusedByBrowser:
      'This browser could not start push notifications. A private window, or a browser with push turned off, cannot receive them. Try a normal window or another browser (on an iPhone or iPad, the app added to the Home Screen). Your news still reaches the bell and your e-mail.',
    loadFailed: 'Your push notification setting could not be loaded.',
    /** Offered once where it helps: after sending a request, after agreeing a visit (issue 56). */
    offer: {
      title: 'Get notifications on this device too?',
      sent: 'We will tell you on this device as soon as the mentor answers.',
      accepted: 'We will tell you on this device as soon as the time changes or a message arrives.',
      turnOn: 'Get notifications',
      later: 'Not now',
      laterDone: 'You can turn them on any time under Push notifications on your profile.',
    },
  },
  mailPreferences: {
    title: 'E-mail notifications',
    lead: 'Everything appears under the bell at the top of the page. Choose what you also want by e-mail. Mail about signing in, registration and your account is always sent.',
    requests: 'New visit requests',
    answers: 'Answers to requests (acceptance, refusal, proposed times, meeting details)',
    cancellations: 'Cancelled requests',
    messages: 'New messages (at most one e-mail per request every 15 minutes)',
    reminders: 'Reminders (requests waiting for you, the day before a visit)',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Your e-mail notification settings were saved.',
    failed: 'Your e-mail notification settings could not be saved. {{message}}',
    loadFailed: 'Your e-mail notification settings could not be loaded.',
  },
};
