import type { MyVisitNotes, VisitNote, VisitNoteForVisit } from '../../shared/schemas/visit-notes';

/** The visit the student's note is about, as the note tests name it. */
export const NOTE_VISIT_ID = '55555555-5555-4555-8555-555555555555';

/** A note as its author reads it: private, on 佐藤 美咲's visit at 東洋商事 in 2026-05. */
export function myNoteData(overrides: Partial<VisitNote> = {}): VisitNote {
  return {
    id: 'note-1',
    visitRequestId: NOTE_VISIT_ID,
    groupSession: null,
    company: '東洋商事',
    industry: '商社 - 総合商社',
    jobType: 'sales',
    visitedMonth: '2026-05',
    fiscalYear: 2026,
    qa: [{ question: '入社の決め手は？', answer: '人の良さです。' }],
    advice: '早めに動くこと。',
    sharing: 'private',
    showName: false,
    mentor: { name: '佐藤 美咲', joinedYear: 2018, urlParam: 'sato-misaki', gone: false },
    author: { name: '山田 花子', grade: '3年' },
    authorNamed: true,
    mentorComment: null,
    hidden: null,
    masked: false,
    mine: true,
    offeredAt: null,
    sharedAt: null,
    updatedAt: '2026-05-20T03:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/visit-requests/:id/note: no note yet, the draft from the visit and its agenda. */
export function noteForVisitData(overrides: Partial<VisitNoteForVisit> = {}): VisitNoteForVisit {
  return {
    note: null,
    draft: {
      company: '東洋商事',
      industry: '商社 - 総合商社',
      jobType: 'sales',
      visitedMonth: '2026-05',
      mentorName: '佐藤 美咲',
      agendaQuestions: ['入社の決め手は？', '一日の流れは？'],
    },
    ...overrides,
  };
}

export function myNotesData(overrides: Partial<MyVisitNotes> = {}): MyVisitNotes {
  return { items: [], unwritten: [], unwrittenSessions: [], ...overrides };
}
