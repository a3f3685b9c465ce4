import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENTOR_PAGE_SIZE,
  MENTOR_TOTAL_BOUND,
  type MentorListPage,
} from '../../shared/schemas/mentors';
import { mentors, users } from '../db/schema';
import { createTestApp, insertUser, type TestApp } from '../test/app';
import { cookieFor, universityName } from '../test/factories/mentors';
import { mentorSearchText } from './queries';

/**
 * A search beyond MENTOR_TOTAL_BOUND (decision 0028): the total stops at the bound
 * (「500件以上」) and the page walks the newest-first index; under it the probe's matches are the
 * count and the page. Either way the answers are the newest matches, in order, each once.
 */

const COMMON = 'ありふれ'; // in every message
const RARE = 'めずらし'; // in every seventh
const ALUMNI = MENTOR_TOTAL_BOUND + 20;
const base = Date.UTC(2024, 0, 1);

let t: TestApp;
let viewer: string;
/** urlParams, newest first. */
const newestFirst: string[] = [];

async function page(params: Record<string, string>): Promise<MentorListPage> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/mentors?${new URLSearchParams(params).toString()}`,
    headers: { cookie: viewer },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MentorListPage;
}

async function allPages(params: Record<string, string>) {
  const pages = [await page(params)];
  while (pages.at(-1)!.nextCursor) {
    pages.push(await page({ ...params, cursor: pages.at(-1)!.nextCursor! }));
    if (pages.length > 40) throw new Error('the cursor never ends');
  }
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  const student = await insertUser(t.app, { email: 'bound-viewer@example.com', role: 'student' });
  viewer = await cookieFor(t.app, student.id);
  // One statement each: 520 alumni one by one would take most of a minute.
  const created = await t.app.ctx.db
    .insert(users)
    .values(
      Array.from({ length: ALUMNI }, (_, i) => ({
        email: `bound-og-${i}@example.com`,
        role: 'mentor' as const,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id, email: users.email });
  await t.app.ctx.db.insert(mentors).values(
    created.map((user, i) => {
      const fields = {
        name: `卒業生 ${i}`,
        nameReading: null,
        company: `株式会社バウンド${i}`,
        companyReading: null,
        message: `${COMMON}な話から${i % 7 === 0 ? RARE : 'ふつう'}な話まで。`,
        industry: 'IT・通信 - ソフトウェア',
      };
      return {
        ...fields,
        userId: user.id,
        universityId: 'waseda',
        universityName: universityName('waseda'),
        graduationYear: 2015,
        contactEmail: user.email,
        urlParam: user.id,
        searchText: mentorSearchText(fields),
        // Shuffled ages, so that insertion order cannot stand in for the newest first.
        createdAt: new Date(base - ((i * 37) % ALUMNI) * 60_000),
      };
    }),
  );
  const byAge = new Map(created.map((user, i) => [(i * 37) % ALUMNI, user.id]));
  for (let age = 0; age < ALUMNI; age++) newestFirst.push(byAge.get(age)!);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('a search beyond the bound of its total', () => {
  it('says 「N件以上」 at the bound for a word every alumna has, and pages through all of them', async () => {
    const pages = await allPages({ q: COMMON });
    expect(pages[0]!.total).toBe(MENTOR_TOTAL_BOUND);
    expect(pages[0]!.totalAtLeast).toBe(true);
    expect(pages.slice(1).every((p) => p.total === null)).toBe(true);
    const seen = pages.flatMap((p) => p.items.map((card) => card.urlParam));
    expect(seen).toEqual(newestFirst);
    expect(pages[0]!.items).toHaveLength(MENTOR_PAGE_SIZE);
  });

  it('counts exactly under the bound, and pages the same matches in the same order', async () => {
    const expected = newestFirst.filter((_, age) => {
      const i = [...Array(ALUMNI).keys()].find((k) => (k * 37) % ALUMNI === age)!;
      return i % 7 === 0;
    });
    const pages = await allPages({ q: RARE });
    expect(pages[0]!.total).toBe(expected.length);
    expect(pages[0]!.totalAtLeast).toBeUndefined();
    expect(pages.flatMap((p) => p.items.map((card) => card.urlParam))).toEqual(expected);
    expect(pages.map((p) => p.items.length)).toEqual([24, 24, 24, 3]);
  });

  it('needs every word: a common and a rare one count as the rare one', async () => {
    const both = await page({ q: `${COMMON} ${RARE}` });
    const rare = await page({ q: RARE });
    expect(both.total).toBe(rare.total);
    expect(both.items.map((card) => card.urlParam)).toEqual(rare.items.map((c) => c.urlParam));
  });

  it('answers a word nobody has with an empty first page and 0', async () => {
    expect(await page({ q: 'だれももたない' })).toEqual({ items: [], nextCursor: null, total: 0 });
  });
});
