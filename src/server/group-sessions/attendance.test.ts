import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserPage } from '../../shared/schemas/admin';
import type { GroupSessionView } from '../../shared/schemas/group-sessions';
import type { NotificationList } from '../../shared/schemas/notifications';
import { groupSessionPlaces, groupSessions, students } from '../db/schema';
import { openGroupSession } from '../test/factories/group-sessions';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import {
  insertMissedVisit,
  mailsTo,
  newMentor,
  newStudent,
  type Party,
} from '../test/factories/visits';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

function open(mentor: Pick<Party, 'cookie'>): Promise<string> {
  return openGroupSession(t.app, mentor, {
    title: '出欠の座談会',
    description: undefined,
    topics: ['industry_research'],
    seats: 2,
  });
}

function seat(student: Pick<Party, 'cookie'>, id: string) {
  return call(t.app, student.cookie, 'POST', `/api/group-sessions/${id}/seat`);
}

function record(party: Pick<Party, 'cookie'>, id: string, attendance: unknown[]) {
  return call(t.app, party.cookie, 'PUT', `/api/group-sessions/${id}/attendance`, {
    attendance,
  });
}

/** Its start moved `daysAgo` days into the past (its closing time an hour before that). */
async function startedAgo(id: string, daysAgo = 0) {
  const startsAt = new Date(Date.now() - daysAgo * DAY_MS - 60_000);
  await t.app.ctx.db
    .update(groupSessions)
    .set({
      signUpClosesAt: new Date(startsAt.getTime() - 3_600_000),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
    })
    .where(eq(groupSessions.id, id));
}

/** Her 欠席 filed `days` days ago (the week to answer it runs from then). */
async function claimedDaysAgo(id: string, studentId: string, days: number) {
  await t.app.ctx.db
    .update(groupSessionPlaces)
    .set({ absenceClaimedAt: new Date(Date.now() - days * DAY_MS) })
    .where(and(eq(groupSessionPlaces.sessionId, id), eq(groupSessionPlaces.studentId, studentId)));
}

async function studentView(party: Pick<Party, 'cookie'>, id: string) {
  return expectOk(
    await call(t.app, party.cookie, 'GET', `/api/group-sessions/${id}`),
  ) as unknown as GroupSessionView;
}

async function bellKinds(party: Party): Promise<string[]> {
  const list = (await call(t.app, party.cookie, 'GET', '/api/notifications')).json();
  return (list as NotificationList).items.map((item) => item.kind);
}

async function attendedOf(party: Pick<Party, 'cookie'>, id: string) {
  const view = expectOk(
    await call(t.app, party.cookie, 'GET', `/api/group-sessions/${id}`),
  ) as unknown as GroupSessionView;
  return Object.fromEntries(view.attendees!.map((x) => [x.studentId, x.attended]));
}

/** A session of a new alumna with two seated students and one waiting. */
async function filled() {
  const mentor = await newMentor(t.app);
  const id = await open(mentor);
  const [a, b, waiting] = await Promise.all([
    newStudent(t.app),
    newStudent(t.app),
    newStudent(t.app),
  ]);
  for (const student of [a!, b!, waiting!]) expectOk(await seat(student, id));
  return { mentor, id, a: a!, b: b!, waiting: waiting! };
}

describe('attendance of a 座談会', () => {
  it('is recorded by its alumna after the start, changeable, for seated students only', async () => {
    const { mentor, id, a, b, waiting } = await filled();
    expectError(
      await record(mentor, id, [{ studentId: a.id, attended: true }]),
      409,
      'group-session/not-held-yet',
    );
    await startedAgo(id);
    const saved = await record(mentor, id, [
      { studentId: a.id, attended: true },
      { studentId: b.id, attended: false },
    ]);
    expect(saved.statusCode, saved.body).toBe(204);
    expect(await attendedOf(mentor, id)).toEqual({
      [a.id]: true,
      [b.id]: false,
      [waiting.id]: null,
    });
    // Changed later: she was there after all.
    expect((await record(mentor, id, [{ studentId: b.id, attended: true }])).statusCode).toBe(204);
    expect((await attendedOf(mentor, id))[b.id]).toBe(true);

    const refused = await record(mentor, id, [
      { studentId: a.id, attended: false },
      { studentId: waiting.id, attended: false },
    ]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'invalid-argument',
      fieldErrors: { attendance: 'validation.groupSessionNotSeated' },
    });
    // Nothing of a refused save is kept.
    expect(await attendedOf(mentor, id)).toEqual({
      [a.id]: true,
      [b.id]: true,
      [waiting.id]: null,
    });
  });

  it('is for its alumna and the admins only', async () => {
    const { id, a } = await filled();
    await startedAgo(id);
    const other = await newMentor(t.app);
    expectError(await record(other, id, [{ studentId: a.id, attended: false }]), 404, 'not-found');
    expectError(
      await record(a, id, [{ studentId: a.id, attended: true }]),
      403,
      'permission-denied',
    );
    const admin = await insertAdmin(t.app);
    expect((await record(admin, id, [{ studentId: a.id, attended: false }])).statusCode).toBe(204);
  });

  it('closes when a visit’s record would, and is refused on a cancelled one', async () => {
    const { mentor, id, a } = await filled();
    await startedAgo(id, 31);
    expectError(
      await record(mentor, id, [{ studentId: a.id, attended: false }]),
      409,
      'group-session/attendance-closed',
    );
    await t.app.ctx.db
      .update(groupSessions)
      .set({ cancelledAt: new Date(), cancelledReason: '雨' })
      .where(eq(groupSessions.id, id));
    expectError(
      await record(mentor, id, [{ studentId: a.id, attended: false }]),
      409,
      'group-session/cancelled',
    );
  });
});

describe('a 欠席 and the no-show stop (decision 0045, as 0033 for a visit)', () => {
  it('counts once a week passed unanswered, as a visit’s claim, until changed or cleared', async () => {
    const { mentor, id, a } = await filled();
    await startedAgo(id, 2);
    await insertMissedVisit(t.app, a.id, (await newMentor(t.app)).id, 20);
    const next = await open(await newMentor(t.app));
    expect((await record(mentor, id, [{ studentId: a.id, attended: false }])).statusCode).toBe(204);
    // Filed now: she has NO_SHOW_ANSWER_DAYS to answer before it counts.
    expectOk(await seat(a, next));
    await call(t.app, a.cookie, 'DELETE', `/api/group-sessions/${next}/seat`);
    await claimedDaysAgo(id, a.id, 8);
    expectError(await seat(a, next), 403, 'visit/no-show-limit');
    expect((await studentView(a, id)).after).toMatchObject({
      absence: { counts: true, answer: null, withdrawnAt: null },
      noShowsCounted: 2,
    });

    // The admins clear her no-shows: it no longer counts.
    await t.app.ctx.db
      .update(students)
      .set({ noShowsClearedAt: new Date() })
      .where(eq(students.userId, a.id));
    expectOk(await seat(a, next));
    expect((await studentView(a, id)).after!.absence).toMatchObject({
      counts: false,
      cleared: true,
    });
  });

  it('is told to her once; changed back to 参加 it is withdrawn for good', async () => {
    const { mentor, id, a } = await filled();
    await startedAgo(id, 1);
    await record(mentor, id, [{ studentId: a.id, attended: false }]);
    await record(mentor, id, [{ studentId: a.id, attended: false }]);
    const mails = await mailsTo(t.app, a.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      '【OGコネクト】座談会を欠席したと記録されました',
    ]);
    expect(mails[0]!.text).toContain(`/group-sessions/${id}`);
    expect(mails[0]!.text).toContain(
      '現在、あなたについて数えられている「来なかった」との報告は0回です',
    );
    expect(await bellKinds(a)).toEqual(['groupSessionAbsent']);

    expect((await record(mentor, id, [{ studentId: a.id, attended: true }])).statusCode).toBe(204);
    expectError(
      await record(mentor, id, [{ studentId: a.id, attended: false }]),
      409,
      'visit/no-show-withdrawn',
    );
    const { absence } = (await studentView(a, id)).after!;
    expect(absence).toMatchObject({ withdrawnAt: expect.any(String), counts: false });
    expect(await mailsTo(t.app, a.email)).toHaveLength(1);
    // Her alumna reads the claim beside the student.
    const hosted = expectOk(await call(t.app, mentor.cookie, 'GET', `/api/group-sessions/${id}`));
    const row = (hosted as unknown as GroupSessionView).attendees!.find(
      (x) => x.studentId === a.id,
    );
    expect(row).toMatchObject({ attended: true, absence: { withdrawnAt: expect.any(String) } });
    expect(row!.safeEnd).toBeNull();
  });

  it('keeps contact details out of her answer, as every text to the alumna (a review found them raw)', async () => {
    const { mentor, id, a } = await filled();
    await startedAgo(id, 1);
    await record(mentor, id, [{ studentId: a.id, attended: false }]);
    const note = '参加しました。連絡は 090-1234-5678 か hanako@example.com へ';
    expect(
      (await call(t.app, a.cookie, 'POST', `/api/group-sessions/${id}/absence-answer`, { note }))
        .statusCode,
    ).toBe(204);
    const hosted = expectOk(await call(t.app, mentor.cookie, 'GET', `/api/group-sessions/${id}`));
    const row = (hosted as unknown as GroupSessionView).attendees!.find(
      (x) => x.studentId === a.id,
    );
    const shown = row!.absence!.answer!.note;
    expect(shown).toContain('参加しました。');
    expect(shown).not.toContain('090-1234-5678');
    expect(shown).not.toContain('hanako@example.com');
  });

  it('is answered once with 「参加しました」, and then waits for an admin', async () => {
    const { mentor, id, a, b, waiting } = await filled();
    await startedAgo(id, 1);
    const answer = (party: Party, note = '最後まで参加していました') =>
      call(t.app, party.cookie, 'POST', `/api/group-sessions/${id}/absence-answer`, { note });
    expectError(await answer(a), 409, 'visit/no-show-not-claimed');
    expectError(await answer(waiting), 404, 'not-found');
    expectError(await answer(mentor), 403, 'permission-denied');
    const empty = await answer(a, ' ');
    expect(empty.statusCode).toBe(400);
    expect(JSON.parse(empty.body)).toMatchObject({ code: 'invalid-argument' });

    await record(mentor, id, [
      { studentId: a.id, attended: false },
      { studentId: b.id, attended: false },
    ]);
    expect((await answer(a)).statusCode).toBe(204);
    expectError(await answer(a, 'もう一度'), 409, 'visit/no-show-answered');
    // Answered in time, it does not count after the week: an admin reads both sides.
    await claimedDaysAgo(id, a.id, 8);
    await t.app.ctx.db
      .update(groupSessionPlaces)
      .set({ absenceAnsweredAt: new Date(Date.now() - 7.5 * DAY_MS) })
      .where(and(eq(groupSessionPlaces.sessionId, id), eq(groupSessionPlaces.studentId, a.id)));
    await claimedDaysAgo(id, b.id, 8);
    expect((await studentView(a, id)).after!.absence).toMatchObject({
      answer: { note: '最後まで参加していました' },
      counts: false,
    });
    expect((await studentView(b, id)).after!.absence).toMatchObject({ counts: true });

    const admin = await insertAdmin(t.app);
    const claimsOf = async () => {
      const page = expectOk(
        await call(t.app, admin.cookie, 'GET', `/api/admin/users?q=${encodeURIComponent(a.email)}`),
      ) as unknown as AdminUserPage;
      return page.users.find((user) => user.id === a.id)!.noShowClaims;
    };
    expect(await claimsOf()).toEqual([
      expect.objectContaining({
        visitRequestId: null,
        groupSession: { id, title: '出欠の座談会' },
        answer: { note: '最後まで参加していました', at: expect.any(String) },
        counts: false,
      }),
    ]);
    const decide = (decision: string, sessionId = id) =>
      call(
        t.app,
        admin.cookie,
        'POST',
        `/api/admin/users/${a.id}/group-session-absences/${sessionId}/decision`,
        { decision },
      );
    expect((await decide('upheld')).statusCode).toBe(200);
    expect((await claimsOf())[0]).toMatchObject({ decision: 'upheld', counts: true });
    expect((await decide('dismissed')).statusCode).toBe(200);
    expect((await claimsOf())[0]).toMatchObject({ decision: 'dismissed', counts: false });
    expectError(await decide('upheld', (await open(mentor)) as string), 404, 'not-found');
    expectError(
      await call(
        t.app,
        mentor.cookie,
        'POST',
        `/api/admin/users/${a.id}/group-session-absences/${id}/decision`,
        { decision: 'upheld' },
      ),
      403,
      'permission-denied',
    );
  });

  it('refuses the same student twice in one record', async () => {
    const { mentor, id, a } = await filled();
    await startedAgo(id);
    const refused = await record(mentor, id, [
      { studentId: a.id, attended: true },
      { studentId: a.id, attended: false },
    ]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'invalid-argument',
      fieldErrors: { attendance: 'validation.groupSessionAttendanceTwice' },
    });
    expect((await attendedOf(mentor, id))[a.id]).toBeNull();
  });
});
