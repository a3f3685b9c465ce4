import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../shared/schemas/admin';
import type { MentorDetail } from '../../shared/schemas/mentors';
import type { NotificationList } from '../../shared/schemas/notifications';
import type { Thread } from '../../shared/schemas/threads';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import { MIGRATIONS_DIR } from '../db/client';
import { auditLog, noShowClaims, visitFeedback, visitRequests } from '../db/schema';
import { call, expectError, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  DAY_MS,
  HOUR_MS,
  insertMissedVisit,
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

async function adminRow(
  adminCookie: string,
  userId: string,
  role: 'student' | 'mentor' = 'student',
): Promise<AdminUser> {
  const listed = await call(t.app, adminCookie, 'GET', `/api/admin/users?role=${role}`);
  return (listed.json() as { users: AdminUser[] }).users.find((user) => user.id === userId)!;
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

  it('is withdrawn by changing the record to 実施済み, for good, its reason and answer kept', async () => {
    const { student, mentor, id } = await held();
    await outcome(mentor, id, 'no_show', '来ませんでした。');
    await answer(student, id, '13時に受付に伺いました。');
    expect((await outcome(mentor, id, 'held')).statusCode).toBe(200);
    const [row] = await claimRows(id);
    expect(row).toMatchObject({
      reason: '来ませんでした。',
      answerNote: '13時に受付に伺いました。',
    });
    expect(row!.withdrawnAt).toBeInstanceOf(Date);
    expect((await view(student, id)).followUp.claimAgainstMe).toMatchObject({
      reason: '来ませんでした。',
      answer: { note: '13時に受付に伺いました。' },
      withdrawnAt: expect.any(String),
      counts: false,
    });

    // Filed again: refused, nothing changes, nobody is told again.
    const again = await outcome(mentor, id, 'no_show', '別の理由です。');
    expectError(again, 409, 'visit/no-show-withdrawn');
    expect(await claimRows(id)).toEqual([row]);
    expect((await view(mentor, id)).followUp.myOutcome).toBe('held');
    expect(await mailsTo(t.app, student.email)).toHaveLength(1);
  });

  it('keeps the reason the answer replies to once answered', async () => {
    const { student, mentor, id } = await held();
    await outcome(mentor, id, 'no_show', '来ませんでした。');
    await answer(student, id, '13時に受付に伺いました。');
    expect((await outcome(mentor, id, 'no_show', '書き直した理由')).statusCode).toBe(200);
    expect((await claimRows(id))[0]).toMatchObject({
      reason: '来ませんでした。',
      answerNote: '13時に受付に伺いました。',
    });
  });

  // The review's script: an alumna flipped 実施済み ↔ 来なかった 15 times in a minute; the student
  // got 15 mails, 15 bell entries and pushes, and her answer was erased by the re-filing.
  it('flipped 実施済み ↔ 来なかった 15 times, mails and rings once and keeps the answer', async () => {
    const { student, mentor, id } = await held();
    expect((await outcome(mentor, id, 'no_show', '来ませんでした。')).statusCode).toBe(200);
    await answer(student, id, '13時に受付に伺いました。');
    for (let round = 0; round < 15; round += 1) {
      expect((await outcome(mentor, id, 'held')).statusCode).toBe(200);
      expectError(await outcome(mentor, id, 'no_show'), 409, 'visit/no-show-withdrawn');
    }
    expect(await mailsTo(t.app, student.email)).toHaveLength(1);
    const bell = (await call(t.app, student.cookie, 'GET', '/api/notifications')).json();
    expect((bell as NotificationList).items.map((item) => item.kind)).toEqual(['noShowReported']);
    expect((await claimRows(id)).map((row) => row.answerNote)).toEqual([
      '13時に受付に伺いました。',
    ]);
    expect((await view(student, id)).followUp.claimAgainstMe?.answer?.note).toBe(
      '13時に受付に伺いました。',
    );
  });

  it('tells a student in its mail until when to answer, how many count and what stops at two', async () => {
    const { student, mentor, id } = await held();
    const other = await newMentor(t.app);
    await insertMissedVisit(t.app, student.id, other.id, 20);
    await outcome(mentor, id, 'no_show');
    const [mail] = await mailsTo(t.app, student.email);
    const by = new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      month: 'long',
      day: 'numeric',
    }).format(new Date(Date.now() + 7 * DAY_MS));
    expect(mail!.text).toContain(by);
    expect(mail!.text).toContain('までに回答すると');
    expect(mail!.text).toContain('双方の言い分を読んで認めた場合にだけ数えられます');
    expect(mail!.text).toContain('数えられている「来なかった」との報告は1回です');
    expect(mail!.text).toContain('直近90日間に2回数えられると');
    // An alumna is told of a claim, never of a stop that is not hers.
    const reverse = await held();
    await outcome(reverse.student, reverse.id, 'no_show');
    const [toMentor] = await mailsTo(t.app, reverse.mentor.email);
    expect(toMentor!.text).not.toContain('数えられ');
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
    // Unanswered for more than NO_SHOW_ANSWER_DAYS: each counts; the one of 100 days ago is too old.
    for (const daysAgo of [100, 40, 10]) {
      missed.push(
        (await insertMissedVisit(t.app, student.id, (await newMentor(t.app)).id, daysAgo)).id,
      );
    }
    // Her request page says so; the alumna's never does.
    expect(await view(student, missed[2]!)).toMatchObject({
      requestsStopped: true,
      noShowsCounted: 2,
      followUp: { claimAgainstMe: { counts: true } },
    });
    // The one of 100 days ago no longer counts, and its page does not say it does.
    expect(await view(student, missed[0]!)).toMatchObject({
      noShowsCounted: 2,
      followUp: { claimAgainstMe: { counts: false } },
    });
    const mentor = await newMentor(t.app);
    expectError(await sendRequest(t.app, student, mentor), 403, 'visit/no-show-limit');
    const detail = (
      await call(t.app, student.cookie, 'GET', `/api/mentors/${mentor.urlParam}`)
    ).json() as MentorDetail;
    expect(detail.viewer.visitUnavailable).toBe('no-show-limit');

    const { cookie: adminCookie } = await insertAdmin(t.app);
    const countsListed = async () =>
      (await adminRow(adminCookie, student.id)).noShowClaims.map((claim) => claim.counts);
    expect(await adminRow(adminCookie, student.id)).toMatchObject({ requestsStopped: true });
    expect(await countsListed()).toEqual([true, true]);
    const cleared = await call(
      t.app,
      adminCookie,
      'POST',
      `/api/admin/users/${student.id}/clear-no-shows`,
    );
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ requestsStopped: false });
    // The cleared claims count no more: not on her page, not in the console.
    expect(await view(student, missed[2]!)).toMatchObject({
      requestsStopped: false,
      noShowsCounted: 0,
      followUp: { claimAgainstMe: { counts: false, cleared: true } },
    });
    expect(await countsListed()).toEqual([false, false]);
    expect((await sendRequest(t.app, student, mentor)).statusCode).toBe(201);
  });

  it('do not stop a student who answered in time until an admin upholds them (audited)', async () => {
    const student = await newStudent(t.app);
    const answeredInTime = {
      answeredAt: new Date(Date.now() - 25 * DAY_MS),
      answerNote: '伺いました。',
    };
    const first = await insertMissedVisit(
      t.app,
      student.id,
      (await newMentor(t.app)).id,
      30,
      answeredInTime,
    );
    const second = await insertMissedVisit(
      t.app,
      student.id,
      (await newMentor(t.app)).id,
      28,
      answeredInTime,
    );
    expect(await view(student, second.id)).toMatchObject({
      requestsStopped: false,
      noShowsCounted: 0,
    });
    expect((await sendRequest(t.app, student, await newMentor(t.app))).statusCode).toBe(201);

    const { cookie: adminCookie } = await insertAdmin(t.app);
    const decide = (visitRequestId: string, decision: unknown) =>
      call(
        t.app,
        adminCookie,
        'POST',
        `/api/admin/users/${student.id}/no-show-claims/${visitRequestId}/decision`,
        { decision },
      );
    const upheld = await decide(first.id, 'upheld');
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(
      (upheld.json() as AdminUser).noShowClaims.find((c) => c.visitRequestId === first.id),
    ).toMatchObject({
      decision: 'upheld',
      counts: true,
      answer: { note: '伺いました。' },
    });
    expect((await view(student, first.id)).noShowsCounted).toBe(1);
    expect((await decide(second.id, 'upheld')).json()).toMatchObject({ requestsStopped: true });
    expect(await view(student, second.id)).toMatchObject({
      requestsStopped: true,
      noShowsCounted: 2,
    });
    expectError(
      await sendRequest(t.app, student, await newMentor(t.app)),
      403,
      'visit/no-show-limit',
    );
    // Dismissed after all: it never counts, whatever the days.
    expect((await decide(second.id, 'dismissed')).json()).toMatchObject({ requestsStopped: false });

    const audit = await t.app.ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'admin.user.no-show-decision'), eq(auditLog.targetId, student.id)),
      )
      .orderBy(auditLog.createdAt);
    expect(audit.map((entry) => entry.details)).toEqual([
      { visitRequestId: first.id, decision: 'upheld' },
      { visitRequestId: second.id, decision: 'upheld' },
      { visitRequestId: second.id, decision: 'dismissed' },
    ]);
    expectError(await decide(second.id, 'maybe'), 400, 'invalid-argument');
  });

  it('count unanswered only once NO_SHOW_ANSWER_DAYS passed, and never withdrawn or dismissed', async () => {
    const student = await newStudent(t.app);
    const mentorId = async () => (await newMentor(t.app)).id;
    // Six days unanswered: not yet. Answered on the eighth day: too late to hold it.
    const recent = await insertMissedVisit(t.app, student.id, await mentorId(), 7, {
      claimedDaysAgo: 6,
    });
    await insertMissedVisit(t.app, student.id, await mentorId(), 20, {
      claimedDaysAgo: 19,
      answeredAt: new Date(Date.now() - 11 * DAY_MS),
      answerNote: '伺いました。',
    });
    await insertMissedVisit(t.app, student.id, await mentorId(), 30, { withdrawnAt: new Date() });
    await insertMissedVisit(t.app, student.id, await mentorId(), 40, {
      decision: 'dismissed',
      decidedAt: new Date(),
    });
    expect(await view(student, recent.id)).toMatchObject({
      requestsStopped: false,
      noShowsCounted: 1,
      followUp: { claimAgainstMe: { counts: false, answer: null } },
    });
    await t.app.ctx.db
      .update(noShowClaims)
      .set({ createdAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(noShowClaims.visitRequestId, recent.id));
    expect(await view(student, recent.id)).toMatchObject({
      requestsStopped: true,
      noShowsCounted: 2,
    });
  });

  it('take no admin decision on a claim withdrawn or not against the user', async () => {
    const student = await newStudent(t.app);
    const withdrawn = await insertMissedVisit(t.app, student.id, (await newMentor(t.app)).id, 10, {
      withdrawnAt: new Date(),
    });
    const someoneElse = await newStudent(t.app);
    const { cookie: adminCookie } = await insertAdmin(t.app);
    const decide = (userId: string) =>
      call(
        t.app,
        adminCookie,
        'POST',
        `/api/admin/users/${userId}/no-show-claims/${withdrawn.id}/decision`,
        { decision: 'upheld' },
      );
    expectError(await decide(student.id), 409, 'visit/no-show-not-claimed');
    expectError(await decide(someoneElse.id), 404, 'not-found');
    expect((await claimRows(withdrawn.id))[0]!.decision).toBeNull();
  });

  it('are shown to the admins on the student’s row, each by name with its reason and answer', async () => {
    const student = await newStudent(t.app, '山田 花子');
    const first = await newMentor(t.app, { name: '佐藤 美咲' });
    const second = await newMentor(t.app, { name: '鈴木 陽子' });
    const third = await newMentor(t.app, { name: '高橋 結衣' });
    const early = await insertRequest(t.app, student.id, first.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - 3 * HOUR_MS),
    });
    const late = await insertRequest(t.app, student.id, second.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - 2 * HOUR_MS),
    });
    const latest = await insertRequest(t.app, student.id, third.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - HOUR_MS),
    });
    await outcome(first, early.id, 'no_show', '受付で30分お待ちしました。');
    await outcome(second, late.id, 'no_show');
    await outcome(third, latest.id, 'no_show', '間違えました。');
    await answer(student, latest.id, '伺いました。');
    await outcome(third, latest.id, 'held');
    await answer(student, early.id, '13時に伺いましたが、受付でお会いできませんでした。');

    const { cookie: adminCookie } = await insertAdmin(t.app);
    const row = await adminRow(adminCookie, student.id);
    // Fresh claims count for nothing yet: an answered one waits for an admin, the other 7 days.
    expect(row.requestsStopped).toBe(false);
    expect(
      row.noShowClaims.map((claim) => [
        claim.claimantName,
        claim.reason,
        claim.answer?.note,
        claim.withdrawnAt !== null,
        claim.counts,
      ]),
    ).toEqual([
      ['高橋 結衣', '間違えました。', '伺いました。', true, false],
      ['鈴木 陽子', '', undefined, false, false],
      [
        '佐藤 美咲',
        '受付で30分お待ちしました。',
        '13時に伺いましたが、受付でお会いできませんでした。',
        false,
        false,
      ],
    ]);
    expect(row.noShowClaims[2]).toMatchObject({
      visitRequestId: early.id,
      meetingAt: expect.any(String),
      claimedAt: expect.any(String),
      answerBy: expect.any(String),
      decision: null,
      answer: { at: expect.any(String) },
    });
    // Nobody claims anything of the alumnae.
    expect((await adminRow(adminCookie, first.id, 'mentor')).noShowClaims).toEqual([]);
  });

  it('one no-show does not stop anything', async () => {
    const student = await newStudent(t.app);
    await insertMissedVisit(t.app, student.id, (await newMentor(t.app)).id, 10, {
      decision: 'upheld',
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
    expect(withdrawn.current.followUp.claimAgainstMe?.withdrawnAt).toEqual(expect.any(String));
    expect((await claimRows(other.id))[0]!.answeredAt).toBeNull();
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
