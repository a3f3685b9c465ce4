import type { jaNoteConsent } from '../ja/note-consent';

/** English: the notes offered to an alumna, and her consent. */
export const enNoteConsent: typeof jaNoteConsent = {
  noteConsent: {
    title: 'Notes on visits with you',
    back: 'Back to your profile',
    loadFailed: 'The visit notes could not be loaded. Please try again later.',
    yearCount: 'Visit notes from the past year: {{count}}',
    yearCountNote:
      'This counts the notes shared with the seminar with your consent, from visits in the past 12 months.',
    whyTitle: 'Why students keep visit notes',
    why: {
      nextCohort:
        'Students write down what they learned at a visit so that next year’s students can read it and learn from you.',
      yourName:
        'Only the notes you consent to are shared with the seminar, and for each one you choose whether your name appears.',
      contact: 'Anything that looks like contact details is hidden automatically in shared notes.',
      withdraw:
        'You can withdraw your consent at any time. The note then disappears from the seminar’s list at once.',
    },
    waitingTitle: 'Notes waiting for your answer',
    waitingLead:
      'Students would like to share these notes with the seminar. Please read each one, then consent to sharing it, ask for a change, or decline.',
    sharedTitle: 'Notes shared with the seminar',
    sharedLead:
      'The seminar’s students can read these notes. You can change how your name appears at any time, or withdraw your consent to stop sharing.',
    othersTitle: 'Other notes',
    empty:
      'No student has offered a note about a visit with you yet. When one does, it appears here and you get a notification.',
    offeredAt: 'Offered on {{date}}',
    sharedAt: 'Shared since {{date}}',
    answerLabel: 'Your answer to this note',
    nameLegend: 'Your name',
    showName: 'Show my name',
    hideName: 'Don’t show my name',
    shownAs: 'Shown as: ',
    unnamedShownAs:
      'Of your company, year joined, job type and industry, students see only what at least {{min}} mentors on the mentor list share (just “An anonymous mentor” when fewer than {{min}} mentors are in your industry)',
    consent: 'Consent to sharing',
    consenting: 'Sending…',
    consented: 'You consented. The seminar’s students can now read this note.',
    requestChanges: 'Ask for a change',
    commentLabel: 'What should be changed',
    commentHint:
      'The student who wrote the note reads this comment. Please say clearly what you would like changed.',
    counter: '{{count}} / {{max}} characters',
    sendRequest: 'Send the request',
    sendingRequest: 'Sending…',
    cancel: 'Cancel',
    requested: 'Your request was sent. The note comes back to you once the student has changed it.',
    decline: 'Don’t share',
    declineTitle: 'Decline to share this note?',
    declineBody:
      'The note will not be shared with the seminar, and the student cannot offer it again. The student keeps the note itself.',
    declineCancel: 'Back',
    declineConfirm: 'Don’t share',
    declining: 'Sending…',
    declined: 'The student has been told that this note will not be shared.',
    nameNow: 'Now shown as: {{choice}}',
    changeName: 'Change how your name appears',
    changingName: 'Changing…',
    nameChanged: 'How your name appears has been changed.',
    withdraw: 'Withdraw consent',
    withdrawTitle: 'Withdraw your consent to sharing?',
    withdrawBody:
      'The note disappears from the seminar’s list at once, and the student is told. Once withdrawn, the same note cannot be shared again.',
    withdrawCancel: 'Back',
    withdrawConfirm: 'Withdraw consent',
    withdrawing: 'Withdrawing…',
    withdrawn: 'Consent withdrawn. The seminar’s students can no longer see this note.',
    failed: 'Could not send: {{message}}',
    state: {
      changes_requested: 'Change requested',
      declined: 'Not shared',
      withdrawn: 'Consent withdrawn',
      private: 'The student withdrew the offer',
    },
    yourComment: 'Your comment',
    readNote: 'Read the note',
    link: {
      title: 'Visit notes',
      lead: 'See the notes students wrote after their visits with you and offered to share with the seminar.',
      waiting: 'Notes waiting for your answer: {{count}}',
      open: 'See visit notes',
    },
  },
};
