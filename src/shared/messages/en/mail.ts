import type { MailMessages } from '../ja/mail';

/** English: the e-mails to an account whose owner chose English (docs/decisions/0041). */
export const enMail: MailMessages = {
  mail: {
    // The first line of a mail to someone whose name the site knows.
    salutation: 'Dear {{name}},',
    signature: '――\nOG Connect (job-hunting seminar)',
    // Only in mail someone else could have caused by typing this address: sign-in, registration,
    // invitation and address changes; a visit's mail is no stranger's.
    notMine: 'If you were not expecting this e-mail, please delete it without opening the link.',
    signIn: {
      subject: '[OG Connect] Your login link',
      greeting: 'Thank you for using OG Connect.',
      body: 'Open the link below to log in. The link is valid for 10 minutes and can be used only once.',
      button: 'Log in',
      codeIntro:
        'If you opened this e-mail on another device or app, enter the following verification code on the login screen.',
    },
    invitation: {
      subject: '[OG Connect] An invitation to register as alumni',
      greeting: '{{inviter}} has invited you to OG Connect, the alumni visit site of {{seminar}}.',
      body: 'We hope you will support younger students in their job hunting as alumni. You can register with the link below.',
      button: 'Register as alumni',
      code: 'Invitation code: {{code}}',
      expires: 'This link is valid until {{date}} (7 days).',
      adminInviter: 'the OG Connect office',
      mentorInviter: '{{name}}',
      // Issue 56, point 4: the seminar as the admins named it, and the inviter's own line.
      seminarSubject: '[OG Connect] An invitation from {{seminar}} to register as alumni',
      defaultSeminar: 'the job-hunting seminar',
      seminarLine: 'Seminar: {{seminar}} ({{leader}})',
      personalLine: 'A word from {{inviter}}:',
    },
    mentorVerification: {
      subject: '[OG Connect] Confirm your e-mail address (alumni registration)',
      greeting: 'Thank you for registering with OG Connect.',
      body: 'Open the link below to confirm your e-mail address and complete your registration. The link is valid for 24 hours and can be used only once. If it has expired, log in with this e-mail address from the login screen.',
      button: 'Confirm my e-mail address',
    },
    mentorApproved: {
      subject: '[OG Connect] Your alumni registration has been approved',
      greeting: 'Thank you for registering with OG Connect.',
      body: 'The OG Connect office has approved your alumni registration. Your profile is now on the OG list, where students can see it. You can check and edit your profile with the link below.',
      button: 'Check my profile',
    },
    studentRegistration: {
      subject: '[OG Connect] Confirm your e-mail address (student registration)',
      greeting: 'Thank you for applying to register with OG Connect as a student.',
      body: 'Open the link below, check your details and complete your registration. If you did not apply, you can cancel the registration on the linked page. The link is valid for 24 hours and can be used only once.',
      button: 'Complete registration',
    },
    visitRequested: {
      subject: '[OG Connect] You have received a visit request',
      greeting: '{{student}} ({{university}}) has sent you a visit request.',
      body: 'Please review the request with the link below and reply by accepting or declining it.',
      button: 'Review the request',
    },
    visitBooked: {
      subject: '[OG Connect] A visit has been booked in one of your open slots',
      greeting: '{{student}} ({{university}}) has booked a visit in one of your open slots.',
      body: 'Because your bookings are set to “Accept automatically”, the visit is confirmed for this date and time. Use the link below to see what the student would like to discuss and, if needed, set the meeting place or URL.',
      button: 'Review the booking',
    },
    visitAccepted: {
      subject: '[OG Connect] Your visit request has been accepted',
      greeting: '{{mentor}} has accepted your visit request.',
      body: 'Use the link below to see the date and time, the mentor’s contact details and their message. On the day, please follow the safety rules when you meet.',
      button: 'Review the request',
    },
    visitMeetingDetails: {
      subject: '[OG Connect] The meeting details of your visit have been updated',
      greeting: '{{mentor}} has set the place of your visit (or the online meeting URL).',
      body: 'You can see it with the link below. On the day, please follow the safety rules when you meet.',
      button: 'Review the request',
    },
    // A change of sign-in address (docs/PRODUCT.md §3).
    emailChange: {
      subject: '[OG Connect] Confirm your e-mail address change',
      greeting:
        'A request was made to change your OG Connect login e-mail address to this address.',
      body: 'Open the link below to complete the change; from then on you will log in with this address. The link is valid for 24 hours.',
      button: 'Change my e-mail address',
    },
    contactEmail: {
      subject: '[OG Connect] Confirm your contact e-mail address',
      greeting:
        'This address has been registered on OG Connect as a mentor’s contact e-mail address.',
      body: 'Open the link below and press “Confirm” to complete the confirmation; students will then be shown this contact address. The link is valid for 7 days.',
      button: 'Confirm the contact address',
    },
    graduationAddress: {
      subject: '[OG Connect] Alumni registration: confirm your e-mail address',
      greeting:
        'An application to register on OG Connect as alumni after graduation was made, and this address was entered as the login address from now on.',
      body: 'Open the link below to confirm the address; your application will then be sent to the seminar’s admins. Once it is approved, you will be listed on the OG list. The link is valid for 24 hours.',
      button: 'Confirm the address and apply',
    },
    graduationInvite: {
      subject: '[OG Connect] Advise younger students as alumni after you graduate?',
      greeting:
        'Congratulations on your graduation. On OG Connect, graduates advise younger students on their job hunting as alumni.',
      body: 'Your university e-mail address may stop working after you graduate. Use the link below to register a personal e-mail address and an alumni profile, and apply. Your record of past visits carries over as it is.',
      button: 'Apply to register as alumni',
    },
    emailChanged: {
      subject: '[OG Connect] Your login e-mail address has been changed',
      greeting:
        'Your OG Connect login e-mail address has been changed to {{email}}. You can no longer log in with this address.',
      body: 'If you did not make this change, please undo it with the link below within 7 days. Undoing it restores your previous address and logs you out on all devices. Please also contact the seminar’s admins.',
      button: 'Undo the change',
    },
    // The timed mails of docs/PRODUCT.md §7 (visits/timers-service).
    visitUnansweredReminder: {
      subject: '[OG Connect] A visit request is waiting for your reply',
      greeting: 'The visit request from {{student}} ({{university}}) has not been answered yet.',
      body: 'A request expires if it is not answered within 7 days of arriving. Please use the link below to accept it, propose another date and time, or decline it.',
      button: 'Reply to the request',
    },
    // Issue 56: a booking's hold ends in BOOKING_LAPSE_REMINDER_HOURS.
    visitBookingLapsing: {
      subject: '[OG Connect] A booking is waiting for your reply (24 hours left)',
      greeting: 'The booking from {{student}} ({{university}}) has not been answered yet.',
      body: 'If it is not answered within 24 hours, the booking will be cancelled automatically and the slot opened to other students. Please use the link below to accept it, propose another date and time, or decline it.',
      button: 'Reply to the booking',
    },
    visitExpired: {
      subject: '[OG Connect] Your visit request has expired',
      greeting: 'Your visit request to {{mentor}} has expired because it was not answered in time.',
      body: 'You can send a request to other alumni from the OG list.',
      button: 'Find other alumni',
    },
    mentorAutoPaused: {
      subject: '[OG Connect] New visit requests have been paused',
      greeting:
        'Because {{count}} requests in a row expired without a reply, new visit requests to you are now paused.',
      body: 'To resume, open your profile editor with the link below and turn on “Accept requests” under “Visit request settings”. During busy periods, you can also set a monthly limit on requests.',
      button: 'Edit my profile',
    },
    safeEndAsk: {
      subject: '[OG Connect] Did your visit end well?',
      greeting: 'Did your visit with {{name}} end well?',
      body: 'Please open the request page with the link below and press “It ended well” (one tap is all it takes). If something went wrong, you can report it to the seminar with “Something went wrong” on the same page. The other person is never told that you made a report.',
      button: 'Open the request page',
    },
    visitDayBefore: {
      subject: '[OG Connect] Your visit is tomorrow (day-before reminder)',
      greeting: 'You have a visit with {{name}} tomorrow.',
      body: 'Use the link below to see the meeting place (for an online visit, the meeting URL) and your messages.',
      button: 'View the request and messages',
      place: 'Place: {{place}}',
      placeOnSite: 'Place / meeting URL: shown on the request page',
      // The agenda the student gave with the request, so both sides arrive prepared.
      agendaTitle: '[What the student would like to discuss]',
      agendaTopics: 'Topics: {{topics}}',
      agendaQuestion: 'Question {{n}}: {{question}}',
      cancel:
        'If you cannot come after all, please cancel with the following link and give your reason: {{link}}',
    },
    // The seminar's help desk in the day-before reminder; unset, the admins' contact (the menu's
    // inquiry form).
    desk: {
      title: '[Help desk if something is wrong]',
      name: 'Help desk: {{name}}',
      email: 'E-mail: {{email}}',
      phone: 'Phone: {{phone}}',
      hours: 'Hours: {{hours}}',
      unset:
        'If anything troubles or worries you, please ask the job-hunting seminar’s admins. You can reach them through “Contact us” in the site’s menu.',
      notTold: 'The other person is never told that you asked for help or made a report.',
    },
    threadMessages: {
      subject: '[OG Connect] New messages on your visit request',
      greeting: '{{name}} has sent {{count}} new message(s) on your visit request.',
      body: 'For your safety, the messages are not included in this e-mail. Please read them with the link below.',
      button: 'Read the messages',
    },
    // To every admin, gathered: how many reports are new, never who or why.
    // A no-show claim, to the side said not to have come: never the reason, which the page shows.
    noShowClaimed: {
      subject: '[OG Connect] A report that you did not come to a visit',
      greeting: '{{name}} has reported that you did not come to your visit.',
      body: 'The seminar’s admins will also review this report. If you did in fact attend, open the request page with the link below; you can answer “I attended” once only, describing what happened. Your answer is shown to the other person and to the seminar’s admins.',
      button: 'Open the request page',
      // To a student only: the stop after NO_SHOW_LIMIT counted claims is hers alone.
      studentDeadline:
        'If you answer by {{date}}, this report counts only if the seminar’s admins uphold it after reading both sides. If you do not answer by then, it counts.',
      studentCount:
        'At present, {{count}} report(s) that you did not come count against you. If {{limit}} count within the last 90 days, you cannot send new requests until the seminar’s admins lift the stop.',
    },
    newReports: {
      subject: '[OG Connect] New reports',
      greeting: 'You have {{count}} new report(s).',
      body: 'For safety, the reports’ contents and the names of those involved are not included in this e-mail. Please review them in the admin screen with the link below.',
      button: 'Review the reports',
    },
    visitDeclined: {
      subject: '[OG Connect] A reply to your visit request',
      greeting:
        '{{mentor}} has replied that they would like to pass on your visit request this time.',
      body: 'You can read their message with the link below. You can also send a request to other alumni from the OG list.',
      button: 'Review the request',
    },
    visitCancelled: {
      subject: '[OG Connect] A visit request has been cancelled',
      greeting: '{{name}} has cancelled the visit request.',
      body: 'You can see the details with the link below.',
      button: 'Review the request',
    },
    // Another time proposed, by either side; the student accepted the mentor's.
    visitProposed: {
      subject: '[OG Connect] A new date and time has been proposed for your visit',
      greeting: '{{name}} has proposed another date and time for your visit.',
      body: 'Please review the proposal with the link below, and either accept this date and time or propose another one.',
      button: 'Review the proposal',
    },
    visitProposalAccepted: {
      subject: '[OG Connect] Your visit is booked for the time you proposed',
      greeting: '{{name}} has accepted the date and time you proposed.',
      body: 'Use the link below to see the date and time and the student’s contact details. On the day, please follow the safety rules when you meet.',
      button: 'Review the request',
    },
    visitProposedTime: 'Proposed date and time: {{date}} ({{format}})',
    visitMeeting: 'Date and time: {{date}} ({{format}})',
    visitMeetingHost: 'Online meeting: {{host}} (the URL is on the request page)',
    visitSlots: 'Preferred dates and times: {{slots}}',
    visitPurpose: 'Purpose: {{purpose}}',
    visitFormat: 'Format: {{format}}',
    // Between the topics of an agenda.
    listSeparator: ', ',
    // What the outbox keeps of a message's body once it may no longer be read.
    redacted:
      '(This e-mail has been sent. Its body was deleted so that no link or verification code is kept.)',
    // The one reminder after a visit: to thank (if not yet) and to keep a visit note.
    noteReminder: {
      subject: '[OG Connect] Thank you for your visit',
      greeting: 'Thank you for your visit with {{name}}.',
      body: 'Why not keep a visit note of what you heard and learned before you forget? Only you can read your notes. If you would like to share one with younger students in the seminar, it is shared only with the mentor’s consent.',
      thanks:
        'If you have not thanked them yet, you can send a thank-you message from the request page.',
      button: 'Write a visit note',
      buttonWithThanks: 'Open the request page',
    },
    // Visit notes: offered to the mentor, her answer to the student, an admin hiding it.
    visitNoteOffered: {
      subject: '[OG Connect] Please review a visit note before it is shared',
      greeting:
        '{{name}} would like to share their visit note on your visit with younger students in the seminar.',
      body: 'Please review it with the link below and choose whether to consent to sharing it, ask for a change, or not share it. If you consent, you can also choose whether your name is shown. Anything that looks like contact details is hidden automatically. You can withdraw your consent at any time.',
      button: 'Review the visit note',
    },
    visitNoteConsented: {
      subject: '[OG Connect] Consent received to share your visit note',
      greeting: '{{name}} has agreed to share your visit note with the seminar.',
      body: 'The seminar’s students can now read your visit note. You can see it with the link below.',
      button: 'View the visit note',
    },
    visitNoteChangesRequested: {
      subject: '[OG Connect] A change to your visit note has been requested',
      greeting: '{{name}} has asked for a change to your visit note.',
      body: 'Please review the request with the link below, change your visit note, and then ask again to share it.',
      button: 'Edit the visit note',
    },
    visitNoteDeclined: {
      subject: '[OG Connect] Your visit note was not shared',
      greeting: '{{name}} has chosen not to share your visit note with the seminar.',
      body: 'Your visit note remains as a note only you can read. You can see it with the link below.',
      button: 'View the visit note',
    },
    visitNoteHidden: {
      subject: '[OG Connect] Your visit note has been hidden',
      greeting: 'A seminar admin has hidden a visit note you shared with the seminar.',
      body: 'You can see the reason with the link below. The note remains on your page. If you have any concerns, please contact the seminar’s admins.',
      button: 'View the visit note',
    },
    // Introductions (issue 57): to the introduced mentor, and to the student once they accepted.
    introduced: {
      subject: '[OG Connect] A student has been introduced to you',
      greeting: '{{introducer}} has introduced a student to you: {{student}} ({{university}}).',
      body: 'Please read the reason with the link below and say whether you will take this visit. If you decline, the student is not told.',
      button: 'See the introduction',
      reason: 'Why: ',
      adminIntroducer: 'The seminar office',
      mentorIntroducer: '{{name}}',
    },
    introductionOptedIn: {
      subject: '[OG Connect] Introducing {{mentor}}',
      greeting:
        '{{introducer}} is introducing you to {{mentor}} ({{company}}). {{mentor}} has agreed to a visit with you.',
      body: 'You can ask for the visit directly with the link below.',
      button: 'Ask {{mentor}} for a visit',
      reason: 'Why: ',
      adminIntroducer: 'The seminar office',
      mentorIntroducer: '{{name}}',
    },
    // Group sessions (issue 58): moved up from the waiting list; cancelled by the mentor or an admin.
    groupSessionSeatGiven: {
      subject: '[OG Connect] You have a seat in the group session (from the waiting list)',
      greeting:
        'A seat opened in "{{title}}", the group session with {{mentor}}, and it is now yours.',
      body: 'When: {{startsAt}}\nIf you can no longer come, please leave it with the link below before sign-up closes.',
      button: 'View the group session',
    },
    groupSessionCancelled: {
      subject: '[OG Connect] A group session has been cancelled',
      greeting:
        '"{{title}}", the group session with {{mentor}} ({{startsAt}}), has been cancelled.',
      body: 'You can see the details with the link below.',
      button: 'View the group session',
      reason: 'Reason: ',
    },
    // Group sessions (issue 58 point 4): the day before, to a seated student and to its mentor.
    groupSessionDayBefore: {
      subject: '[OG Connect] Your group session is tomorrow (day-before reminder)',
      greeting: '"{{title}}", the group session with {{mentor}}, is tomorrow.',
      body: 'When: {{startsAt}}\nUse the link below to see the place (for an online session, the meeting URL).',
      button: 'View the group session',
      place: 'Place: {{place}}',
    },
    groupSessionDayBeforeHost: {
      subject: '[OG Connect] Your group session is tomorrow (day-before reminder)',
      greeting: 'Your group session "{{title}}" is tomorrow.',
      body: 'When: {{startsAt}}\nSeats taken: {{seated}}\nUse the link below to see who is coming. Afterwards, please record attendance on the same page.',
      button: 'View the group session',
      place: 'Place: {{place}}',
    },
    // A request cancelled because the other side withdrew.
    visitCancelledByWithdrawal: {
      subject: '[OG Connect] A visit request was cancelled because the other person left the site',
      greeting:
        'The other person in your visit request has left OG Connect, so the request has been cancelled.',
      body: 'You can see the details of the request with the link below.',
      button: 'Review the request',
    },
    // Group sessions (issue 58, review): cancelled by an admin, to its mentor; cancelled because
    // its mentor left the site, to each student (the link is the list: the session goes with
    // the account).
    groupSessionCancelledHost: {
      subject: '[OG Connect] Your group session has been cancelled',
      greeting:
        'Your group session "{{title}}" ({{startsAt}}) has been cancelled by the seminar office. The students who signed up have been told.',
      body: 'You can see the details with the link below.',
      button: 'View the group session',
      reason: 'Reason: ',
    },
    groupSessionCancelledByWithdrawal: {
      reason: '{{mentor}} has left OG Connect, so the group session is cancelled.',
      body: 'You can find other group sessions with the link below.',
      button: 'See group sessions',
    },
    // Group sessions (issue 58, round 3): its thread by mail, and a change of where it is held.
    groupSessionPost: {
      subject: '[OG Connect] A new post in a group session thread',
      greeting:
        '{{mentor}} posted in the thread of "{{title}}", the group session on {{startsAt}}.',
      body: 'You can ask your questions on the group session page, with the link below.',
      button: 'View the group session',
      post: 'Post: ',
    },
    groupSessionQuestion: {
      subject: '[OG Connect] A question for your group session',
      greeting: '{{name}} asked a question about your group session "{{title}}" ({{startsAt}}).',
      body: 'You can answer in the thread on the group session page, with the link below (every attendee sees the answer).',
      button: 'View the group session',
      post: 'Question: ',
    },
    groupSessionPlaceChanged: {
      subject: '[OG Connect] The place (or meeting URL) of a group session has changed',
      greeting:
        'The place (for an online session, the meeting URL) of "{{title}}", the group session with {{mentor}} ({{startsAt}}), has been set or changed.',
      body: 'You can see the new place with the link below.',
      button: 'View the group session',
    },
    // 座談会 after it is held (issue 58 point 4): a 欠席 recorded, and 「無事に終わりましたか」.
    groupSessionAbsent: {
      subject: '[OG Connect] You were recorded as absent from a group session',
      greeting:
        '{{mentor}} has recorded that you did not attend the group session “{{title}}” ({{startsAt}}).',
      body: 'This record is treated as a report that you did not come, and the seminar’s admins will also review it. If you did in fact attend, open the group session’s page with the link below; you can answer “I attended” once only, describing what happened. Your answer is shown to {{mentor}} and to the seminar’s admins.',
      button: 'View the group session',
    },
    groupSessionSafeEndAsk: {
      subject: '[OG Connect] Did your group session end well?',
      greeting: 'Did {{mentor}}’s group session “{{title}}” end well?',
      body: 'Please open the group session’s page with the link below and press “It ended well” (one tap is all it takes). If something went wrong, you can report it to the seminar with “Something went wrong” on the same page. The other person is never told that you made a report.',
      button: 'View the group session',
    },
  },
};
