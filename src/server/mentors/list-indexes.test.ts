import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestApp, type TestApp } from '../test/app';
import { insertMentor } from '../test/factories/mentors';
import { mentorListQuery, searchPageQuery, searchProbeQuery, type MentorFilters } from './queries';

/**
 * The OG list must stay fast as alumni grow (docs/PERFORMANCE.md): each of its queries has an
 * index that serves it. With sequential scans priced out, the plan shows whether one exists:
 * a missing or mismatched index shows up as a Seq Scan or as a Sort of every row.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'One-Time Filter'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

const READINGS = ['サトウ', 'スズキ', 'タカハシ', 'タナカ', 'イトウ'];

let testApp: TestApp;
let app: App;

async function planOf(
  query: SQLWrapper,
  settings: string[],
  explain = sql`EXPLAIN (FORMAT JSON)`,
): Promise<PlanNode[]> {
  return app.ctx.db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(`SET LOCAL ${setting}`));
    const result = await tx.execute(sql`${explain} ${query}`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    const raw = Object.values(rows[0]!)[0];
    const [explained] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return flatten(explained!.Plan);
  });
}

function listPlan(filters: MentorFilters, settings: string[] = ['enable_seqscan = off']) {
  return planOf(mentorListQuery(app.ctx.db, filters), settings);
}

/**
 * A search's probe (decision 0028), with only sequential scans priced out (40 alumni fit in a
 * page): its plan must not depend on the words, so the GIN index is taken even where walking
 * the newest-first index is allowed.
 */
function probePlan(q: string) {
  return planOf(searchProbeQuery(app.ctx.db, { q }), ['enable_seqscan = off']);
}

const seqScans = (plan: PlanNode[]) =>
  plan.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']);
const indexes = (plan: PlanNode[]) => plan.map((node) => node['Index Name']).filter(Boolean);
const sorts = (plan: PlanNode[]) => plan.filter((node) => node['Node Type'] === 'Sort');

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  for (let i = 0; i < 40; i++) {
    await insertMentor(app, {
      industry: i % 2 ? 'IT・通信 - ソフトウェア' : '金融・保険 - 銀行',
      company: i % 3 ? `株式会社みらい商事${i}` : `ひかり銀行${i}`,
      graduationYear: 2005 + (i % 15),
      nameReading: i % 4 ? `${READINGS[i % READINGS.length]} ミサキ` : null,
      companyReading: i % 3 ? 'ミライショウジ' : 'ヒカリギンコウ',
      jobType: i % 2 ? 'sales' : 'engineering',
      topics: i % 5 ? ['career_advice'] : ['study_abroad'],
    });
  }
  await app.ctx.db.execute(sql`ANALYZE`);
});

afterAll(async () => {
  await testApp.close();
});

describe('the OG list query plans', () => {
  it('reads the first page from the newest-first index, without sorting the table', async () => {
    const plan = await listPlan({});
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toContain('mentors_created_idx');
    expect(sorts(plan)).toEqual([]);
  });

  it('starts a later page at its cursor in the same index', async () => {
    const [first] = await mentorListQuery(app.ctx.db, {});
    const cursor = Buffer.from(`${first!.row.cursorTime}|${first!.row.mentor.userId}`).toString(
      'base64url',
    );
    const plan = await listPlan({ cursor });
    expect(seqScans(plan)).toEqual([]);
    expect(sorts(plan)).toEqual([]);
  });

  it('finds a category through the industry index', async () => {
    const plan = await listPlan({ category: 'IT・通信' }, [
      'enable_seqscan = off',
      'enable_indexscan = off',
    ]);
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toContain('mentors_industry_idx');
  });

  // A search's probe reads the gram index whatever its words: common (every alumna here has
  // 商事 or 銀), an industry word, a reading in either kana.
  it.each([
    '商事',
    '銀',
    'みらい商事',
    'ソフトウェア',
    'IT',
    'さとう',
    'サトウ',
    'ミライショウジ',
    'ひかりぎんこう',
  ])('probes the free text %s through the gram index', async (q) => {
    const plan = await probePlan(q);
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toContain('mentors_search_grams_idx');
    expect(indexes(plan)).not.toContain('mentors_created_idx');
    const [probe] = await searchProbeQuery(app.ctx.db, { q });
    expect(probe!.matched).toBeGreaterThan(0);
  });

  // The search as the site runs it, one statement (issue 60): the probe, then one of two
  // branches, each behind a one-time filter on the probe's count. Here (40 alumni, under the
  // bound) the page is read by primary key and the walk down the newest-first index never runs.
  it.each(['商事', 'ひかり銀行'])(
    'runs the search for %s as one statement, one branch',
    async (q) => {
      const plan = await planOf(
        searchPageQuery(app.ctx.db, { q }),
        ['enable_seqscan = off'],
        sql`EXPLAIN (ANALYZE, FORMAT JSON)`,
      );
      expect(seqScans(plan)).toEqual([]);
      const gates = plan.filter((node) => node['One-Time Filter']).map((n) => n['One-Time Filter']);
      expect(gates).toHaveLength(2);
      expect(indexes(plan)).toContain('mentors_search_grams_idx');
      const walked = plan.filter((node) => node['Index Name'] === 'mentors_created_idx');
      expect(walked.length).toBeGreaterThan(0);
      expect(walked.every((node) => node['Actual Loops'] === 0)).toBe(true);
    },
  );

  // Words too common for the probe: the page walks the newest-first index (the words tested
  // on each row), never sorting the matches.
  it.each(['商事', 'さとう'])('walks the newest-first index for the common word %s', async (q) => {
    const plan = await listPlan({ q });
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toContain('mentors_created_idx');
    expect(sorts(plan)).toEqual([]);
    expect(await mentorListQuery(app.ctx.db, { q })).not.toEqual([]);
  });

  // Each order reads its page from an index, never sorting the table.
  it.each([
    ['graduation', 'mentors_graduation_year_idx'],
    ['reading', 'mentors_reading_idx'],
  ] as const)('reads the %s order from %s without a sort', async (sort, index) => {
    const plan = await listPlan({ sort });
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toContain(index);
    expect(sorts(plan)).toEqual([]);
  });

  it('finds a topic through the topics index', async () => {
    const plan = await listPlan({ topic: 'study_abroad' }, [
      'enable_seqscan = off',
      'enable_indexscan = off',
    ]);
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toContain('mentors_topics_idx');
  });

  it('still returns exactly the matching alumni (the index is only a pre-filter)', async () => {
    const rows = await mentorListQuery(app.ctx.db, { q: 'ひかり銀行' });
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row.mentor.company).toMatch(/^ひかり銀行/);
    const none = await mentorListQuery(app.ctx.db, { q: '銀行ひかり' });
    expect(none).toEqual([]);
  });
});

describe('the admin console list plans', () => {
  it.each([
    [
      'users',
      'users_created_idx',
      'SELECT id FROM users ORDER BY created_at DESC, id DESC LIMIT 51',
    ],
    [
      'invitations',
      'invitations_created_idx',
      'SELECT id FROM invitations ORDER BY created_at DESC, id DESC LIMIT 51',
    ],
  ])('reads %s newest first from %s', async (_table, index, query) => {
    const plan = await planOf(sql.raw(query), ['enable_seqscan = off']);
    expect(indexes(plan)).toContain(index);
    expect(sorts(plan)).toEqual([]);
  });
});
