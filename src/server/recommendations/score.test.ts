import { describe, expect, it } from 'vitest';
import { formatIndustry } from '../../shared/taxonomy';
import {
  type Candidate,
  type Load,
  type Ranking,
  type Reason,
  type Seeker,
  POINTS,
  capacity,
  recommend,
  relevance,
  sameFaculty,
} from './score';

/**
 * Each signal of おすすめの先輩, alone: two alumni alike in everything but the signal, the one
 * with it given second, so that only the signal can put her first (ties keep the given order).
 */

const YEAR = 2026;
const TRADING = formatIndustry('商社・流通', '総合商社');
const SPECIALIZED_TRADING = formatIndustry('商社・流通', '専門商社');
const SOFTWARE = formatIndustry('IT・通信', 'ソフトウェア');

function seeker(told: Partial<Seeker> = {}): Seeker {
  return {
    industries: [],
    jobTypes: [],
    universityId: null,
    faculty: null,
    askedTopics: new Set(),
    savedMentorIds: new Set(),
    readNoteMentorIds: new Set(),
    ...told,
  };
}

/** An alumna with room: no limit, asked a few days ago, answers within a day, has slots. */
const ROOMY: Load = {
  paused: false,
  monthlyLimit: null,
  thisMonth: 0,
  unanswered: 0,
  hasSlots: true,
  answerHours: 20,
  daysSinceAsked: 5,
};

function alumna(
  id: string,
  profile: Partial<Omit<Candidate, 'load'>> = {},
  load: Partial<Load> = {},
): Candidate {
  return {
    id,
    industry: SOFTWARE,
    jobType: null,
    topics: [],
    joinedYear: null,
    universityId: null,
    faculty: null,
    ...profile,
    load: { ...ROOMY, ...load },
  };
}

const ids = (student: Seeker, candidates: readonly Candidate[], ranking: Ranking = 'ours') =>
  recommend(student, candidates, { year: YEAR, ranking }).map((recommended) => recommended.id);

const RANKINGS: readonly Ranking[] = ['ours', 'relevance-only'];

describe('what the student told the site, against the alumna’s profile', () => {
  it.each(RANKINGS)('same 志望業界 above the same category above none (%s)', (ranking) => {
    const student = seeker({ industries: [TRADING] });
    const candidates = [
      alumna('none', { industry: SOFTWARE }),
      alumna('category', { industry: SPECIALIZED_TRADING }),
      alumna('industry', { industry: TRADING }),
    ];
    expect(ids(student, candidates, ranking)).toEqual(['industry', 'category', 'none']);
  });

  it('a 志望業界 named by its category alone matches every alumna of the category', () => {
    const student = seeker({ industries: ['商社・流通'] });
    const { reasons } = relevance(student, alumna('a', { industry: TRADING }), YEAR);
    expect(reasons).toEqual([{ kind: 'same-category', category: '商社・流通' }]);
  });

  it.each(RANKINGS)('the same 希望職種 first (%s)', (ranking) => {
    const student = seeker({ jobTypes: ['sales'] });
    const candidates = [
      alumna('other', { jobType: 'engineering' }),
      alumna('same', { jobType: 'sales' }),
    ];
    expect(ids(student, candidates, ranking)).toEqual(['same', 'other']);
  });

  it('入社2〜3年目 above 1年目 and 4〜5年目, above the others', () => {
    const byYears = (years: number) => alumna(`${years}`, { joinedYear: YEAR - years + 1 });
    const candidates = [8, 5, 1, 4, 3, 2].map(byYears);
    expect(ids(seeker(), candidates)).toEqual(['3', '2', '5', '1', '4', '8']);
    expect(relevance(seeker(), byYears(3), YEAR).reasons).toEqual([{ kind: 'years-in', years: 3 }]);
    expect(relevance(seeker(), byYears(8), YEAR).reasons).toEqual([]);
  });

  it('each 相談できること she asked about that the alumna offers counts, up to two', () => {
    const student = seeker({
      askedTopics: new Set(['es_review', 'interview_practice', 'working_life']),
    });
    const candidates = [
      alumna('none', { topics: ['regional_jobs'] }),
      alumna('one', { topics: ['es_review', 'regional_jobs'] }),
      alumna('three', { topics: ['es_review', 'interview_practice', 'working_life'] }),
      alumna('two', { topics: ['working_life', 'es_review'] }),
    ];
    expect(ids(student, candidates)).toEqual(['three', 'two', 'one', 'none']);
    const three = recommend(student, candidates, { year: YEAR })[0]!;
    expect(three.reasons).toEqual([
      { kind: 'topic', topic: 'es_review' },
      { kind: 'topic', topic: 'interview_practice' },
    ]);
    // Two counted of three: the third adds nothing, so 'two' ties with 'three' on points.
    expect(three.score).toBe(recommend(student, candidates, { year: YEAR })[1]!.score);
  });

  it.each<[string, Partial<Seeker>, Partial<Omit<Candidate, 'load'>>, Reason]>([
    ['she saved', { savedMentorIds: new Set(['with']) }, {}, { kind: 'saved' }],
    [
      'whose 訪問記録 she read',
      { readNoteMentorIds: new Set(['with']) },
      {},
      { kind: 'read-note' },
    ],
    [
      'of her university',
      { universityId: 'u1' },
      { universityId: 'u1' },
      { kind: 'same-university' },
    ],
  ])('an alumna %s first', (_, told, profile, reason) => {
    const student = seeker(told);
    const list = recommend(
      student,
      [alumna('without', { universityId: 'u2' }), alumna('with', profile)],
      {
        year: YEAR,
      },
    );
    expect(list.map((recommended) => recommended.id)).toEqual(['with', 'without']);
    expect(list.map((recommended) => recommended.reasons)).toEqual([[reason], []]);
  });

  it('a student and an alumna without a university are not “the same university”', () => {
    expect(relevance(seeker(), alumna('a'), YEAR).reasons).toEqual([]);
  });
});

describe('同じ学部の先輩: her university and her 学部', () => {
  const student = seeker({ universityId: 'u1', faculty: '経済学部' });

  it.each(RANKINGS)('the same faculty above the same university above neither (%s)', (ranking) => {
    const candidates = [
      alumna('neither', { universityId: 'u2', faculty: '経済学部' }),
      alumna('university', { universityId: 'u1', faculty: '法学部' }),
      alumna('faculty', { universityId: 'u1', faculty: '経済学部' }),
    ];
    expect(ids(student, candidates, ranking)).toEqual(['faculty', 'university', 'neither']);
  });

  it('says the faculty instead of the university, and counts it once', () => {
    const { points, reasons } = relevance(
      student,
      alumna('a', { universityId: 'u1', faculty: '経済学部' }),
      YEAR,
    );
    expect(reasons).toEqual([{ kind: 'same-faculty' }]);
    expect(points).toBe(POINTS.base + POINTS.sameFaculty);
    expect(POINTS.sameFaculty).toBeGreaterThan(POINTS.sameUniversity);
    expect(POINTS.sameFaculty).toBeLessThan(POINTS.sameCategory);
  });

  it('reads the faculty as typed loosely: full-width or half-width, spaces and case alike', () => {
    expect(sameFaculty('経済学部', ' 経済 学部 ')).toBe(true);
    expect(sameFaculty('Ｆａｃｕｌｔｙ　ｏｆ　Ｌａｗ', 'faculty of law')).toBe(true);
    expect(sameFaculty('経済学部', '経営学部')).toBe(false);
    expect(sameFaculty('', '')).toBe(false);
    expect(sameFaculty(null, null)).toBe(false);
    expect(
      relevance(
        seeker({ universityId: 'u1', faculty: 'Ｆａｃｕｌｔｙ of Law' }),
        alumna('a', { universityId: 'u1', faculty: 'faculty of law' }),
        YEAR,
      ).reasons,
    ).toEqual([{ kind: 'same-faculty' }]);
  });

  it.each<[string, Partial<Seeker>, Partial<Omit<Candidate, 'load'>>, Reason[]]>([
    ['of her faculty at another university', {}, { universityId: 'u2', faculty: '経済学部' }, []],
    [
      'of her university without a faculty (every alumna before it was asked)',
      {},
      { universityId: 'u1', faculty: null },
      [{ kind: 'same-university' }],
    ],
    [
      'of her university, to a student without a faculty',
      { faculty: null },
      { universityId: 'u1', faculty: '経済学部' },
      [{ kind: 'same-university' }],
    ],
  ])('an alumna %s is not “of her faculty”', (_, told, profile, reasons) => {
    expect(relevance(seeker({ ...student, ...told }), alumna('a', profile), YEAR).reasons).toEqual(
      reasons,
    );
  });

  it.each(RANKINGS)('keeps the given order between alumnae of her faculty (%s)', (ranking) => {
    const candidates = ['c', 'a', 'b'].map((id) =>
      alumna(id, { universityId: 'u1', faculty: '経済学部' }),
    );
    expect(ids(student, candidates, ranking)).toEqual(['c', 'a', 'b']);
    expect(ids(student, [...candidates].reverse(), ranking)).toEqual(['b', 'a', 'c']);
  });

  it('weighs less than her 志望業界: an alumna of her industry comes before one of her faculty', () => {
    const told = seeker({ ...student, industries: [TRADING] });
    const candidates = [
      alumna('faculty', { universityId: 'u1', faculty: '経済学部' }),
      alumna('industry', { industry: TRADING }),
    ];
    expect(ids(told, candidates)).toEqual(['industry', 'faculty']);
  });
});

describe('reasons', () => {
  it('come strongest first, and in the order above when equally strong', () => {
    const student = seeker({
      industries: [TRADING],
      jobTypes: ['sales'],
      askedTopics: new Set(['es_review']),
      savedMentorIds: new Set(['a']),
      readNoteMentorIds: new Set(['a']),
      universityId: 'u1',
    });
    const { reasons } = relevance(
      student,
      alumna('a', {
        industry: TRADING,
        jobType: 'sales',
        joinedYear: YEAR - 1,
        topics: ['es_review'],
        universityId: 'u1',
      }),
      YEAR,
    );
    expect(reasons).toEqual([
      { kind: 'same-industry', industry: TRADING },
      { kind: 'same-job-type', jobType: 'sales' },
      { kind: 'years-in', years: 2 },
      { kind: 'saved' },
      { kind: 'topic', topic: 'es_review' },
      { kind: 'read-note' },
      { kind: 'same-university' },
    ]);
  });

  it('an alumna saved by the student is said before her 入社年 when that counts less', () => {
    const student = seeker({ savedMentorIds: new Set(['a']) });
    const { reasons } = relevance(student, alumna('a', { joinedYear: YEAR - 4 }), YEAR);
    expect(reasons).toEqual([{ kind: 'saved' }, { kind: 'years-in', years: 5 }]);
  });
});

describe('room', () => {
  const student = seeker({ industries: [TRADING] });
  /** Two alumni of her industry, the second with the load given: where does she come? */
  const withLoad = (load: Partial<Load>, ranking: Ranking = 'ours') =>
    ids(
      student,
      [alumna('roomy', { industry: TRADING }), alumna('loaded', { industry: TRADING }, load)],
      ranking,
    );

  it.each<[string, Partial<Load>]>([
    ['paused', { paused: true }],
    ['at her monthly limit', { monthlyLimit: 4, thisMonth: 4 }],
  ])('an alumna %s is not recommended', (_, load) => {
    expect(withLoad(load)).toEqual(['roomy']);
    expect(capacity({ ...ROOMY, ...load })).toBe(0);
  });

  it.each<[string, Partial<Load>]>([
    ['near her monthly limit', { monthlyLimit: 4, thisMonth: 3 }],
    ['with many unanswered requests', { unanswered: 3 }],
    ['slow to answer', { answerHours: 120 }],
    ['without an open slot', { hasSlots: false }],
  ])('an alumna %s comes after one with room', (_, load) => {
    // Given first, she would stay first if her load counted for nothing.
    expect(
      ids(student, [
        alumna('loaded', { industry: TRADING }, load),
        alumna('roomy', { industry: TRADING }),
      ]),
    ).toEqual(['roomy', 'loaded']);
    expect(capacity({ ...ROOMY, ...load })).toBeLessThan(capacity(ROOMY));
  });

  it('the nearer her limit, the less room; more unanswered requests, less room', () => {
    const used = [0, 1, 2, 3].map((thisMonth) =>
      capacity({ ...ROOMY, monthlyLimit: 4, thisMonth }),
    );
    expect(used).toEqual([...used].sort((a, b) => b - a));
    expect(new Set(used).size).toBe(4);
    const waiting = [0, 1, 2, 4].map((unanswered) => capacity({ ...ROOMY, unanswered }));
    expect(waiting).toEqual([...waiting].sort((a, b) => b - a));
    expect(new Set(waiting).size).toBe(4);
  });

  it('without a limit of her own, her requests this month still count', () => {
    expect(capacity({ ...ROOMY, thisMonth: 3 })).toBeLessThan(capacity(ROOMY));
    expect(capacity({ ...ROOMY, thisMonth: 30 })).toBeGreaterThan(0);
  });

  it.each<[string, Partial<Load>]>([
    ['never asked', { daysSinceAsked: null }],
    ['not asked for a month', { daysSinceAsked: 30 }],
  ])('an alumna %s comes a little higher', (_, load) => {
    expect(
      ids(student, [
        alumna('recent', { industry: TRADING }),
        alumna('quiet', { industry: TRADING }, load),
      ]),
    ).toEqual(['quiet', 'recent']);
    expect(capacity({ ...ROOMY, ...load })).toBeGreaterThan(capacity(ROOMY));
  });

  it('a little: not enough to pass an alumna who matches better', () => {
    const quiet = alumna('quiet', { industry: SPECIALIZED_TRADING }, { daysSinceAsked: null });
    expect(ids(student, [quiet, alumna('match', { industry: TRADING })])).toEqual([
      'match',
      'quiet',
    ]);
  });

  it('an alumna of her 志望業界 with little room still comes before one of another industry', () => {
    const busy = alumna(
      'busy',
      { industry: TRADING },
      { monthlyLimit: 5, thisMonth: 4, unanswered: 2 },
    );
    const other = alumna('other', { industry: SOFTWARE }, { daysSinceAsked: null });
    expect(ids(student, [other, busy])).toEqual(['busy', 'other']);
  });

  it('relevance alone leaves room out (the simulation’s comparison)', () => {
    expect(withLoad({ paused: true }, 'relevance-only')).toEqual(['roomy', 'loaded']);
    expect(withLoad({ unanswered: 5 }, 'relevance-only')).toEqual(['roomy', 'loaded']);
    expect(
      ids(
        student,
        [
          alumna('loaded', { industry: TRADING }, { monthlyLimit: 2, thisMonth: 2 }),
          alumna('roomy', { industry: TRADING }),
        ],
        'relevance-only',
      ),
    ).toEqual(['loaded', 'roomy']);
  });
});

describe('the list', () => {
  it.each(RANKINGS)('keeps the given order between equals (%s)', (ranking) => {
    const candidates = ['c', 'a', 'e', 'b', 'd'].map((id) => alumna(id));
    expect(ids(seeker(), candidates, ranking)).toEqual(['c', 'a', 'e', 'b', 'd']);
    expect(ids(seeker(), [...candidates].reverse(), ranking)).toEqual(['d', 'b', 'e', 'a', 'c']);
  });

  it('a student who told the site nothing still gets a list, as long as asked', () => {
    const candidates = Array.from({ length: 8 }, (_, index) =>
      alumna(`m${index}`, { joinedYear: YEAR - index }),
    );
    const list = recommend(seeker(), candidates, { year: YEAR, count: 6 });
    expect(list).toHaveLength(6);
    expect(list.every((recommended) => recommended.score > 0)).toBe(true);
    expect(list[0]!.reasons).toEqual([{ kind: 'years-in', years: 2 }]);
    expect(
      recommend(
        seeker(),
        candidates.map((candidate) => ({ ...candidate, joinedYear: null })),
        { year: YEAR },
      ),
    ).toHaveLength(8);
  });

  it('count cuts the list after the best', () => {
    const student = seeker({ industries: [TRADING] });
    const candidates = [alumna('a'), alumna('b', { industry: TRADING }), alumna('c')];
    expect(
      recommend(student, candidates, { year: YEAR, count: 1 }).map((recommended) => recommended.id),
    ).toEqual(['b']);
  });
});
