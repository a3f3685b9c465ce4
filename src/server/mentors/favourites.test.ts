import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../shared/errors';
import { ja } from '../../shared/messages/ja';
import type { MentorDetail, MentorListPage } from '../../shared/schemas/mentors';
import { favourites, users } from '../db/schema';
import { createTestApp, insertUser, TEST_ORIGIN, type TestApp } from '../test/app';
import { cookieFor, insertMentor, insertStudent, nextSequence } from '../test/factories/mentors';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectError(response: Response, status: number, code: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ code, message: ja.errors[code] });
}

async function studentCookie() {
  const { user } = await insertStudent(t.app);
  return { id: user.id, cookie: await cookieFor(t.app, user.id) };
}

/** A listed alumnus; urlParam is the user id in the fixtures. */
async function mentor(seed: Parameters<typeof insertMentor>[1] = {}) {
  const { user, mentor: row } = await insertMentor(t.app, seed);
  return { id: user.id, urlParam: row.urlParam };
}

function bookmark(cookie: string | undefined, urlParam: string, method: 'PUT' | 'DELETE' = 'PUT') {
  return t.app.inject({
    method,
    url: `/api/favourites/${encodeURIComponent(urlParam)}`,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

async function favouriteList(cookie: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/favourites',
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { urlParams: string[] }).urlParams;
}

async function listPage(cookie: string, query: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/mentors?${query}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as MentorListPage).items.map((card) => card.urlParam);
}

async function storedRows(studentId: string) {
  return t.app.ctx.db.select().from(favourites).where(eq(favourites.studentId, studentId));
}

describe('bookmarking an alumnus', () => {
  it('adds, lists and removes a favourite, each answered { ok: true }', async () => {
    const student = await studentCookie();
    const og = await mentor();
    expect(await favouriteList(student.cookie)).toEqual([]);

    const added = await bookmark(student.cookie, og.urlParam);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ ok: true });
    expect(await favouriteList(student.cookie)).toEqual([og.urlParam]);

    const removed = await bookmark(student.cookie, og.urlParam, 'DELETE');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await favouriteList(student.cookie)).toEqual([]);
    expect(await storedRows(student.id)).toEqual([]);
  });

  it('is idempotent: a second bookmark keeps one row and its time, a second removal is fine', async () => {
    const student = await studentCookie();
    const og = await mentor();
    expect((await bookmark(student.cookie, og.urlParam)).statusCode).toBe(200);
    const [first] = await storedRows(student.id);
    expect((await bookmark(student.cookie, og.urlParam)).statusCode).toBe(200);
    expect(await storedRows(student.id)).toEqual([first]);

    expect((await bookmark(student.cookie, og.urlParam, 'DELETE')).statusCode).toBe(200);
    expect((await bookmark(student.cookie, og.urlParam, 'DELETE')).statusCode).toBe(200);
    // Removing what was never bookmarked is no error either.
    const other = await mentor();
    expect((await bookmark(student.cookie, other.urlParam, 'DELETE')).statusCode).toBe(200);
    expect(await storedRows(student.id)).toEqual([]);
  });

  it('lists the newest bookmark first', async () => {
    const student = await studentCookie();
    const ogs = [await mentor(), await mentor(), await mentor()];
    const base = Date.UTC(2025, 3, 1);
    // Bookmarked in the order 1, 0, 2 (times set by hand: one request may share a clock tick).
    for (const [minute, index] of [1, 0, 2].entries()) {
      await t.app.ctx.db.insert(favourites).values({
        studentId: student.id,
        mentorId: ogs[index]!.id,
        createdAt: new Date(base + minute * 60_000),
      });
    }
    expect(await favouriteList(student.cookie)).toEqual(
      [2, 0, 1].map((index) => ogs[index]!.urlParam),
    );
  });

  it('shows the favourite on the detail page as the viewer sees it', async () => {
    const student = await studentCookie();
    const og = await mentor();
    const viewerFavourite = async (cookie: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/mentors/${og.urlParam}`,
        headers: { cookie },
      });
      return (response.json() as MentorDetail).viewer.favourite;
    };
    expect(await viewerFavourite(student.cookie)).toBe(false);
    await bookmark(student.cookie, og.urlParam);
    expect(await viewerFavourite(student.cookie)).toBe(true);
    // Another student's view is their own.
    expect(await viewerFavourite((await studentCookie()).cookie)).toBe(false);
    await bookmark(student.cookie, og.urlParam, 'DELETE');
    expect(await viewerFavourite(student.cookie)).toBe(false);
  });

  it('answers 404 not-found for an alumnus who is not on the list, and stores nothing', async () => {
    const student = await studentCookie();
    const suspended = await mentor();
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    const unlisted = [
      'no-such-alumnus',
      suspended.urlParam,
      (await mentor({ role: 'mentor_pending' })).urlParam,
      (await mentor({ emailVerified: false })).urlParam,
    ];
    for (const urlParam of unlisted) {
      for (const method of ['PUT', 'DELETE'] as const) {
        expectError(await bookmark(student.cookie, urlParam, method), 404, 'not-found');
      }
    }
    expect(await storedRows(student.id)).toEqual([]);
  });

  it('hides a favourite whose alumnus left the list, and shows it again on return', async () => {
    const student = await studentCookie();
    const og = await mentor();
    const kept = await mentor();
    await bookmark(student.cookie, og.urlParam);
    await bookmark(student.cookie, kept.urlParam);
    const suspend = (at: Date | null) =>
      t.app.ctx.db.update(users).set({ suspendedAt: at }).where(eq(users.id, og.id));

    await suspend(new Date());
    expect(await favouriteList(student.cookie)).toEqual([kept.urlParam]);
    expect(await listPage(student.cookie, 'favourites=1')).toEqual([kept.urlParam]);

    await suspend(null);
    expect(await favouriteList(student.cookie)).toEqual([kept.urlParam, og.urlParam]);
  });

  it('lets an alumnus awaiting approval keep favourites, as a student does', async () => {
    const { user } = await insertMentor(t.app, { role: 'mentor_pending' });
    const cookie = await cookieFor(t.app, user.id);
    const og = await mentor();
    expect((await bookmark(cookie, og.urlParam)).statusCode).toBe(200);
    expect(await favouriteList(cookie)).toEqual([og.urlParam]);
    expect(await listPage(cookie, 'favourites=1')).toEqual([og.urlParam]);
  });
});

describe('who may keep favourites', () => {
  it('refuses alumni and admins (403 permission-denied) and changes nothing', async () => {
    const og = await mentor();
    const { user: alumnus } = await insertMentor(t.app);
    const admin = await insertUser(t.app, {
      email: `favourite-admin-${nextSequence()}@example.com`,
      role: 'admin',
    });
    for (const id of [alumnus.id, admin.id]) {
      const cookie = await cookieFor(t.app, id);
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/favourites', headers: { cookie } }),
        403,
        'permission-denied',
      );
      expectError(await bookmark(cookie, og.urlParam), 403, 'permission-denied');
      expectError(await bookmark(cookie, og.urlParam, 'DELETE'), 403, 'permission-denied');
      expect(await storedRows(id)).toEqual([]);
    }
  });

  it('asks anonymous callers to sign in (401)', async () => {
    const og = await mentor();
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/favourites' }),
      401,
      'auth/unauthenticated',
    );
    expectError(await bookmark(undefined, og.urlParam), 401, 'auth/unauthenticated');
    expectError(await bookmark(undefined, og.urlParam, 'DELETE'), 401, 'auth/unauthenticated');
  });

  it('removes only the caller’s own bookmark', async () => {
    const owner = await studentCookie();
    const other = await studentCookie();
    const og = await mentor();
    await bookmark(owner.cookie, og.urlParam);
    await bookmark(other.cookie, og.urlParam, 'DELETE');
    const [row] = await t.app.ctx.db
      .select()
      .from(favourites)
      .where(and(eq(favourites.studentId, owner.id), eq(favourites.mentorId, og.id)));
    expect(row).toBeDefined();
  });
});

describe('the OG list filtered to favourites (favourites=1)', () => {
  it("answers only the caller's favourites, never another student's", async () => {
    const [a, b, c] = [await mentor(), await mentor(), await mentor()];
    const alice = await studentCookie();
    const bob = await studentCookie();
    const carol = await studentCookie();
    await bookmark(alice.cookie, a.urlParam);
    await bookmark(alice.cookie, b.urlParam);
    await bookmark(bob.cookie, c.urlParam);

    // The list keeps its own order (newest alumnus first), not the bookmarks'.
    expect(await listPage(alice.cookie, 'favourites=1')).toEqual([b.urlParam, a.urlParam]);
    expect(await listPage(bob.cookie, 'favourites=1')).toEqual([c.urlParam]);
    expect(await listPage(carol.cookie, 'favourites=1')).toEqual([]);
    // Without the filter everyone sees every alumnus.
    const everyone = await listPage(carol.cookie, '');
    expect(everyone).toEqual(expect.arrayContaining([a.urlParam, b.urlParam, c.urlParam]));
  });

  it('combines with the other filters', async () => {
    const student = await studentCookie();
    const company = `お気に入り商事${nextSequence()}`;
    const match = await mentor({ company });
    const other = await mentor();
    await bookmark(student.cookie, match.urlParam);
    await bookmark(student.cookie, other.urlParam);
    expect(await listPage(student.cookie, `favourites=1&q=${encodeURIComponent(company)}`)).toEqual(
      [match.urlParam],
    );
  });

  it('answers an alumnus, who keeps no favourites, with an empty page', async () => {
    const { user } = await insertMentor(t.app);
    expect(await listPage(await cookieFor(t.app, user.id), 'favourites=1')).toEqual([]);
  });
});

describe('favourites and the read cache', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ readCacheMs: 60_000, sessionCacheMs: 60_000 });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it("never serves one student's favourites to another, and follows every change at once", async () => {
    const { user: og } = await insertMentor(cached.app);
    const cookies = await Promise.all(
      [0, 1].map(async () => cookieFor(cached.app, (await insertStudent(cached.app)).user.id)),
    );
    const page = async (cookie: string) => {
      const response = await cached.app.inject({
        method: 'GET',
        url: '/api/mentors?favourites=1',
        headers: { cookie },
      });
      return (response.json() as MentorListPage).items.map((card) => card.urlParam);
    };
    expect(await page(cookies[0]!)).toEqual([]);
    const added = await cached.app.inject({
      method: 'PUT',
      url: `/api/favourites/${og.id}`,
      headers: { cookie: cookies[0]!, origin: TEST_ORIGIN },
    });
    expect(added.statusCode).toBe(200);
    expect(await page(cookies[0]!)).toEqual([og.id]);
    expect(await page(cookies[1]!)).toEqual([]);
  });
});
