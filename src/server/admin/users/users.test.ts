import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, type AdminUser, type AdminUserPage } from '../../../shared/schemas/admin';
import { invitations, mentors, sessions, signInTokens, students, users } from '../../db/schema';
import {
  auditEntries,
  call,
  expectError,
  expectOk,
  insertAdmin,
  insertInvitation,
  invitationRow,
} from '../../test/factories/admins';
import {
  createTestApp,
  findUser,
  insertUser,
  latestMailTo,
  tokenFromMail,
  type TestApp,
} from '../../test/app';
import { cookieFor, insertMentor, insertStudent, nextIp } from '../../test/factories/mentors';
import {
  insertMissedVisit,
  newMentor,
  newStudent,
  sendRequest,
  viewRequest,
} from '../../test/factories/visits';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app, 'console-admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

function asAdmin(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return call(t.app, admin.cookie, method, url, payload);
}

async function listUsers(query: Record<string, string> = {}): Promise<AdminUserPage> {
  const response = await asAdmin('GET', `/api/admin/users?${new URLSearchParams(query)}`);
  return expectOk(response) as unknown as AdminUserPage;
}

function setRole(userId: string, role: string, cookie = admin.cookie) {
  return call(t.app, cookie, 'PUT', `/api/admin/users/${userId}/role`, { role });
}

/** Whether the session behind a cookie still gets in (a page only signed-in users may read). */
async function sessionWorks(cookie: string): Promise<boolean> {
  const response = await call(t.app, cookie, 'GET', '/api/auth/session');
  return (response.json() as { user: unknown }).user !== null;
}

function requestSignInLink(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login-link',
    payload: { email },
    remoteAddress: nextIp(),
  });
}

describe('the user list (GET /api/admin/users)', () => {
  it('shows each account with its profile, newest first', async () => {
    const { user: student } = await insertStudent(t.app, {
      email: 'list-student@akane.waseda.jp',
      name: '一覧 学生',
      universityId: 'waseda',
    });
    const { user: mentor, mentor: profile } = await insertMentor(t.app, {
      email: 'list-mentor@example.com',
      name: '一覧 先輩',
      universityId: 'keio',
    });
    const page = await listUsers();
    const shown = page.users.map((u) => u.email);
    expect(shown.indexOf('list-mentor@example.com')).toBeLessThan(
      shown.indexOf('list-student@akane.waseda.jp'),
    );
    expect(page.users.find((u) => u.id === student.id)).toEqual({
      id: student.id,
      email: 'list-student@akane.waseda.jp',
      role: 'student',
      name: '一覧 学生',
      universityName: '早稲田大学',
      universityNameEn: 'Waseda University',
      profile: 'student',
      mentorUrlParam: null,
      emailVerified: true,
      suspendedAt: null,
      lastActiveAt: null,
      createdAt: student.createdAt.toISOString(),
      requestsStopped: false,
      noShowClaims: [],
      visitStats: null,
    });
    expect(page.users.find((u) => u.id === mentor.id)).toMatchObject({
      role: 'mentor',
      name: '一覧 先輩',
      universityName: '慶應義塾大学',
      profile: 'mentor',
      mentorUrlParam: profile.urlParam,
      requestsStopped: false,
      visitStats: { received: 0, answered: 0, held: 0, averageRating: null },
    });
    expect(page.users.find((u) => u.id === admin.user.id)).toMatchObject({
      role: 'admin',
      name: null,
      universityName: null,
      profile: null,
      mentorUrlParam: null,
    });
  });

  it('pages through accounts created in the same instant without losing or repeating one', async () => {
    const count = ADMIN_PAGE_SIZE + 7;
    // One statement: every row gets the same created_at, so only the id breaks the ties.
    await t.app.ctx.db.insert(users).values(
      Array.from({ length: count }, (_, i) => ({
        email: `paged-${i}@example.com`,
        role: 'student' as const,
      })),
    );
    const first = await listUsers({ q: 'paged-' });
    expect(first.users).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listUsers({ q: 'paged-', cursor: first.nextCursor! });
    expect(second.users).toHaveLength(7);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.users, ...second.users].map((u) => u.id);
    expect(new Set(ids).size).toBe(count);
    const sorted = [...ids].sort().reverse();
    expect(ids).toEqual(sorted);
  });

  it('starts from the top for an unreadable cursor', async () => {
    const top = await listUsers();
    const garbage = await listUsers({ cursor: 'not-a-cursor' });
    expect(garbage.users.map((u) => u.id)).toEqual(top.users.map((u) => u.id));
  });

  it('finds by part of the address or the name, folding katakana for alumni', async () => {
    await insertStudent(t.app, { email: 'yamada-search@akane.waseda.jp', name: '山田 太郎' });
    await insertMentor(t.app, { email: 'sakura-og@example.com', name: 'サクラ 花子' });
    await insertUser(t.app, { email: 'under_score@example.com', role: 'student' });

    const emails = async (q: string) => (await listUsers({ q })).users.map((u) => u.email);
    expect(await emails('YAMADA-SEARCH')).toEqual(['yamada-search@akane.waseda.jp']);
    expect(await emails('山田')).toEqual(['yamada-search@akane.waseda.jp']);
    expect(await emails('さくら')).toEqual(['sakura-og@example.com']);
    expect(await emails('ｻｸﾗ')).toEqual(['sakura-og@example.com']);
    // Wildcards are matched as typed.
    expect(await emails('_')).toEqual(['under_score@example.com']);
    expect(await emails('%')).toEqual([]);
  });

  it('filters by role and by status', async () => {
    const { user: suspended } = await insertStudent(t.app, { email: 'filtered@akane.waseda.jp' });
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    const pendingOg = await insertMentor(t.app, { role: 'mentor_pending' });

    const suspendedPage = await listUsers({ status: 'suspended' });
    expect(suspendedPage.users.map((u) => u.id)).toEqual([suspended.id]);
    const active = await listUsers({ status: 'active', q: 'filtered' });
    expect(active.users).toEqual([]);
    const pending = await listUsers({ role: 'mentor_pending' });
    expect(pending.users.map((u) => u.id)).toEqual([pendingOg.user.id]);
    expect((await listUsers({ role: 'admin' })).users.every((u) => u.role === 'admin')).toBe(true);
  });
});

describe('changing a role (PUT /api/admin/users/:id/role)', () => {
  it('approves an alumnus awaiting approval, who then appears in the OG list', async () => {
    const { user, mentor } = await insertMentor(t.app, { role: 'mentor_pending' });
    const response = await setRole(user.id, 'mentor');
    expect(expectOk(response)).toMatchObject({ id: user.id, role: 'mentor', profile: 'mentor' });
    expect((await findUser(t.app, user.email))!.role).toBe('mentor');

    const [entry] = await auditEntries(t.app, 'admin.user.role', user.id);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetType: 'user',
      details: { from: 'mentor_pending', to: 'mentor' },
    });

    const viewer = await cookieFor(t.app, (await insertStudent(t.app)).user.id);
    const detail = await call(t.app, viewer, 'GET', `/api/mentors/${mentor.urlParam}`);
    expect(detail.statusCode).toBe(200);

    // She is told by e-mail, with a link to her profile.
    const mail = await latestMailTo(t.app, user.email);
    expect(mail?.subject).toBe('【OGコネクト】OG登録が承認されました');
    expect(mail?.links).toContain('http://localhost:3000/mentor-profile');
  });

  it('mails nobody for other role changes', async () => {
    const { user } = await insertMentor(t.app, { email: 'made-admin@example.com' });
    expectOk(await setRole(user.id, 'admin'));
    expect(await latestMailTo(t.app, user.email)).toBeUndefined();
  });

  it('refuses a role whose profile the account lacks', async () => {
    const { user: student } = await insertStudent(t.app);
    const { user: mentor } = await insertMentor(t.app);
    const bare = await insertUser(t.app, { email: 'no-profile@example.com', role: 'student' });
    expectError(await setRole(student.id, 'mentor'), 409, 'admin/profile-required');
    expectError(await setRole(student.id, 'mentor_pending'), 409, 'admin/profile-required');
    expectError(await setRole(mentor.id, 'student'), 409, 'admin/profile-required');
    expectError(await setRole(bare.id, 'mentor'), 409, 'admin/profile-required');
    expect((await findUser(t.app, student.email))!.role).toBe('student');
    expect((await findUser(t.app, mentor.email))!.role).toBe('mentor');
    expect(await auditEntries(t.app, 'admin.user.role', student.id)).toEqual([]);

    // Anyone may be made an admin, profile or not; back again needs the profile.
    expect(expectOk(await setRole(bare.id, 'admin')).role).toBe('admin');
    expectError(await setRole(bare.id, 'student'), 409, 'admin/profile-required');

    // The new role counts from the account's next sign-in.
    const promoted = expectOk(await setRole(student.id, 'admin')) as unknown as AdminUser;
    expect(promoted).toMatchObject({ role: 'admin', profile: 'student' });
    const asAdminNow = await cookieFor(t.app, student.id);
    expect((await call(t.app, asAdminNow, 'GET', '/api/admin/overview')).statusCode).toBe(200);
    expect(expectOk(await setRole(student.id, 'student')).role).toBe('student');
    const asStudentAgain = await cookieFor(t.app, student.id);
    expect((await call(t.app, asStudentAgain, 'GET', '/api/admin/overview')).statusCode).toBe(403);
  });

  it('signs the account out everywhere, a demoted admin’s console first of all', async () => {
    const { user } = await insertMentor(t.app, { email: 'demoted-admin@example.com' });
    expectOk(await setRole(user.id, 'admin'));
    const laptop = await cookieFor(t.app, user.id);
    const phone = await cookieFor(t.app, user.id);
    expect((await call(t.app, laptop, 'GET', '/api/admin/overview')).statusCode).toBe(200);
    expect(await sessionWorks(phone)).toBe(true);

    expectOk(await setRole(user.id, 'mentor'));
    expectError(
      await call(t.app, laptop, 'GET', '/api/admin/overview'),
      401,
      'auth/unauthenticated',
    );
    expect(await sessionWorks(phone)).toBe(false);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      [],
    );

    // Approval is a role change too: the approved alumna signs in again as an OG.
    const { user: pending } = await insertMentor(t.app, { role: 'mentor_pending' });
    const waiting = await cookieFor(t.app, pending.id);
    expectOk(await setRole(pending.id, 'mentor'));
    expect(await sessionWorks(waiting)).toBe(false);
  });

  it('answers the same role unchanged and records nothing', async () => {
    const { user } = await insertMentor(t.app);
    expect(expectOk(await setRole(user.id, 'mentor'))).toMatchObject({ role: 'mentor' });
    expect(await auditEntries(t.app, 'admin.user.role', user.id)).toEqual([]);
  });

  it('answers an unknown account with 404', async () => {
    expectError(await setRole(randomUUID(), 'admin'), 404, 'not-found');
  });

  it('never demotes the last admin who is not suspended', async () => {
    // A separate app: this test needs to know every admin there is.
    const own = await createTestApp();
    try {
      const { user: soleAdmin } = await insertMentor(own.app, {
        email: 'sole-admin@example.com',
        role: 'admin',
      });
      const cookie = await cookieFor(own.app, soleAdmin.id);
      const demote = (role: string) =>
        call(own.app, cookie, 'PUT', `/api/admin/users/${soleAdmin.id}/role`, { role });
      expectError(await demote('mentor'), 409, 'admin/last-admin');

      // A suspended admin cannot act, so they do not count.
      const other = await insertUser(own.app, {
        email: 'suspended-admin@example.com',
        role: 'admin',
        suspendedAt: new Date(),
      });
      expectError(await demote('mentor'), 409, 'admin/last-admin');
      expect((await findUser(own.app, 'sole-admin@example.com'))!.role).toBe('admin');

      await own.app.ctx.db.update(users).set({ suspendedAt: null }).where(eq(users.id, other.id));
      expect(expectOk(await demote('mentor'))).toMatchObject({ role: 'mentor' });
    } finally {
      await own.close();
    }
  });
});

describe('suspending (POST /api/admin/users/:id/suspend)', () => {
  it('signs the account out everywhere, burns its links and refuses its next sign-in', async () => {
    const { user } = await insertStudent(t.app, { email: 'to-suspend@akane.waseda.jp' });
    const laptop = await cookieFor(t.app, user.id);
    const phone = await cookieFor(t.app, user.id);
    expect((await requestSignInLink(user.email)).statusCode).toBe(200);
    const link = await latestMailTo(t.app, user.email);

    const response = await asAdmin('POST', `/api/admin/users/${user.id}/suspend`);
    const suspended = expectOk(response) as unknown as AdminUser;
    expect(suspended).toMatchObject({ id: user.id, role: 'student' });
    expect(suspended.suspendedAt).toEqual(expect.any(String));

    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      [],
    );
    expect(
      await t.app.ctx.db.select().from(signInTokens).where(eq(signInTokens.userId, user.id)),
    ).toEqual([]);
    expectError(await call(t.app, laptop, 'GET', '/api/students/me'), 401, 'auth/unauthenticated');
    expect(await sessionWorks(phone)).toBe(false);
    expectError(await requestSignInLink(user.email), 403, 'auth/user-disabled');
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-link',
      payload: { token: tokenFromMail(link!), email: user.email },
      remoteAddress: nextIp(),
    });
    expectError(completed, 400, 'auth/invalid-link');

    const [entry] = await auditEntries(t.app, 'admin.user.suspend', user.id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'user' });
  });

  it('takes a suspended alumnus off the OG list and the detail page until reinstated', async () => {
    const viewer = await insertStudent(t.app, { email: 'list-viewer@akane.waseda.jp' });
    const viewerCookie = await cookieFor(t.app, viewer.user.id);
    const { user, mentor } = await insertMentor(t.app, {
      email: 'suspended-og@example.com',
      name: '停止 先輩',
    });
    const listedIds = async () => {
      const response = await call(t.app, viewerCookie, 'GET', '/api/mentors?q=停止');
      return (expectOk(response).items as { urlParam: string }[]).map((m) => m.urlParam);
    };
    const detail = () => call(t.app, viewerCookie, 'GET', `/api/mentors/${mentor.urlParam}`);
    expect(await listedIds()).toEqual([mentor.urlParam]);

    expectOk(await asAdmin('POST', `/api/admin/users/${user.id}/suspend`));
    expect(await listedIds()).toEqual([]);
    expectError(await detail(), 404, 'not-found');

    expectOk(await asAdmin('POST', `/api/admin/users/${user.id}/reinstate`));
    expect(await listedIds()).toEqual([mentor.urlParam]);
    expect((await detail()).statusCode).toBe(200);
  });

  it('answers an account already suspended unchanged', async () => {
    const since = new Date('2024-05-01T00:00:00Z');
    const user = await insertUser(t.app, {
      email: 'already-suspended@example.com',
      role: 'student',
      suspendedAt: since,
    });
    const response = await asAdmin('POST', `/api/admin/users/${user.id}/suspend`);
    expect(expectOk(response).suspendedAt).toBe(since.toISOString());
    expect(await auditEntries(t.app, 'admin.user.suspend', user.id)).toEqual([]);
  });

  it("refuses the admin's own account", async () => {
    expectError(
      await asAdmin('POST', `/api/admin/users/${admin.user.id}/suspend`),
      409,
      'admin/self-action',
    );
    expect((await findUser(t.app, 'console-admin@example.com'))!.suspendedAt).toBeNull();
  });

  it('suspends another admin, but of two admins suspending each other only one succeeds', async () => {
    const own = await createTestApp();
    try {
      const first = await insertAdmin(own.app, 'first-admin@example.com');
      const second = await insertAdmin(own.app, 'second-admin@example.com');
      const [a, b] = await Promise.all([
        call(own.app, first.cookie, 'POST', `/api/admin/users/${second.user.id}/suspend`),
        call(own.app, second.cookie, 'POST', `/api/admin/users/${first.user.id}/suspend`),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses[0]).toBe(200);
      // The other either lost its session first (401) or was refused as the last admin.
      expect([401, 409]).toContain(statuses[1]);
      if (statuses[1] === 409) {
        expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('admin/last-admin');
      }
      const admins = await own.app.ctx.db
        .select()
        .from(users)
        .where(inArray(users.id, [first.user.id, second.user.id]));
      expect(admins.filter((u) => u.suspendedAt === null)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe('reinstating (POST /api/admin/users/:id/reinstate)', () => {
  it('lets a suspended account sign in again', async () => {
    const user = await insertUser(t.app, {
      email: 'reinstated@example.com',
      role: 'student',
      suspendedAt: new Date(),
    });
    expectError(await requestSignInLink(user.email), 403, 'auth/user-disabled');
    const response = await asAdmin('POST', `/api/admin/users/${user.id}/reinstate`);
    expect(expectOk(response)).toMatchObject({ id: user.id, suspendedAt: null });
    expect((await requestSignInLink(user.email)).statusCode).toBe(200);
    const [entry] = await auditEntries(t.app, 'admin.user.reinstate', user.id);
    expect(entry).toMatchObject({ actorId: admin.user.id });

    // Again: nothing to do, nothing recorded.
    expectOk(await asAdmin('POST', `/api/admin/users/${user.id}/reinstate`));
    expect(await auditEntries(t.app, 'admin.user.reinstate', user.id)).toHaveLength(1);
  });
});

describe('clearing no-shows (POST /api/admin/users/:id/clear-no-shows)', () => {
  it('also clears a claim about a visit before it that is upheld afterwards', async () => {
    const student = await newStudent(t.app);
    for (const daysAgo of [40, 10]) {
      await insertMissedVisit(t.app, student.id, (await newMentor(t.app)).id, daysAgo);
    }
    expect(
      expectOk(await asAdmin('POST', `/api/admin/users/${student.id}/clear-no-shows`)),
    ).toMatchObject({ requestsStopped: false });

    // Filed after the clearance, about a visit held before it; then upheld.
    const late = await insertMissedVisit(t.app, student.id, (await newMentor(t.app)).id, 5, {
      claimedDaysAgo: 0,
    });
    const upheld = expectOk(
      await asAdmin('POST', `/api/admin/users/${student.id}/no-show-claims/${late.id}/decision`, {
        decision: 'upheld',
      }),
    ) as unknown as AdminUser;
    expect(upheld.requestsStopped).toBe(false);
    expect(
      upheld.noShowClaims.map((claim) => [claim.decision, claim.counts, claim.cleared]),
    ).toEqual([
      ['upheld', false, true],
      [null, false, true],
      [null, false, true],
    ]);
    const page = (await viewRequest(t.app, student.cookie, late.id)).json() as VisitRequest;
    expect(page).toMatchObject({
      requestsStopped: false,
      noShowsCounted: 0,
      followUp: { claimAgainstMe: { decision: 'upheld', counts: false, cleared: true } },
    });
    expect((await sendRequest(t.app, student, await newMentor(t.app))).statusCode).toBe(201);
  });
});

describe('deleting (DELETE /api/admin/users/:id)', () => {
  it('removes the account as a withdrawal does, recorded as the admin’s act', async () => {
    const { user } = await insertMentor(t.app, { email: 'deleted-og@example.com' });
    const cookie = await cookieFor(t.app, user.id);
    const pending = await insertInvitation(t.app, { inviterId: user.id });

    expect(expectOk(await asAdmin('DELETE', `/api/admin/users/${user.id}`))).toEqual({ ok: true });
    expect(await findUser(t.app, 'deleted-og@example.com')).toBeUndefined();
    expect(await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, user.id))).toEqual(
      [],
    );
    expect(await sessionWorks(cookie)).toBe(false);
    expect(await invitationRow(t.app, pending.id)).toMatchObject({
      status: 'expired',
      inviterId: null,
    });
    const [entry] = await auditEntries(t.app, 'admin.user.delete', user.id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'user' });
    expect(await auditEntries(t.app, 'account.withdraw', user.id)).toEqual([]);
  });

  it('removes a student with the profile', async () => {
    const { user } = await insertStudent(t.app);
    expectOk(await asAdmin('DELETE', `/api/admin/users/${user.id}`));
    expect(await t.app.ctx.db.select().from(students).where(eq(students.userId, user.id))).toEqual(
      [],
    );
  });

  it("refuses the admin's own account and answers an unknown one with 404", async () => {
    expectError(
      await asAdmin('DELETE', `/api/admin/users/${admin.user.id}`),
      409,
      'admin/self-action',
    );
    expect(await findUser(t.app, 'console-admin@example.com')).toBeDefined();
    expectError(await asAdmin('DELETE', `/api/admin/users/${randomUUID()}`), 404, 'not-found');
  });

  it('deletes another admin, but of two admins deleting each other only one succeeds', async () => {
    const own = await createTestApp();
    try {
      const first = await insertAdmin(own.app, 'first-admin@example.com');
      const second = await insertAdmin(own.app, 'second-admin@example.com');
      const results = await Promise.all([
        call(own.app, first.cookie, 'DELETE', `/api/admin/users/${second.user.id}`),
        call(own.app, second.cookie, 'DELETE', `/api/admin/users/${first.user.id}`),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The other either lost its session first (401) or was refused as the last admin.
      expect([401, 409]).toContain(statuses[1]);
      const remaining = await own.app.ctx.db.select().from(users).where(eq(users.role, 'admin'));
      expect(remaining).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('keeps completed invitations of a deleted inviter, with the inviter cleared', async () => {
    const { user } = await insertMentor(t.app);
    const completed = await insertInvitation(t.app, { inviterId: user.id, status: 'completed' });
    expectOk(await asAdmin('DELETE', `/api/admin/users/${user.id}`));
    const [kept] = await t.app.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, completed.id));
    expect(kept).toMatchObject({ status: 'completed', inviterId: null });
  });
});
