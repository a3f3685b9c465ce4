import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jaMail } from '../../shared/messages/ja/mail';
import { graduationApplications, sessions, students, users } from '../db/schema';
import { auditEntries, call, expectError, insertAdmin } from '../test/factories/admins';
import {
  cookieFor,
  iconRowsOf,
  insertMentor,
  insertStudent,
  jpeg,
  mentorFields,
  mentorRow,
  multipartBody,
} from '../test/factories/mentors';
import { DAY_MS, insertRequest, mailsTo } from '../test/factories/visits';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/app';

/**
 * Graduation into OG end to end through the outbox (docs/PRODUCT.md §4): a student of the last
 * grade applies with a personal address and an alumni profile, confirms the address by its
 * link, awaits approval as mentor_pending, and once approved is on the OG list with the visit
 * history of their student days.
 */

let t: TestApp;
let admin: { cookie: string };
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app);
  photo = await jpeg(120, 120);
});
afterAll(async () => {
  await t?.close();
});

let sequence = 0;
const personal = () => `graduate-${++sequence}@example.com`;

async function apply(cookie: string, fields: Record<string, string>, withPhoto = true) {
  const body = await multipartBody(fields, withPhoto ? { content: photo } : undefined);
  return t.app.inject({
    method: 'POST',
    url: '/api/graduation',
    payload: body.payload,
    headers: { cookie, 'content-type': body.contentType },
  });
}

/** The token of the last mail to `to` with a link to `path`. */
async function tokenMailedTo(to: string, path: string): Promise<string> {
  const mail = (await mailsTo(t.app, to)).at(-1);
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!match) throw new Error(`no ${path} link mailed to ${to}`);
  return match[1]!;
}

async function userRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function listedNames(): Promise<string[]> {
  const response = await call(t.app, admin.cookie, 'GET', '/api/mentors');
  return (response.json() as { items: { name: string }[] }).items.map((card) => card.name);
}

describe('a 4年 student becomes an OG', () => {
  it('applies, confirms the personal address, is approved and listed with their visit history', async () => {
    const { user, student } = await insertStudent(t.app, {
      name: '卒業 花子',
      grade: '4年',
      universityId: 'waseda',
    });
    const cookie = await cookieFor(t.app, user.id);
    const otherDevice = await cookieFor(t.app, user.id);
    // A visit of their student days.
    const mentor = await insertMentor(t.app, { name: '先輩 一郎' });
    const visit = await insertRequest(t.app, user.id, mentor.user.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
    });

    const status = await call(t.app, cookie, 'GET', '/api/graduation');
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({
      eligible: true,
      pendingEmail: null,
      prefill: {
        name: '卒業 花子',
        nameReading: 'ガクセイ',
        universityId: 'waseda',
        universityName: '早稲田大学',
        // Her 学部 as a student (the factory's): the alumni form's 出身学部 starts from it.
        faculty: '商学部',
      },
    });

    const email = personal();
    // The form names another university: the student's own is carried over.
    const applied = await apply(cookie, {
      ...mentorFields({ name: '卒業 花子', universityId: 'keio', company: '株式会社はばたき' }),
      email,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ email });
    expect((await userRow(user.id)).role).toBe('student');
    expect((await call(t.app, cookie, 'GET', '/api/graduation')).json()).toMatchObject({
      pendingEmail: email,
    });
    const mail = (await mailsTo(t.app, email)).at(-1)!;
    expect(mail.subject).toBe(jaMail.mail.graduationAddress.subject);

    // An address change's link is not a graduation's, nor the other way round.
    const token = await tokenMailedTo(email, '/graduation/confirm');
    expectError(
      await call(t.app, undefined, 'POST', '/api/email-change/confirm', { token }),
      400,
      'auth/invalid-link',
    );
    const confirmed = await call(t.app, cookie, 'POST', '/api/graduation/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email });

    expect(await userRow(user.id)).toMatchObject({ email, role: 'mentor_pending' });
    expect(await mentorRow(t.app, user.id)).toMatchObject({
      name: '卒業 花子',
      universityId: 'waseda',
      universityName: '早稲田大学',
      company: '株式会社はばたき',
      contactEmail: email,
      urlParam: user.id,
    });
    expect((await mentorRow(t.app, user.id))!.iconId).not.toBeNull();
    // The university address is told, with the undo link; the other device is signed out.
    const told = (await mailsTo(t.app, student.email)).at(-1)!;
    expect(told.subject).toBe(jaMail.mail.emailChanged.subject);
    const left = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
    expect((await call(t.app, otherDevice, 'GET', '/api/auth/session')).json()).toMatchObject({
      user: null,
    });
    expect((await call(t.app, cookie, 'GET', '/api/auth/session')).json()).toMatchObject({
      user: { email, role: 'mentor_pending' },
    });
    const [entry] = await auditEntries(t.app, 'student.graduation-applied');
    expect(entry).toMatchObject({ actorId: user.id, targetId: user.id });
    // The link works once.
    expectError(
      await call(t.app, cookie, 'POST', '/api/graduation/confirm', { token }),
      400,
      'auth/invalid-link',
    );

    // Awaiting approval: not on the list; the admins see the application.
    expect(await listedNames()).not.toContain('卒業 花子');
    const applicants = await call(t.app, admin.cookie, 'GET', '/api/admin/graduation');
    expect(applicants.json()).toMatchObject({
      applicants: [{ userId: user.id, state: 'awaiting-approval', email }],
    });

    const approved = await call(t.app, admin.cookie, 'PUT', `/api/admin/users/${user.id}/role`, {
      role: 'mentor',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await listedNames()).toContain('卒業 花子');
    // The approval (a role change) signed the account out; it signs in with the personal
    // address from now on, and the visit of their student days stays.
    expect((await call(t.app, cookie, 'GET', '/api/auth/session')).json()).toMatchObject({
      user: null,
    });
    const signedIn = await cookieFor(t.app, user.id);
    const visits = await call(t.app, signedIn, 'GET', '/api/visit-requests');
    expect(visits.statusCode, visits.body).toBe(200);
    const items = (visits.json() as { items: { id: string; side: string }[] }).items;
    expect(items).toEqual([expect.objectContaining({ id: visit.id, side: 'student' })]);
    expect((await call(t.app, admin.cookie, 'GET', '/api/admin/graduation')).json()).toMatchObject({
      applicants: [{ userId: user.id, state: 'approved' }],
    });
  });
});

describe('who may apply', () => {
  it('refuses a 3年 student until an admin marks the cohort, who is then invited by mail', async () => {
    const { user } = await insertStudent(t.app, { grade: '3年', universityId: 'keio' });
    const other = await insertStudent(t.app, { grade: '3年', universityId: 'waseda' });
    const cookie = await cookieFor(t.app, user.id);
    expect((await call(t.app, cookie, 'GET', '/api/graduation')).json()).toMatchObject({
      eligible: false,
    });
    expectError(
      await apply(cookie, { ...mentorFields(), email: personal() }),
      403,
      'graduation/not-eligible',
    );

    const marked = await call(t.app, admin.cookie, 'POST', '/api/admin/graduation/cohort', {
      grades: ['3年'],
      universityId: 'keio',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((marked.json() as { marked: number }).marked).toBeGreaterThanOrEqual(1);
    expect((await call(t.app, cookie, 'GET', '/api/graduation')).json()).toMatchObject({
      eligible: true,
    });
    const invite = (await mailsTo(t.app, user.email)).at(-1)!;
    expect(invite.subject).toBe(jaMail.mail.graduationInvite.subject);
    expect(invite.text).toContain(`${TEST_ORIGIN}/graduation`);
    // Another university's 3年 is not marked.
    const [untouched] = await t.app.ctx.db
      .select()
      .from(students)
      .where(eq(students.userId, other.user.id));
    expect(untouched!.graduatingMarkedAt).toBeNull();
    expect(await mailsTo(t.app, other.user.email)).toEqual([]);
    expect(
      (
        (await call(t.app, admin.cookie, 'GET', '/api/admin/graduation')).json() as {
          markedNotApplied: number;
        }
      ).markedNotApplied,
    ).toBeGreaterThanOrEqual(1);
    const [entry] = await auditEntries(t.app, 'admin.graduation.cohort');
    expect(entry).toMatchObject({ details: { grades: ['3年'], universityId: 'keio' } });
  });

  it('is for students only', async () => {
    const { user } = await insertMentor(t.app);
    const cookie = await cookieFor(t.app, user.id);
    expectError(await call(t.app, cookie, 'GET', '/api/graduation'), 403, 'permission-denied');
  });
});

describe('bad applications change nothing', () => {
  it.each([
    ['no photo', {}, false, 'image'],
    ['no personal address', { email: undefined }, true, 'email'],
    ['a malformed address', { email: 'not-an-address' }, true, 'email'],
    ['no company', { company: undefined }, true, 'company'],
    ['no reading', { nameReading: undefined }, true, 'nameReading'],
  ] as const)('refuses %s with 400 on its field', async (_name, change, withPhoto, field) => {
    const { user } = await insertStudent(t.app, { grade: '大学院2年' });
    const cookie = await cookieFor(t.app, user.id);
    const fields: Record<string, string | undefined> = {
      ...mentorFields(),
      email: personal(),
      ...change,
    };
    const sent = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const response = await apply(cookie, sent, withPhoto);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys((response.json() as { fieldErrors: object }).fieldErrors)).toContain(field);
    expect((await call(t.app, cookie, 'GET', '/api/graduation')).json()).toMatchObject({
      pendingEmail: null,
    });
    expect(await userRow(user.id)).toMatchObject({ role: 'student' });
  });

  it('replaces an unconfirmed application, its earlier photo retired like a replaced icon', async () => {
    const { user } = await insertStudent(t.app, { grade: '4年' });
    const cookie = await cookieFor(t.app, user.id);
    for (let i = 0; i < 2; i++) {
      const response = await apply(cookie, { ...mentorFields(), email: personal() });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await iconRowsOf(t.app, user.id)).toHaveLength(1);
    const [kept] = await t.app.ctx.db
      .select()
      .from(graduationApplications)
      .where(eq(graduationApplications.userId, user.id));
    expect((await iconRowsOf(t.app, user.id))[0]!.id).toBe(kept!.iconId);
  });

  it('waits for the week in which an address change can be undone', async () => {
    const { user } = await insertStudent(t.app, { grade: '4年' });
    const cookie = await cookieFor(t.app, user.id);
    const moved = `moved-${++sequence}@akane.waseda.jp`;
    await call(t.app, cookie, 'POST', '/api/me/email-change', { email: moved });
    const confirmed = await call(t.app, cookie, 'POST', '/api/email-change/confirm', {
      token: await tokenMailedTo(moved, '/email-change'),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const email = personal();
    expectError(await apply(cookie, { ...mentorFields(), email }), 409, 'email-change/undo-open');
    expect(await mailsTo(t.app, email)).toEqual([]);
    expect(await iconRowsOf(t.app, user.id)).toEqual([]);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 8 * DAY_MS);
      const fresh = await cookieFor(t.app, user.id);
      // The session's start is the database's clock, not the test's (a PostgreSQL server keeps
      // its own): set it to the test's, or the session looks idle for eight days.
      await t.app.ctx.db
        .update(sessions)
        .set({ lastSeenAt: new Date() })
        .where(eq(sessions.userId, user.id));
      const applied = await apply(fresh, { ...mentorFields(), email });
      expect(applied.statusCode, applied.body).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an address that is already an account’s with 409', async () => {
    const { user } = await insertStudent(t.app, { grade: '卒業予定' });
    const taken = await insertMentor(t.app);
    const response = await apply(await cookieFor(t.app, user.id), {
      ...mentorFields(),
      email: taken.user.email,
    });
    expectError(response, 409, 'auth/email-already-in-use');
  });
});
