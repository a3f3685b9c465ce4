import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MentorCard, MentorListPage } from '../../shared/schemas/mentors';
import { mentors, users, visitRequests } from '../db/schema';
import { tokyoMonthStart } from '../lib/tokyo-time';
import { createTestApp, type TestApp } from '../test/app';
import {
  cookieFor,
  insertMentor,
  insertStudent,
  jpeg,
  nextSequence,
} from '../test/factories/mentors';

/** The cards' availability (受付中 / 受付停止中), the accepting=1 filter and last active. */

let t: TestApp;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await cookieFor(t.app, (await insertStudent(t.app)).user.id);
});
afterAll(async () => {
  await t?.close();
});

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** An alumnus whose company names the test, so a search finds exactly this test's cards. */
async function alumnus(company: string, settings: Partial<typeof mentors.$inferInsert> = {}) {
  const { user } = await insertMentor(t.app, { company });
  if (Object.keys(settings).length > 0) {
    await t.app.ctx.db.update(mentors).set(settings).where(eq(mentors.userId, user.id));
  }
  return user.id;
}

/** A visit request the alumnus received at `createdAt`, from a student of its own. */
async function receivedRequest(mentorId: string, createdAt: Date) {
  const { user: student } = await insertStudent(t.app);
  await t.app.ctx.db.insert(visitRequests).values({
    studentId: student.id,
    mentorId,
    purpose: 'career_advice',
    message: 'お話を伺いたいです。',
    preferredSlots: [new Date(Date.now() + 7 * DAY_MS)],
    meetingFormat: 'online',
    createdAt,
  });
}

async function cards(query: Record<string, string>): Promise<MentorCard[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/mentors?${new URLSearchParams(query).toString()}`,
    headers: { cookie: viewer },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as MentorListPage).items;
}

describe('OG list: who is accepting visit requests', () => {
  const company = `受付確認商事${nextSequence()}`;
  const ids = {} as Record<
    'open' | 'paused' | 'full' | 'fullLastMonth' | 'underLimit' | 'pausedUnderLimit',
    string
  >;

  beforeAll(async () => {
    const monthStart = tokyoMonthStart(new Date());
    const lastMonth = new Date(monthStart.getTime() - 60_000);
    ids.open = await alumnus(company);
    ids.paused = await alumnus(company, { acceptingRequests: false });
    // Limit 1, one request this month: full until next month.
    ids.full = await alumnus(company, { monthlyRequestLimit: 1 });
    await receivedRequest(ids.full, new Date());
    // Limit 1, the one request came last month: it does not count now.
    ids.fullLastMonth = await alumnus(company, { monthlyRequestLimit: 1 });
    await receivedRequest(ids.fullLastMonth, lastMonth);
    // Limit 3, two this month.
    ids.underLimit = await alumnus(company, { monthlyRequestLimit: 3 });
    await receivedRequest(ids.underLimit, new Date());
    await receivedRequest(ids.underLimit, monthStart);
    ids.pausedUnderLimit = await alumnus(company, {
      acceptingRequests: false,
      monthlyRequestLimit: 5,
    });
  });

  it('marks each card accepting or not', async () => {
    const accepting = Object.fromEntries(
      (await cards({ q: company })).map((card) => [card.urlParam, card.accepting]),
    );
    expect(accepting).toEqual({
      [ids.open]: true,
      [ids.paused]: false,
      [ids.full]: false,
      [ids.fullLastMonth]: true,
      [ids.underLimit]: true,
      [ids.pausedUnderLimit]: false,
    });
  });

  it('keeps only the accepting alumni with accepting=1, newest first', async () => {
    const shown = (await cards({ q: company, accepting: '1' })).map((card) => card.urlParam);
    expect(shown).toEqual([ids.underLimit, ids.fullLastMonth, ids.open]);
  });

  it('counts a request the moment it arrives: the last free place closes the card', async () => {
    const id = await alumnus(company, { monthlyRequestLimit: 2 });
    await receivedRequest(id, new Date());
    expect((await cards({ q: company, accepting: '1' })).map((c) => c.urlParam)).toContain(id);
    await receivedRequest(id, new Date());
    expect((await cards({ q: company, accepting: '1' })).map((c) => c.urlParam)).not.toContain(id);
  });
});

describe('OG list: when each alumnus was last signed in', () => {
  it('shows a coarse age (day, week, month, older), or null before the first sign-in', async () => {
    const company = `最終ログイン商事${nextSequence()}`;
    const now = Date.now();
    const ages = {
      day: now - 2 * HOUR_MS,
      week: now - 3 * DAY_MS,
      month: now - 20 * DAY_MS,
      older: now - 45 * DAY_MS,
    };
    const expected: Record<string, string | null> = {};
    for (const [age, at] of Object.entries(ages)) {
      const id = await alumnus(company);
      await t.app.ctx.db
        .update(users)
        .set({ lastActiveAt: new Date(at) })
        .where(eq(users.id, id));
      expected[id] = age;
    }
    expected[await alumnus(company)] = null;

    const shown = await cards({ q: company });
    expect(Object.fromEntries(shown.map((card) => [card.urlParam, card.lastActive]))).toEqual(
      expected,
    );
    // Only the age leaves the server, never the time itself.
    expect(JSON.stringify(shown)).not.toMatch(/lastActiveAt|\d{4}-\d{2}-\d{2}T/);
  });
});

describe('OG list: each row read as one value', () => {
  it('shows every alumnus as the alumna’s own page does, field for field', async () => {
    const company = `一括読込商事${nextSequence()}`;
    const { user: full } = await insertMentor(t.app, {
      company,
      nameReading: 'ヨミ ハナコ',
      jobType: 'engineering',
      joinedYear: 2018,
      topics: ['es_review', 'career_advice'],
      icon: await jpeg(64, 64),
    });
    await t.app.ctx.db
      .update(mentors)
      .set({ topicsNote: '「転職」も歓迎です\n"引用"', monthlyRequestLimit: 1 })
      .where(eq(mentors.userId, full.id));
    await receivedRequest(full.id, new Date());
    await alumnus(company, { monthlyRequestLimit: 3 });
    await alumnus(company, { acceptingRequests: false });
    await alumnus(company);

    const shown = await cards({ q: company });
    expect(shown).toHaveLength(4);
    expect(shown.map((card) => card.accepting).sort()).toEqual([false, false, true, true]);
    for (const card of shown) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/mentors/${card.urlParam}`,
        headers: { cookie: viewer },
      });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject(card);
    }
  });
});
