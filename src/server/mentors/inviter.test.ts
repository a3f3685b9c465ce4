import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  cookieFor,
  insertStudent,
  registerMentorThroughInvitation,
} from '../test/factories/mentors';

/** The detail page names who invited an alumnus ("Trust"). */

let t: TestApp;
let studentCookie: string;

async function invitedByOf(urlParam: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/mentors/${urlParam}`,
    headers: { cookie: studentCookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { invitedBy: unknown }).invitedBy;
}

beforeAll(async () => {
  t = await createTestApp();
  const { user } = await insertStudent(t.app);
  studentCookie = await cookieFor(t.app, user.id);
});

afterAll(async () => {
  await t.close();
});

describe('the inviter on the detail page', () => {
  it('names the seminar staff when an admin without a profile invited', async () => {
    const admin = await insertAdmin(t.app);
    const invited = await registerMentorThroughInvitation(t.app, admin.cookie);
    expect(await invitedByOf(invited.user.id)).toEqual({ kind: 'staff' });
  });

  it('names the inviting alumnus with their graduation year, and no one once they are suspended', async () => {
    const admin = await insertAdmin(t.app);
    const inviter = await registerMentorThroughInvitation(t.app, admin.cookie, {
      name: '招待 花子',
      graduationYear: '2012',
    });
    const invited = await registerMentorThroughInvitation(t.app, inviter.cookie, {
      name: '被招待 葵',
    });
    expect(await invitedByOf(invited.user.id)).toEqual({
      kind: 'alumnus',
      name: '招待 花子',
      graduationYear: 2012,
    });

    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, inviter.user.id));
    expect(await invitedByOf(invited.user.id)).toBeNull();
  });

  it('names no one when the inviter has withdrawn', async () => {
    const admin = await insertAdmin(t.app);
    const inviter = await registerMentorThroughInvitation(t.app, admin.cookie, {
      name: '退会 予定',
    });
    const invited = await registerMentorThroughInvitation(t.app, inviter.cookie);
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { cookie: inviter.cookie, origin: 'http://localhost:3000' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
    expect(await invitedByOf(invited.user.id)).toBeNull();
  });
});
