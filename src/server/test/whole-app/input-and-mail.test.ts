import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { invitations, outbox, mentors, students, users } from '../../db/schema';
import { insertAdmin, insertInvitation } from '../factories/admins';
import { createTestApp, insertUser, type TestApp } from '../app';
import {
  cookieFor,
  insertMentor,
  insertStudent,
  jpeg,
  mentorFields,
  multipartBody,
  nextIp,
} from '../factories/mentors';
import { threadRows } from '../factories/threads';
import { createRequest, newMentor, newStudent, viewRequest } from '../factories/visits';

/**
 * Through the API: every place an address is typed takes one plain address only,
 * and the names that go into mails cannot carry a link. Refusals change nothing.
 */

let t: TestApp;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  photo = await jpeg(400, 400);
});
afterAll(async () => {
  await t?.close();
});

const NOT_ONE_ADDRESS = [
  'first@example.com,second@example.com',
  'Eve <eve@example.com>',
  '<eve@example.com>',
  '"eve"@example.com',
  'eve@example.com;mallory@example.com',
  'a@b@example.com',
];

const LINK_NAMES = [
  'https://evil.example',
  '山田 evil.example',
  'www.evil',
  '<b>山田</b>',
  '山田＠evil',
];

async function outboxCount(): Promise<number> {
  return (await t.app.ctx.db.select().from(outbox)).length;
}

function expectFieldError(response: LightMyRequestResponse, field: string, key: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'invalid-argument',
    fieldErrors: { [field]: key },
  });
}

describe('strict addresses wherever one is typed', () => {
  it('login refuses them with the format error and sends nothing', async () => {
    // A user whose stored address an old, looser pattern let through cannot be mailed either.
    await insertUser(t.app, { email: 'first@example.com', role: 'student' });
    for (const email of NOT_ONE_ADDRESS) {
      const before = await outboxCount();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login-link',
        payload: { email },
        remoteAddress: nextIp(),
      });
      expectFieldError(response, 'email', 'validation.emailInvalid');
      expect(await outboxCount()).toBe(before);
    }
  });

  it('invitations (admins and alumni) refuse them and store nothing', async () => {
    const { cookie } = await insertAdmin(t.app);
    for (const email of NOT_ONE_ADDRESS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/invitations',
        payload: { email, role: 'mentor' },
        headers: { cookie },
        remoteAddress: nextIp(),
      });
      expectFieldError(response, 'email', 'validation.inviteEmailInvalid');
      expect(
        await t.app.ctx.db.select().from(invitations).where(eq(invitations.email, email)),
      ).toEqual([]);
    }
  });

  it('student registration refuses them', async () => {
    for (const email of NOT_ONE_ADDRESS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/registrations/student',
        payload: {
          name: '山田 花子',
          nameReading: 'ヤマダ ハナコ',
          studentNumber: 'S1',
          universityId: 'waseda',
          faculty: '商学部',
          department: '商学科',
          grade: '3年',
          email,
          termsAccepted: true,
        },
        remoteAddress: nextIp(),
      });
      expectFieldError(response, 'email', 'validation.emailInvalid');
    }
  });
});

describe('names that would be links in a mail', () => {
  it('student registration refuses them with their own message', async () => {
    for (const name of LINK_NAMES) {
      const before = await outboxCount();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/registrations/student',
        payload: {
          name,
          nameReading: 'ヤマダ ハナコ',
          studentNumber: 'S2',
          universityId: 'waseda',
          faculty: '商学部',
          department: '商学科',
          grade: '3年',
          email: `name-check-${LINK_NAMES.indexOf(name)}@akane.waseda.jp`,
          termsAccepted: true,
        },
        remoteAddress: nextIp(),
      });
      expectFieldError(response, 'name', 'validation.nameLinkLike');
      expect(await outboxCount()).toBe(before);
    }
  });

  it('the student profile edit refuses them and keeps the old name', async () => {
    const { user } = await insertStudent(t.app, { name: '元の 名前' });
    const cookie = await cookieFor(t.app, user.id);
    for (const name of LINK_NAMES) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/students/me',
        payload: { name, grade: '3年' },
        headers: { cookie },
      });
      expectFieldError(response, 'name', 'validation.nameLinkLike');
    }
    const [row] = await t.app.ctx.db.select().from(students).where(eq(students.userId, user.id));
    expect(row!.name).toBe('元の 名前');
  });

  it('alumni registration and profile edit refuse them', async () => {
    const invitation = await insertInvitation(t.app, { email: 'link-name-og@example.com' });
    const registration = await multipartBody(
      {
        ...mentorFields({ name: 'evil.example' }),
        email: invitation.email,
        code: invitation.inviteCode,
      },
      { content: photo },
    );
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/mentor-registrations',
      payload: registration.payload,
      headers: { 'content-type': registration.contentType },
      remoteAddress: nextIp(),
    });
    expectFieldError(registered, 'name', 'validation.nameLinkLike');
    expect(
      await t.app.ctx.db.select().from(users).where(eq(users.email, invitation.email)),
    ).toEqual([]);

    const { user } = await insertMentor(t.app, { name: '元の 名前' });
    const cookie = await cookieFor(t.app, user.id);
    const edit = await multipartBody(mentorFields({ name: 'https://evil.example' }));
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/mentors/me',
      payload: edit.payload,
      headers: { cookie, 'content-type': edit.contentType },
    });
    expectFieldError(edited, 'name', 'validation.nameLinkLike');
    const [row] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, user.id));
    expect(row!.name).toBe('元の 名前');
  });
});

/** What a paste brings in unseen: a right-to-left override and zero-width characters. */
const HIDDEN = ['\u202E', '\u200B', '\u2066', '\uFEFF'];
const hidden = (text: string) => [...text].join(HIDDEN[text.length % HIDDEN.length]!) + '\u200B';

describe('stored text holds no invisible or direction-changing characters', () => {
  it('a student’s name and introduction come back without them', async () => {
    const { user } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, user.id);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/students/me',
      headers: { cookie },
      payload: {
        name: `山田\u202E 花子\u200B`,
        nameReading: 'ヤマダ\u200B ハナコ',
        grade: '3年',
        selfIntroduction: `\uFEFF${hidden('よろしく')}\nお願いします\u2069`,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/students/me', headers: { cookie } })
    ).json();
    expect(profile).toMatchObject({
      name: '山田 花子',
      nameReading: 'ヤマダ ハナコ',
      selfIntroduction: 'よろしく\nお願いします',
    });
    // A name of nothing but such characters is refused as empty, and nothing changes.
    expectFieldError(
      await t.app.inject({
        method: 'PUT',
        url: '/api/students/me',
        headers: { cookie },
        payload: { name: '\u202E\u200B', nameReading: 'ヤマダ', grade: '3年' },
      }),
      'name',
      'validation.nameRequired',
    );
    const [row] = await t.app.ctx.db.select().from(students).where(eq(students.userId, user.id));
    expect(row!.name).toBe('山田 花子');
  });

  it('a visit request’s message and a thread message come back without them', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor, {
      message: `\u202E${hidden('お話を伺いたいです')}`,
    });
    const request = (await viewRequest(t.app, mentor.cookie, id)).json() as VisitRequest;
    expect(request.message).toBe('お話を伺いたいです');

    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/visit-requests/${id}/messages`,
      headers: { cookie: student.cookie },
      payload: { body: `よろしく\u202Eお願いします\u200B\r\n山田`, clientId: randomUUID() },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().body).toBe('よろしくお願いします\n山田');
    const thread = (
      await t.app.inject({
        method: 'GET',
        url: `/api/visit-requests/${id}/messages`,
        headers: { cookie: mentor.cookie },
      })
    ).json();
    expect(thread.messages.map((message: { body: string }) => message.body)).toEqual([
      'よろしくお願いします\n山田',
    ]);
    // Only such characters: refused as empty, nothing stored.
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/visit-requests/${id}/messages`,
      headers: { cookie: student.cookie },
      payload: { body: '\u200B\u202E\u2066', clientId: randomUUID() },
    });
    expectFieldError(empty, 'body', 'validation.threadMessageRequired');
    expect(await threadRows(t.app, id)).toHaveLength(1);
  });

  it('an alumna’s name and message are stored without them (multipart)', async () => {
    const { user } = await insertMentor(t.app, { name: '元の 名前' });
    const cookie = await cookieFor(t.app, user.id);
    const edit = await multipartBody(
      mentorFields({ name: '佐藤\u202E 美咲', message: `${hidden('気軽に')}\n相談してください` }),
    );
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/mentors/me',
      payload: edit.payload,
      headers: { cookie, 'content-type': edit.contentType },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, user.id));
    expect(row).toMatchObject({ name: '佐藤 美咲', message: '気軽に\n相談してください' });
  });
});
