import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ja } from '../../shared/messages/ja';
import { auditLog, pendingRegistrations, signInTokens, students, users } from '../db/schema';
import {
  createTestApp,
  insertUser,
  latestMailTo,
  sessionCookieOf,
  tokenFromMail,
  type TestApp,
} from '../test/app';

/**
 * Someone registers a stranger's university address. The mailed link's
 * page shows the owner what was entered; the owner confirms (correcting the student number,
 * name, faculty and department) or cancels, which frees the address at once.
 */
let t: TestApp;
let clientCounter = 0;
let clientIp: string;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clientCounter++;
  clientIp = `10.16.10.${clientCounter}`;
});

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: clientIp });
}

/** The stranger's form: the owner's address with the stranger's own details. */
function strangersForm(email: string) {
  return {
    name: '他人 太郎',
    nameReading: 'ヤマダ ハナコ',
    studentNumber: 'X9999999',
    universityId: 'waseda',
    faculty: '商学部',
    department: '経営学科',
    grade: '2年',
    email,
    termsAccepted: true,
  };
}

async function registerAndGetToken(email: string): Promise<string> {
  const response = await post('/api/registrations/student', strangersForm(email));
  expect(response.statusCode, response.body).toBe(200);
  const mail = await latestMailTo(t.app, email);
  expect(mail, `mail to ${email}`).toBeDefined();
  return tokenFromMail(mail!);
}

const view = (token: string, email: string) =>
  post('/api/registrations/student/link', { token, email });
const confirm = (token: string, email: string, fields: object) =>
  post('/api/registrations/student/confirm', { token, email, ...fields });
const cancel = (token: string, email: string) =>
  post('/api/registrations/student/cancel', { token, email });

const OWNERS_DETAILS = {
  name: '持主 花子',
  nameReading: 'モチヌシ ハナコ',
  studentNumber: '1Y23A999',
  faculty: '政治経済学部',
  department: '経済学科',
};

async function pendingOf(email: string) {
  return t.app.ctx.db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.email, email));
}

async function tokensOf(email: string) {
  return t.app.ctx.db.select().from(signInTokens).where(eq(signInTokens.email, email));
}

async function usersOf(email: string) {
  return t.app.ctx.db.select().from(users).where(eq(users.email, email));
}

function expectCode(response: Awaited<ReturnType<typeof post>>, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code });
}

describe('reading the entered details from the link', () => {
  it('shows what was entered, with the token and the address, and consumes nothing', async () => {
    const email = 'view@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    for (let i = 0; i < 2; i++) {
      const response = await view(token, ' View@Akane.Waseda.JP ');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        registration: {
          email,
          name: '他人 太郎',
          nameReading: 'ヤマダ ハナコ',
          studentNumber: 'X9999999',
          universityName: '早稲田大学',
          universityNameEn: 'Waseda University',
          faculty: '商学部',
          department: '経営学科',
          grade: '2年',
        },
      });
    }
    const [row] = await tokensOf(email);
    expect(row).toMatchObject({ usedAt: null, failedAttempts: 0 });
    expect(await pendingOf(email)).toHaveLength(1);
    expect(await usersOf(email)).toHaveLength(0);
  });

  it('refuses another address (counting it against the link) and shows nothing', async () => {
    const email = 'view-wrong@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    const response = await view(token, 'someone-else@akane.waseda.jp');
    expectCode(response, 400, 'auth/email-mismatch');
    expect(response.body).not.toContain('X9999999');
    expect((await tokensOf(email))[0]!.failedAttempts).toBe(1);
  });

  it('answers null for a sign-in link and for an unknown token', async () => {
    const email = 'mentor-view@example.jp';
    await insertUser(t.app, { email, role: 'mentor' });
    expect((await post('/api/auth/login-link', { email })).statusCode).toBe(200);
    const signInToken = tokenFromMail((await latestMailTo(t.app, email))!);
    expect((await view(signInToken, email)).json()).toEqual({ registration: null });
    // The sign-in link is still whole.
    expect((await post('/api/auth/complete-link', { token: signInToken, email })).statusCode).toBe(
      200,
    );
    expect((await view('no-such-token', email)).json()).toEqual({ registration: null });
  });
});

describe('confirming with corrections', () => {
  it('creates the student with the corrected details and signs the owner in', async () => {
    const email = 'owner@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    const response = await confirm(token, email, {
      ...OWNERS_DETAILS,
      name: ` ${OWNERS_DETAILS.name} `,
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = sessionCookieOf(response);

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/students/me',
      headers: { cookie },
    });
    expect(profile.json()).toMatchObject({
      ...OWNERS_DETAILS,
      universityName: '早稲田大学',
      grade: '2年',
      email,
    });
    expect(await pendingOf(email)).toHaveLength(0);
    const [user] = await usersOf(email);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'registration.student-completed'), eq(auditLog.targetId, user!.id)),
      );
    // The log names the corrected fields, never their values.
    expect(audit!.details).toEqual({
      corrected: ['name', 'nameReading', 'studentNumber', 'faculty', 'department'],
    });
    expect(JSON.stringify(audit)).not.toContain('1Y23A999');
  });

  it('keeps what was entered when confirmed unchanged', async () => {
    const email = 'as-entered@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    const { name, nameReading, studentNumber, faculty, department } = strangersForm(email);
    const response = await confirm(token, email, {
      name,
      nameReading,
      studentNumber,
      faculty,
      department,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [student] = await t.app.ctx.db.select().from(students).where(eq(students.email, email));
    expect(student).toMatchObject({ name, studentNumber, faculty, department, grade: '2年' });
  });

  it('refuses invalid corrections with field errors and changes nothing', async () => {
    const email = 'bad-fix@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    const response = await confirm(token, email, {
      name: '   ',
      nameReading: 'Hanako',
      studentNumber: '',
      faculty: 'x'.repeat(101),
      department: 42,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid-argument',
      message: ja.errors['invalid-argument'],
      fieldErrors: {
        name: 'validation.nameRequired',
        nameReading: 'validation.nameReadingKana',
        studentNumber: 'validation.studentNumberRequired',
        faculty: 'validation.textTooLong',
        department: 'validation.departmentRequired',
      },
    });
    const missing = await confirm(token, email, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors as object).sort()).toEqual([
      'department',
      'faculty',
      'name',
      'nameReading',
      'studentNumber',
    ]);
    expect(await usersOf(email)).toHaveLength(0);
    expect(await pendingOf(email)).toHaveLength(1);
    expect((await tokensOf(email))[0]).toMatchObject({ usedAt: null });
    // The link still works afterwards.
    expect((await confirm(token, email, OWNERS_DETAILS)).statusCode).toBe(200);
  });

  it('refuses another address, and the link burns after five wrong ones', async () => {
    const email = 'confirm-wrong@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    for (let i = 0; i < 5; i++) {
      expectCode(
        await confirm(token, 'stranger@akane.waseda.jp', OWNERS_DETAILS),
        400,
        'auth/email-mismatch',
      );
    }
    expectCode(await confirm(token, email, OWNERS_DETAILS), 400, 'auth/invalid-link');
    expect(await usersOf(email)).toHaveLength(0);
  });
});

describe('"これは私の登録ではありません"', () => {
  it('deletes the registration and its link, is audited, and the address registers again at once', async () => {
    const email = 'not-mine@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    const [pending] = await pendingOf(email);

    const response = await cancel(token, email);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await pendingOf(email)).toHaveLength(0);
    expect(await tokensOf(email)).toHaveLength(0);
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'registration.student-cancelled'));
    expect(audits).toContainEqual(
      expect.objectContaining({
        actorId: null,
        targetType: 'pending_registration',
        targetId: pending!.id,
      }),
    );
    expect(JSON.stringify(audits)).not.toContain(email);

    // The cancelled link is dead everywhere.
    expect((await view(token, email)).json()).toEqual({ registration: null });
    expectCode(await confirm(token, email, OWNERS_DETAILS), 400, 'auth/invalid-link');
    expectCode(await cancel(token, email), 400, 'auth/invalid-link');
    expectCode(await post('/api/auth/complete-link', { token, email }), 400, 'auth/invalid-link');

    // The owner registers now, not in 24 hours.
    const again = await post('/api/registrations/student', {
      ...strangersForm(email),
      ...OWNERS_DETAILS,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await pendingOf(email)).toHaveLength(1);
  });

  it('refuses another address and keeps the registration', async () => {
    const email = 'cancel-wrong@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    expectCode(await cancel(token, 'other@akane.waseda.jp'), 400, 'auth/email-mismatch');
    expect(await pendingOf(email)).toHaveLength(1);
  });
});

describe('used and expired links are refused as before', () => {
  it('a used link: nothing to read, confirm or cancel', async () => {
    const email = 'used@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    expect((await confirm(token, email, OWNERS_DETAILS)).statusCode).toBe(200);
    expect((await view(token, email)).json()).toEqual({ registration: null });
    expectCode(await confirm(token, email, OWNERS_DETAILS), 400, 'auth/invalid-link');
    expectCode(await cancel(token, email), 400, 'auth/invalid-link');
    expect(await usersOf(email)).toHaveLength(1);
  });

  it('an expired link: nothing to read, confirm or cancel', async () => {
    const email = 'expired@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    await t.app.ctx.db
      .update(signInTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInTokens.email, email));
    expect((await view(token, email)).json()).toEqual({ registration: null });
    expectCode(await confirm(token, email, OWNERS_DETAILS), 400, 'auth/invalid-link');
    expectCode(await cancel(token, email), 400, 'auth/invalid-link');
    expect(await usersOf(email)).toHaveLength(0);
    expect(await pendingOf(email)).toHaveLength(1);
  });

  it('the plain link completion still creates the student as entered', async () => {
    const email = 'plain@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    const cookie = sessionCookieOf(await post('/api/auth/complete-link', { token, email }));
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/students/me',
      headers: { cookie },
    });
    expect(profile.json()).toMatchObject({ studentNumber: 'X9999999' });
  });
});
