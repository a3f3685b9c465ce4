import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOB_TYPES, MENTOR_SORTS, MENTOR_TOPICS } from '../../shared/constants';
import {
  mentorListQuerySchema,
  type MentorCard,
  type MentorListPage,
  type MentorListQuery,
} from '../../shared/schemas/mentors';
import { mentors, userBlocks } from '../db/schema';
import { call } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import { cookieFor, insertMentor, insertStudent, nextSequence } from '../test/factories/mentors';

/**
 * Issue 32, point 8: a block is not detectable on the OG list. To the student she blocked, an
 * alumna's card shows what a paused alumna's card shows (not 受付中), as her page does; every
 * other viewer still sees her accepting. The list's shared (cached) answer stays the same for
 * everyone; the viewer's blocks are applied on top. Read caches on, as in production.
 */

let t: TestApp;
const company = `ブロック確認商事${nextSequence()}`;
let blocker: { id: string; cookie: string };
let paused: string;
let open: string;
let blocked: { id: string; cookie: string };
let other: { id: string; cookie: string };

async function student() {
  const { user } = await insertStudent(t.app);
  return { id: user.id, cookie: await cookieFor(t.app, user.id) };
}

beforeAll(async () => {
  t = await createTestApp({ readCacheMs: 60_000, sessionCacheMs: 60_000 });
  const { user } = await insertMentor(t.app, { company });
  blocker = { id: user.id, cookie: await cookieFor(t.app, user.id) };
  paused = (await insertMentor(t.app, { company })).user.id;
  await t.app.ctx.db
    .update(mentors)
    .set({ acceptingRequests: false })
    .where(eq(mentors.userId, paused));
  open = (await insertMentor(t.app, { company })).user.id;
  blocked = await student();
  other = await student();
});
afterAll(async () => {
  await t?.close();
});
// The fixtures write straight into the database: each test starts from empty caches.
beforeEach(() => {
  t.app.ctx.caches.clear();
});

async function page(cookie: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const response = await call(t.app, cookie, 'GET', `/api/mentors${search ? `?${search}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MentorListPage;
}

async function cardOf(cookie: string, urlParam: string, query: Record<string, string> = {}) {
  return (await page(cookie, query)).items.find((card) => card.urlParam === urlParam);
}

/** What a card says of availability (the rest names the alumna). */
function availability(card: MentorCard | undefined) {
  return card && { accepting: card.accepting };
}

async function detailAccepting(cookie: string, urlParam: string) {
  const response = await call(t.app, cookie, 'GET', `/api/mentors/${urlParam}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { accepting: boolean }).accepting;
}

async function block() {
  const response = await call(t.app, blocker.cookie, 'PUT', `/api/blocks/${blocked.id}`);
  expect(response.statusCode, response.body).toBe(200);
}

async function unblock() {
  const response = await call(t.app, blocker.cookie, 'DELETE', `/api/blocks/${blocked.id}`);
  expect(response.statusCode, response.body).toBe(200);
}

describe('OG list: an alumna who blocked the viewer', () => {
  it('shows to the blocked student as a paused alumna, on the list as on her page', async () => {
    // Both students have read the list (and their sessions) into the caches first.
    expect((await cardOf(blocked.cookie, blocker.id))?.accepting).toBe(true);
    expect((await cardOf(other.cookie, blocker.id))?.accepting).toBe(true);
    await block();

    const queries: Record<string, string>[] = [{}, { q: company }, { sort: 'graduation' }];
    for (const query of queries) {
      const card = await cardOf(blocked.cookie, blocker.id, query);
      expect(card?.accepting, JSON.stringify(query)).toBe(false);
      expect(availability(card)).toEqual(availability(await cardOf(blocked.cookie, paused, query)));
      expect((await cardOf(blocked.cookie, open, query))?.accepting).toBe(true);
      // Another student, served the same cached answer, still sees her accepting.
      expect((await cardOf(other.cookie, blocker.id, query))?.accepting).toBe(true);
    }
    expect(await detailAccepting(blocked.cookie, blocker.id)).toBe(false);
    expect(await detailAccepting(other.cookie, blocker.id)).toBe(true);

    await unblock();
    expect((await cardOf(blocked.cookie, blocker.id))?.accepting).toBe(true);
    expect(await detailAccepting(blocked.cookie, blocker.id)).toBe(true);
  });

  it('leaves her out of 受付中のみ for the blocked student, page and total, as a paused alumna', async () => {
    const query = { q: company, accepting: '1' };
    const before = await page(blocked.cookie, query);
    expect(before.items.map((card) => card.urlParam).sort()).toEqual([blocker.id, open].sort());
    expect(before.total).toBe(2);
    await block();

    const after = await page(blocked.cookie, query);
    expect(after.items.map((card) => card.urlParam)).toEqual([open]);
    expect(after.total).toBe(1);
    const others = await page(other.cookie, query);
    expect(others.items.map((card) => card.urlParam).sort()).toEqual([blocker.id, open].sort());
    expect(others.total).toBe(2);

    await unblock();
    expect((await page(blocked.cookie, query)).total).toBe(2);
  });

  it('shows her as paused on the blocked student’s favourites too', async () => {
    for (const urlParam of [blocker.id, paused]) {
      const response = await call(t.app, blocked.cookie, 'PUT', `/api/favourites/${urlParam}`);
      expect(response.statusCode, response.body).toBe(200);
    }
    await block();
    const favourites = await page(blocked.cookie, { favourites: '1' });
    const byId = new Map(favourites.items.map((card) => [card.urlParam, card]));
    expect(byId.get(blocker.id)?.accepting).toBe(false);
    expect(availability(byId.get(blocker.id))).toEqual(availability(byId.get(paused)));
    await unblock();
    const restored = await page(blocked.cookie, { favourites: '1' });
    expect(restored.items.find((card) => card.urlParam === blocker.id)?.accepting).toBe(true);
  });

  it('follows a block made by another process (no write request here: the notification)', async () => {
    // The blocked student's session is cached here with nobody blocking them.
    expect((await cardOf(blocked.cookie, blocker.id))?.accepting).toBe(true);
    await t.app.ctx.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: blocked.id });
    await vi.waitFor(async () =>
      expect((await cardOf(blocked.cookie, blocker.id))?.accepting).toBe(false),
    );
    await t.app.ctx.db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blocker.id), eq(userBlocks.blockedId, blocked.id)));
    await vi.waitFor(async () =>
      expect((await cardOf(blocked.cookie, blocker.id))?.accepting).toBe(true),
    );
  });

  it('never tells the student through their session answer', async () => {
    await block();
    const response = await call(t.app, blocked.cookie, 'GET', '/api/auth/session');
    expect(response.body).not.toContain(blocker.id);
    await unblock();
  });
});

/**
 * Issue 54, point 5: under every filter and sort of the list, the blocked student's answer about
 * the alumna who blocked them is the answer about an alumna who never published slots and does
 * not take requests (how a block shows: as paused, issue 32): the same card, left out of the
 * same pages, the same totals. 空き枠あり showed her as a paused card instead of leaving her out.
 */
describe('OG list: a block under every filter and sort', () => {
  const pairCompany = `ブロック全条件商事${nextSequence()}`;
  // The same profile for both, so every filter treats them alike but for availability.
  const profile = {
    company: pairCompany,
    name: '比較 花子',
    nameReading: 'ヒカク ハナコ',
    universityId: 'waseda',
    graduationYear: 2016,
    industry: 'IT・通信 - ソフトウェア',
    jobType: JOB_TYPES[0],
    joinedYear: 2017,
    topics: [MENTOR_TOPICS[0]],
  };

  /**
   * A value of each of the list's query options that selects the pair, or every value the
   * option can take. Typed by the schema: an option added to it must be added here.
   */
  const values: { [Key in keyof MentorListQuery]-?: readonly NonNullable<MentorListQuery[Key]>[] } =
    {
      category: ['IT・通信', '金融・保険'],
      subcategory: ['ソフトウェア'],
      university: ['waseda'],
      yearFrom: [2016],
      yearTo: [2016],
      q: [pairCompany],
      accepting: ['1'],
      slotSoon: ['1'],
      favourites: ['1'],
      jobType: JOB_TYPES,
      joinedFrom: [2017],
      joinedTo: [2017],
      topic: MENTOR_TOPICS,
      sort: MENTOR_SORTS,
      // Paging: every page here holds all the matches (checked below), so no cursor follows.
      cursor: [],
    };

  it('gives the blocked student the same answer about her as about an alumna who never published slots', async () => {
    expect(Object.keys(values).sort()).toEqual(Object.keys(mentorListQuerySchema.shape).sort());
    const { user: her } = await insertMentor(t.app, profile);
    const { user: never } = await insertMentor(t.app, profile);
    // She takes requests and has a slot in three days; the other never published one and is paused.
    await t.app.ctx.db
      .update(mentors)
      .set({ bookingEnabled: true, nextSlotAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000) })
      .where(eq(mentors.userId, her.id));
    await t.app.ctx.db
      .update(mentors)
      .set({ acceptingRequests: false })
      .where(eq(mentors.userId, never.id));
    const student2 = await student();
    const other2 = await student();
    for (const viewer of [student2, other2]) {
      for (const urlParam of [her.id, never.id]) {
        const response = await call(t.app, viewer.cookie, 'PUT', `/api/favourites/${urlParam}`);
        expect(response.statusCode, response.body).toBe(200);
      }
    }
    await t.app.ctx.db.insert(userBlocks).values({ blockerId: her.id, blockedId: student2.id });
    t.app.ctx.caches.clear();

    const { sort: sorts, ...filters } = values;
    const queries: Record<string, string>[] = [];
    for (const sort of [undefined, ...sorts]) {
      const base: Record<string, string> = sort ? { sort } : {};
      queries.push(base, { ...base, q: pairCompany });
      for (const [key, options] of Object.entries(filters)) {
        for (const option of options) {
          queries.push({ ...base, [key]: String(option) });
          queries.push({ ...base, q: pairCompany, [key]: String(option) });
        }
      }
    }
    let leftOut = 0;
    for (const query of queries) {
      const label = JSON.stringify(query);
      const seen = await page(student2.cookie, query);
      const herCard = seen.items.find((card) => card.urlParam === her.id);
      const neverCard = seen.items.find((card) => card.urlParam === never.id);
      // On the same pages, with the same card (the address aside).
      expect(herCard === undefined, label).toBe(neverCard === undefined);
      if (herCard && neverCard) {
        expect({ ...herCard, urlParam: '' }, label).toEqual({ ...neverCard, urlParam: '' });
      } else {
        leftOut++;
      }
      // The same total: every match is on this page, and the total counts what is shown.
      expect(seen.nextCursor, label).toBeNull();
      expect(seen.total, label).toBe(seen.items.length);
      // Everyone else on the page, in the same order, as another student sees them.
      const others = await page(other2.cookie, query);
      const rest = (list: MentorListPage) =>
        list.items.filter((card) => card.urlParam !== her.id).map((card) => card.urlParam);
      expect(rest(seen), label).toEqual(rest(others));
    }
    // The comparison meant something: pages that leave both out, and ones that show both.
    expect(leftOut).toBeGreaterThan(0);
    expect(leftOut).toBeLessThan(queries.length);
    // To another student she is accepting with her slot, on 空き枠あり too.
    const othersSlotSoon = await page(other2.cookie, { slotSoon: '1', q: pairCompany });
    expect(othersSlotSoon.items.map((card) => card.urlParam)).toEqual([her.id]);
  });
});
