import type { jaDayDetails } from '../ja/day-details';

export const enDayDetails: typeof jaDayDetails = {
  dayDetails: {
    title: 'Your upcoming visits',
    lead: 'Saved on this device (as of {{time}}). Changes reach it once you are back online.',
    none: 'You have no upcoming confirmed visits.',
    other: {
      student: 'Student',
      mentor: 'Mentor',
    },
    contact: 'Contact',
    place: 'Meeting place',
    url: 'Online meeting URL',
    notSet: 'Not decided yet',
    opens: 'Opens {{host}}',
    open: 'Open the request (needs a connection)',
    privacy: 'These plans are removed from this device when you sign out.',
  },
};
