import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../shared/schemas/admin';
import type { MentorDetail } from '../../shared/schemas/mentors';
import type { NotificationList } from '../../shared/schemas/notifications';
import type { Thread } from '../../shared/schemas/threads';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import { MIGRATIONS_DIR } from '../db/client';
import { noShowClaims, visitFeedback, visitRequests } from '../db/schema';
import { call, expectError, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  DAY_MS,
  HOUR_MS,
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  sendRequest,
  viewRequest,
  type Party,
} from '../test/factories/visits';

/**
 * After the meeting (docs/PRODUCT.md §7): 実施済み or a no-show, the student's お礼 in the
 * thread, private feedback, 実施 N件 on the alumnus's page and the stop after two no-shows.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function visit(meetingAt: Date, status: 'accepted' | 'pending' = 'accepted') {
  const student = await newStudent(t.app, '山田 太郎');
  const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
  const request = await insertRequest(t.app, student.id, mentor.id, {
    status,
    meetingAt: status === 'accepted' ? meetingAt : null,
    preferredSlots: [meetingAt],
  });
  return { student, mentor, id: request.id };
}

const held = () => visit(new Date(Date.now() - 2 * HOUR_MS));

function outcome(party: Party, id: string, value: string, reason?: unknown) {
  return call(t.app, party.cookie, 'POST', `/api/visit-requests/${id}/outcome`, {
    outcome: value,
    ...(reason === undefined ? {} : { reason }),
  });
}

function answer(party: Party, id: string, note: unknown) {
  return call(t.app, party.cookie, 'POST', `/api/visit-requests/${id}/no-show-answer`, { note });
}

function claimRows(id: string) {
  return t.app.ctx.db.select().from(noShowClaims).where(eq(noShowClaims.visitRequestId, id));
}

function feedback(party: Party, id: string, body: object) {
  return call(t.app, party.cookie, 'PUT', `/api/visit-requests/${id}/feedback`, body);
}

function thank(party: Party, id: string, body: string, clientId: string = randomUUID()) {
  return call(t.app, party.cookie, 'POST', `/api/visit-requests/${id}/thanks`, { body, clientId });
}

async function view(party: Party, id: string): Promise<VisitRequest> {
  return (await viewRequest(t.app, party.cookie, id)).json() as VisitRequest;
}

async function heldCount(urlParam: string): Promise<number> {
  const viewer = await newStudent(t.app);
  const detail = await call(t.app, viewer.cookie, 'GET', `/api/mentors/${urlParam}`);
  return (detail.json() as MentorDetail).heldVisits;
}

describe('saying how the visit went', () => {
  it('opens at the meeting time, is seen by both sides and can be changed', async () => {
    const { student, mentor, id } = await held();
    expect((await outcome(student, id, 'held')).statusCode).toBe(200);
    expect((await view(mentor, id)).followUp).toMatchObject({
      open: true,
      myOutcome: null,
      otherOutcome: 'held',
    });
    expect((await outcome(mentor, id, 'held')).statusCode).toBe(200);
    expect((await view(student, id)).followUp).toMatchObject({
      myOutcome: 'held',
      otherOutcome: 'held',
    });
  });

  it('is refused before the meeting, on a request never agreed, and 30 days after', async () => {
    const ahead = await visit(new Date(Date.now() + DAY_MS));
    expectError(await outcome(ahead.student, ahead.id, 'held'), 409, 'visit/not-held-yet');
    expect((await view(ahead.student, ahead.id)).followUp.open).toBe(false);
    const pending = await visit(new Date(Date.now() - HOUR_MS), 'pending');
    expectError(await outcome(pending.mentor, pending.id, 'held'), 409, 'visit/not-open');
    const old = await visit(new Date(Date.now() - 31 * DAY_MS));
    expectError(await outcome(old.student, old.id, 'held'), 409, 'visit/follow-up-closed');
    expectError(await feedback(old.student, old.id, { rating: 5 }), 409, 'visit/follow-up-closed');
  });

  it('answers another person’s request as if it did not exist, and refuses other values', async () => {
    const { id } = await held();
    const stranger = await newStudent(t.app);
    expectError(await outcome(stranger, id, 'held'), 404, 'not-found');
    const { student, id: own } = await held();
    expectError(await outcome(student, own, 'cancelled'), 400, 'invalid-argument');
  });

  it('counts 実施 on the alumnus’s page only for visits no side reported missed', async () => {
    const { student, mentor, id } = await held();
    expect(await heldCount(mentor.urlParam)).toBe(0);
    await outcome(mentor, id, 'held');
    expect(await heldCount(mentor.urlParam)).toBe(1);
    await outcome(student, id, 'no_show');
    expect(await heldCount(mentor.urlParam)).toBe(0);
  });

  it('tells the other side of a no-show report on the bell', async () => {
    const { student, mentor, id } = await held();
    await outcome(mentor, id, 'no_show');
    await outcome(mentor, id, 'no_show');
    const list = (await call(t.app, student.cookie, 'GET', '/api/notifications')).json();
    expect((list as NotificationList).items.map((item) => [item.kind, item.actorName])).toEqual([
      ['noShowReported', '佐藤 美咲'],
    ]);
  });
});

describe('a no-show claim', () => {
  it('is stored with its reason, shown to both sides, and mailed to the other side', async () => {
    const { student, mentor, id } = await held();
    // Mail preferences do not matter: it is a claim against her.
    await call(t.app, student.cookie, 'PUT', '/api/me/mail-preferences', {
      requests: false,
      answers: false,
      cancellations: false,
      messages: false,
      reminders: false,
    });
    const reason = '約束の時刻から30分、受付で待ちましたが\nいらっしゃいませんでした。';
    expect((await outcome(mentor, id, 'no_show', `  ${reason} `)).statusCode).toBe(200);
    expect((await claimRows(id)).map((row) => [row.claimantSide, row.reason])).toEqual([
      ['mentor', reason],
    ]);
    expect((await view(student, id)).followUp).toMatchObject({
      myClaim: null,
      claimAgainstMe: { reason, answer: null },
    });
    expect((await view(mentor, id)).followUp).toMatchObject({
      myClaim: { reason, answer: null },
      claimAgainstMe: null,
    });

    const mails = await mailsTo(t.app, student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('来なかった');
    expect(mails[0]!.text).toContain('佐藤 美咲');
    expect(mails[0]!.text).toContain(`/visit-requests/${id}`);
    // The reason stays on the page.
    expect(mails[0]!.text).not.toContain('受付で待ちました');
    expect(mails[0]!.html).not.toContain('受付で待ちました');
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);
  });

  it('is one per side: recorded again it replaces the reason and is not mailed again', async () => {
    const { student, mentor, id } = await held();
    await outcome(student, id, 'no_show');
    await outcome(student, id, 'no_show', '連絡もありませんでした。');
    expect((await claimRows(id)).map((row) => [row.claimantSide, row.reason])).toEqual([
      ['student', '連絡もありませんでした。'],
    ]);
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(1);
  });

  it('is withdrawn by changing the record to 実施済み, answer and all', async () => {
    const { student, mentor, id } = await held();
    await outcome(mentor, id, 'no_show', '来ませんでした。');
    await answer(student, id, '参加しました。');
    expect((await outcome(mentor, id, 'held')).statusCode).toBe(200);
    expect(await claimRows(id)).toEqual([]);
    expect((await view(student, id)).followUp.claimAgainstMe).toBeNull();
  });

  it.each([
    ['a reason too long', 'あ'.repeat(501)],
    ['a reason not a text', 42],
  ])('refuses %s and changes nothing', async (_, reason) => {
    const { mentor, id } = await held();
    const response = await outcome(mentor, id, 'no_show', reason);
    expectError(response, 400, 'invalid-argument');
    expect(Object.keys(response.json().fieldErrors)).toEqual(['reason']);
    expect(await claimRows(id)).toEqual([]);
    expect((await view(mentor, id)).followUp.myOutcome).toBeNull();
  });
});

describe('the answer 「参加しました」', () => {
  it('is given once by the side the claim names, and both sides read it', async () => {
    const { student, mentor, id } = await held();
    await outcome(mentor, id, 'no_show', '来ませんでした。');
    const note = '13時に1階の受付に伺い、お電話もしましたがつながりませんでした。';
    expect((await answer(student, id, ` ${note} `)).statusCode).toBe(200);
    expect((await view(mentor, id)).followUp.myClaim?.answer).toMatchObject({ note });
    expect((await view(student, id)).followUp.claimAgainstMe?.answer).toMatchObject({ note });
    const second = await answer(student, id, '書き直します。');
    expectError(second, 409, 'visit/no-show-answered');
    expect((await claimRows(id))[0]!.answerNote).toBe(note);
  });

  it('is refused without a claim against the caller, and to anyone outside the visit', async () => {
    const { student, mentor, id } = await held();
    expectError(await answer(student, id, '参加しました。'), 409, 'visit/no-show-not-claimed');
    await outcome(mentor, id, 'no_show');
    // The claimant answers no claim of her own.
    expectError(await answer(mentor, id, '参加しました。'), 409, 'visit/no-show-not-claimed');
    const stranger = await newStudent(t.app);
    expectError(await answer(stranger, id, '参加しました。'), 404, 'not-found');
    expect((await claimRows(id))[0]!.answeredAt).toBeNull();
  });

  it.each([
    ['an empty note', '  '],
    ['a note too long', 'あ'.repeat(501)],
    ['no note', undefined],
  ])('refuses %s and changes nothing', async (_, note) => {
    const { student, mentor, id } = await held();
    await outcome(mentor, id, 'no_show');
    const response = await answer(student, id, note);
    expectError(response, 400, 'invalid-argument');
    expect(Object.keys(response.json().fieldErrors)).toEqual(['note']);
    expect((await claimRows(id))[0]!.answeredAt).toBeNull();
  });
});

describe('two no-shows within 90 days', () => {
  it('stop the student’s requests until an admin clears them (audited)', async () => {
    const student = await newStudent(t.app);
    const missed: string[] = [];
    for (const daysAgo of [100, 40, 10]) {
      const mentor = await newMentor(t.app);
      const request = await insertRequest(t.app, student.id, mentor.id, {
        status: 'accepted',
        meetingAt: new Date(Date.now() - daysAgo * DAY_MS),
        mentorOutcome: 'no_show',
      });
      missed.push(request.id);
    }
    // Her request page says so; the alumna's never does.
    expect((await view(student, missed[2]!)).requestsStopped).toBe(true);
    const mentor = await newMentor(t.app);
    expectError(await sendRequest(t.app, student, mentor), 403, 'visit/no-show-limit');
    const detail = (
      await call(t.app, student.cookie, 'GET', `/api/mentors/${mentor.urlParam}`)
    ).json() as MentorDetail;
    expect(detail.viewer.visitUnavailable).toBe('no-show-limit');

    const { cookie: adminCookie } = await insertAdmin(t.app);
    const listed = await call(t.app, adminCookie, 'GET', '/api/admin/users?role=student');
    expect(
      (listed.json() as { users: { id: string; requestsStopped: boolean }[] }).users.find(
        (user) => user.id === student.id,
      ),
    ).toMatchObject({ requestsStopped: true });
    const cleared = await call(
      t.app,
      adminCookie,
      'POST',
      `/api/admin/users/${student.id}/clear-no-shows`,
    );
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ requestsStopped: false });
    expect((await view(student, missed[2]!)).requestsStopped).toBe(false);
    expect((await sendRequest(t.app, student, mentor)).statusCode).toBe(201);
  });

  it('are shown to the admins on the student’s row, each by name with its reason and answer', async () => {
    const student = await newStudent(t.app, '山田 花子');
    const first = await newMentor(t.app, { name: '佐藤 美咲' });
    const second = await newMentor(t.app, { name: '鈴木 陽子' });
    const early = await insertRequest(t.app, student.id, first.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - 3 * HOUR_MS),
    });
    const late = await insertRequest(t.app, student.id, second.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - 2 * HOUR_MS),
    });
    await outcome(first, early.id, 'no_show', '受付で30分お待ちしました。');
    await outcome(second, late.id, 'no_show');
    await answer(student, early.id, '13時に伺いましたが、受付でお会いできませんでした。');

    const { cookie: adminCookie } = await insertAdmin(t.app);
    const listed = await call(t.app, adminCookie, 'GET', '/api/admin/users?role=student');
    const row = (listed.json() as { users: AdminUser[] }).users.find(
      (user) => user.id === student.id,
    )!;
    // An answer does not lift the stop: the admins weigh it and clear.
    expect(row.requestsStopped).toBe(true);
    expect(
      row.noShowClaims.map((claim) => [claim.claimantName, claim.reason, claim.answer?.note]),
    ).toEqual([
      ['鈴木 陽子', '', undefined],
      [
        '佐藤 美咲',
        '受付で30分お待ちしました。',
        '13時に伺いましたが、受付でお会いできませんでした。',
      ],
    ]);
    expect(row.noShowClaims[1]).toMatchObject({
      meetingAt: expect.any(String),
      claimedAt: expect.any(String),
      answer: { at: expect.any(String) },
    });
    // Nobody claims anything of the alumnae.
    const mentorsListed = await call(t.app, adminCookie, 'GET', '/api/admin/users?role=mentor');
    const mentorRow = (mentorsListed.json() as { users: AdminUser[] }).users.find(
      (user) => user.id === first.id,
    )!;
    expect(mentorRow.noShowClaims).toEqual([]);
  });

  it('one no-show does not stop anything', async () => {
    const student = await newStudent(t.app);
    const first = await newMentor(t.app);
    await insertRequest(t.app, student.id, first.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - DAY_MS),
      mentorOutcome: 'no_show',
    });
    expect((await sendRequest(t.app, student, await newMentor(t.app))).statusCode).toBe(201);
  });
});

describe('the student’s お礼', () => {
  it('is posted once after the visit and appears in the thread as a thanks', async () => {
    const { student, mentor, id } = await held();
    const text = '本日はお時間をいただき、ありがとうございました。';
    const clientId = randomUUID();
    const sent = await thank(student, id, text, clientId);
    expect(sent.statusCode).toBe(201);
    // A retried send is stored once.
    expect((await thank(student, id, text, clientId)).json()).toEqual(sent.json());
    expectError(await thank(student, id, 'もう一度'), 409, 'visit/already-thanked');

    const thread = (
      await call(t.app, mentor.cookie, 'GET', `/api/visit-requests/${id}/messages`)
    ).json() as Thread;
    expect(thread.messages.map((m) => [m.kind, m.side, m.body])).toEqual([
      ['thanks', 'student', text],
    ]);
    expect((await view(student, id)).followUp.thankedAt).not.toBeNull();
    const list = (await call(t.app, mentor.cookie, 'GET', '/api/notifications')).json();
    expect((list as NotificationList).items.map((item) => item.kind)).toEqual(['thanks']);
  });

  it('is the student’s alone, and not before the meeting', async () => {
    const { mentor, id } = await held();
    expectError(await thank(mentor, id, 'ありがとう'), 403, 'permission-denied');
    const ahead = await visit(new Date(Date.now() + DAY_MS));
    expectError(await thank(ahead.student, ahead.id, 'ありがとう'), 409, 'visit/not-held-yet');
  });

  it('is refused once either side has recorded a no-show', async () => {
    for (const side of ['student', 'mentor'] as const) {
      const parties = await held();
      await outcome(parties[side], parties.id, 'no_show');
      expectError(
        await thank(parties.student, parties.id, 'ありがとう'),
        409,
        'visit/no-show-recorded',
      );
      expect((await view(parties.student, parties.id)).followUp.thankedAt).toBeNull();
    }
  });
});

describe('private feedback', () => {
  it('is saved, replaced, and shown to its author only', async () => {
    const { student, mentor, id } = await held();
    expect((await feedback(student, id, { rating: 4, comment: '丁寧でした。' })).statusCode).toBe(
      200,
    );
    expect(
      (await feedback(student, id, { rating: 5, comment: 'とても参考になりました。' })).statusCode,
    ).toBe(200);
    expect((await view(student, id)).followUp.myFeedback).toEqual({
      rating: 5,
      comment: 'とても参考になりました。',
    });
    expect((await view(mentor, id)).followUp.myFeedback).toBeNull();
    const rows = await t.app.ctx.db
      .select()
      .from(visitFeedback)
      .where(eq(visitFeedback.visitRequestId, id));
    expect(rows.map((row) => [row.side, row.rating])).toEqual([['student', 5]]);
  });

  it.each([
    [{ rating: 0 }, 'rating'],
    [{ rating: 6 }, 'rating'],
    [{ rating: 3.5 }, 'rating'],
    [{ rating: 3, comment: 'あ'.repeat(1001) }, 'comment'],
  ])('refuses %j', async (body, field) => {
    const { mentor, id } = await held();
    const response = await feedback(mentor, id, body);
    expectError(response, 400, 'invalid-argument');
    expect(Object.keys(response.json().fieldErrors)).toEqual([field]);
  });
});

describe('migration 0022 on no-shows recorded before claims existed', () => {
  it('makes each a claim without a reason, which the side it names may answer', async () => {
    const { student, mentor, id } = await held();
    await t.app.ctx.db
      .update(visitRequests)
      .set({ mentorOutcome: 'no_show' })
      .where(eq(visitRequests.id, id));
    // As before 0022: the outcome, no claim.
    await t.app.ctx.db.delete(noShowClaims).where(eq(noShowClaims.visitRequestId, id));

    for (const statement of insertStepsOf0022()) await t.app.ctx.db.execute(sql.raw(statement));

    const claims = await t.app.ctx.db
      .select()
      .from(noShowClaims)
      .where(eq(noShowClaims.visitRequestId, id));
    expect(claims).toMatchObject([{ claimantSide: 'mentor', reason: '', answeredAt: null }]);
    expect((await answer(student, id, '時間どおりに伺いました。')).statusCode).toBe(200);
    expectError(await answer(mentor, id, '本人です。'), 409, 'visit/no-show-not-claimed');
  });
});

/** The statements of migration 0022 that make claims of older no-shows. */
function insertStepsOf0022(): string[] {
  const text = readFileSync(path.join(MIGRATIONS_DIR, '0022_safe_meetings.sql'), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement.startsWith('INSERT'));
}

describe('an after-visit action from a page opened before the request changed', () => {
  /** The 409's own fields: the stable code, and the request as the caller sees it now. */
  async function staleAnswer(response: Awaited<ReturnType<typeof outcome>>, party: Party) {
    const body = response.json() as { code: string; current?: VisitRequest };
    expect(response.statusCode, response.body).toBe(409);
    expect(body.current, `${body.code} carries the request now`).toEqual(
      await view(party, body.current?.id ?? ''),
    );
    return body as { code: string; current: VisitRequest };
  }

  it('answers thanks sent again from another tab with the thanks already there', async () => {
    const { student, id } = await held();
    expect((await thank(student, id, 'ありがとうございました。')).statusCode).toBe(201);
    const again = await staleAnswer(await thank(student, id, 'もう一度'), student);
    expect(again.code).toBe('visit/already-thanked');
    expect(again.current.followUp.thankedAt).not.toBeNull();
  });

  it('answers thanks after the alumna recorded a no-show meanwhile with her claim', async () => {
    const { student, mentor, id } = await held();
    await outcome(mentor, id, 'no_show', '来ませんでした。');
    const refused = await staleAnswer(await thank(student, id, 'ありがとう'), student);
    expect(refused.code).toBe('visit/no-show-recorded');
    expect(refused.current.followUp.claimAgainstMe).not.toBeNull();
    expect((await view(student, id)).followUp.thankedAt).toBeNull();
  });

  it('answers a no-show answer given again, or after the claim was withdrawn, with the claim now', async () => {
    const { student, mentor, id } = await held();
    await outcome(mentor, id, 'no_show', '来ませんでした。');
    expect((await answer(student, id, '参加しました。')).statusCode).toBe(200);
    const again = await staleAnswer(await answer(student, id, '書き直します。'), student);
    expect(again.code).toBe('visit/no-show-answered');
    expect(again.current.followUp.claimAgainstMe?.answer?.note).toBe('参加しました。');

    // The alumna withdraws her claim while the student's other page still offers the answer.
    const other = await held();
    await outcome(other.mentor, other.id, 'no_show');
    await outcome(other.mentor, other.id, 'held');
    const withdrawn = await staleAnswer(
      await answer(other.student, other.id, '参加しました。'),
      other.student,
    );
    expect(withdrawn.code).toBe('visit/no-show-not-claimed');
    expect(withdrawn.current.followUp.claimAgainstMe).toBeNull();
    expect(await claimRows(other.id)).toEqual([]);
  });

  it('answers the record or feedback sent after the 30 days with the follow-up closed', async () => {
    const old = await visit(new Date(Date.now() - 31 * DAY_MS));
    const record = await staleAnswer(await outcome(old.student, old.id, 'held'), old.student);
    expect(record.code).toBe('visit/follow-up-closed');
    expect(record.current.followUp.open).toBe(false);
    const rated = await staleAnswer(await feedback(old.mentor, old.id, { rating: 4 }), old.mentor);
    expect(rated.code).toBe('visit/follow-up-closed');
    expect(rated.current.followUp.myFeedback).toBeNull();
  });

  it('tells nothing of another’s visit, and answers a refusal a page could not cause as before', async () => {
    const { id } = await held();
    const stranger = await newStudent(t.app);
    const response = await thank(stranger, id, 'ありがとう');
    expectError(response, 404, 'not-found');
    expect(response.json()).not.toHaveProperty('current');
    const ahead = await visit(new Date(Date.now() + DAY_MS));
    const early = await outcome(ahead.student, ahead.id, 'held');
    expectError(early, 409, 'visit/not-held-yet');
    expect(early.json()).not.toHaveProperty('current');
  });
});
