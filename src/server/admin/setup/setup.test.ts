import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  expectError,
  expectOk,
  insertAdmin,
  insertInvitation,
} from '../../test/factories/admins';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieFor, insertMentor } from '../../test/factories/mentors';

/** The setup list a new seminar's admin lands on (issue 56, point 6). */
let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const setup = async () => expectOk(await call(t.app, admin.cookie, 'GET', '/api/admin/setup'));

describe('GET /api/admin/setup', () => {
  it('ticks each step as it is done: the desk, the seminar’s name, a first invitation', async () => {
    expect(await setup()).toEqual({ desk: false, seminar: false, invitations: false });
    expectOk(
      await call(t.app, admin.cookie, 'PUT', '/api/admin/desk', {
        name: '相談窓口',
        email: 'desk@example.ac.jp',
        phone: '',
        hours: '',
        note: '',
      }),
    );
    expect(await setup()).toEqual({ desk: true, seminar: false, invitations: false });
    expectOk(
      await call(t.app, admin.cookie, 'PUT', '/api/admin/seminar', {
        name: '山田ゼミ',
        leaderName: '山田 花子',
      }),
    );
    await insertInvitation(t.app);
    expect(await setup()).toEqual({ desk: true, seminar: true, invitations: true });
  });

  it('is for admins only', async () => {
    const { user } = await insertMentor(t.app);
    expectError(
      await call(t.app, await cookieFor(t.app, user.id), 'GET', '/api/admin/setup'),
      403,
      'permission-denied',
    );
  });
});
