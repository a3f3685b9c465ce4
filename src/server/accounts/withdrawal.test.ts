import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  invitations,
  mentorIcons,
  mentors,
  sessions,
  students,
  users,
} from '../db/schema';
import { createTestApp, insertUser, signIn, type TestApp } from '../test/app';
import { cookieFor, insertMentor, insertStudent, jpeg } from '../test/factories/mentors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: ['admin@example.com'] });
});
afterAll(async () => {
  await t?.close();
});

function withdraw(cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/users/me',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

async function rowsOf(userId: string) {
  const db = t.app.ctx.db;
  return {
    users: await db.select().from(users).where(eq(users.id, userId)),
    students: await db.select().from(students).where(eq(students.userId, userId)),
    mentors: await db.select().from(mentors).where(eq(mentors.userId, userId)),
    icons: await db.select().from(mentorIcons).where(eq(mentorIcons.userId, userId)),
    sessions: await db.select().from(sessions).where(eq(sessions.userId, userId)),
  };
}

describe('withdrawal (DELETE /api/users/me)', () => {
  it('deletes a student with the profile and every session, and frees the address', async () => {
    const { user } = await insertStudent(t.app, { email: 'leaving-student@akane.waseda.jp' });
    const laptop = await cookieFor(t.app, user.id);
    const phone = await cookieFor(t.app, user.id);
    const response = await withdraw(laptop);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'og_session')?.value).toBe('');
    expect(await rowsOf(user.id)).toEqual({
      users: [],
      students: [],
      mentors: [],
      icons: [],
      sessions: [],
    });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: phone },
    });
    expect(session.json().user).toBeNull();

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/registrations/student',
      remoteAddress: '10.20.0.1',
      payload: {
        name: '戻ってきた 学生',
        nameReading: 'ヤマダ ハナコ',
        studentNumber: 'A1',
        universityId: 'waseda',
        faculty: '商学部',
        department: '経営学科',
        grade: '2年',
        email: 'leaving-student@akane.waseda.jp',
        termsAccepted: true,
      },
    });
    expect(again.statusCode).toBe(200);
  });

  it('deletes a mentor with the profile and icon, expires their pending invitations and keeps completed ones', async () => {
    const { user } = await insertMentor(t.app, { icon: await jpeg(300, 300) });
    const cookie = await cookieFor(t.app, user.id);
    const [pending] = await t.app.ctx.db
      .insert(invitations)
      .values({
        email: 'still-invited@example.com',
        inviteCode: 'PEND23',
        inviterId: user.id,
        role: 'mentor',
        expiresAt: new Date(Date.now() + 86_400_000),
        invitationUrl: 'x',
      })
      .returning();
    const invitee = await insertUser(t.app, { email: 'joined@example.com', role: 'mentor' });
    const [completed] = await t.app.ctx.db
      .insert(invitations)
      .values({
        email: 'joined@example.com',
        inviteCode: 'DONE23',
        status: 'completed',
        inviterId: user.id,
        userId: invitee.id,
        role: 'mentor',
        completedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
        invitationUrl: 'x',
      })
      .returning();

    expect((await withdraw(cookie)).statusCode).toBe(200);
    expect(await rowsOf(user.id)).toEqual({
      users: [],
      students: [],
      mentors: [],
      icons: [],
      sessions: [],
    });
    const [expired] = await t.app.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, pending!.id));
    expect(expired).toMatchObject({ status: 'expired', inviterId: null });
    expect(expired!.expiredAt).toBeInstanceOf(Date);
    const [kept] = await t.app.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, completed!.id));
    expect(kept).toMatchObject({ status: 'completed', inviterId: null, userId: invitee.id });
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/invitations/lookup?email=still-invited%40example.com&code=PEND23',
      remoteAddress: '10.20.0.2',
    });
    expect(lookup.json()).toMatchObject({ code: 'invitation/expired' });
  });

  it('takes the mentor out of the OG list and their detail page', async () => {
    const { user, mentor } = await insertMentor(t.app, { name: '退会する 先輩' });
    const viewer = (await insertStudent(t.app)).user;
    const viewerCookie = await cookieFor(t.app, viewer.id);
    await withdraw(await cookieFor(t.app, user.id));
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/mentors',
      headers: { cookie: viewerCookie },
    });
    expect(JSON.stringify(list.json())).not.toContain('退会する 先輩');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/mentors/${mentor.urlParam}`,
      headers: { cookie: viewerCookie },
    });
    expect(detail.statusCode).toBe(404);
  });

  it('records the withdrawal in the audit log by id only', async () => {
    const { user } = await insertStudent(t.app, { email: 'audited@akane.waseda.jp' });
    await withdraw(await cookieFor(t.app, user.id));
    const entries = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id));
    const entry = entries.find((e) => e.action === 'account.withdraw');
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain('audited@');
  });

  it('refuses without a session and from another site, changing nothing', async () => {
    expect((await withdraw()).statusCode).toBe(401);
    const admin = await signIn(t.app, 'admin@example.com');
    const adminUser = (
      await t.app.ctx.db.select().from(users).where(eq(users.email, 'admin@example.com'))
    )[0]!;
    const response = await withdraw(admin, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf/origin-mismatch' });
    expect((await rowsOf(adminUser.id)).users).toHaveLength(1);
  });

  it('keeps the last active admin from leaving, and lets an admin go while another remains', async () => {
    // admin@example.com (ADMIN_EMAILS) is the only admin of this file so far.
    const [only] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@example.com'));
    const refused = await withdraw(await cookieFor(t.app, only!.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'admin/last-admin' });
    expect((await rowsOf(only!.id)).users).toHaveLength(1);

    // A suspended admin cannot act, so does not count as the one who remains.
    await insertUser(t.app, {
      email: 'suspended-admin@example.com',
      role: 'admin',
      suspendedAt: new Date(),
    });
    expect((await withdraw(await cookieFor(t.app, only!.id))).statusCode).toBe(409);

    const second = await insertUser(t.app, { email: 'second-admin@example.com', role: 'admin' });
    expect((await withdraw(await cookieFor(t.app, second.id))).statusCode).toBe(200);
    expect((await rowsOf(second.id)).users).toEqual([]);
  });
});
