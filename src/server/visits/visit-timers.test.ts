import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../shared/schemas/notifications';
import type { MentorDetail } from '../../shared/schemas/mentors';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import { mentors } from '../db/schema';
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
  sendRequest,
  viewRequest,
  type Party,
} from '../test/factories/visits';
import { runVisitTimers } from './timers-service';

/**
 * The timed work of docs/PRODUCT.md §7, driven with an injected clock: the reminder after 3
 * days, expiry after 7 (or once every time passed), the pause after 3 expired in a row, and the
 * 前日確認 at 18:00 Japan time. Each is sent once however often the pass runs.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE_MS = 60_000;

function run(now: Date) {
  return runVisitTimers(t.app.ctx.db, now);
}

async function bellKinds(party: Party): Promise<string[]> {
  const list = (await call(t.app, party.cookie, 'GET', '/api/notifications')).json();
  return (list as NotificationList).items.map((item) => item.kind);
}

/** A request sent at `sentAt`, its slots far enough ahead that only silence can expire it. */
async function unanswered(sentAt: Date) {
  const student = await newStudent(t.app, '山田 太郎');
  const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
  const request = await insertRequest(t.app, student.id, mentor.id, {
    createdAt: sentAt,
    preferredSlots: [new Date(sentAt.getTime() + 20 * DAY_MS)],
  });
  return { student, mentor, id: request.id };
}

describe('an unanswered request', () => {
  it('reminds the alumnus once, 3 days after it was sent', async () => {
    const sentAt = new Date('2026-06-01T03:00:00Z');
    const { mentor, id } = await unanswered(sentAt);
    await run(new Date(sentAt.getTime() + 3 * DAY_MS - MINUTE_MS));
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);

    const due = new Date(sentAt.getTime() + 3 * DAY_MS);
    await run(due);
    await run(new Date(due.getTime() + HOUR_MS));
    const mails = await mailsTo(t.app, mentor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      '【OGコネクト】お返事を待っているOG訪問の依頼があります',
    ]);
    expect(mails[0]!.text).toContain('山田 太郎さん');
    expect(mails[0]!.text).toContain(`/visit-requests/${id}`);
    expect(await bellKinds(mentor)).toEqual(['unansweredReminder']);
    expect((await requestRow(t.app, id))!.remindedAt).toEqual(due);
  });

  it('is not a reminder once the alumnus answered with another time', async () => {
    const sentAt = new Date('2026-06-01T03:00:00Z');
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    await insertRequest(t.app, student.id, mentor.id, {
      createdAt: sentAt,
      preferredSlots: [new Date(sentAt.getTime() + 20 * DAY_MS)],
      proposedTime: new Date(sentAt.getTime() + 21 * DAY_MS),
      proposedBy: 'mentor',
      respondedAt: new Date(sentAt.getTime() + DAY_MS),
    });
    await run(new Date(sentAt.getTime() + 8 * DAY_MS));
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);
  });

  it('expires after 7 days; the student is told where to find others and may ask again', async () => {
    const sentAt = new Date(Date.now() - 7 * DAY_MS - MINUTE_MS);
    const { student, mentor, id } = await unanswered(sentAt);
    await run(new Date(sentAt.getTime() + 7 * DAY_MS - MINUTE_MS));
    expect((await requestRow(t.app, id))!.status).toBe('pending');

    await run(new Date());
    const view = (await viewRequest(t.app, student.cookie, id)).json() as VisitRequest;
    expect(view).toMatchObject({ status: 'expired', open: false, unseen: true });
    expect(view.expiredAt).not.toBeNull();
    const mail = (await mailsTo(t.app, student.email)).at(-1)!;
    expect(mail.subject).toBe('【OGコネクト】OG訪問の依頼が期限切れになりました');
    expect(mail.text).toContain('/mentors-list');
    expect(await bellKinds(student)).toEqual(['expired']);
    expect(await bellKinds(mentor)).toContain('expiredUnanswered');

    // No longer open: the one-open-request rule lets the student ask the same alumna again.
    const again = await sendRequest(t.app, student, mentor);
    expect(again.statusCode).toBe(201);
  });

  it('expires once every proposed time has passed, without counting against the alumnus who answered', async () => {
    const now = new Date('2026-07-01T03:00:00Z');
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const request = await insertRequest(t.app, student.id, mentor.id, {
      createdAt: new Date(now.getTime() - 2 * DAY_MS),
      preferredSlots: [new Date(now.getTime() - HOUR_MS)],
      proposedTime: new Date(now.getTime() - MINUTE_MS),
      proposedBy: 'mentor',
      respondedAt: new Date(now.getTime() - DAY_MS),
    });
    // A proposal still ahead keeps it open.
    await run(new Date(now.getTime() - 2 * MINUTE_MS));
    expect((await requestRow(t.app, request.id))!.status).toBe('pending');
    await run(now);
    expect((await requestRow(t.app, request.id))!.status).toBe('expired');
    const [row] = await t.app.ctx.db
      .select({ expiredInRow: mentors.expiredInRow })
      .from(mentors)
      .where(eq(mentors.userId, mentor.id));
    expect(row!.expiredInRow).toBe(0);
  });
});

describe('an alumnus who lets requests expire', () => {
  async function expireOne(student: Party, mentorId: string, now: Date) {
    await insertRequest(t.app, student.id, mentorId, {
      createdAt: new Date(now.getTime() - 8 * DAY_MS),
      preferredSlots: [new Date(now.getTime() + 10 * DAY_MS)],
    });
    await run(now);
  }

  it('is paused after 3 in a row, told how to resume, and resumes by choosing to accept again', async () => {
    const mentor = await newMentor(t.app);
    const now = new Date();
    for (let i = 0; i < 3; i++) await expireOne(await newStudent(t.app), mentor.id, now);

    const [row] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, mentor.id));
    expect(row).toMatchObject({ acceptingRequests: false, expiredInRow: 0 });
    expect(row!.autoPausedAt).not.toBeNull();
    const mail = (await mailsTo(t.app, mentor.email)).at(-1)!;
    expect(mail.subject).toBe('【OGコネクト】OG訪問の依頼の受付を一時停止しました');
    expect(mail.text).toContain('/mentor-profile/edit');
    const list = (await call(t.app, mentor.cookie, 'GET', '/api/notifications')).json();
    expect(
      (list as NotificationList).items.find((item) => item.kind === 'autoPaused'),
    ).toMatchObject({ link: '/mentor-profile/edit' });

    const student = await newStudent(t.app);
    const detail = (
      await call(t.app, student.cookie, 'GET', `/api/mentors/${mentor.urlParam}`)
    ).json() as MentorDetail;
    expect(detail.viewer.visitUnavailable).toBe('not-accepting');
    const own = (await call(t.app, mentor.cookie, 'GET', '/api/mentors/me')).json() as {
      visitSettings: { autoPaused: boolean };
    };
    expect(own.visitSettings.autoPaused).toBe(true);

    const resumed = await call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/visit-settings', {
      contactVisibility: 'accepted',
      acceptingRequests: true,
      monthlyRequestLimit: null,
      contactEmail: mentor.contactEmail,
    });
    expect(resumed.statusCode).toBe(200);
    const [after] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, mentor.id));
    expect(after).toMatchObject({ acceptingRequests: true, autoPausedAt: null });
  });

  it('keeps counting when she saves her settings without resuming', async () => {
    const mentor = await newMentor(t.app);
    const now = new Date();
    await expireOne(await newStudent(t.app), mentor.id, now);
    await expireOne(await newStudent(t.app), mentor.id, now);
    const saved = await call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/visit-settings', {
      contactVisibility: 'signed_in',
      acceptingRequests: true,
      monthlyRequestLimit: null,
      contactEmail: mentor.contactEmail,
    });
    expect(saved.statusCode).toBe(200);
    await expireOne(await newStudent(t.app), mentor.id, now);
    const [row] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, mentor.id));
    expect(row).toMatchObject({ acceptingRequests: false });
  });

  it('starts counting again after any answer', async () => {
    const mentor = await newMentor(t.app);
    const now = new Date();
    await expireOne(await newStudent(t.app), mentor.id, now);
    await expireOne(await newStudent(t.app), mentor.id, now);
    const student = await newStudent(t.app);
    const answered = await insertRequest(t.app, student.id, mentor.id);
    expect(
      (await act(t.app, mentor.cookie, answered.id, 'decline', { message: '' })).statusCode,
    ).toBe(200);
    await expireOne(await newStudent(t.app), mentor.id, now);
    const [row] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, mentor.id));
    expect(row).toMatchObject({ acceptingRequests: true, expiredInRow: 1, autoPausedAt: null });
  });
});

describe('前日確認', () => {
  // 10:00 on 10 December (Japan time); the reminder is due at 18:00 on the 9th (09:00 UTC).
  const meetingAt = new Date('2026-12-10T01:00:00Z');
  const dueAt = new Date('2026-12-09T09:00:00Z');

  async function agreed(
    state: Pick<
      NonNullable<Parameters<typeof insertRequest>[3]>,
      'meetingPlace' | 'meetingUrl' | 'meetingFormat' | 'agendaTopics' | 'agendaQuestions'
    > = {},
  ) {
    const student = await newStudent(t.app, '山田 太郎');
    const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
    const request = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt,
      preferredSlots: [meetingAt],
      ...state,
    });
    return { student, mentor, id: request.id };
  }

  it('reaches both sides once at 18:00 Japan time the day before, with the time, place and a cancel link', async () => {
    const { student, mentor, id } = await agreed({
      meetingFormat: 'in_person',
      meetingPlace: '東京駅 丸の内北口のカフェ',
    });
    await run(new Date(dueAt.getTime() - MINUTE_MS));
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);

    await Promise.all([run(dueAt), run(dueAt)]);
    await run(new Date(dueAt.getTime() + HOUR_MS));
    for (const [party, other] of [
      [student, '佐藤 美咲'],
      [mentor, '山田 太郎'],
    ] as const) {
      const mails = await mailsTo(t.app, party.email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        '【OGコネクト】明日はOG訪問の日です（前日確認）',
      ]);
      expect(mails[0]!.text).toContain(`${other}さん`);
      expect(mails[0]!.text).toContain('2026年12月10日');
      expect(mails[0]!.text).toContain('丸の内北口のカフェ');
      expect(mails[0]!.text).toContain(`/visit-requests/${id}?cancel=1`);
      expect(await bellKinds(party)).toEqual(['dayBefore']);
    }
  });

  it('keeps an online meeting URL on the site, naming its host made inert', async () => {
    const { student } = await agreed({ meetingUrl: 'https://meet.example.com/abc-defg' });
    await run(dueAt);
    const mail = (await mailsTo(t.app, student.email)).at(-1)!;
    expect(mail.text).toContain(
      'オンライン会議：meet．example．com（URLは依頼ページに記載しています）',
    );
    expect(mail.text).not.toContain('meet.example.com');
    expect(mail.text).not.toContain('abc-defg');
  });

  it('names no host of a URL the page would not link', async () => {
    const { student } = await agreed({ meetingUrl: 'https://accounts.google.com@evil.example/' });
    await run(dueAt);
    const mail = (await mailsTo(t.app, student.email)).at(-1)!;
    expect(mail.text).toContain('場所・会議のURL：依頼ページに記載しています');
    expect(mail.text).not.toMatch(/evil|google/);
  });

  it('lists 相談したいこと to both sides: the topics, then the questions numbered in order, made inert', async () => {
    const { student, mentor } = await agreed({
      agendaTopics: ['es_review', 'industry_research'],
      agendaQuestions: [
        '入社の決め手は何でしたか',
        '資料は https://evil.example/x に\n置きました',
        '連絡は 090-1234-5678 まで',
      ],
    });
    await run(dueAt);
    const agendaOf = (text: string) =>
      text.slice(text.indexOf('【相談したいこと】')).split('\n').slice(0, 5);
    const own = (await mailsTo(t.app, student.email)).at(-1)!;
    expect(agendaOf(own.text)).toEqual([
      '【相談したいこと】',
      'テーマ：ES添削、業界研究',
      '質問1：入社の決め手は何でしたか',
      // One line, and no link a mail client would make of it.
      '質問2：資料は https：／／evil．example／x に 置きました',
      '質問3：連絡は 090-1234-5678 まで',
    ]);
    expect(own.html).toContain('質問1：入社の決め手は何でしたか');
    // The alumna reads the student's words as on the site: contact details written before
    // acceptance masked.
    const hers = (await mailsTo(t.app, mentor.email)).at(-1)!;
    expect(agendaOf(hers.text)).toEqual([
      '【相談したいこと】',
      'テーマ：ES添削、業界研究',
      '質問1：入社の決め手は何でしたか',
      '質問2：資料は ＊＊＊ に 置きました',
      '質問3：連絡は ＊＊＊ まで',
    ]);
    for (const mail of [own, hers]) expect(mail.text).not.toContain('evil.example');
  });

  it('says nothing of 相談したいこと when the student gave none', async () => {
    const { student } = await agreed();
    await run(dueAt);
    expect((await mailsTo(t.app, student.email)).at(-1)!.text).not.toContain('相談したいこと');
  });

  it('is not sent for a visit agreed on its own day', async () => {
    const { student, id } = await agreed();
    const sameDay = new Date('2026-12-10T00:00:00Z');
    await run(sameDay);
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);
    expect((await requestRow(t.app, id))!.dayBeforeSentAt).toEqual(sameDay);
  });

  it('respects the choice to get no reminder mails, and still rings the bell', async () => {
    const { student } = await agreed();
    await call(t.app, student.cookie, 'PUT', '/api/me/mail-preferences', {
      requests: true,
      answers: true,
      cancellations: true,
      messages: true,
      reminders: false,
    });
    await run(dueAt);
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);
    expect(await bellKinds(student)).toEqual(['dayBefore']);
  });
});

describe('cancelling within 24 hours', () => {
  it('asks for a reason, which the other side sees', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const request = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() + 20 * HOUR_MS),
    });
    const bare = await act(t.app, student.cookie, request.id, 'cancel', { message: '' });
    expectError(bare, 400, 'invalid-argument');
    expect(bare.json().fieldErrors).toEqual({ message: 'validation.visitCancelReasonRequired' });
    expect((await requestRow(t.app, request.id))!.status).toBe('accepted');

    const reason = '体調を崩してしまいました。申し訳ありません。';
    expect(
      (await act(t.app, student.cookie, request.id, 'cancel', { message: reason })).statusCode,
    ).toBe(200);
    const seen = (await viewRequest(t.app, mentor.cookie, request.id)).json() as VisitRequest;
    expect(seen).toMatchObject({ status: 'cancelled', cancelMessage: reason });
  });

  it('needs no reason earlier', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const request = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() + 30 * HOUR_MS),
    });
    expect(
      (await act(t.app, mentor.cookie, request.id, 'cancel', { message: '' })).statusCode,
    ).toBe(200);
  });
});
