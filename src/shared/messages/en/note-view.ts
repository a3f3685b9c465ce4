import type { jaNoteView } from '../ja/note-view';

/** English: one visit note as anyone reads it (the same view on every page that shows notes). */
export const enNoteView: typeof jaNoteView = {
  noteView: {
    jobType: 'Job: {{job}}',
    mentorPrefix: 'Mentor: ',
    visited: 'Visited in {{month}}/{{year}}',
    visitedIn: '{{month}} ({{fiscalYear}})',
    fiscalYear: 'Academic year {{year}}',
    unnamedMentor: 'A mentor in {{industry}}, joined {{year}}',
    unnamedMentorNoYear: 'A mentor in {{industry}}',
    unnamedMentorBare: 'An anonymous mentor',
    companyWithheld: 'A company in {{industry}}',
    companyWithheldBare: 'Company not shown',
    goneMentor: 'A mentor who has left',
    mentorPage: "See this mentor's page",
    author: 'Written by {{name}}',
    authorWithGrade: 'Written by {{name}} ({{grade}} at the time)',
    authorGone: 'Written by a student who has left',
    // The author chose not to be named (issue 56): her year when she wrote it.
    authorUnnamed: 'Written by a {{grade}} student',
    authorUnnamedBare: 'Written by a student of the seminar',
    qaTitle: 'What was asked',
    question: 'Question',
    answer: 'Answer',
    noAnswer: '(No answer written)',
    adviceTitle: 'Advice',
    masked: 'What looked like contact details is hidden as "＊＊＊".',
    // Issue 58, point 4: a note about a group session (its title only to those who may know the mentor).
    groupSession: 'Group session',
    groupSessionMonth: 'Group session, {{month}}/{{year}}',
  },
};
