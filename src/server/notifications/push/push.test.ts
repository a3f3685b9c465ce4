import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import ece from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purgeStaleSessions } from '../../credentials/sessions';
import { outbox, pushKeys, pushSubscriptions, sessions } from '../../db/schema';
import { sha256 } from '../../lib/secrets';
import { createTestApp, testConfig, type TestApp } from '../../test/app';
import { call, insertAdmin } from '../../test/factories/admins';
import { cookieFor } from '../../test/factories/mentors';
import {
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  createRequest,
  type Party,
} from '../../test/factories/visits';
import { claimDue } from '../../outbox-engine/claims';
import { pushOfNotification } from './service';

/**
 * Web Push end to end (docs/PRODUCT.md §14): a local push service speaking the protocol
 * receives what the server sends, and decrypts it with the browser's keys as a browser would.
 */

interface Received {
  browser: string;
  authorization: string;
  ttl: string;
  payload: unknown;
}

/** Answers per browser: 201 unless told otherwise (410: that browser is gone; 503: busy). */
const answers = new Map<string, number>();
const received: Received[] = [];
const browsers = new Map<string, { ecdh: ECDH; auth: string }>();
let pushService: http.Server;
let serviceOrigin: string;

function startPushService() {
  pushService = http.createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const browser = request.url!.slice('/push/'.length);
      const keys = browsers.get(browser);
      const body = Buffer.concat(chunks);
      const payload = keys
        ? JSON.parse(
            ece
              .decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth })
              .toString('utf8'),
          )
        : null;
      received.push({
        browser,
        authorization: String(request.headers.authorization),
        ttl: String(request.headers.ttl),
        payload,
      });
      reply.writeHead(answers.get(browser) ?? 201).end();
    });
  });
  return new Promise<void>((listening) =>
    pushService.listen(0, '127.0.0.1', () => {
      serviceOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
      listening();
    }),
  );
}

/** A browser's subscription as PushSubscription.toJSON() gives it, on the local push service. */
function newBrowser() {
  const name = randomUUID();
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  browsers.set(name, { ecdh, auth });
  return {
    name,
    subscription: {
      endpoint: `${serviceOrigin}/push/${name}`,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth },
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  await startPushService();
  const push = { ...testConfig().push, extraServiceOrigins: [serviceOrigin] };
  t = await createTestApp({ push });
});
afterAll(async () => {
  await t?.close();
  await new Promise((closed) => pushService?.close(closed));
});
beforeEach(() => {
  received.length = 0;
});

const idleMinutes = () => t.app.ctx.config.sessionIdleMinutes;
const send = () => t.app.ctx.outbox.drain('push');
/** The pushes waiting in the outbox. */
const pushRows = () => t.app.ctx.db.select().from(outbox).where(eq(outbox.channel, 'push'));

async function subscribe(party: Party, browser = newBrowser()) {
  const response = await call(t.app, party.cookie, 'PUT', '/api/me/push', browser.subscription);
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

async function isSubscribed(party: Party, browser: { subscription: { endpoint: string } }) {
  const response = await call(
    t.app,
    party.cookie,
    'GET',
    `/api/me/push?endpoint=${encodeURIComponent(browser.subscription.endpoint)}`,
  );
  return (response.json() as { subscribed: boolean }).subscribed;
}

describe('push notifications', () => {
  it('sends each new notification once to every browser that asked, encrypted, a title and a link only', async () => {
    const student = await newStudent(t.app, '山田 太郎');
    const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
    const phone = await subscribe(mentor);
    const laptop = await subscribe(mentor);
    const { publicKey } = (await call(t.app, mentor.cookie, 'GET', '/api/me/push')).json() as {
      publicKey: string;
    };

    const id = await createRequest(t.app, student, mentor);
    expect(await send()).toBe(2);
    expect(received.map((push) => push.browser).sort()).toEqual([phone.name, laptop.name].sort());
    for (const push of received) {
      expect(push.payload).toEqual({
        title: '山田 太郎さんからOG訪問の依頼が届きました',
        url: `/visit-requests/${id}`,
      });
      // VAPID: the site's key, which the browser subscribed with.
      expect(push.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
      );
      expect(Number(push.ttl)).toBeGreaterThan(0);
    }
    // Once: nothing is left to send.
    expect(await send()).toBe(0);
    expect(received).toHaveLength(2);
    // The student, who subscribed nothing, gets nothing; the sender is never told of their own act.
    expect(await pushRows()).toEqual([]);
  });

  it("pushes a thread's messages once until they are read, and never their words", async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id);
    await subscribe(mentor);
    const post = (body: string) =>
      call(t.app, student.cookie, 'POST', `/api/visit-requests/${id}/messages`, {
        body,
        clientId: randomUUID(),
      });
    await post('090-1234-5678 に電話してください');
    await post('二つ目');
    await send();
    expect(received).toHaveLength(1);
    expect(JSON.stringify(received[0]!.payload)).not.toMatch(/090|電話|二つ目/);
    expect(received[0]!.payload).toMatchObject({ url: `/visit-requests/${id}` });

    await call(t.app, mentor.cookie, 'POST', '/api/notifications/read-all');
    await post('三つ目');
    await send();
    expect(received).toHaveLength(2);
  });

  it('forgets a browser its push service says is gone, and tries a busy one again later', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const gone = await subscribe(mentor);
    const busy = await subscribe(mentor);
    // A push service that no longer takes the site's key (the operator changed it).
    const otherKey = await subscribe(mentor);
    answers.set(gone.name, 410);
    answers.set(busy.name, 503);
    answers.set(otherKey.name, 403);

    await createRequest(t.app, student, mentor);
    await send();
    expect(received).toHaveLength(3);
    expect(await isSubscribed(mentor, gone)).toBe(false);
    expect(await isSubscribed(mentor, otherKey)).toBe(false);
    expect(await isSubscribed(mentor, busy)).toBe(true);
    const [waiting] = await pushRows();
    expect(waiting).toMatchObject({ attempts: 1, status: 'pending' });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // The mail of the same request does not wait for the push service.
    expect(await mailsTo(t.app, mentor.email)).not.toHaveLength(0);

    // Due again, and the service answers: sent once, then nothing is left.
    answers.delete(busy.name);
    await t.app.ctx.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.channel, 'push'));
    expect(await send()).toBe(1);
    expect(received.at(-1)!.browser).toBe(busy.name);
    expect(await pushRows()).toEqual([]);
  });

  it('sends a push claimed by a process that died, once its lease has lapsed, and only then', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    await subscribe(mentor);
    await createRequest(t.app, student, mentor);
    // A process claims it and dies before sending (the row is all that survives it).
    expect(await claimDue(t.app.ctx.db, 'push', 10, 60_000)).toHaveLength(1);
    expect(await send()).toBe(0);
    expect(received).toEqual([]);
    await t.app.ctx.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.channel, 'push'));
    expect(await send()).toBe(1);
    expect(received).toHaveLength(1);
    expect(await pushRows()).toEqual([]);
  });

  // On PostgreSQL (the second run of every test) the three claims overlap and SKIP LOCKED keeps
  // them apart; on PGlite they take turns on its one connection.
  it('hands each push to one of several senders at once (SKIP LOCKED), never to two', async () => {
    const student = await newStudent(t.app);
    const mentors = await Promise.all([1, 2, 3].map(() => newMentor(t.app)));
    for (const mentor of mentors) {
      await subscribe(mentor);
      await subscribe(mentor);
    }
    for (const mentor of mentors) await createRequest(t.app, student, mentor);
    const claimed = await Promise.all([send(), send(), send()]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(6);
    expect(new Set(received.map((push) => push.browser)).size).toBe(6);
    expect(received).toHaveLength(6);
  });
});

describe('what a push says', () => {
  it("says the bell's words, a name gone with its account as the bell says it", () => {
    expect(
      pushOfNotification({ kind: 'expiredUnanswered', visitRequestId: 'r1', actorName: '' }),
    ).toEqual({
      title: '退会したユーザーさんからの依頼が期限切れになりました',
      url: '/visit-requests/r1',
    });
    // A name is text, never a replacement pattern.
    expect(
      pushOfNotification({ kind: 'thanks', visitRequestId: 'r1', actorName: "$& $' 太郎" }).title,
    ).toBe("$& $' 太郎さんからお礼が届きました");
  });
});

describe('who gets pushes', () => {
  it('refuses an address that is not a browser push service, and saves nothing', async () => {
    const mentor = await newMentor(t.app);
    const { subscription } = newBrowser();
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:5432/',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
    ]) {
      const response = await call(t.app, mentor.cookie, 'PUT', '/api/me/push', {
        ...subscription,
        endpoint,
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json()).toMatchObject({ code: 'push/unsupported-service' });
    }
    const malformed = await call(t.app, mentor.cookie, 'PUT', '/api/me/push', {
      endpoint: subscription.endpoint,
      keys: { p256dh: 'short', auth: subscription.keys.auth },
    });
    expect(malformed.statusCode).toBe(400);
    expect(
      await t.app.ctx.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, mentor.id)),
    ).toEqual([]);
    // Signed out: nothing.
    expect((await call(t.app, undefined, 'PUT', '/api/me/push', subscription)).statusCode).toBe(
      401,
    );
  });

  it('stops when it is turned off, at sign-out and at suspension', async () => {
    const mentor = await newMentor(t.app);
    const browser = await subscribe(mentor);
    expect(await isSubscribed(mentor, browser)).toBe(true);
    const off = await call(t.app, mentor.cookie, 'DELETE', '/api/me/push', {
      endpoint: browser.subscription.endpoint,
    });
    expect(off.statusCode).toBe(200);
    expect(await isSubscribed(mentor, browser)).toBe(false);

    await subscribe(mentor);
    await subscribe(mentor);
    const rows = () =>
      t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, mentor.id));
    expect(await rows()).toHaveLength(2);
    await call(t.app, mentor.cookie, 'POST', '/api/auth/logout');
    expect(await rows()).toEqual([]);

    const student = await newStudent(t.app);
    await subscribe(student);
    const admin = await insertAdmin(t.app);
    const suspended = await call(
      t.app,
      admin.cookie,
      'POST',
      `/api/admin/users/${student.id}/suspend`,
    );
    expect(suspended.statusCode).toBe(200);
    expect(
      await t.app.ctx.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, student.id)),
    ).toEqual([]);
  });

  it('gives a browser to the account that subscribed it last, without the first one’s waiting pushes', async () => {
    const student = await newStudent(t.app);
    const first = await newMentor(t.app);
    const second = await newMentor(t.app);
    const shared = await subscribe(first);
    await createRequest(t.app, student, first);
    await subscribe(second, shared);
    expect(await isSubscribed(first, shared)).toBe(false);
    expect(await isSubscribed(second, shared)).toBe(true);
    expect(await send()).toBe(0);
  });

  it('refuses a browser address subscribed by another account with other keys', async () => {
    const owner = await newMentor(t.app);
    const other = await newMentor(t.app);
    const browser = await subscribe(owner);
    const { subscription: stranger } = newBrowser();
    const taken = await call(t.app, other.cookie, 'PUT', '/api/me/push', {
      endpoint: browser.subscription.endpoint,
      keys: stranger.keys,
    });
    expect(taken.statusCode).toBe(409);
    expect(await isSubscribed(owner, browser)).toBe(true);
  });

  it("keeps a browser's renewed subscription, proved by the old one's secret, for the same session", async () => {
    const mentor = await newMentor(t.app);
    const old = await subscribe(mentor);
    const renewed = newBrowser();
    const renewal = (oldAuth: string, subscription = renewed.subscription) =>
      call(t.app, undefined, 'POST', '/api/push/renewal', {
        old: { endpoint: old.subscription.endpoint, auth: oldAuth },
        subscription,
      });
    // Someone who learnt the old address but not its secret takes nothing.
    const { subscription: stranger } = newBrowser();
    expect((await renewal(stranger.keys.auth, stranger)).statusCode).toBe(404);
    // No session needed (the worker renews it with no page open): the secret proves it.
    expect((await renewal(old.subscription.keys.auth)).statusCode).toBe(200);
    expect(await isSubscribed(mentor, renewed)).toBe(true);
    expect(await isSubscribed(mentor, old)).toBe(false);
    // Pushes go to the new address, encrypted with its keys.
    const student = await newStudent(t.app);
    await createRequest(t.app, student, mentor);
    expect(await send()).toBe(1);
    expect(received.map((push) => push.browser)).toEqual([renewed.name]);
    // The old subscription is gone: renewing it again finds nothing.
    expect((await renewal(old.subscription.keys.auth)).statusCode).toBe(404);
  });

  it('refuses a renewal to an address that is no browser push service, or is held already', async () => {
    const mentor = await newMentor(t.app);
    const other = await newMentor(t.app);
    const old = await subscribe(mentor);
    const held = await subscribe(other);
    const renew = (subscription: object) =>
      call(t.app, undefined, 'POST', '/api/push/renewal', {
        old: { endpoint: old.subscription.endpoint, auth: old.subscription.keys.auth },
        subscription,
      });
    const inside = { ...newBrowser().subscription, endpoint: 'http://10.0.0.1/push/x' };
    expect((await renew(inside)).statusCode).toBe(400);
    expect((await renew(held.subscription)).statusCode).toBe(409);
    expect(await isSubscribed(mentor, old)).toBe(true);
    expect(await isSubscribed(other, held)).toBe(true);
  });

  it('keeps one key pair for the site, made once', async () => {
    const mentor = await newMentor(t.app);
    const keys = async () =>
      ((await call(t.app, mentor.cookie, 'GET', '/api/me/push')).json() as { publicKey: string })
        .publicKey;
    const key = await keys();
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await keys()).toBe(key);
    expect(await t.app.ctx.db.select({ publicKey: pushKeys.publicKey }).from(pushKeys)).toEqual([
      { publicKey: key },
    ]);
  });
});

/**
 * Issue 54, point 6: a subscription belongs to the session that made it and ends with it, by
 * whatever road the session ends, so a browser on a shared computer left timed out gets no more
 * titles naming people and events.
 */
describe('a subscription ends with its session', () => {
  async function subscribeWith(cookie: string, browser = newBrowser()) {
    const response = await call(t.app, cookie, 'PUT', '/api/me/push', browser.subscription);
    expect(response.statusCode, response.body).toBe(200);
    return browser;
  }

  async function subscribedHere(cookie: string, browser: { subscription: { endpoint: string } }) {
    const endpoint = encodeURIComponent(browser.subscription.endpoint);
    const response = await call(t.app, cookie, 'GET', `/api/me/push?endpoint=${endpoint}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { subscribed: boolean }).subscribed;
  }

  async function stored(browser: { subscription: { endpoint: string } }) {
    const rows = await t.app.ctx.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    return rows.length > 0;
  }

  /** The session of `cookie` unused for longer than the idle limit (as the database holds it). */
  async function leaveIdle(cookie: string) {
    const idHash = sha256(cookie.slice(cookie.indexOf('=') + 1));
    await t.app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (idleMinutes() + 1) * 60_000) })
      .where(eq(sessions.idHash, idHash));
    // As if the process that cached it had not seen it since.
    t.app.ctx.caches.clear();
  }

  it('stops a session’s browser when that session times out (found by a request, by the purge, or not yet found), and no other', async () => {
    const mentor = await newMentor(t.app);
    const laptop = await subscribeWith(mentor.cookie);
    const byRequestCookie = await cookieFor(t.app, mentor.id);
    const byPurgeCookie = await cookieFor(t.app, mentor.id);
    const unnoticedCookie = await cookieFor(t.app, mentor.id);
    const byRequest = await subscribeWith(byRequestCookie);
    const byPurge = await subscribeWith(byPurgeCookie);
    const unnoticed = await subscribeWith(unnoticedCookie);
    await leaveIdle(byRequestCookie);
    await leaveIdle(byPurgeCookie);

    // The next request of a timed-out session ends it.
    const session = await call(t.app, byRequestCookie, 'GET', '/api/auth/session');
    expect(session.json()).toMatchObject({ user: null });
    expect(await stored(byRequest)).toBe(false);
    // The timers' purge of timed-out sessions.
    await purgeStaleSessions(t.app.ctx.db, idleMinutes());
    expect(await stored(byPurge)).toBe(false);
    // Timed out, not yet purged: the push to it is not sent, and it goes.
    await leaveIdle(unnoticedCookie);
    expect(await stored(unnoticed)).toBe(true);
    const student = await newStudent(t.app);
    await createRequest(t.app, student, mentor);
    await send();
    expect(received.map((push) => push.browser)).toEqual([laptop.name]);
    expect(await stored(unnoticed)).toBe(false);
    expect(await stored(laptop)).toBe(true);
  });

  it('stops every browser of the account at an address change, and at withdrawal', async () => {
    const student = await newStudent(t.app);
    const elsewhere = await cookieFor(t.app, student.id);
    const here = await subscribeWith(student.cookie);
    const there = await subscribeWith(elsewhere);
    const next = `moved-push-${randomUUID()}@akane.waseda.jp`;
    const asked = await call(t.app, student.cookie, 'POST', '/api/me/email-change', {
      email: next,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = (await mailsTo(t.app, next)).at(-1);
    const token = /\/email-change\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')![1];
    const confirmed = await call(t.app, student.cookie, 'POST', '/api/email-change/confirm', {
      token,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await stored(there)).toBe(false);
    // This browser too: it subscribes again on /profile, which says it is off.
    expect(await stored(here)).toBe(false);
    expect(await subscribedHere(student.cookie, here)).toBe(false);

    await subscribeWith(student.cookie, here);
    const withdrawn = await call(t.app, student.cookie, 'DELETE', '/api/users/me', {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await stored(here)).toBe(false);
  });

  it('belongs to the session that subscribed it: a later session of the browser is asked to turn pushes on again', async () => {
    const mentor = await newMentor(t.app);
    const browser = await subscribeWith(mentor.cookie);
    const later = await cookieFor(t.app, mentor.id);
    expect(await subscribedHere(mentor.cookie, browser)).toBe(true);
    expect(await subscribedHere(later, browser)).toBe(false);
    await subscribeWith(later, browser);
    expect(await subscribedHere(later, browser)).toBe(true);
    expect(await subscribedHere(mentor.cookie, browser)).toBe(false);
    // Now the earlier session's end leaves it alone; the later one's takes it.
    await leaveIdle(mentor.cookie);
    await purgeStaleSessions(t.app.ctx.db, idleMinutes());
    expect(await stored(browser)).toBe(true);
    const out = await call(t.app, later, 'POST', '/api/auth/logout');
    expect(out.statusCode, out.body).toBe(200);
    expect(await stored(browser)).toBe(false);
  });

  it('never pushes to a subscription made before sessions were recorded on them', async () => {
    const mentor = await newMentor(t.app);
    const browser = newBrowser();
    await t.app.ctx.db.insert(pushSubscriptions).values({
      userId: mentor.id,
      endpoint: browser.subscription.endpoint,
      ...browser.subscription.keys,
    });
    expect(await subscribedHere(mentor.cookie, browser)).toBe(false);
    await createRequest(t.app, await newStudent(t.app), mentor);
    await send();
    expect(received).toEqual([]);
  });
});
