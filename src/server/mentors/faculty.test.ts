import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ja } from '../../shared/messages/ja';
import type { MentorDetail, MentorProfile } from '../../shared/schemas/mentors';
import { createTestApp, insertUser, type TestApp } from '../test/app';
import {
  cookieFor,
  insertMentor,
  insertStudent,
  mentorFields,
  mentorRow,
  multipartBody,
  registerMentorThroughInvitation,
} from '../test/factories/mentors';

/**
 * 学部 on an alumna's profile (issue 57: 「同じ学部の先輩」): optional, written by her profile form
 * at registration and on every edit, answered on her own profile and on her page.
 */

let t: TestApp;
let adminCookie: string;
let studentCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await insertUser(t.app, { email: 'faculty-admin@example.com', role: 'admin' });
  adminCookie = await cookieFor(t.app, admin.id);
  const { user } = await insertStudent(t.app);
  studentCookie = await cookieFor(t.app, user.id);
});
afterAll(async () => {
  await t?.close();
});

async function putProfile(cookie: string, fields: Record<string, string>) {
  const body = await multipartBody(fields);
  return t.app.inject({
    method: 'PUT',
    url: '/api/mentors/me',
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie },
  });
}

async function read<T>(url: string, cookie: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

async function mentorWithSession() {
  const { user, mentor } = await insertMentor(t.app);
  return { user, mentor, cookie: await cookieFor(t.app, user.id) };
}

describe('学部 on an alumna’s profile', () => {
  it('is none for an alumna who never gave it', async () => {
    const { user, cookie } = await mentorWithSession();
    expect((await read<MentorProfile>('/api/mentors/me', cookie)).faculty).toBeNull();
    expect((await read<MentorDetail>(`/api/mentors/${user.id}`, studentCookie)).faculty).toBeNull();
  });

  it('is saved trimmed, answered on her profile and her page, and cleared when left out', async () => {
    const { user, cookie } = await mentorWithSession();
    const saved = await putProfile(cookie, mentorFields({ faculty: '\u3000経済学部 ' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await mentorRow(t.app, user.id))!.faculty).toBe('経済学部');
    expect((await read<MentorProfile>('/api/mentors/me', cookie)).faculty).toBe('経済学部');
    expect((await read<MentorDetail>(`/api/mentors/${user.id}`, studentCookie)).faculty).toBe(
      '経済学部',
    );

    // The form leaves an emptied field out; a blank one is none as well.
    expect((await putProfile(cookie, mentorFields({ faculty: ' ' }))).statusCode).toBe(200);
    expect((await mentorRow(t.app, user.id))!.faculty).toBeNull();
    await putProfile(cookie, mentorFields({ faculty: '法学部' }));
    expect((await putProfile(cookie, mentorFields())).statusCode).toBe(200);
    expect((await read<MentorProfile>('/api/mentors/me', cookie)).faculty).toBeNull();
  });

  it('takes 100 characters and refuses 101 with 400 and its message key, nothing written', async () => {
    const { user, cookie } = await mentorWithSession();
    const hundred = 'あ'.repeat(100);
    expect((await putProfile(cookie, mentorFields({ faculty: hundred }))).statusCode).toBe(200);
    const before = await mentorRow(t.app, user.id);
    expect(before!.faculty).toBe(hundred);

    const response = await putProfile(
      cookie,
      mentorFields({ name: '変更後 の名前', faculty: 'あ'.repeat(101) }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid-argument',
      message: ja.errors['invalid-argument'],
      fieldErrors: { faculty: 'validation.textTooLong' },
    });
    expect(await mentorRow(t.app, user.id)).toEqual(before);
  });

  it('is taken at registration too, and optional there', async () => {
    const given = await registerMentorThroughInvitation(t.app, adminCookie, {
      faculty: '商学部',
    });
    expect((await mentorRow(t.app, given.user.id))!.faculty).toBe('商学部');
    const without = await registerMentorThroughInvitation(t.app, adminCookie);
    expect((await mentorRow(t.app, without.user.id))!.faculty).toBeNull();
  });
});
