import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../shared/schemas/notifications';
import { call, expectError } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  act,
  DAY_MS,
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  requestForm,
  type Party,
} from '../test/factories/visits';

/** The bell: what each change tells the other side, the count's ETag, marking read, mail choices. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function bell(party: Party): Promise<NotificationList> {
  const response = await call(t.app, party.cookie, 'GET', '/api/notifications');
  expect(response.statusCode).toBe(200);
  return response.json();
}

function post(party: Party, id: string, body: string) {
  return call(t.app, party.cookie, 'POST', `/api/visit-requests/${id}/messages`, {
    body,
    clientId: randomUUID(),
  });
}

describe('what the bell lists', () => {
  it('tells the other side of each change, never the one who made it', async () => {
    const student = await newStudent(t.app, '山田 太郎');
    const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
    const sent = await call(
      t.app,
      student.cookie,
      'POST',
      '/api/visit-requests',
      requestForm(mentor.urlParam),
    );
    const { id } = sent.json() as { id: string };
    expect((await bell(mentor)).items.map((n) => [n.kind, n.actorName, n.link])).toEqual([
      ['requested', '山田 太郎', `/visit-requests/${id}`],
    ]);
    expect((await bell(student)).items).toEqual([]);

    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    const studentBell = await bell(student);
    expect(studentBell.items.map((n) => [n.kind, n.actorName, n.read])).toEqual([
      ['accepted', '佐藤 美咲', false],
    ]);
    expect(studentBell.unread).toBe(1);
    await act(t.app, student.cookie, id, 'cancel', {});
    expect((await bell(mentor)).items.map((n) => n.kind)).toEqual(['cancelled', 'requested']);
  });

  it('gathers a thread’s new messages into one notification that counts them', async () => {
    const student = await newStudent(t.app, '鈴木 花子');
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id);
    await post(student, id, '一つ目');
    await post(student, id, '二つ目');
    await post(student, id, '三つ目');
    const list = await bell(mentor);
    expect(list.items.map((n) => [n.kind, n.count, n.actorName])).toEqual([
      ['message', 3, '鈴木 花子'],
    ]);
    // Once read, the next message starts a new one.
    await call(t.app, mentor.cookie, 'POST', `/api/notifications/${list.items[0]!.id}/read`);
    await post(student, id, '四つ目');
    expect((await bell(mentor)).items.map((n) => [n.count, n.read])).toEqual([
      [1, false],
      [3, true],
    ]);
  });

  it('opening the request (its thread read) marks its notifications read', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id);
    await post(student, id, 'こんにちは');
    expect((await bell(mentor)).unread).toBe(1);
    await call(t.app, mentor.cookie, 'POST', `/api/visit-requests/${id}/messages/read`);
    expect((await bell(mentor)).unread).toBe(0);
  });

  it('marks all read, and refuses to mark another user’s (404, unchanged)', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const first = await insertRequest(t.app, student.id, mentor.id);
    const other = await newStudent(t.app);
    const second = await insertRequest(t.app, other.id, mentor.id);
    await post(student, first.id, 'a');
    await post(other, second.id, 'b');
    const list = await bell(mentor);
    expect(list.unread).toBe(2);
    expectError(
      await call(t.app, student.cookie, 'POST', `/api/notifications/${list.items[0]!.id}/read`),
      404,
      'not-found',
    );
    expect((await bell(mentor)).unread).toBe(2);
    expect(
      (await call(t.app, mentor.cookie, 'POST', '/api/notifications/read-all')).statusCode,
    ).toBe(200);
    expect((await bell(mentor)).unread).toBe(0);
  });
});

describe('the count the header polls', () => {
  it('answers 304 to its ETag while nothing changed, 200 with the new count after', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id);
    const first = await call(t.app, mentor.cookie, 'GET', '/api/notifications/unread-count');
    expect(first.json()).toEqual({ unread: 0 });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: { cookie: mentor.cookie, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await post(student, id, 'ベルは鳴りますか');
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: { cookie: mentor.cookie, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ unread: 1 });
    // A second message in the same notification changes the version too.
    const etag2 = String(changed.headers.etag);
    await post(student, id, 'もう一通');
    const counted = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: { cookie: mentor.cookie, 'if-none-match': etag2 },
    });
    expect(counted.statusCode).toBe(200);
  });
});

describe('mail preferences', () => {
  it('are all on by default, saved as chosen, and an opt-out keeps the notification but not the mail', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const read = await call(t.app, student.cookie, 'GET', '/api/me/mail-preferences');
    expect(read.json()).toEqual({
      requests: true,
      answers: true,
      cancellations: true,
      messages: true,
      reminders: true,
    });
    const saved = await call(t.app, student.cookie, 'PUT', '/api/me/mail-preferences', {
      requests: true,
      answers: false,
      cancellations: true,
      messages: true,
      reminders: true,
    });
    expect(saved.json()).toMatchObject({ answers: false });
    const { id } = await insertRequest(t.app, student.id, mentor.id, {
      preferredSlots: [new Date(Date.now() + 3 * DAY_MS)],
    });
    const before = (await mailsTo(t.app, student.email)).length;
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect(await mailsTo(t.app, student.email)).toHaveLength(before);
    expect((await bell(student)).items.map((n) => n.kind)).toEqual(['accepted']);
  });

  it.each([
    {},
    { requests: true, answers: true, cancellations: true },
    { requests: 'yes', answers: true, cancellations: true, messages: true, reminders: true },
    {
      requests: true,
      answers: true,
      cancellations: true,
      messages: true,
      reminders: true,
      signIn: false,
    },
  ])('refuse %j, changing nothing', async (body) => {
    const student = await newStudent(t.app);
    expectError(
      await call(t.app, student.cookie, 'PUT', '/api/me/mail-preferences', body),
      400,
      'invalid-argument',
    );
    const read = await call(t.app, student.cookie, 'GET', '/api/me/mail-preferences');
    expect(read.json()).toEqual({
      requests: true,
      answers: true,
      cancellations: true,
      messages: true,
      reminders: true,
    });
  });
});
