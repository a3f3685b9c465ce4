import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../shared/errors';
import { ja } from '../../shared/messages/ja';
import { SELF_INTRODUCTION_MAX_LENGTH, type StudentProfile } from '../../shared/schemas/students';
import { auditLog } from '../db/schema';
import { createTestApp, insertUser, type TestApp } from '../test/app';
import { cookieFor, insertMentor, insertStudent, studentRow } from '../test/factories/mentors';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectError(
  response: Response,
  status: number,
  code: ErrorCode,
  fieldErrors?: Record<string, string>,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual(
    fieldErrors
      ? { code, message: ja.errors[code], fieldErrors }
      : { code, message: ja.errors[code] },
  );
}

function getProfile(cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/students/me',
    headers: cookie ? { cookie } : {},
  });
}

function putProfile(cookie: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/students/me',
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });
}

/** A student with every optional field filled, and a session. */
async function studentWithSession() {
  const { user, student } = await insertStudent(t.app, {
    name: '学生 花子',
    grade: '3年',
    faculty: '経済学部',
    department: '経済学科',
    desiredIndustry: 'IT・通信',
    desiredJobType: '企画',
    selfIntroduction: 'テニスが好きです。',
  });
  return { user, student, cookie: await cookieFor(t.app, user.id) };
}

const valid = { name: '山本 健', nameReading: 'ヤマモト ケン', grade: '4年' };

describe('GET /api/students/me', () => {
  it('answers the student’s own profile', async () => {
    const { student, cookie } = await studentWithSession();
    const response = await getProfile(cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      name: '学生 花子',
      nameReading: 'ガクセイ',
      studentNumber: student.studentNumber,
      universityId: 'waseda',
      universityName: '早稲田大学',
      universityNameEn: 'Waseda University',
      faculty: '経済学部',
      department: '経済学科',
      grade: '3年',
      contactEmail: student.contactEmail,
      desiredIndustry: 'IT・通信',
      desiredJobType: '企画',
      selfIntroduction: 'テニスが好きです。',
      email: student.email,
    });
  });

  it('answers 401 without a session and 404 to a mentor (no student profile)', async () => {
    expectError(await getProfile(), 401, 'auth/unauthenticated');
    const { user } = await insertMentor(t.app);
    expectError(await getProfile(await cookieFor(t.app, user.id)), 404, 'not-found');
  });
});

describe('PUT /api/students/me: who may', () => {
  it('refuses a mentor, an admin and a mentor_pending with 403, nothing written', async () => {
    const mentor = await insertMentor(t.app);
    const pending = await insertMentor(t.app, { role: 'mentor_pending' });
    const admin = await insertUser(t.app, { email: 'student-admin@example.com', role: 'admin' });
    for (const id of [mentor.user.id, pending.user.id, admin.id]) {
      expectError(await putProfile(await cookieFor(t.app, id), valid), 403, 'permission-denied');
    }
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'student.profile-update'));
    expect(audits).toEqual([]);
  });

  it('refuses without a session (401) and an unverified student (403)', async () => {
    expectError(await putProfile(undefined, valid), 401, 'auth/unauthenticated');
    const { user, student } = await insertStudent(t.app, { emailVerified: false });
    expectError(
      await putProfile(await cookieFor(t.app, user.id), valid),
      403,
      'auth/email-not-verified',
    );
    expect(await studentRow(t.app, user.id)).toEqual(student);
  });

  it('changes only the caller’s own row, whatever ids the body names', async () => {
    const me = await studentWithSession();
    const other = await studentWithSession();
    const response = await putProfile(me.cookie, {
      ...valid,
      userId: other.user.id,
      user_id: other.user.id,
      id: other.user.id,
      studentNumber: 'X999999',
      email: 'attacker@example.com',
      contactEmail: 'attacker@example.com',
      universityId: 'keio',
      universityName: '慶應義塾大学',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await studentRow(t.app, other.user.id)).toEqual(other.student);
    expect(await studentRow(t.app, me.user.id)).toMatchObject({
      name: '山本 健',
      grade: '4年',
      studentNumber: me.student.studentNumber,
      email: me.student.email,
      contactEmail: me.student.contactEmail,
      universityId: 'waseda',
      universityName: '早稲田大学',
    });
  });
});

describe('PUT /api/students/me: the fields', () => {
  it('saves trimmed values and answers the new profile', async () => {
    const { user, student, cookie } = await studentWithSession();
    const response = await putProfile(cookie, {
      name: '  山本 健 ',
      nameReading: ' やまもと　ｹﾝ ',
      grade: '大学院1年',
      faculty: ' 理工学部 ',
      department: '情報学科\n',
      desiredIndustry: ' コンサルティング ',
      desiredJobType: ' 研究職',
      selfIntroduction: '  研究室でロボットを作っています。\n  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected: StudentProfile = {
      name: '山本 健',
      nameReading: 'ヤマモト ケン',
      studentNumber: student.studentNumber,
      universityId: 'waseda',
      universityName: '早稲田大学',
      universityNameEn: 'Waseda University',
      faculty: '理工学部',
      department: '情報学科',
      grade: '大学院1年',
      contactEmail: student.contactEmail,
      desiredIndustry: 'コンサルティング',
      desiredJobType: '研究職',
      selfIntroduction: '研究室でロボットを作っています。',
      email: student.email,
    };
    expect(response.json()).toEqual(expected);
    expect((await getProfile(cookie)).json()).toEqual(expected);

    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id));
    expect(audit).toMatchObject({ actorId: user.id, action: 'student.profile-update' });
  });

  it('clears emptied optional fields: faculty and department to "", the rest to null', async () => {
    const { user, cookie } = await studentWithSession();
    const response = await putProfile(cookie, {
      ...valid,
      faculty: '',
      department: '   ',
      desiredIndustry: '',
      // desiredJobType left out
      selfIntroduction: ' \n ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const cleared = {
      faculty: '',
      department: '',
      desiredIndustry: null,
      desiredJobType: null,
      selfIntroduction: null,
    };
    expect(response.json()).toMatchObject(cleared);
    expect(await studentRow(t.app, user.id)).toMatchObject({ ...cleared, name: '山本 健' });
  });

  it(`accepts a self-introduction of exactly ${SELF_INTRODUCTION_MAX_LENGTH} characters`, async () => {
    const { user, cookie } = await studentWithSession();
    const text = 'あ'.repeat(SELF_INTRODUCTION_MAX_LENGTH);
    const response = await putProfile(cookie, { ...valid, selfIntroduction: `  ${text}\n` });
    expect(response.statusCode, response.body).toBe(200);
    expect((await studentRow(t.app, user.id))!.selfIntroduction).toBe(text);
  });

  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['no name', { name: undefined }, { name: 'validation.nameRequired' }],
    ['an empty name', { name: '' }, { name: 'validation.nameRequired' }],
    ['a blank name', { name: ' \u3000 ' }, { name: 'validation.nameRequired' }],
    ['a name that is no text', { name: 42 }, { name: 'validation.nameRequired' }],
    ['a 101-character name', { name: 'あ'.repeat(101) }, { name: 'validation.textTooLong' }],
    ['no grade', { grade: undefined }, { grade: 'validation.gradeRequired' }],
    ['no reading', { nameReading: undefined }, { nameReading: 'validation.nameReadingRequired' }],
    ['an empty reading', { nameReading: '　' }, { nameReading: 'validation.nameReadingRequired' }],
    ['a reading in kanji', { nameReading: '山本' }, { nameReading: 'validation.nameReadingKana' }],
    [
      'a 41-character reading',
      { nameReading: 'ア'.repeat(41) },
      { nameReading: 'validation.nameReadingKana' },
    ],
    ['an empty grade', { grade: '' }, { grade: 'validation.gradeRequired' }],
    ['an unknown grade', { grade: '5年' }, { grade: 'validation.gradeRequired' }],
    [
      'neither name nor grade',
      { name: undefined, grade: undefined },
      { name: 'validation.nameRequired', grade: 'validation.gradeRequired' },
    ],
    [
      `a self-introduction of ${SELF_INTRODUCTION_MAX_LENGTH + 1} characters`,
      { selfIntroduction: 'あ'.repeat(SELF_INTRODUCTION_MAX_LENGTH + 1) },
      { selfIntroduction: 'validation.introductionTooLong' },
    ],
    [
      'a 101-character faculty',
      { faculty: 'あ'.repeat(101) },
      { faculty: 'validation.textTooLong' },
    ],
    [
      'a 101-character desired industry',
      { desiredIndustry: 'あ'.repeat(101) },
      { desiredIndustry: 'validation.textTooLong' },
    ],
  ];

  it.each(cases)(
    'refuses %s with 400 and the field’s message key',
    async (_name, change, errors) => {
      const { user, student, cookie } = await studentWithSession();
      const payload: Record<string, unknown> = { ...valid, faculty: '変更後学部', ...change };
      for (const [key, value] of Object.entries(change))
        if (value === undefined) delete payload[key];
      const response = await putProfile(cookie, payload);
      expectError(response, 400, 'invalid-argument', errors);
      for (const key of Object.values(errors)) {
        expect(
          ja.validation[key.replace('validation.', '') as keyof typeof ja.validation],
        ).toBeTruthy();
      }
      expect(await studentRow(t.app, user.id)).toEqual(student);
    },
  );

  it('answers a body that is no object with 400, never a 500', async () => {
    const { user, student, cookie } = await studentWithSession();
    for (const payload of ['null', '[]', '"text"', '{"name":']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/students/me',
        payload,
        headers: { cookie, 'content-type': 'application/json' },
      });
      expect(response.statusCode, `${payload}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid-argument' });
    }
    expect(await studentRow(t.app, user.id)).toEqual(student);
  });
});
