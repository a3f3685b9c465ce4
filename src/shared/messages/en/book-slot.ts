import type { jaBookSlot } from '../ja/book-slot';

/** English: booking one of an alumna's open slots (her page, the booking form, the OG list). */
export const enBookSlot: typeof jaBookSlot = {
  bookSlot: {
    title: 'Book an open slot',
    section: {
      lead: 'Choose a time that suits you to go on to the booking. All times are Japan time.',
      loading: 'Checking for open slots…',
      slotAria: 'Book {{day}} {{from}}–{{to}} ({{format}})',
      more: 'Show more ({{count}} more days)',
      otherTimes:
        'If none of these times suits you, you can send a request with up to three times of your own.',
      otherTimesLink: 'Request other times',
      bothFormats: 'online or in person',
    },
    page: {
      lead: 'You are booking an open slot of {{name}}.',
      holdNote:
        'Once you book, this slot is kept for you until {{name}} answers (at most {{hours}} hours). If the mentor accepts bookings automatically, it is confirmed at once.',
      slot: 'Slot',
      slotValue: '{{day}} {{from}}–{{to}} ({{minutes}} min)',
      japanTime: 'Times are Japan time.',
      changeSlot: 'Choose another slot',
      closeSlots: 'Hide the slots',
      chooseTitle: 'Open slots',
      format: 'Format',
      purpose: 'Purpose of the visit',
      submit: 'Book this slot',
      submitting: 'Booking…',
      accepted: 'Your booking is confirmed. Your visit with {{name}} starts {{time}}.',
      pending: 'Your booking was sent. It is confirmed once {{name}} accepts it.',
      failed: 'The slot could not be booked. {{message}}',
      slotGone:
        'The slot you chose ({{time}}) cannot be booked now: it may have just been taken or is no longer offered. Please choose again from the open slots below.',
      noSlotChosen: 'Please choose a slot from the open slots below.',
      freshSlots: 'These are the latest open slots. What you have typed stays as it is.',
      noSlots:
        'There are no open slots to book right now. You can still send a request with times that suit you.',
      toRequest: 'Send a request with your times',
      cancel: 'Cancel',
    },
    list: {
      earliest: 'Earliest: {{time}}',
      slotSoon: 'Open slot within 2 weeks',
    },
    agenda: {
      legend: '{{title}} (optional)',
      lead: 'So that {{name}} can prepare, note the topics and questions you would like to talk about.',
      topicsHint: 'Choose from what {{name}} offers to talk about.',
      questionsHint: 'Up to 5 questions, each up to 200 characters.',
      templates: 'Start from common questions',
      templatesHint:
        'Examples go into empty questions (nothing you wrote is replaced). Put them in your own words.',
      templateAria: 'Add example questions on {{topic}}',
      templateNames: {
        industry: 'Industry research',
        es: 'Application form (ES)',
        interview: 'Interviews',
        career: 'Career',
      },
      templateQuestions: {
        industry: {
          q1: 'Why did you choose this industry, and what looked different once you had joined?',
          q2: 'How do people in the field see the changes and challenges ahead for the industry?',
          q3: 'Compared with other companies in the industry, what makes yours different?',
        },
        es: {
          q1: 'Is anything in the motivation part of my application form (ES) hard to follow?',
          q2: 'How can I best write about what I worked hardest at as a student?',
          q3: 'As a reader of application forms (ES), what kind of content stays with you?',
        },
        interview: {
          q1: 'Which questions were you often asked in interviews, and how did you answer them?',
          q2: 'How did you prepare for your interviews?',
          q3: 'What do you think interviewers valued most?',
        },
        career: {
          q1: 'How has your career gone since you joined, and what are your goals now?',
          q2: 'What do you find rewarding in your work, and what is hard?',
          q3: 'Is there anything you wish you had done while you were a student?',
        },
      },
      added: 'Example questions added: {{count}}.',
      addedSome:
        'You can have up to 5 questions, so only {{count}} example question(s) were added.',
      full: 'You already have 5 questions. Remove one to add examples.',
      alreadyThere: 'These example questions are already there.',
      add: 'Add a question',
      remove: 'Remove question {{n}}',
    },
  },
};
