import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, signInTokens, users } from '../db/schema';
import { sha256 } from '../lib/secrets';
import { SIGN_IN_LIMITS } from './sign-in-service';
import {
  codeFromMail,
  createTestApp,
  findUser,
  insertUser,
  latestMailTo,
  sessionCookieOf,
  signIn,
  tokenFromMail,
  type TestApp,
} from '../test/app';

let t: TestApp;
let clientCounter = 0;
/** Each test speaks from its own address so per-client limits of one test never hit another. */
let clientIp: string;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ['admin@example.com'] });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  browser = undefined;
  clientCounter++;
  clientIp = `10.0.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
});

function post(url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: clientIp,
    headers: cookie ? { cookie } : {},
  });
}

function getSession(cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/auth/session',
    remoteAddress: clientIp,
    headers: cookie ? { cookie } : {},
  });
}

/** This test's browser: the binding cookie its login requests got. */
let browser: string | undefined;

async function requestLink(email: string) {
  const response = await post('/api/auth/login-link', { email }, browser);
  expect(response.statusCode).toBe(200);
  const binding = response.cookies.find((c) => c.name === 'og_signin');
  if (binding) browser = `og_signin=${binding.value}`;
  const mail = await latestMailTo(t.app, email);
  expect(mail).toBeDefined();
  return mail!;
}

describe('admin bootstrap', () => {
  it('creates every ADMIN_EMAILS address as a verified admin', async () => {
    const admin = await findUser(t.app, 'admin@example.com');
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true });
  });
});

describe('requesting a sign-in link', () => {
  it('mails a Japanese message with a link to /auth/verify-email and a six-digit code', async () => {
    await insertUser(t.app, { email: 'mail-shape@example.com', role: 'student' });
    const mail = await requestLink('Mail-Shape@Example.com'.toLowerCase());
    expect(mail.subject).toContain('ログイン');
    expect(
      mail.links.some((l) => l.startsWith('http://localhost:3000/auth/verify-email?token=')),
    ).toBe(true);
    expect(codeFromMail(mail)).toMatch(/^\d{6}$/);
    expect(mail.html).toContain('ログインする');
  });

  it('accepts the address in any letter case', async () => {
    await insertUser(t.app, { email: 'case@example.com', role: 'student' });
    const response = await post('/api/auth/login-link', { email: 'CASE@Example.COM' });
    expect(response.statusCode).toBe(200);
    expect(await latestMailTo(t.app, 'case@example.com')).toBeDefined();
  });

  it('stores only hashes of the token and the code', async () => {
    await insertUser(t.app, { email: 'hashed@example.com', role: 'student' });
    const mail = await requestLink('hashed@example.com');
    const token = tokenFromMail(mail);
    const rows = await t.app.ctx.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.email, 'hashed@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(codeFromMail(mail));
  });

  it('refuses an unknown address with the not-registered message and sends nothing', async () => {
    const response = await post('/api/auth/login-link', { email: 'stranger@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'auth/user-not-found' });
    expect(response.json().message).toContain('登録されていません');
    expect(await latestMailTo(t.app, 'stranger@example.com')).toBeUndefined();
  });

  it('refuses a suspended user with the account-disabled message', async () => {
    await insertUser(t.app, {
      email: 'suspended@example.com',
      role: 'student',
      suspendedAt: new Date(),
    });
    const response = await post('/api/auth/login-link', { email: 'suspended@example.com' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'auth/user-disabled' });
  });

  it('refuses a malformed address with a field error', async () => {
    for (const email of ['', 'no-at-sign', 'a@b', 'two@@example.com', ' @example.com']) {
      const response = await post('/api/auth/login-link', { email });
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid-argument' });
      expect(response.json().fieldErrors.email).toMatch(/^validation\.email/);
    }
    const missing = await post('/api/auth/login-link', {});
    expect(missing.statusCode).toBe(400);
  });

  it('answers a filled honeypot as if sent, but sends nothing', async () => {
    await insertUser(t.app, { email: 'honeypot@example.com', role: 'student' });
    const response = await post('/api/auth/login-link', {
      email: 'honeypot@example.com',
      website: 'spam',
    });
    expect(response.statusCode).toBe(200);
    expect(await latestMailTo(t.app, 'honeypot@example.com')).toBeUndefined();
  });

  it('limits links per client across addresses, and only that client', async () => {
    // Unknown addresses count too: the limit stops a script probing which addresses exist.
    const { max } = SIGN_IN_LIMITS.mailPerClient;
    clientIp = '10.8.0.1';
    for (let i = 0; i < max; i++) {
      const answer = await post('/api/auth/login-link', { email: `probe-${i}@example.com` });
      expect(answer.statusCode).toBe(404);
    }
    await insertUser(t.app, { email: 'behind-the-probe@example.com', role: 'student' });
    const refused = await post('/api/auth/login-link', { email: 'behind-the-probe@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'auth/too-many-requests' });
    expect(await latestMailTo(t.app, 'behind-the-probe@example.com')).toBeUndefined();

    clientIp = '10.8.0.2';
    const elsewhere = await post('/api/auth/login-link', { email: 'behind-the-probe@example.com' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lets a whole seminar sign in from one classroom address', async () => {
    clientIp = '10.7.0.1';
    for (let i = 0; i < 60; i++) {
      await insertUser(t.app, { email: `classroom-${i}@example.com`, role: 'student' });
      const answer = await post('/api/auth/login-link', { email: `classroom-${i}@example.com` });
      expect(answer.statusCode).toBe(200);
    }
  });
});

describe('completing sign-in with the link', () => {
  it('signs in once; the same link a second time is invalid', async () => {
    await insertUser(t.app, { email: 'once@example.com', role: 'student' });
    const token = tokenFromMail(await requestLink('once@example.com'));
    const first = await post('/api/auth/complete-link', { token, email: 'once@example.com' });
    expect(first.statusCode).toBe(200);
    const cookie = sessionCookieOf(first);
    const session = await getSession(cookie);
    expect(session.json()).toMatchObject({
      user: { email: 'once@example.com', role: 'student', emailVerified: true },
    });

    const replay = await post('/api/auth/complete-link', { token, email: 'once@example.com' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'auth/invalid-link' });
  });

  it('tells the landing page at once whether a link is still usable, changing nothing', async () => {
    await insertUser(t.app, { email: 'status@example.com', role: 'student' });
    const token = tokenFromMail(await requestLink('status@example.com'));
    const status = async (value: string) => {
      const response = await post('/api/auth/link-status', { token: value });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.cookies.find((c) => c.name === 'og_session')).toBeUndefined();
      return (response.json() as { usable: boolean }).usable;
    };
    expect(await status(token)).toBe(true);
    // Asking twice uses nothing up: the link still signs in.
    expect(await status(token)).toBe(true);
    expect(
      (await post('/api/auth/complete-link', { token, email: 'status@example.com' })).statusCode,
    ).toBe(200);
    // Used, unknown or expired: not usable.
    expect(await status(token)).toBe(false);
    expect(await status('B'.repeat(43))).toBe(false);
    const expiring = tokenFromMail(await requestLink('status@example.com'));
    await t.app.ctx.db
      .update(signInTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInTokens.tokenHash, sha256(expiring)));
    expect(await status(expiring)).toBe(false);
    // No token, or an absurd one: 400, never 500.
    expect((await post('/api/auth/link-status', {})).statusCode).toBe(400);
    expect((await post('/api/auth/link-status', { token: 'x'.repeat(500) })).statusCode).toBe(400);
  });

  it('sets an HttpOnly, SameSite=Lax cookie that holds no user data', async () => {
    await insertUser(t.app, { email: 'cookie@example.com', role: 'student' });
    const token = tokenFromMail(await requestLink('cookie@example.com'));
    const response = await post('/api/auth/complete-link', { token, email: 'cookie@example.com' });
    const cookie = response.cookies.find((c) => c.name === 'og_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).not.toContain('cookie');
    const stored = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sha256(cookie.value)));
    expect(stored).toHaveLength(1);
  });

  it('two browsers completing the same link at once get one session', async () => {
    const user = await insertUser(t.app, { email: 'race@example.com', role: 'student' });
    const token = tokenFromMail(await requestLink('race@example.com'));
    const results = await Promise.all(
      [1, 2, 3].map(() => post('/api/auth/complete-link', { token, email: 'race@example.com' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const rows = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a link past its ten-minute expiry', async () => {
    await insertUser(t.app, { email: 'expired@example.com', role: 'student' });
    const token = tokenFromMail(await requestLink('expired@example.com'));
    await t.app.ctx.db
      .update(signInTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInTokens.tokenHash, sha256(token)));
    const response = await post('/api/auth/complete-link', { token, email: 'expired@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'auth/invalid-link' });
  });

  it('still accepts a link in its last seconds: the boundary is the stored expiry', async () => {
    await insertUser(t.app, { email: 'last-moment@example.com', role: 'student' });
    const token = tokenFromMail(await requestLink('last-moment@example.com'));
    await t.app.ctx.db
      .update(signInTokens)
      .set({ expiresAt: new Date(Date.now() + 2_000) })
      .where(eq(signInTokens.tokenHash, sha256(token)));
    const response = await post('/api/auth/complete-link', {
      token,
      email: 'last-moment@example.com',
    });
    expect(response.statusCode).toBe(200);
  });

  it('expires links ten minutes after they were sent', async () => {
    await insertUser(t.app, { email: 'ttl@example.com', role: 'student' });
    const before = Date.now();
    await requestLink('ttl@example.com');
    const [row] = await t.app.ctx.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.email, 'ttl@example.com'));
    const ttl = row!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 5_000);
  });

  it('answers a cut-off token as an invalid link, not as a form error', async () => {
    const response = await post('/api/auth/complete-link', {
      token: 'x',
      email: 'anyone@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'auth/invalid-link' });
  });

  it('refuses an unknown token', async () => {
    const response = await post('/api/auth/complete-link', {
      token: 'x'.repeat(43),
      email: 'anyone@example.com',
    });
    expect(response.json()).toMatchObject({ code: 'auth/invalid-link' });
  });

  it('refuses another address without consuming the link, and burns it after five tries', async () => {
    await insertUser(t.app, { email: 'owner@example.com', role: 'student' });
    await insertUser(t.app, { email: 'other@example.com', role: 'student' });
    const token = tokenFromMail(await requestLink('owner@example.com'));
    const wrong = await post('/api/auth/complete-link', { token, email: 'other@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'auth/email-mismatch' });
    expect(wrong.cookies.find((c) => c.name === 'og_session')).toBeUndefined();

    const right = await post('/api/auth/complete-link', { token, email: 'owner@example.com' });
    expect(right.statusCode).toBe(200);

    const token2 = tokenFromMail(await requestLink('owner@example.com'));
    for (let i = 0; i < 5; i++) {
      await post('/api/auth/complete-link', { token: token2, email: 'other@example.com' });
    }
    const burnt = await post('/api/auth/complete-link', {
      token: token2,
      email: 'owner@example.com',
    });
    expect(burnt.json()).toMatchObject({ code: 'auth/invalid-link' });
  });

  it('refuses a user suspended after the link was sent', async () => {
    const user = await insertUser(t.app, { email: 'late-suspend@example.com', role: 'student' });
    const token = tokenFromMail(await requestLink('late-suspend@example.com'));
    await t.app.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    const response = await post('/api/auth/complete-link', {
      token,
      email: 'late-suspend@example.com',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'auth/user-disabled' });
  });

  it('verifies an unverified account', async () => {
    await insertUser(t.app, {
      email: 'unverified@example.com',
      role: 'mentor',
      emailVerified: false,
    });
    const token = tokenFromMail(await requestLink('unverified@example.com'));
    await post('/api/auth/complete-link', { token, email: 'unverified@example.com' });
    expect(await findUser(t.app, 'unverified@example.com')).toMatchObject({ emailVerified: true });
  });
});

describe('completing sign-in with the code', () => {
  it('signs in with the code from the mail, once; asking again meanwhile sends no other', async () => {
    await insertUser(t.app, { email: 'code@example.com', role: 'student' });
    const mail = await requestLink('code@example.com');
    // The link still lives: the same mail is the newest, and its code still works here.
    expect(await requestLink('code@example.com')).toEqual(mail);
    const newest = codeFromMail(mail);
    const response = await post(
      '/api/auth/complete-code',
      {
        email: 'code@example.com',
        code: newest,
      },
      browser,
    );
    expect(response.statusCode).toBe(200);
    expect((await getSession(sessionCookieOf(response))).json().user.email).toBe(
      'code@example.com',
    );
    const replay = await post(
      '/api/auth/complete-code',
      {
        email: 'code@example.com',
        code: newest,
      },
      browser,
    );
    expect(replay.json()).toMatchObject({ code: 'auth/invalid-code' });
  });

  it('burns the code after five wrong guesses, and leaves the link', async () => {
    await insertUser(t.app, { email: 'guess@example.com', role: 'student' });
    const mail = await requestLink('guess@example.com');
    const code = codeFromMail(mail);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await post(
        '/api/auth/complete-code',
        {
          email: 'guess@example.com',
          code: wrong,
        },
        browser,
      );
      expect(response.json()).toMatchObject({ code: 'auth/invalid-code' });
    }
    const right = await post(
      '/api/auth/complete-code',
      { email: 'guess@example.com', code },
      browser,
    );
    // Burnt: even the right code, in the browser that asked, no longer works.
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'auth/invalid-code' });
    // Only the code: the link in the mail still signs in.
    const link = await post('/api/auth/complete-link', {
      token: tokenFromMail(mail),
      email: 'guess@example.com',
    });
    expect(link.statusCode).toBe(200);
  });

  it('refuses a malformed code', async () => {
    const response = await post(
      '/api/auth/complete-code',
      {
        email: 'guess@example.com',
        code: '12ab',
      },
      browser,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.code).toBe('validation.codeInvalid');
  });
});

describe('sessions', () => {
  it('reports no user without a cookie, and with an unknown cookie', async () => {
    expect((await getSession()).json()).toEqual({ user: null, timedOut: false });
    expect((await getSession('og_session=forged')).json()).toEqual({ user: null, timedOut: false });
  });

  it('ends a session idle longer than SESSION_IDLE_MINUTES and says it timed out', async () => {
    const user = await insertUser(t.app, { email: 'idle@example.com', role: 'student' });
    const cookie = await signIn(t.app, 'idle@example.com');
    await t.app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const response = await getSession(cookie);
    expect(response.json()).toEqual({ user: null, timedOut: true });
    const logout = await post('/api/auth/logout', {}, cookie);
    expect(logout.statusCode).toBe(401);
    expect(logout.json()).toMatchObject({ code: 'auth/unauthenticated' });
  });

  it('keeps a session that is used within the idle time, and records the user active', async () => {
    const user = await insertUser(t.app, { email: 'active@example.com', role: 'student' });
    const cookie = await signIn(t.app, 'active@example.com');
    const longAgo = new Date(Date.now() - 59 * 60_000);
    await t.app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: longAgo })
      .where(eq(sessions.userId, user.id));
    await t.app.ctx.db.update(users).set({ lastActiveAt: longAgo }).where(eq(users.id, user.id));
    expect((await getSession(cookie)).json().user.email).toBe('active@example.com');
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
    const [account] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(Date.now() - account!.lastActiveAt!.getTime()).toBeLessThan(60_000);
  });

  it('answers an API call with an idle session 401 auth/session-expired', async () => {
    const user = await insertUser(t.app, { email: 'idle-api@example.com', role: 'student' });
    const cookie = await signIn(t.app, 'idle-api@example.com');
    await t.app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const response = await post('/api/auth/logout', {}, cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth/session-expired' });
  });

  it('ends the session of a user suspended while signed in', async () => {
    const user = await insertUser(t.app, { email: 'suspend-later@example.com', role: 'student' });
    const cookie = await signIn(t.app, 'suspend-later@example.com');
    await t.app.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect((await getSession(cookie)).json().user).toBeNull();
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(0);
  });

  it('signs out every session of the user, on every device', async () => {
    const user = await insertUser(t.app, { email: 'two-devices@example.com', role: 'student' });
    const laptop = await signIn(t.app, 'two-devices@example.com');
    const phone = await signIn(t.app, 'two-devices@example.com');
    expect(laptop).not.toBe(phone);
    const response = await post('/api/auth/logout', {}, laptop);
    expect(response.statusCode).toBe(200);
    expect((await getSession(phone)).json().user).toBeNull();
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(0);
  });
});

describe('resending the verification mail', () => {
  it('mails a new link to a signed-in unverified user', async () => {
    const user = await insertUser(t.app, {
      email: 'resend@example.com',
      role: 'mentor',
      emailVerified: false,
    });
    // An unverified account gets its session from mentor sign-up; here it is minted directly.
    const { createSession } = await import('../credentials/sessions');
    const token = await createSession(t.app.ctx.db, user.id);
    const cookie = `og_session=${token}`;
    expect((await getSession(cookie)).json().user).toMatchObject({ emailVerified: false });
    const response = await post('/api/auth/resend-verification', {}, cookie);
    expect(response.statusCode).toBe(200);
    const mail = await latestMailTo(t.app, 'resend@example.com');
    expect(mail).toBeDefined();
  });

  it('is refused without a session', async () => {
    const response = await post('/api/auth/resend-verification', {});
    expect(response.statusCode).toBe(401);
  });
});
