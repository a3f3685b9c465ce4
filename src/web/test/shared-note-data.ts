import type { VisitNote, VisitNotePage } from '../../shared/schemas/visit-notes';

/**
 * A shared 訪問記録 as the API sends it to another student: 佐藤 美咲 named (she chose to be),
 * one question with its answer and advice, written by 山田 花子.
 */
export function sharedNote(overrides: Partial<VisitNote> = {}): VisitNote {
  return {
    id: 'note-1',
    visitRequestId: null,
    groupSession: null,
    company: '株式会社みらいテクノロジーズ',
    industry: 'IT・通信 - ソフトウェア',
    jobType: 'engineering',
    visitedMonth: '2026-06',
    fiscalYear: 2026,
    qa: [{ question: '入社前に勉強しておくとよいことは？', answer: '基本情報技術者の範囲です。' }],
    advice: '気になることは何でも聞いてみてください。',
    sharing: 'shared',
    showName: true,
    mentor: { name: '佐藤 美咲', joinedYear: 2018, urlParam: 'og1', gone: false },
    author: { name: '山田 花子', grade: '3年' },
    authorNamed: true,
    mentorComment: null,
    hidden: null,
    masked: false,
    mine: false,
    offeredAt: '2026-06-20T01:00:00.000Z',
    sharedAt: '2026-06-21T01:00:00.000Z',
    updatedAt: '2026-06-21T01:00:00.000Z',
    ...overrides,
  };
}

/** A page of the search, as the first page carries the total. */
export function notePage(items: VisitNote[], extra: Partial<VisitNotePage> = {}): VisitNotePage {
  return { items, nextCursor: null, total: items.length, ...extra };
}
