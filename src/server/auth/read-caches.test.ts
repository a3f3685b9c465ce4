import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorCode } from '../../shared/errors';
import type { MentorCard } from '../../shared/schemas/mentors';
import type { App } from '../app';
import { mentors, sessions, users } from '../db/schema';
import { sha256 } from '../lib/secrets';
import { call, insertAdmin } from '../test/factories/admins';
import { createTestApp, signIn, type TestApp } from '../test/app';
import {
  cookieFor,
  insertMentor,
  insertStudent,
  mentorFields,
  multipartBody,
  nextIp,
} from '../test/factories/mentors';

/**
 * The read caches (lib/read-cache.ts) with caching on: every product rule that a write
 * decides must still hold at once, and a change that bypasses the API must not (that is how
 * these tests know the cache is really in use).
 */

afterEach(() => {
  vi.useRealTimers();
});

function get(app: App, url: string, cookie: string) {
  return app.inject({ method: 'GET', url, headers: { cookie } });
}

function expectCode(response: LightMyRequestResponse, status: number, code: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code });
}

/** The OG list's first page as `cookie` sees it. */
async function listed(app: App, cookie: string, params: Record<string, string> = {}) {
  const query = new URLSearchParams(params).toString();
  const response = await get(app, `/api/mentors${query ? `?${query}` : ''}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: MentorCard[] }).items;
}

async function cardOf(app: App, cookie: string, urlParam: string) {
  return (await listed(app, cookie)).find((card) => card.urlParam === urlParam);
}

/** The user the session cache holds for this cookie (white-box: proves a cache hit is due). */
function cachedUserOf(app: App, cookie: string) {
  return app.ctx.caches.sessions.get(sha256(cookie.slice(cookie.indexOf('=') + 1)))?.user;
}

/** Whom the server takes the cookie's holder for. */
async function sessionUser(app: App, cookie: string) {
  const response = await get(app, '/api/auth/session', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { user: { id: string; role: string } | null }).user;
}

/** Any write request: here a student asking for a sign-in link. */
async function someWrite(app: App) {
  const { user } = await insertStudent(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login-link',
    payload: { email: user.email },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A write by another student, signed in: she saves an alumna among her favourites. */
async function anotherStudentsWrite(app: App) {
  const { user } = await insertStudent(app);
  const { user: saved } = await insertMentor(app);
  const response = await app.inject({
    method: 'PUT',
    url: `/api/favourites/${saved.id}`,
    headers: { cookie: await cookieFor(app, user.id) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('read caches on (60 s)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof insertAdmin>>;
  let viewer: string;

  beforeAll(async () => {
    t = await createTestApp({ readCacheMs: 60_000, sessionCacheMs: 60_000 });
    admin = await insertAdmin(t.app);
    const { user } = await insertStudent(t.app);
    viewer = await cookieFor(t.app, user.id);
  });
  // The fixtures write straight into the database, which the cache does not see: each test
  // starts from empty caches, as after any write request.
  beforeEach(() => {
    t.app.ctx.caches.clear();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a profile edit in the list and in filtered lists at once', async () => {
    const { user } = await insertMentor(t.app, {
      company: '株式会社キャッシュ前',
      industry: 'IT・通信 - ソフトウェア',
    });
    const mentorCookie = await cookieFor(t.app, user.id);
    const inCategory = async (category: string) =>
      (await listed(t.app, viewer, { category })).map((card) => card.urlParam);

    expect((await cardOf(t.app, viewer, user.id))?.company).toBe('株式会社キャッシュ前');
    expect(await inCategory('IT・通信')).toContain(user.id);
    expect(await inCategory('金融・保険')).not.toContain(user.id);
    expect(await listed(t.app, viewer, { q: 'キャッシュ後' })).toEqual([]);
    expect(t.app.ctx.caches.mentorList.size).toBeGreaterThanOrEqual(4);

    const body = await multipartBody(
      mentorFields({
        company: '株式会社キャッシュ後',
        industryCategory: '金融・保険',
        industrySubcategory: '証券',
      }),
    );
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/mentors/me',
      payload: body.payload,
      headers: { 'content-type': body.contentType, cookie: mentorCookie },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    expect((await cardOf(t.app, viewer, user.id))?.company).toBe('株式会社キャッシュ後');
    expect(await inCategory('IT・通信')).not.toContain(user.id);
    expect(await inCategory('金融・保険')).toContain(user.id);
    expect((await listed(t.app, viewer, { q: 'キャッシュ後' })).map((c) => c.urlParam)).toEqual([
      user.id,
    ]);
  });

  it('refuses a suspended student’s very next request, and lets them back in on reinstatement', async () => {
    const { user } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, user.id);
    await listed(t.app, cookie);
    expect(cachedUserOf(t.app, cookie)?.id).toBe(user.id);

    const suspended = await call(
      t.app,
      admin.cookie,
      'POST',
      `/api/admin/users/${user.id}/suspend`,
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    expectCode(await get(t.app, '/api/mentors', cookie), 401, 'auth/unauthenticated');
    expect(await sessionUser(t.app, cookie)).toBeNull();

    const reinstated = await call(
      t.app,
      admin.cookie,
      'POST',
      `/api/admin/users/${user.id}/reinstate`,
    );
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    const again = await signIn(t.app, user.email, nextIp());
    expect((await sessionUser(t.app, again))?.id).toBe(user.id);
    await listed(t.app, again);
  });

  it('hides a suspended alumnus from the list at once, and shows them again on reinstatement', async () => {
    const { user } = await insertMentor(t.app);
    expect(await cardOf(t.app, viewer, user.id)).toBeDefined();

    await call(t.app, admin.cookie, 'POST', `/api/admin/users/${user.id}/suspend`);
    expect(await cardOf(t.app, viewer, user.id)).toBeUndefined();

    await call(t.app, admin.cookie, 'POST', `/api/admin/users/${user.id}/reinstate`);
    expect(await cardOf(t.app, viewer, user.id)).toBeDefined();
  });

  it('ends the old cookie (and the other devices’) at logout at once', async () => {
    const { user } = await insertStudent(t.app);
    const laptop = await signIn(t.app, user.email, nextIp());
    const phone = await cookieFor(t.app, user.id);
    await listed(t.app, laptop);
    await listed(t.app, phone);
    expect(cachedUserOf(t.app, laptop)?.id).toBe(user.id);
    expect(cachedUserOf(t.app, phone)?.id).toBe(user.id);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: laptop },
    });
    expect(out.statusCode, out.body).toBe(200);
    expectCode(await get(t.app, '/api/mentors', laptop), 401, 'auth/unauthenticated');
    expectCode(await get(t.app, '/api/mentors', phone), 401, 'auth/unauthenticated');
  });

  it('ends the cookie of a withdrawn account at once, and drops the alumnus from the list', async () => {
    const { user } = await insertMentor(t.app);
    const cookie = await cookieFor(t.app, user.id);
    expect(await cardOf(t.app, cookie, user.id)).toBeDefined();
    expect(await cardOf(t.app, viewer, user.id)).toBeDefined();
    expect(cachedUserOf(t.app, cookie)?.id).toBe(user.id);

    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { cookie },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expectCode(await get(t.app, '/api/mentors', cookie), 401, 'auth/unauthenticated');
    expect(await cardOf(t.app, viewer, user.id)).toBeUndefined();
  });

  it('lists an approved mentor_pending alumnus at once, and signs them out into the new role', async () => {
    const { user } = await insertMentor(t.app, { role: 'mentor_pending' });
    const cookie = await cookieFor(t.app, user.id);
    expect(await cardOf(t.app, viewer, user.id)).toBeUndefined();
    expect((await sessionUser(t.app, cookie))?.role).toBe('mentor_pending');
    expect(cachedUserOf(t.app, cookie)?.role).toBe('mentor_pending');

    const approved = await call(t.app, admin.cookie, 'PUT', `/api/admin/users/${user.id}/role`, {
      role: 'mentor',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await cardOf(t.app, viewer, user.id)).toBeDefined();
    // A role change ends the account's sessions (docs/PRODUCT.md §3), the cached one too.
    expectCode(await get(t.app, '/api/mentors', cookie), 401, 'auth/unauthenticated');
    const again = await signIn(t.app, user.email, nextIp());
    expect((await sessionUser(t.app, again))?.role).toBe('mentor');
  });

  it('keeps each cookie’s own user apart', async () => {
    const first = await insertStudent(t.app);
    const second = await insertStudent(t.app);
    const firstCookie = await cookieFor(t.app, first.user.id);
    const secondCookie = await cookieFor(t.app, second.user.id);
    for (let round = 0; round < 3; round++) {
      expect((await sessionUser(t.app, firstCookie))?.id).toBe(first.user.id);
      expect((await sessionUser(t.app, secondCookie))?.id).toBe(second.user.id);
    }
    expect(cachedUserOf(t.app, firstCookie)?.id).toBe(first.user.id);
    expect(cachedUserOf(t.app, secondCookie)?.id).toBe(second.user.id);
  });

  describe('really caches', () => {
    /**
     * A listed alumnus and a student's cached session, then both changed behind the API's back
     * in what raises no cache notification (db/migrations/0012_cache_events.sql): the last
     * sign-in a card shows, and a session's expiry.
     */
    async function changeUnnotified() {
      const { user: mentor } = await insertMentor(t.app);
      await t.app.ctx.db
        .update(users)
        .set({ lastActiveAt: new Date() })
        .where(eq(users.id, mentor.id));
      const { user: student } = await insertStudent(t.app);
      const cookie = await cookieFor(t.app, student.id);
      expect((await cardOf(t.app, cookie, mentor.id))?.lastActive).toBe('day');

      await t.app.ctx.db
        .update(users)
        .set({ lastActiveAt: new Date(Date.now() - 60 * 24 * 60 * 60_000) })
        .where(eq(users.id, mentor.id));
      await t.app.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, student.id));
      return { mentorId: mentor.id, cookie };
    }

    it('serves the cached list after an unnotified change until any write, a session until her own', async () => {
      const { mentorId, cookie } = await changeUnnotified();
      expect((await cardOf(t.app, cookie, mentorId))?.lastActive).toBe('day');
      expect((await cardOf(t.app, viewer, mentorId))?.lastActive).toBe('day');

      // Another student's write: the list is read again, her session (unchanged by it) is not.
      await anotherStudentsWrite(t.app);
      expect((await cardOf(t.app, viewer, mentorId))?.lastActive).toBe('older');
      expect((await get(t.app, '/api/mentors', cookie)).statusCode).toBe(200);
    });

    it('keeps a session through other students’ writes, and drops it on a write of her own', async () => {
      const { user } = await insertStudent(t.app);
      const cookie = await cookieFor(t.app, user.id);
      await listed(t.app, cookie);
      await anotherStudentsWrite(t.app);
      expect(cachedUserOf(t.app, cookie)?.id).toBe(user.id);

      const favourite = await insertMentor(t.app);
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/favourites/${favourite.user.id}`,
        headers: { cookie },
      });
      expect(saved.statusCode, saved.body).toBeLessThan(300);
      expect(cachedUserOf(t.app, cookie)).toBeUndefined();
    });

    it('empties every session on a write not a student’s (here a link asked for, signed out)', async () => {
      const { user } = await insertStudent(t.app);
      const cookie = await cookieFor(t.app, user.id);
      await listed(t.app, cookie);
      expect(cachedUserOf(t.app, cookie)?.id).toBe(user.id);
      await someWrite(t.app);
      expect(cachedUserOf(t.app, cookie)).toBeUndefined();
    });

    it('serves them until the ttl has passed', async () => {
      const { mentorId, cookie } = await changeUnnotified();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 59_000);
      expect((await cardOf(t.app, cookie, mentorId))?.lastActive).toBe('day');

      vi.setSystemTime(Date.now() + 2_000);
      expectCode(await get(t.app, '/api/mentors', cookie), 401, 'auth/session-expired');
      expect((await cardOf(t.app, viewer, mentorId))?.lastActive).toBe('older');
    });

    it('decides a write on the session the database holds, and ends the cached one with it', async () => {
      const { cookie } = await changeUnnotified();
      const write = await t.app.inject({
        method: 'PUT',
        url: '/api/students/me',
        payload: { name: '書き換え 太郎', grade: '3年' },
        headers: { cookie },
      });
      expectCode(write, 401, 'auth/session-expired');
      expect(cachedUserOf(t.app, cookie)).toBeUndefined();
      expectCode(await get(t.app, '/api/mentors', cookie), 401, 'auth/unauthenticated');
    });
  });

  describe('what another process changes', () => {
    /** What another app process's write does here: a change and its commit's notification. */
    it('drops a cached list page when a profile changes in the database', async () => {
      const { user: mentor } = await insertMentor(t.app, { company: '株式会社ビフォー' });
      expect((await cardOf(t.app, viewer, mentor.id))?.company).toBe('株式会社ビフォー');
      await t.app.ctx.db
        .update(mentors)
        .set({ company: '株式会社アフター' })
        .where(eq(mentors.userId, mentor.id));
      await vi.waitFor(async () =>
        expect((await cardOf(t.app, viewer, mentor.id))?.company).toBe('株式会社アフター'),
      );
    });

    it('refuses a cached session once the database deleted it (sign-out elsewhere)', async () => {
      const { user } = await insertStudent(t.app);
      const cookie = await cookieFor(t.app, user.id);
      await listed(t.app, cookie);
      expect(cachedUserOf(t.app, cookie)?.id).toBe(user.id);
      await t.app.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
      await vi.waitFor(async () =>
        expectCode(await get(t.app, '/api/mentors', cookie), 401, 'auth/unauthenticated'),
      );
    });

    it('stops asking for the フリガナ once another process recorded the answer', async () => {
      const { user } = await insertStudent(t.app, { nameReading: null, asksNameReading: true });
      const cookie = await cookieFor(t.app, user.id);
      const asks = async () =>
        (
          (await get(t.app, '/api/auth/session', cookie)).json() as {
            user: { asksNameReading: boolean };
          }
        ).user.asksNameReading;
      expect(await asks()).toBe(true);
      expect(cachedUserOf(t.app, cookie)?.asksNameReading).toBe(true);
      await t.app.ctx.db.update(users).set({ asksNameReading: false }).where(eq(users.id, user.id));
      await vi.waitFor(async () => expect(await asks()).toBe(false));
    });

    it('answers with the language another process recorded', async () => {
      const { user } = await insertStudent(t.app);
      const cookie = await cookieFor(t.app, user.id);
      const language = async () =>
        ((await get(t.app, '/api/auth/session', cookie)).json() as { user: { language: string } })
          .user.language;
      expect(await language()).toBeNull();
      expect(cachedUserOf(t.app, cookie)?.language).toBeNull();
      await t.app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, user.id));
      await vi.waitFor(async () => expect(await language()).toBe('en'));
    });

    it('keeps the caches when only a last sign-in time changes', async () => {
      const { user } = await insertStudent(t.app);
      const cookie = await cookieFor(t.app, user.id);
      await listed(t.app, cookie);
      await t.app.ctx.db
        .update(users)
        .set({ lastActiveAt: new Date() })
        .where(eq(users.id, user.id));
      await listed(t.app, cookie);
      expect(cachedUserOf(t.app, cookie)?.id).toBe(user.id);
    });
  });
});

describe('read caches on, longer than the idle limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      readCacheMs: 10 * 60_000,
      sessionCacheMs: 10 * 60_000,
      sessionIdleMinutes: 1,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a session whose idle limit passes while it is cached', async () => {
    const { user } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, user.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    await listed(t.app, cookie);
    expect(cachedUserOf(t.app, cookie)?.id).toBe(user.id);

    vi.setSystemTime(Date.now() + 30_000);
    await listed(t.app, cookie);
    vi.setSystemTime(Date.now() + 35_000);
    expectCode(await get(t.app, '/api/mentors', cookie), 401, 'auth/session-expired');
  });

  it('refuses a session whose idle limit (counted from its last recorded use) passes while it is cached', async () => {
    // Last recorded use 30 s ago: within the touch interval, so this request records none,
    // and lookUpSession itself would call the session timed out 30 s from now.
    const { user } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, user.id);
    await t.app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 30_000) })
      .where(eq(sessions.userId, user.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    await listed(t.app, cookie);

    vi.setSystemTime(Date.now() + 45_000);
    expectCode(await get(t.app, '/api/mentors', cookie), 401, 'auth/session-expired');
  });
});

describe('read caches off (0)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ readCacheMs: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sees a direct database change at once', async () => {
    const { user: mentor } = await insertMentor(t.app, { company: '株式会社ビフォー' });
    const { user: student } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, student.id);
    expect((await cardOf(t.app, cookie, mentor.id))?.company).toBe('株式会社ビフォー');

    await t.app.ctx.db
      .update(mentors)
      .set({ company: '株式会社アフター' })
      .where(eq(mentors.userId, mentor.id));
    expect((await cardOf(t.app, cookie, mentor.id))?.company).toBe('株式会社アフター');

    await t.app.ctx.db.delete(sessions).where(eq(sessions.userId, student.id));
    expectCode(await get(t.app, '/api/mentors', cookie), 401, 'auth/unauthenticated');
    expect(t.app.ctx.caches.sessions.size).toBe(0);
    expect(t.app.ctx.caches.mentorList.size).toBe(0);
  });
});
