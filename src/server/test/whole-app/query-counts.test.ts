import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENTOR_PAGE_SIZE } from '../../../shared/schemas/mentors';
import { call } from '../factories/admins';
import { cookieFor, insertMentor, insertStudent, jpeg } from '../factories/mentors';
import { insertThreadMessage } from '../factories/threads';
import { insertRequest } from '../factories/visits';
import { createTestApp, type TestApp } from '../app';

/**
 * How many SQL statements each read the site serves most often takes, with the read caches off
 * (docs/PERFORMANCE.md): pinned, so that a feature cannot add round trips without anyone
 * noticing. Lower a number when a change makes a request cheaper; raising one needs a reason.
 */
const MOST_STATEMENTS = {
  session: 1,
  // The first page of the whole list, its total kept by the database and read with it.
  list: 2,
  // The probe, the count and the page of what the words match, in one statement (issue 60).
  search: 2,
  // The profile with everything that depends on the viewer, in one statement.
  detail: 2,
  requestList: 3,
  // The request, its messages and whether either side blocked the other: reading it writes
  // nothing (the page marks it read apart, and the mark moves only for something new).
  thread: 4,
  // 「あなたへのおすすめ」 (issue 57): her profile, every alumna who may be recommended with her
  // load aggregated in the same statement, and the chosen few's cards as the OG list reads them.
  recommendations: 4,
  // Issue 58 added one for a student who told her 志望業界 (or asked about topics): the 座談会
  // that fit her, as the 「座談会」 list reads them (seats taken, her place, blocks, her
  // no-show stop, per session). Folding them into her profile's statement would pack cards
  // into JSON beside it; without a 志望業界 or topics it is not sent at all (above).
  recommendationsWithFit: 5,
} as const;

/**
 * The writes a busy evening is made of (issue 39): a visit request reads the alumna, takes its
 * locks in one statement and reads her again with every fact it may be refused on, then writes
 * the request, her notification and her mail (its address, name and her choice read at once)
 * and her earliest free slot. The outbox's claim and send come after the answer, apart. Issue
 * 40 added one: her pushes, queued beside her notification (one insert…select whether she has
 * a browser subscribed or not). Issue 56 added one: whether the student has another alumna's
 * visit at that hour (visits/same-hour.ts), asked before her daily request limit is counted so
 * that a warned attempt costs her none of it; folding it into the alumna's first read would
 * count it.
 */
const MOST_WRITE_STATEMENTS = { visitRequest: 13 } as const;

/** The outbox worker's own statements, which run after the write's answer (outbox-engine/engine.ts). */
const OUTBOX_WORK = /^\s*(update|select .* from) "outbox"/i;

/** `daysAhead` days from now at 10:00 in Japan, as the request form sends a wished time. */
function tokyoSlot(daysAhead: number): string {
  const tokyo = new Date(Date.now() + 9 * 3_600_000 + daysAhead * 86_400_000);
  return `${tokyo.toISOString().slice(0, 10)}T10:00`;
}

/** Transaction control is the driver's, and differs between PGlite and node-postgres. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * Both ways of PGlite's statement cache (PGLITE_PREPARED): it changes how a statement is
 * sent, not how many are, so the numbers are the same (PostgreSQL has no such cache: it runs
 * the same twice).
 */
describe.each([
  { cache: 'on', statementCache: true },
  { cache: 'off', statementCache: false },
])('with the PGlite statement cache $cache', ({ statementCache }) => {
  let t: TestApp;
  let statements: string[] = [];
  let studentCookie: string;
  let seekerCookie: string;
  let mentorCookie: string;
  let urlParam: string;
  let requestId: string;

  beforeAll(async () => {
    t = await createTestApp(
      { readCacheMs: 0 },
      {
        onQuery: (query) => {
          if (!TRANSACTION_CONTROL.test(query)) statements.push(query);
        },
        statementCache,
      },
    );
    const student = await insertStudent(t.app);
    studentCookie = await cookieFor(t.app, student.user.id);
    const seeker = await insertStudent(t.app, { desiredIndustry: '商社・流通' });
    seekerCookie = await cookieFor(t.app, seeker.user.id);
    const photo = await jpeg(64, 64);
    for (let i = 0; i < 30; i++) {
      await insertMentor(t.app, {
        company: `株式会社みらい商事${i}`,
        icon: i === 0 ? photo : undefined,
      });
    }
    const mentor = await insertMentor(t.app, { name: '計測 花子', icon: photo });
    mentorCookie = await cookieFor(t.app, mentor.user.id);
    urlParam = mentor.mentor.urlParam;
    const request = await insertRequest(t.app, student.user.id, mentor.user.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
    });
    requestId = request.id;
    for (let i = 0; i < 3; i++) {
      await insertThreadMessage(t.app, request.id, i % 2 ? 'mentor' : 'student', `メッセージ${i}`);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The statements one GET sends (the session read included), after a warm-up call. */
  async function statementsOf(cookie: string, url: string): Promise<string[]> {
    const warm = await call(t.app, cookie, 'GET', url);
    expect(warm.statusCode, warm.body).toBe(200);
    statements = [];
    const response = await call(t.app, cookie, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return statements;
  }

  describe('statements per request (read caches off)', () => {
    const requests: Record<keyof typeof MOST_STATEMENTS, () => [string, string]> = {
      session: () => [studentCookie, '/api/auth/session'],
      list: () => [studentCookie, '/api/mentors'],
      search: () => [studentCookie, `/api/mentors?q=${encodeURIComponent('商事')}`],
      detail: () => [studentCookie, `/api/mentors/${urlParam}`],
      requestList: () => [mentorCookie, '/api/visit-requests'],
      thread: () => [mentorCookie, `/api/visit-requests/${requestId}/messages`],
      recommendations: () => [studentCookie, '/api/recommendations'],
      recommendationsWithFit: () => [seekerCookie, '/api/recommendations'],
    };
    it.each(Object.keys(requests) as (keyof typeof MOST_STATEMENTS)[])('%s', async (name) => {
      const [cookie, url] = requests[name]();
      const sent = await statementsOf(cookie, url);
      expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(MOST_STATEMENTS[name]);
    });

    it('were sent prepared only with the cache on (PGlite)', async () => {
      if (t.database.kind !== 'pglite') return;
      const { rows } = (await t.database.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements`,
      )) as unknown as { rows: { n: number }[] };
      if (statementCache) expect(rows[0]!.n).toBeGreaterThan(0);
      else expect(rows[0]!.n).toBe(0);
    });
  });

  describe('statements per write', () => {
    it('a visit request', async () => {
      const asked = await insertMentor(t.app, { name: '計測 葵' });
      statements = [];
      const response = await call(t.app, studentCookie, 'POST', '/api/visit-requests', {
        mentorUrlParam: asked.mentor.urlParam,
        purpose: 'career_advice',
        message: 'お仕事についてお話を伺いたいです。',
        preferredSlots: [tokyoSlot(7), tokyoSlot(8)],
        meetingFormat: 'online',
        safetyRulesConfirmed: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      // Her mail sent now, so the outbox's statements stay out of the tests after this one.
      await t.app.ctx.outbox.drain();
      const sent = statements.filter((statement) => !OUTBOX_WORK.test(statement));
      expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(MOST_WRITE_STATEMENTS.visitRequest);
    });
  });

  /**
   * PostgreSQL keeps one plan for a prepared statement only while it costs no more than
   * planning for each call's values, and it costs a bound LIMIT as a tenth of the table: with
   * the page's LIMIT bound, the OG list was planned anew on every request, a third of its time
   * at 10,000 alumni (docs/PERFORMANCE.md). Too few rows here for the planner to tell, so the
   * cause is pinned.
   */
  describe('the OG list’s page statement', () => {
    it.each(['', '?sort=graduation', `?category=${encodeURIComponent('IT・通信')}`])(
      '/api/mentors%s writes its LIMIT into the statement',
      async (query) => {
        const sent = await statementsOf(studentCookie, `/api/mentors${query}`);
        const page = sent.find((statement) => statement.includes(' order by '));
        expect(page).toMatch(new RegExp(` limit ${MENTOR_PAGE_SIZE + 1}$`));
      },
    );
  });
});
