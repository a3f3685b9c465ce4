import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import { call, expectError } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  act,
  DAY_MS,
  HOUR_MS,
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  requestRow,
  viewRequest,
} from '../test/factories/visits';

/** Where to meet: set by the alumnus on accepting or later, seen by both sides. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function pending(format: 'online' | 'in_person' = 'online') {
  const student = await newStudent(t.app);
  const mentor = await newMentor(t.app);
  const request = await insertRequest(t.app, student.id, mentor.id, {
    meetingFormat: format,
    preferredSlots: [new Date(Date.now() + 3 * DAY_MS)],
  });
  return { student, mentor, id: request.id };
}

function setMeeting(cookie: string, id: string, body: object) {
  return call(t.app, cookie, 'PUT', `/api/visit-requests/${id}/meeting`, body);
}

describe('meeting details', () => {
  it('are set on accepting and shown to both sides', async () => {
    const { student, mentor, id } = await pending('online');
    const accepted = await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
      meetingUrl: 'https://meet.example.com/abc-defg',
    });
    expect(accepted.statusCode).toBe(200);
    for (const party of [student, mentor]) {
      const seen = (await viewRequest(t.app, party.cookie, id)).json() as VisitRequest;
      expect(seen).toMatchObject({
        meetingUrl: 'https://meet.example.com/abc-defg',
        meetingPlace: null,
      });
    }
  });

  it('are set or changed later by the alumnus; the student is mailed, without the place or link', async () => {
    const { student, mentor, id } = await pending('in_person');
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'public',
    });
    expect(
      (await setMeeting(mentor.cookie, id, { meetingPlace: '渋谷駅前のカフェ「ミドリ」' }))
        .statusCode,
    ).toBe(200);
    const seen = (await viewRequest(t.app, student.cookie, id)).json() as VisitRequest;
    expect(seen.meetingPlace).toBe('渋谷駅前のカフェ「ミドリ」');
    const mail = (await mailsTo(t.app, student.email)).at(-1)!;
    expect(mail.subject).toBe('【OGコネクト】OG訪問の待ち合わせ情報が更新されました');
    expect(mail.text).not.toContain('ミドリ');
    // An empty field clears it.
    await setMeeting(mentor.cookie, id, { meetingPlace: '' });
    expect((await requestRow(t.app, id))!.meetingPlace).toBeNull();
  });

  it.each([' ', '\u3000\u3000', ' \t '])(
    'refuse a place of only spaces (%j), keeping the place set before and mailing no one',
    async (meetingPlace) => {
      const { student, mentor, id } = await pending('in_person');
      await act(t.app, mentor.cookie, id, 'accept', {
        slotIndex: 0,
        safetyRulesConfirmed: true,
        placeKind: 'public',
        meetingPlace: '渋谷駅前のカフェ',
      });
      const before = (await mailsTo(t.app, student.email)).length;
      const response = await setMeeting(mentor.cookie, id, { meetingPlace });
      expectError(response, 400, 'invalid-argument');
      expect(response.json().fieldErrors).toEqual({ meetingPlace: 'validation.meetingPlaceBlank' });
      expect((await requestRow(t.app, id))!.meetingPlace).toBe('渋谷駅前のカフェ');
      expect(await mailsTo(t.app, student.email)).toHaveLength(before);
    },
  );

  it('saved unchanged, mail no one and mark nothing new; a change mails the student once', async () => {
    const { student, mentor, id } = await pending('in_person');
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'public',
      meetingPlace: '渋谷駅前のカフェ',
    });
    await viewRequest(t.app, student.cookie, id);
    await call(t.app, student.cookie, 'POST', `/api/visit-requests/${id}/seen`, {});
    const before = (await mailsTo(t.app, student.email)).length;
    const unseenBefore = (await requestRow(t.app, id))!.studentUnseen;
    // The same place, as the form sends it again (spaces around it are trimmed).
    for (const meetingPlace of ['渋谷駅前のカフェ', ' 渋谷駅前のカフェ ']) {
      expect((await setMeeting(mentor.cookie, id, { meetingPlace })).statusCode).toBe(200);
    }
    expect(await mailsTo(t.app, student.email)).toHaveLength(before);
    expect((await requestRow(t.app, id))!.studentUnseen).toBe(unseenBefore);
    expect(
      (await setMeeting(mentor.cookie, id, { meetingPlace: '新宿駅前のカフェ' })).statusCode,
    ).toBe(200);
    expect(await mailsTo(t.app, student.email)).toHaveLength(before + 1);
    expect((await requestRow(t.app, id))!.studentUnseen).toBe(true);
  });

  it.each([
    'http://meet.example.com/x',
    'javascript:alert(1)',
    'https://',
    'meet.example.com/x',
    'https://meet.example.com/a b',
  ])('refuse the URL %s, changing nothing', async (meetingUrl) => {
    const { mentor, id } = await pending('online');
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    const response = await setMeeting(mentor.cookie, id, { meetingUrl });
    expectError(response, 400, 'invalid-argument');
    expect(response.json().fieldErrors).toEqual({ meetingUrl: 'validation.meetingUrlInvalid' });
    expect((await requestRow(t.app, id))!.meetingUrl).toBeNull();
  });

  it.each([
    ['https://accounts.google.com@evil.example/', 'validation.meetingUrlCredentials'],
    ['https://user:pass@meet.example.com/x', 'validation.meetingUrlCredentials'],
    ['https://@meet.example.com/x', 'validation.meetingUrlCredentials'],
    ['https://192.168.1.1/', 'validation.meetingUrlIpHost'],
    ['https://3232235777/', 'validation.meetingUrlIpHost'],
    ['https://0x7f.1/', 'validation.meetingUrlIpHost'],
    ['https://[::1]/', 'validation.meetingUrlIpHost'],
    ['https://localhost/', 'validation.meetingUrlHost'],
    ['https://meet.example.com./x', 'validation.meetingUrlHost'],
    [`https://example.com/${'a'.repeat(500)}`, 'validation.meetingUrlTooLong'],
  ])('refuse %s with its own message, keeping the URL set before', async (meetingUrl, key) => {
    const { mentor, id } = await pending('online');
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
      meetingUrl: 'https://meet.example.com/abc',
    });
    const response = await setMeeting(mentor.cookie, id, { meetingUrl });
    expectError(response, 400, 'invalid-argument');
    expect(response.json().fieldErrors).toEqual({ meetingUrl: key });
    // Accepting with such a URL is refused alike.
    const other = await pending('online');
    const accepting = await act(t.app, other.mentor.cookie, other.id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
      meetingUrl,
    });
    expectError(accepting, 400, 'invalid-argument');
    expect(accepting.json().fieldErrors).toEqual({ meetingUrl: key });
    expect((await requestRow(t.app, id))!.meetingUrl).toBe('https://meet.example.com/abc');
    expect((await requestRow(t.app, other.id))!.status).toBe('pending');
  });

  it('store the URL with its host in ASCII, which the student is mailed, made inert', async () => {
    const { student, mentor, id } = await pending('online');
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    const response = await setMeeting(mentor.cookie, id, {
      meetingUrl: ' HTTPS://例え.JP/会議?id=1\u200B ',
    });
    expect(response.statusCode).toBe(200);
    const stored = 'https://xn--r8jz45g.jp/%E4%BC%9A%E8%AD%B0?id=1';
    expect((await requestRow(t.app, id))!.meetingUrl).toBe(stored);
    const seen = (await viewRequest(t.app, student.cookie, id)).json() as VisitRequest;
    expect(seen.meetingUrl).toBe(stored);
    const mail = (await mailsTo(t.app, student.email)).at(-1)!;
    expect(mail.text).toContain(
      'オンライン会議：xn--r8jz45g．jp（URLは依頼ページに記載しています）',
    );
    expect(mail.text).not.toContain('xn--r8jz45g.jp');
  });

  it('store a place without invisible or direction-changing characters', async () => {
    const { student, mentor, id } = await pending('in_person');
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'public',
    });
    const response = await setMeeting(mentor.cookie, id, {
      meetingPlace: '渋谷駅前の\u202Eカフェ\u200B「ミドリ」\uFEFF',
    });
    expect(response.statusCode).toBe(200);
    const seen = (await viewRequest(t.app, student.cookie, id)).json() as VisitRequest;
    expect(seen.meetingPlace).toBe('渋谷駅前のカフェ「ミドリ」');
    // Only such characters: empty, which clears it.
    expect((await setMeeting(mentor.cookie, id, { meetingPlace: '\u200B\u202E' })).statusCode).toBe(
      200,
    );
    expect((await requestRow(t.app, id))!.meetingPlace).toBeNull();
  });

  it('refuse a place over 200 characters', async () => {
    const { mentor, id } = await pending('in_person');
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'public',
    });
    expectError(
      await setMeeting(mentor.cookie, id, { meetingPlace: 'あ'.repeat(201) }),
      400,
      'invalid-argument',
    );
  });

  it('only the alumnus of an agreed visit still ahead may set them', async () => {
    const { student, mentor, id } = await pending();
    // Not agreed yet.
    expectError(
      await setMeeting(mentor.cookie, id, { meetingUrl: 'https://a.example.com' }),
      409,
      'visit/not-open',
    );
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    // The student's side: not theirs to set.
    expectError(
      await setMeeting(student.cookie, id, { meetingUrl: 'https://a.example.com' }),
      404,
      'not-found',
    );
    const past = await pending();
    const done = await insertRequest(t.app, past.student.id, past.mentor.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - HOUR_MS),
    });
    expectError(
      await setMeeting(past.mentor.cookie, done.id, { meetingUrl: 'https://a.example.com' }),
      409,
      'visit/not-open',
    );
  });

  it('are hidden once the visit is cancelled', async () => {
    const { student, mentor, id } = await pending();
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
      meetingUrl: 'https://meet.example.com/x',
    });
    await act(t.app, student.cookie, id, 'cancel', {});
    const seen = (await viewRequest(t.app, student.cookie, id)).json() as VisitRequest;
    expect(seen.meetingUrl).toBeNull();
  });
});
