import type { jaIntroductions } from '../ja/introductions';

/** English: introductions (issue 57, decision 0044). */
export const enIntroductions = {
  introductions: {
    newTitle: 'Introduce another mentor',
    newLead:
      'Choose a mentor who would suit {{student}} ({{university}}) and add a short reason. The student hears of the introduction only if the mentor agrees.',
    search: 'Search mentors (name, company, industry…)',
    searchButton: 'Search',
    noResults: 'No mentors found.',
    choose: 'Choose this mentor',
    chosen: 'Introducing: {{name}} ({{company}})',
    change: 'Choose another',
    reason: 'Why this mentor',
    reasonHint:
      'Up to 400 characters. Written to someone who has not met the student yet, so phone numbers, email addresses and social media IDs are hidden.',
    submit: 'Introduce',
    submitting: 'Sending…',
    sent: 'Your introduction was sent to {{name}}. Please wait for their answer.',
    failed: 'The introduction could not be sent. {{message}}',
    noStudent: 'No student was named to introduce.',
    introduceLink: 'Introduce another mentor',
    title: 'A student introduced to you',
    fromAdmin: 'The seminar office',
    fromMentor: '{{name}}',
    mentorLead: '{{introducer}} has introduced a student to you: {{student}} ({{university}}).',
    reasonHeading: 'Why',
    answerLead:
      'If you accept, this introduction counts as one request toward your monthly limit (a request the student then makes from it is not counted again). If you decline, the student is not told.',
    optIn: 'Accept',
    decline: 'Not this time',
    answering: 'Sending…',
    optedIn:
      'You accepted this introduction. The student has been told and can ask you for a visit.',
    declined: 'You declined this introduction. The student is not told.',
    answerFailed: 'Your answer could not be sent. {{message}}',
    pendingForIntroducer: 'Waiting for the mentor’s answer.',
    answeredForIntroducer: 'The mentor has answered.',
    studentTitle: 'Introducing {{name}}',
    studentLead:
      '{{introducer}} is introducing you to {{name}} ({{company}}). {{name}} has agreed to a visit with you.',
    ask: 'Ask {{name}} for a visit',
    requested: 'You asked for a visit from this introduction.',
    toRequest: 'See the request',
    requestNote: 'You are asking through an introduction to {{name}}.',
    settingsTitle: 'Introductions',
    settingsLabel: 'Accept introductions of students',
    settingsHint:
      'When on, other mentors and the seminar office can introduce students to you, and you choose each time whether to accept. When off, anyone trying to introduce a student is told you are not taking introductions.',
    settingsSaved: 'Your introduction setting was saved.',
    settingsFailed: 'Could not save. {{message}}',
  },
} satisfies typeof jaIntroductions;
