import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ja } from '../../shared/messages/ja';
import type { Role } from '../../shared/roles';
import { buildApp, type App } from '../app';
import { outbox, sessions } from '../db/schema';
import {
  createTestApp,
  insertUser,
  latestMailTo,
  openTestDatabase,
  signIn,
  testConfig,
  TEST_ORIGIN,
  tokenFromMail,
  type TestApp,
} from '../test/app';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { type Access } from './guard';
import { requireUser } from '../http/request-user';
import { createSession } from '../credentials/sessions';

let t: TestApp;
/** How often each probe's handler ran: a refused call must never reach it. */
const handled = new Map<string, number>();

const PROBES: Record<string, Access> = {
  public: 'public',
  'signed-in': 'signed-in',
  verified: 'verified',
  'min-mentor-pending': { minRole: 'mentor_pending' },
  'min-mentor': { minRole: 'mentor' },
  'admin-or-mentor': { roles: ['admin', 'mentor'] },
  'min-admin': { minRole: 'admin' },
  'only-student': { roles: ['student'] },
};

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        for (const [name, access] of Object.entries(PROBES)) {
          app.get(`/api/test/${name}`, { config: { access } }, async (request) => {
            handled.set(name, (handled.get(name) ?? 0) + 1);
            return { ok: true, role: request.user?.role ?? null };
          });
        }
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

type Caller = 'anonymous' | 'unverified' | Role;

/**
 * What each caller gets from each probe, written out by hand from the rank rule
 * admin 3 ≥ mentor 2 ≥ mentor_pending 1.5 ≥ student 1 (not computed by the code under test).
 * 200 ok, 401 auth/unauthenticated, 403v auth/email-not-verified, 403 permission-denied.
 * The unverified caller holds role mentor: verification is checked before the role.
 */
const TABLE = `
  caller          public  signed-in  verified  min-mentor-pending  min-mentor  admin-or-mentor  min-admin  only-student
  anonymous       200     401        401       401                 401         401              401        401
  unverified      200     200        403v      403v                403v        403v             403v       403v
  student         200     200        200       403                 403         403              403        200
  mentor_pending  200     200        200       200                 403         403              403        403
  mentor          200     200        200       200                 200         200              403        403
  admin           200     200        200       200                 200         200              200        403
`;

const OUTCOMES = {
  '200': { status: 200, code: undefined },
  '401': { status: 401, code: 'auth/unauthenticated' },
  '403v': { status: 403, code: 'auth/email-not-verified' },
  '403': { status: 403, code: 'permission-denied' },
} as const;
type Outcome = keyof typeof OUTCOMES;

function parseTable(): { caller: Caller; expected: Record<string, Outcome> }[] {
  const [header, ...rows] = TABLE.trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const probes = header!.slice(1);
  expect([...probes].sort()).toEqual(Object.keys(PROBES).sort());
  return rows.map(([caller, ...cells]) => ({
    caller: caller as Caller,
    expected: Object.fromEntries(probes.map((probe, i) => [probe, cells[i] as Outcome])),
  }));
}

async function cookieFor(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  const user = await insertUser(t.app, {
    email: `${caller}@example.com`,
    role: caller === 'unverified' ? 'mentor' : caller,
    emailVerified: caller !== 'unverified',
  });
  return `og_session=${await createSession(t.app.ctx.db, user.id)}`;
}

describe('access levels on API routes', () => {
  it('answers each caller on each probe as the rank rule says, and runs only allowed handlers', async () => {
    const rows = parseTable();
    expect(rows.map((row) => row.caller)).toHaveLength(6);
    const failures: string[] = [];
    for (const { caller, expected } of rows) {
      const cookie = await cookieFor(caller);
      for (const [name, outcome] of Object.entries(expected)) {
        const { status, code } = OUTCOMES[outcome];
        const before = handled.get(name) ?? 0;
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/test/${name}`,
          headers: cookie ? { cookie } : {},
        });
        const ran = (handled.get(name) ?? 0) - before;
        const body = response.json() as { code?: string; message?: string };
        const right =
          response.statusCode === status &&
          (code === undefined
            ? body.code === undefined && ran === 1
            : body.code === code && body.message === ja.errors[code] && ran === 0);
        if (!right) {
          failures.push(
            `${caller} → ${name}: want ${status} ${code ?? ''}, got ${response.statusCode} ${response.body} (handler ran ${ran}×)`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('hands the handler the signed-in user', async () => {
    const user = await insertUser(t.app, { email: 'who@example.com', role: 'mentor_pending' });
    const cookie = `og_session=${await createSession(t.app.ctx.db, user.id)}`;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/signed-in',
      headers: { cookie },
    });
    expect(response.json()).toEqual({ ok: true, role: 'mentor_pending' });
  });

  it('treats a forged or ended session as anonymous', async () => {
    const user = await insertUser(t.app, { email: 'ended@example.com', role: 'admin' });
    const token = await createSession(t.app.ctx.db, user.id);
    await t.app.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    for (const cookie of [`og_session=${token}`, 'og_session=forged']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/test/verified',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'auth/unauthenticated' });
    }
  });
});

describe('requireUser', () => {
  it('gives the signed-in user, and refuses as the guard does when there is none', () => {
    const user = {
      id: 'u1',
      email: 'a@example.com',
      role: 'student',
      emailVerified: true,
    } as const;
    expect(requireUser({ user } as unknown as FastifyRequest)).toBe(user);
    const refused = (() => {
      try {
        requireUser({ user: null } as unknown as FastifyRequest);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('auth/unauthenticated');
  });
});

describe('a route that declares no access', () => {
  /** Builds an app the way createTestApp does, but closes its database whatever happens. */
  async function startWith(register: (app: App) => void | Promise<void>) {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), { logger: false, runBackgroundJobs: false, database });
    try {
      await register(app);
      await app.ready();
    } finally {
      await app.close().catch(() => undefined);
      await database.close();
    }
  }

  it('stops start-up when registered directly under /api', async () => {
    await expect(
      startWith((app) => {
        app.get('/api/test/forgotten', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/GET \/api\/test\/forgotten declares no config\.access/);
  });

  it('stops start-up when registered by a plugin with an /api prefix', async () => {
    await expect(
      startWith(async (app) => {
        await app.register(
          async (plugin) => {
            plugin.post('/things', async () => ({ ok: true }));
          },
          { prefix: '/api' },
        );
      }),
    ).rejects.toThrow(/POST \/api\/things declares no config\.access/);
  });

  it('is accepted outside /api', async () => {
    await expect(
      startWith((app) => {
        app.get('/not-api/probe', async () => ({ ok: true }));
      }),
    ).resolves.toBeUndefined();
  });
});

describe('cross-site writes', () => {
  it('refuses a sign-out from another origin and leaves the session alive', async () => {
    await insertUser(t.app, { email: 'csrf@example.com', role: 'student' });
    const cookie = await signIn(t.app, 'csrf@example.com');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'csrf/origin-mismatch',
      message: ja.errors['csrf/origin-mismatch'],
    });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json().user).toMatchObject({ email: 'csrf@example.com' });

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {},
    });
    expect(accepted.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(after.json().user).toBeNull();
  });

  it('refuses Origin: null and a cross-site fetch without Origin, and queues no mail', async () => {
    await insertUser(t.app, { email: 'csrf-mail@example.com', role: 'student' });
    const attempts = [
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login-link',
        headers,
        payload: { email: 'csrf-mail@example.com' },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ code: 'csrf/origin-mismatch' });
    }
    const queued = await t.app.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'csrf-mail@example.com'));
    expect(queued).toHaveLength(0);

    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      headers: { 'sec-fetch-site': 'same-origin', origin: TEST_ORIGIN },
      payload: { email: 'csrf-mail@example.com' },
    });
    expect(sameSite.statusCode).toBe(200);
  });

  it('lets reads from another origin through (they change nothing)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('system responses', () => {
  it('answers GET /healthz 200 {"status":"ok","database":"ok"}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends the security headers, without HSTS over http', async () => {
    for (const url of ['/healthz', '/api/config', '/api/no-such-thing']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      // No inline script may run: neither 'unsafe-inline' nor 'unsafe-eval' anywhere.
      expect(csp, url).not.toContain('unsafe-');
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends HSTS and a __Host- cookie behind https', async () => {
    const secure = await createTestApp({ appOrigin: 'https://og.example.jp' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(response.headers['strict-transport-security']).toContain('includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toContain(
        'upgrade-insecure-requests',
      );

      await insertUser(secure.app, { email: 'https@example.com', role: 'student' });
      const fromOwnSite = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login-link',
        headers: { origin: 'https://og.example.jp' },
        payload: { email: 'https@example.com' },
      });
      expect(fromOwnSite.statusCode).toBe(200);
      const overHttp = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login-link',
        headers: { origin: 'http://og.example.jp' },
        payload: { email: 'https@example.com' },
      });
      expect(overHttp.statusCode).toBe(403);

      const mail = await latestMailTo(secure.app, 'https@example.com');
      expect(mail).toBeDefined();
      const completed = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/complete-link',
        headers: { origin: 'https://og.example.jp' },
        payload: { token: tokenFromMail(mail!), email: 'https@example.com' },
      });
      expect(completed.statusCode).toBe(200);
      const cookie = completed.cookies.find((c) => c.name === '__Host-og_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookie).not.toHaveProperty('domain');
      expect(completed.cookies.find((c) => c.name === 'og_session')).toBeUndefined();
    } finally {
      await secure.close();
    }
  });

  it('answers an unknown /api path 404 JSON not-found', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/no-such-thing',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: 'not-found', message: ja.errors['not-found'] });
    }
  });

  it('answers a malformed JSON body 400 invalid-argument, never 500', async () => {
    for (const payload of ['{"email":', '{email: "x@example.com"}', 'null', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login-link',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ code: 'invalid-argument' });
    }
  });
});
