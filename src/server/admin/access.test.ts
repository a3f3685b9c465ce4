import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles';
import { auditLog, universities } from '../db/schema';
import { call, expectError, insertAdmin, type Method } from '../test/factories/admins';
import { createTestApp, insertUser, type TestApp } from '../test/app';
import { cookieFor, insertMentor, insertStudent } from '../test/factories/mentors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const someId = randomUUID();
const newUniversity = { name: '権限テスト大学', domains: ['access-test.ac.jp'] };

/** Every route of the console, with what an admin gets for it on an empty database. */
const ROUTES: { method: Method; url: string; payload?: object; adminStatus: number }[] = [
  { method: 'GET', url: '/api/admin/overview', adminStatus: 200 },
  { method: 'GET', url: '/api/admin/users', adminStatus: 200 },
  {
    method: 'PUT',
    url: `/api/admin/users/${someId}/role`,
    payload: { role: 'mentor' },
    adminStatus: 404,
  },
  { method: 'POST', url: `/api/admin/users/${someId}/suspend`, adminStatus: 404 },
  { method: 'POST', url: `/api/admin/users/${someId}/reinstate`, adminStatus: 404 },
  { method: 'DELETE', url: `/api/admin/users/${someId}`, adminStatus: 404 },
  { method: 'GET', url: '/api/admin/invitations', adminStatus: 200 },
  { method: 'POST', url: `/api/admin/invitations/${someId}/revoke`, adminStatus: 404 },
  { method: 'POST', url: `/api/admin/invitations/${someId}/resend`, adminStatus: 404 },
  { method: 'GET', url: '/api/admin/universities', adminStatus: 200 },
  { method: 'POST', url: '/api/admin/universities', payload: newUniversity, adminStatus: 201 },
  {
    method: 'PUT',
    url: '/api/admin/universities/no-such-university',
    payload: newUniversity,
    adminStatus: 404,
  },
  { method: 'POST', url: '/api/admin/universities/no-such-university/retire', adminStatus: 404 },
  { method: 'POST', url: '/api/admin/universities/no-such-university/restore', adminStatus: 404 },
  { method: 'GET', url: '/api/admin/export/students.csv', adminStatus: 200 },
  { method: 'GET', url: '/api/admin/export/mentors.csv', adminStatus: 200 },
  { method: 'GET', url: '/api/admin/audit', adminStatus: 200 },
];

const cookies = {} as Record<Role | 'unverified admin', string>;
beforeAll(async () => {
  cookies.admin = (await insertAdmin(t.app)).cookie;
  cookies.student = await cookieFor(t.app, (await insertStudent(t.app)).user.id);
  cookies.mentor = await cookieFor(t.app, (await insertMentor(t.app)).user.id);
  cookies.mentor_pending = await cookieFor(
    t.app,
    (await insertMentor(t.app, { role: 'mentor_pending' })).user.id,
  );
  const unverified = await insertUser(t.app, {
    email: 'unverified-admin@example.com',
    role: 'admin',
    emailVerified: false,
  });
  cookies['unverified admin'] = await cookieFor(t.app, unverified.id);
});

describe('who may call the admin console', () => {
  it.each(ROUTES)('$method $url refuses anonymous callers with 401', async (route) => {
    expectError(
      await call(t.app, undefined, route.method, route.url, route.payload),
      401,
      'auth/unauthenticated',
    );
  });

  it.each(ROUTES)('$method $url refuses students and alumni with 403', async (route) => {
    for (const role of ['student', 'mentor', 'mentor_pending'] as const) {
      const response = await call(t.app, cookies[role], route.method, route.url, route.payload);
      expectError(response, 403, 'permission-denied');
    }
    expectError(
      await call(t.app, cookies['unverified admin'], route.method, route.url, route.payload),
      403,
      'auth/email-not-verified',
    );
  });

  it.each(ROUTES)('$method $url answers an admin', async (route) => {
    const response = await call(t.app, cookies.admin, route.method, route.url, route.payload);
    expect(response.statusCode, response.body).toBe(route.adminStatus);
  });

  it('lets a refused caller change nothing and leaves no audit entry', async () => {
    const before = await t.app.ctx.db.select().from(auditLog);
    const payload = { name: '拒否される大学', domains: ['refused.ac.jp'] };
    await call(t.app, cookies.mentor, 'POST', '/api/admin/universities', payload);
    const names = (await t.app.ctx.db.select().from(universities)).map((u) => u.name);
    expect(names).not.toContain('拒否される大学');
    expect(await t.app.ctx.db.select().from(auditLog)).toHaveLength(before.length);
  });

  it('answers a malformed id with 400, not a failure', async () => {
    for (const url of [
      '/api/admin/users/not-a-uuid/suspend',
      '/api/admin/invitations/not-a-uuid/revoke',
    ]) {
      const response = await call(t.app, cookies.admin, 'POST', url);
      expectError(response, 400, 'invalid-argument');
    }
    expectError(
      await call(t.app, cookies.admin, 'PUT', `/api/admin/users/${someId}/role`, {
        role: 'owner',
      }),
      400,
      'invalid-argument',
    );
    expectError(
      await call(t.app, cookies.admin, 'GET', '/api/admin/users?status=banned'),
      400,
      'invalid-argument',
    );
  });
});
