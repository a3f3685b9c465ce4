import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, signInTokens } from '../db/schema';
import {
  codeFromMail,
  createTestApp,
  insertUser,
  latestMailTo,
  sessionCookieOf,
  tokenFromMail,
  type TestApp,
} from '../test/app';
import { SIGN_IN_LIMITS, SIGN_IN_MAILS_PER_ADDRESS } from './sign-in-service';

/**
 * Anyone may ask for a sign-in mail to any address. Whatever others ask, the owner is never
 * answered 429 for her own address, signs in with what /login tells her (the link in her
 * newest mail), and her inbox gets at most SIGN_IN_MAILS_PER_ADDRESS sign-in mails an hour.
 */

const OWNER = 'owner-admin@example.com';
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  // An admin: no special path lets admins past what everyone meets, nor locks them out.
  t = await createTestApp({ adminEmails: [OWNER] });
});
afterAll(async () => {
  await t?.close();
});

/**
 * As if `minutes` had passed: every stored time that sign-in decides by (links, their mails,
 * the limits' windows, the bindings) moves that far back, for the server's clock and the
 * database's alike.
 */
async function later(minutes: number) {
  const by = sql`make_interval(mins => ${minutes})`;
  const db = t.app.ctx.db;
  await db.execute(sql`update sign_in_tokens set created_at = created_at - ${by},
    expires_at = expires_at - ${by}, used_at = used_at - ${by}`);
  await db.execute(sql`update outbox set created_at = created_at - ${by}`);
  await db.execute(sql`update rate_limit_hits set window_start = window_start - ${by}`);
  await db.execute(sql`update browser_bindings set created_at = created_at - ${by}`);
  await db.execute(sql`update users set created_at = created_at - ${by}`);
}

/** One browser on one client address: it keeps the binding cookie it was given. */
function browserAt(remoteAddress: string) {
  let binding: string | undefined;
  return {
    get binding() {
      return binding;
    },
    async post(url: string, payload: object) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress,
        headers: binding ? { cookie: `og_signin=${binding}` } : {},
      });
      const given = response.cookies.find((c) => c.name === 'og_signin');
      if (given) binding = given.value;
      return response;
    },
  };
}

async function sentTo(email: string) {
  return t.app.ctx.db
    .select({ createdAt: outbox.createdAt })
    .from(outbox)
    .where(eq(outbox.to, email));
}

/** The most mails to `email` created within any 60 minutes. */
async function mostMailsInAnHour(email: string): Promise<number> {
  const times = (await sentTo(email)).map((row) => row.createdAt.getTime()).sort((a, b) => a - b);
  return Math.max(
    0,
    ...times.map((from) => times.filter((at) => at >= from && at < from + 60 * MINUTE).length),
  );
}

function answerOf(response: LightMyRequestResponse) {
  return { status: response.statusCode, body: response.json() as unknown };
}

describe('strangers asking for the owner’s address', () => {
  it('never keep her from signing in: over an hour from 20 clients, she signs in each time and gets at most 10 mails an hour', async () => {
    const strangers = Array.from({ length: 20 }, (_, i) => browserAt(`203.0.113.${i + 1}`));
    const owner = browserAt('198.51.100.7');
    const ownerAsksAt = new Set([7, 25, 43, 61]);
    /** What each stranger's client was answered, by status. */
    const answered = strangers.map(() => new Map<number, number>());
    const tally = (i: number, response: LightMyRequestResponse) => {
      answered[i]!.set(response.statusCode, (answered[i]!.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode === 200) expect(response.json()).toEqual({ ok: true });
    };
    let ownerSignIns = 0;

    for (let minute = 0; minute <= 64; minute++) {
      if (minute > 0) await later(1);
      if (minute % 2 === 0) {
        for (const [i, stranger] of strangers.entries()) {
          // Twice each, from the browser it keeps and from a fresh one.
          for (const fresh of [false, true]) {
            const response = fresh
              ? await browserAt(`203.0.113.${i + 1}`).post('/api/auth/login-link', { email: OWNER })
              : await stranger.post('/api/auth/login-link', { email: OWNER });
            tally(i, response);
          }
        }
        // One stranger a round types wrong codes in its own browser, the one a mail may be
        // bound to: that burns its code, never the owner's link.
        const guesser = strangers[(minute / 2) % strangers.length]!;
        for (let i = 0; i < 5; i++) {
          const guess = await guesser.post('/api/auth/complete-code', {
            email: OWNER,
            code: '000000',
          });
          expect(guess.statusCode).toBe(400);
        }
      }
      if (minute === 30) {
        // A stranger flooding from one client meets its own limit, and only that client.
        for (let i = 0; i <= SIGN_IN_LIMITS.mailPerClient.max; i++) {
          tally(0, await strangers[0]!.post('/api/auth/login-link', { email: OWNER }));
        }
      }
      if (ownerAsksAt.has(minute)) {
        const asked = await owner.post('/api/auth/login-link', { email: OWNER });
        expect(answerOf(asked), `minute ${minute}`).toEqual({ status: 200, body: { ok: true } });
        // What /login tells her: open the link in the newest mail (in this browser it needs
        // nothing typed; the page sends the address it remembers).
        const mail = await latestMailTo(t.app, OWNER);
        const completed = await owner.post('/api/auth/complete-link', {
          token: tokenFromMail(mail!),
          email: OWNER,
        });
        expect(completed.statusCode, `minute ${minute}: ${completed.body}`).toBe(200);
        const session = await t.app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: { cookie: sessionCookieOf(completed) },
        });
        expect(session.json().user).toMatchObject({ email: OWNER, role: 'admin' });
        ownerSignIns++;
      }
    }

    expect(ownerSignIns).toBe(ownerAsksAt.size);
    // Only the flooding client was ever refused.
    expect(answered[0]!.get(429)).toBeGreaterThan(0);
    for (const counts of answered.slice(1)) expect([...counts.keys()]).toEqual([200]);
    expect(await mostMailsInAnHour(OWNER)).toBeLessThanOrEqual(SIGN_IN_MAILS_PER_ADDRESS.max);
    // The strangers did make mails: one at a time, each after the last stopped working.
    expect((await sentTo(OWNER)).length).toBeGreaterThan(5);
  }, 300_000);

  it('a request while her link lives answers as a sent one, sends nothing, and the link signs in', async () => {
    const email = 'live-link@example.com';
    await insertUser(t.app, { email, role: 'student' });
    const first = await browserAt('203.0.113.50').post('/api/auth/login-link', { email });
    const mail = await latestMailTo(t.app, email);
    const again = await browserAt('203.0.113.51').post('/api/auth/login-link', { email });
    expect(answerOf(again)).toEqual(answerOf(first));
    // A new browser is given its binding either way: the cookie tells nothing either.
    expect(again.cookies.map((c) => c.name)).toEqual(first.cookies.map((c) => c.name));
    expect(await sentTo(email)).toHaveLength(1);

    const owner = browserAt('198.51.100.8');
    const completed = await owner.post('/api/auth/complete-link', {
      token: tokenFromMail(mail!),
      email,
    });
    expect(completed.statusCode).toBe(200);
    // Used, it no longer lives: the next request mails a new link.
    await owner.post('/api/auth/login-link', { email });
    expect(await sentTo(email)).toHaveLength(2);
  });

  it('a link burnt by wrong addresses no longer lives: the next request mails a new one', async () => {
    const email = 'burnt-link@example.com';
    await insertUser(t.app, { email, role: 'student' });
    const owner = browserAt('198.51.100.9');
    await owner.post('/api/auth/login-link', { email });
    const token = tokenFromMail((await latestMailTo(t.app, email))!);
    for (let i = 0; i < 5; i++) {
      await owner.post('/api/auth/complete-link', { token, email: 'someone-else@example.com' });
    }
    await owner.post('/api/auth/login-link', { email });
    expect(await sentTo(email)).toHaveLength(2);
    const fresh = tokenFromMail((await latestMailTo(t.app, email))!);
    expect((await owner.post('/api/auth/complete-link', { token: fresh, email })).statusCode).toBe(
      200,
    );
  });
});

describe('the address’s sign-in mails in an hour', () => {
  it('are at most 10: past them the same answer and no mail, until the hour has passed', async () => {
    const email = 'often@example.com';
    await insertUser(t.app, { email, role: 'student' });
    const owner = browserAt('198.51.100.10');
    for (let i = 0; i < SIGN_IN_MAILS_PER_ADDRESS.max; i++) {
      expect((await owner.post('/api/auth/login-link', { email })).statusCode).toBe(200);
      const token = tokenFromMail((await latestMailTo(t.app, email))!);
      expect((await owner.post('/api/auth/complete-link', { token, email })).statusCode).toBe(200);
      await later(5);
    }
    expect(await sentTo(email)).toHaveLength(SIGN_IN_MAILS_PER_ADDRESS.max);
    const past = await owner.post('/api/auth/login-link', { email });
    expect(answerOf(past)).toEqual({ status: 200, body: { ok: true } });
    expect(await sentTo(email)).toHaveLength(SIGN_IN_MAILS_PER_ADDRESS.max);

    // The first of them is an hour old: one more may go.
    await later(15);
    await owner.post('/api/auth/login-link', { email });
    expect(await sentTo(email)).toHaveLength(SIGN_IN_MAILS_PER_ADDRESS.max + 1);
  });

  it('bound the verification resend too, which says so (only the account itself resends)', async () => {
    const email = 'resend-often@example.com';
    const user = await insertUser(t.app, { email, role: 'mentor', emailVerified: false });
    const { createSession } = await import('../credentials/sessions');
    const cookie = `og_session=${await createSession(t.app.ctx.db, user.id)}`;
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        remoteAddress: '198.51.100.11',
        headers: { cookie },
      });
    // Asked because a mail did not come: a live link does not stop a resend.
    for (let i = 0; i < SIGN_IN_MAILS_PER_ADDRESS.max; i++) {
      expect((await resend()).statusCode).toBe(200);
    }
    expect(await sentTo(email)).toHaveLength(SIGN_IN_MAILS_PER_ADDRESS.max);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'auth/too-many-requests' });
    expect(await sentTo(email)).toHaveLength(SIGN_IN_MAILS_PER_ADDRESS.max);
  });
});

describe('a stranger asking /login for an unverified account’s address', () => {
  it('cannot spend its hour through the waiting page’s resend: one mail while the link lives, and the owner signs in', async () => {
    const email = 'never-verified@example.com';
    await insertUser(t.app, { email, role: 'mentor', emailVerified: false });
    // Asking /login binds the stranger's browser to the account, as the alumni form binds its
    // sender's: the waiting page's status and resend answer it.
    const stranger = browserAt('203.0.113.70');
    await stranger.post('/api/auth/login-link', { email });
    for (let i = 0; i < SIGN_IN_MAILS_PER_ADDRESS.max + 2; i++) {
      expect(answerOf(await stranger.post('/api/auth/resend-verification', {}))).toEqual({
        status: 200,
        body: { ok: true },
      });
      await stranger.post('/api/auth/login-link', { email });
    }
    expect(await sentTo(email)).toHaveLength(1);

    // The owner, who let that mail pass, asks once it has expired: a new one comes at once.
    await later(11);
    const owner = browserAt('198.51.100.13');
    await owner.post('/api/auth/login-link', { email });
    expect(await sentTo(email)).toHaveLength(2);
    for (let i = 0; i < 3; i++) await stranger.post('/api/auth/resend-verification', {});
    expect(await sentTo(email)).toHaveLength(2);
    const token = tokenFromMail((await latestMailTo(t.app, email))!);
    expect((await owner.post('/api/auth/complete-link', { token, email })).statusCode).toBe(200);
  });
});

describe('codes typed by whoever asked', () => {
  it('burn the code in their browser, not the link in the owner’s mail', async () => {
    const email = 'code-burner@example.com';
    await insertUser(t.app, { email, role: 'student' });
    const stranger = browserAt('203.0.113.60');
    await stranger.post('/api/auth/login-link', { email });
    const mail = (await latestMailTo(t.app, email))!;
    const code = codeFromMail(mail);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await stranger.post('/api/auth/complete-code', { email, code: wrong });
    }
    const [row] = await t.app.ctx.db
      .select()
      .from(signInTokens)
      .where(and(eq(signInTokens.email, email)));
    expect(row).toMatchObject({ failedAttempts: 0, codeFailedAttempts: 5 });
    // Even the right code no longer works there …
    expect((await stranger.post('/api/auth/complete-code', { email, code })).statusCode).toBe(400);
    // … and the owner asking again is told a mail was sent: the link in it still signs in.
    const owner = browserAt('198.51.100.12');
    expect(answerOf(await owner.post('/api/auth/login-link', { email }))).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await sentTo(email)).toHaveLength(1);
    const completed = await owner.post('/api/auth/complete-link', {
      token: tokenFromMail(mail),
      email,
    });
    expect(completed.statusCode).toBe(200);
  });
});
