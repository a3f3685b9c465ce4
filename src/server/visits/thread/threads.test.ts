import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../../shared/contact-masking';
import type { Thread, ThreadMessage } from '../../../shared/schemas/threads';
import { THREAD_READING_SECONDS } from '../../../shared/constants';
import { users, visitRequests } from '../../db/schema';
import { auditEntries, call, expectError, insertAdmin } from '../../test/factories/admins';
import { createTestApp, type TestApp } from '../../test/app';
import { insertThreadMessage, threadRows } from '../../test/factories/threads';
import {
  act,
  DAY_MS,
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  type Party,
} from '../../test/factories/visits';
import { mailUnreadMessages } from './message-mail-service';

/** The thread of a visit request: who may read and post, when, what is masked, what is mailed. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type State = Parameters<typeof insertRequest>[3];

async function pairWith(state: State = {}) {
  const student = await newStudent(t.app);
  const mentor = await newMentor(t.app);
  const request = await insertRequest(t.app, student.id, mentor.id, state);
  return { student, mentor, id: request.id };
}

function post(party: Party, id: string, body: string, clientId: string = randomUUID()) {
  return call(t.app, party.cookie, 'POST', `/api/visit-requests/${id}/messages`, {
    body,
    clientId,
  });
}

async function read(party: Party, id: string): Promise<Thread> {
  const response = await call(t.app, party.cookie, 'GET', `/api/visit-requests/${id}/messages`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('posting and reading', () => {
  it('keeps both sides’ messages in order, line breaks and all, each marked as whose', async () => {
    const { student, mentor, id } = await pairWith();
    expect((await post(student, id, 'はじめまして。\nよろしくお願いします。')).statusCode).toBe(
      201,
    );
    expect((await post(mentor, id, 'こちらこそ！')).statusCode).toBe(201);
    const seenByStudent = await read(student, id);
    expect(seenByStudent.messages.map((m) => [m.side, m.mine, m.body])).toEqual([
      ['student', true, 'はじめまして。\nよろしくお願いします。'],
      ['mentor', false, 'こちらこそ！'],
    ]);
    expect(seenByStudent.closedReason).toBeNull();
    expect(seenByStudent.masksContacts).toBe(true);
    const seenByMentor = await read(mentor, id);
    expect(seenByMentor.messages.map((m) => m.mine)).toEqual([false, true]);
  });

  it('stores a retried send once (same clientId), and refuses another side reusing its id', async () => {
    const { student, mentor, id } = await pairWith();
    const clientId = randomUUID();
    const first = (await post(student, id, '一度だけ', clientId)).json() as ThreadMessage;
    const again = (await post(student, id, '一度だけ', clientId)).json() as ThreadMessage;
    expect(again.id).toBe(first.id);
    expectError(await post(mentor, id, '横取り', clientId), 409, 'already-exists');
    expect(await threadRows(t.app, id)).toHaveLength(1);
  });

  it('refuses empty, blank and over-long messages with the field’s message, storing nothing', async () => {
    const { student, id } = await pairWith();
    for (const body of ['', '   \n  ', 'あ'.repeat(1001)]) {
      const response = await post(student, id, body);
      expectError(response, 400, 'invalid-argument');
      expect(Object.keys(response.json().fieldErrors)).toEqual(['body']);
    }
    expect((await post(student, id, 'あ'.repeat(1000))).statusCode).toBe(201);
    expect(await threadRows(t.app, id)).toHaveLength(1);
  });

  it('answers not-found to anyone but the two sides, and stores nothing', async () => {
    const { id } = await pairWith();
    const stranger = await newStudent(t.app);
    const otherMentor = await newMentor(t.app);
    const { cookie: adminCookie } = await insertAdmin(t.app);
    for (const cookie of [stranger.cookie, otherMentor.cookie, adminCookie]) {
      expectError(
        await call(t.app, cookie, 'GET', `/api/visit-requests/${id}/messages`),
        404,
        'not-found',
      );
      expectError(
        await call(t.app, cookie, 'POST', `/api/visit-requests/${id}/messages`, {
          body: '覗き見',
          clientId: randomUUID(),
        }),
        404,
        'not-found',
      );
    }
    expect(await threadRows(t.app, id)).toHaveLength(0);
  });
});

describe('masking contact details before acceptance', () => {
  it('masks a phone number, an address and a LINE ID while pending, and says so', async () => {
    const { student, mentor, id } = await pairWith();
    const sent = (await post(student, id, '090-1234-5678 か a@b.jp、LINE ID: hanako01 へ')).json();
    expect(sent).toMatchObject({
      body: `${MASK} か ${MASK}、LINE ID: ${MASK} へ`,
      masked: true,
    });
    // What is stored is the masked text: the number never reaches the other side.
    const [row] = await threadRows(t.app, id);
    expect(row!.body).not.toContain('5678');
    expect((await read(mentor, id)).messages[0]).toMatchObject({ masked: true });
  });

  it('keeps them once the alumnus accepted', async () => {
    const { student, id } = await pairWith({
      status: 'accepted',
      meetingAt: new Date(Date.now() + 2 * DAY_MS),
    });
    const sent = (await post(student, id, '当日は 090-1234-5678 へどうぞ')).json();
    expect(sent).toMatchObject({ body: '当日は 090-1234-5678 へどうぞ', masked: false });
    expect((await read(student, id)).masksContacts).toBe(false);
  });

  it('masks from the moment of acceptance on, not before: a request accepted meanwhile', async () => {
    const { student, mentor, id } = await pairWith({
      preferredSlots: [new Date(Date.now() + 2 * DAY_MS)],
    });
    expect((await post(student, id, 'a@b.jp')).json()).toMatchObject({ masked: true });
    const accepted = await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect(accepted.statusCode).toBe(200);
    expect((await post(student, id, 'a@b.jp')).json()).toMatchObject({
      body: 'a@b.jp',
      masked: false,
    });
  });
});

describe('when the thread takes messages', () => {
  const cases: [string, State, 'ended' | null][] = [
    ['pending', {}, null],
    [
      'accepted, meeting ahead',
      { status: 'accepted', meetingAt: new Date(Date.now() + DAY_MS) },
      null,
    ],
    [
      'accepted, met 29 days ago',
      { status: 'accepted', meetingAt: new Date(Date.now() - 29 * DAY_MS) },
      null,
    ],
    [
      'accepted, met 31 days ago',
      { status: 'accepted', meetingAt: new Date(Date.now() - 31 * DAY_MS) },
      'ended',
    ],
    ['declined', { status: 'declined' }, 'ended'],
    ['cancelled', { status: 'cancelled', cancelledBy: 'student' }, 'ended'],
  ];
  it.each(cases)('%s', async (_, state, closed) => {
    const { student, mentor, id } = await pairWith({
      ...state,
      createdAt: new Date(Date.now() - 40 * DAY_MS),
    });
    await insertThreadMessage(t.app, id, 'student', '以前のメッセージ');
    for (const party of [student, mentor]) {
      const thread = await read(party, id);
      expect(thread.closedReason).toBe(closed);
      // Readable either way.
      expect(thread.messages[0]!.body).toBe('以前のメッセージ');
    }
    for (const party of [student, mentor]) {
      const response = await post(party, id, 'こんにちは');
      if (closed) expectError(response, 409, 'thread/closed');
      else expect(response.statusCode).toBe(201);
    }
  });

  it('a block: the blocker is told, the blocked person sees an ended thread; neither can post', async () => {
    const { student, mentor, id } = await pairWith({
      status: 'accepted',
      meetingAt: new Date(Date.now() - DAY_MS),
    });
    expect((await call(t.app, mentor.cookie, 'PUT', `/api/blocks/${student.id}`)).statusCode).toBe(
      200,
    );
    expect((await read(mentor, id)).closedReason).toBe('blocked');
    expect((await read(student, id)).closedReason).toBe('ended');
    expectError(await post(mentor, id, 'a'), 403, 'thread/blocked');
    expectError(await post(student, id, 'a'), 409, 'thread/closed');
    expect(await threadRows(t.app, id)).toHaveLength(0);
  });

  it('a suspended side is signed out and cannot post', async () => {
    const { student, id } = await pairWith();
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, student.id));
    t.app.ctx.caches.clear();
    expectError(await post(student, id, 'まだ送れますか'), 401, 'auth/unauthenticated');
    expect(await threadRows(t.app, id)).toHaveLength(0);
  });

  it('the other side withdrew: readable, closed as withdrawn', async () => {
    const { student, mentor, id } = await pairWith({
      status: 'accepted',
      meetingAt: new Date(Date.now() - DAY_MS),
    });
    await insertThreadMessage(t.app, id, 'mentor', 'ありがとうございました');
    expect((await call(t.app, mentor.cookie, 'DELETE', '/api/users/me')).statusCode).toBe(200);
    const thread = await read(student, id);
    expect(thread.closedReason).toBe('withdrawn');
    expect(thread.messages.map((m) => [m.side, m.body])).toEqual([
      ['mentor', 'ありがとうございました'],
    ]);
    expectError(await post(student, id, 'お元気で'), 409, 'thread/closed');
  });
});

/** A request's two read marks as stored, with the row's version: any write changes `version`. */
async function marksOf(id: string) {
  const [row] = await t.app.ctx.db
    .select({
      student: visitRequests.studentReadAt,
      mentor: visitRequests.mentorReadAt,
      version: sql<string>`xmin::text`,
    })
    .from(visitRequests)
    .where(eq(visitRequests.id, id));
  return row!;
}

function markRead(party: Party, id: string) {
  return call(t.app, party.cookie, 'POST', `/api/visit-requests/${id}/messages/read`);
}

describe('read marks', () => {
  it('a read is a read: opening a thread with nothing new writes nothing, a new message from the other side moves the mark', async () => {
    const { student, mentor, id } = await pairWith();
    await post(student, id, 'ご相談です');
    // The alumna opens the thread: the student's message is new to her.
    expect((await markRead(mentor, id)).statusCode).toBe(200);
    const opened = await marksOf(id);
    expect(opened.mentor).not.toBeNull();
    // Opened again, and by the student (only her own message there): the row is not written.
    expect((await markRead(mentor, id)).statusCode).toBe(200);
    expect((await markRead(student, id)).statusCode).toBe(200);
    expect(await read(mentor, id)).toBeDefined();
    expect(await marksOf(id)).toEqual(opened);
    // The student's message did not move her own mark past what she sent either.
    const [sent] = await threadRows(t.app, id);
    expect(opened.student).toEqual(sent!.createdAt);

    await insertThreadMessage(t.app, id, 'mentor', 'どうぞ', new Date());
    const beforeStudentRead = await marksOf(id);
    await markRead(student, id);
    const after = await marksOf(id);
    expect(after.version).not.toBe(beforeStudentRead.version);
    expect(after.student!.getTime()).toBeGreaterThan(sent!.createdAt.getTime());
    expect(after.mentor).toEqual(opened.mentor);
  });

  it('records up to when each side read, and a sender has read their own message', async () => {
    const { student, mentor, id } = await pairWith();
    await post(student, id, 'ご相談です');
    const before = await read(mentor, id);
    expect(before.readAt).toBeNull();
    const readAt = (await read(student, id)).readAt;
    expect(readAt).not.toBeNull();
    expect(
      (await call(t.app, mentor.cookie, 'POST', `/api/visit-requests/${id}/messages/read`))
        .statusCode,
    ).toBe(200);
    const after = await read(mentor, id);
    expect(Date.parse(after.readAt!)).toBeGreaterThanOrEqual(
      Date.parse(before.messages[0]!.createdAt),
    );
  });
});

describe('mail about new messages', () => {
  /** The mail pass as it would run at `now` (other tests' threads are mailed too). */
  const mailAt = (now: Date) => mailUnreadMessages(t.app.ctx.db, now);

  async function mailsAbout(party: Party) {
    return (await mailsTo(t.app, party.email)).filter((mail) =>
      mail.subject.includes('新しいメッセージ'),
    );
  }

  /** When a message posted now has waited its time to be read, and a moment more. */
  const unreadLongEnough = () => new Date(Date.now() + (THREAD_READING_SECONDS + 1) * 1000);

  it('mails the other side once, gathered, never quoting the words, then not again for 15 minutes', async () => {
    const { student, mentor, id } = await pairWith();
    await post(student, id, '最初の質問です');
    await post(student, id, '追加の質問です');
    const first = unreadLongEnough();
    await mailAt(first);
    const [mail, ...more] = await mailsAbout(mentor);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain('2件');
    expect(mail!.text).toContain(`/visit-requests/${id}`);
    expect(mail!.text).not.toContain('質問です');
    expect(await mailsAbout(student)).toHaveLength(0);

    // A third a minute after that mail (the passes here run ahead of the clock).
    await insertThreadMessage(
      t.app,
      id,
      'student',
      'さらにもう一つ',
      new Date(first.getTime() + 60_000),
    );
    await mailAt(new Date(first.getTime() + 5 * 60_000));
    expect(await mailsAbout(mentor)).toHaveLength(1);
    await mailAt(new Date(first.getTime() + 16 * 60_000));
    const later = await mailsAbout(mentor);
    expect(later).toHaveLength(2);
    expect(later[1]!.text).toContain('3件');
    // Nothing new since: no third mail, however long after.
    await mailAt(new Date(first.getTime() + 60 * 60_000));
    expect(await mailsAbout(mentor)).toHaveLength(2);
  });

  it('sends nothing for messages the recipient has read', async () => {
    const { student, mentor, id } = await pairWith();
    await post(student, id, '見ていますか');
    await markRead(mentor, id);
    await mailAt(unreadLongEnough());
    expect(await mailsAbout(mentor)).toHaveLength(0);
    await mailAt(new Date(Date.now() + 10 * 60_000));
    expect(await mailsAbout(mentor)).toHaveLength(0);
  });

  it('gives a new message THREAD_READING_SECONDS to be read (someone reading sees it first), then mails', async () => {
    const { student, mentor, id } = await pairWith();
    // The alumna has the thread open: nothing new, nothing written.
    await markRead(mentor, id);
    await post(student, id, 'いま送りました');
    await mailAt(new Date());
    await mailAt(new Date(Date.now() + (THREAD_READING_SECONDS - 10) * 1000));
    expect(await mailsAbout(mentor)).toHaveLength(0);
    await mailAt(unreadLongEnough());
    expect(await mailsAbout(mentor)).toHaveLength(1);
  });

  it('respects the recipient turning message mail off', async () => {
    const { student, mentor, id } = await pairWith();
    await t.app.ctx.db
      .update(users)
      .set({ mailOptOut: ['messages'] })
      .where(eq(users.id, mentor.id));
    await post(student, id, 'メールは届きませんか');
    await mailAt(unreadLongEnough());
    await mailAt(new Date(Date.now() + 60 * 60_000));
    expect(await mailsAbout(mentor)).toHaveLength(0);
  });
});

describe('reporting a message and the admins reading the thread', () => {
  it('a report carries the message; an admin reads the thread only through it, audited', async () => {
    const { student, mentor, id } = await pairWith();
    const message = (await post(mentor, id, '個人的に飲みに行きませんか')).json() as ThreadMessage;
    const reported = await call(t.app, student.cookie, 'POST', '/api/reports', {
      userId: mentor.id,
      reason: 'alcohol',
      details: 'お酒に誘われました',
      messageId: message.id,
    });
    expect(reported.statusCode).toBe(201);
    const reportId = (reported.json() as { id: string }).id;

    const { cookie } = await insertAdmin(t.app);
    const list = await call(t.app, cookie, 'GET', '/api/admin/reports');
    const report = (
      list.json() as {
        reports: { id: string; messageBody: string | null; visit: unknown }[];
      }
    ).reports.find((r) => r.id === reportId);
    // The request is named by its two people, never by its id.
    expect(report).toMatchObject({
      messageBody: '個人的に飲みに行きませんか',
      visit: { studentName: expect.any(String), mentorName: expect.any(String) },
    });
    expect(JSON.stringify(report)).not.toContain(id);

    const thread = await call(t.app, cookie, 'GET', `/api/admin/reports/${reportId}/thread`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json()).toMatchObject({
      messages: [{ side: 'mentor', body: '個人的に飲みに行きませんか' }],
    });
    expect(JSON.stringify(thread.json())).not.toContain(id);
    expect(await auditEntries(t.app, 'admin.report.thread-read', reportId)).toHaveLength(1);
  });

  it('refuses a message of someone else, or from a thread the reporter is not in', async () => {
    const { student, mentor, id } = await pairWith();
    const own = (await post(student, id, '自分の発言')).json() as ThreadMessage;
    const other = await pairWith();
    const foreign = (await post(other.mentor, other.id, 'よそのスレッド')).json() as ThreadMessage;
    for (const messageId of [own.id, foreign.id]) {
      expectError(
        await call(t.app, student.cookie, 'POST', '/api/reports', {
          userId: mentor.id,
          reason: 'other',
          details: '確認',
          messageId,
        }),
        404,
        'not-found',
      );
    }
  });

  it('a report without a request gives the admin no thread', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const reported = await call(t.app, student.cookie, 'POST', '/api/reports', {
      userId: mentor.id,
      reason: 'other',
      details: '確認',
    });
    const { cookie } = await insertAdmin(t.app);
    const reportId = (reported.json() as { id: string }).id;
    expectError(
      await call(t.app, cookie, 'GET', `/api/admin/reports/${reportId}/thread`),
      404,
      'not-found',
    );
  });
});

describe('よくある返信', () => {
  it('an alumnus keeps up to 10, each with a title and a text, and reads them back', async () => {
    const mentor = await newMentor(t.app);
    const templates = [{ title: '日程調整', body: '候補日を3つほどいただけますか。' }];
    const saved = await call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/reply-templates', {
      templates,
    });
    expect(saved.json()).toEqual({ templates });
    const read = await call(t.app, mentor.cookie, 'GET', '/api/mentors/me/reply-templates');
    expect(read.json()).toEqual({ templates });
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ title: `返信${i}`, body: '本文' }));
    expectError(
      await call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/reply-templates', {
        templates: tooMany,
      }),
      400,
      'invalid-argument',
    );
    const blank = await call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/reply-templates', {
      templates: [{ title: ' ', body: '本文' }],
    });
    expectError(blank, 400, 'invalid-argument');
    expect(
      (await call(t.app, mentor.cookie, 'GET', '/api/mentors/me/reply-templates')).json(),
    ).toEqual({ templates });
  });
});
