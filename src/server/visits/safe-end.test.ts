import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../shared/schemas/notifications';
import type { AdminUnconfirmedVisitList } from '../../shared/schemas/admin';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import { call, expectError, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  DAY_MS,
  HOUR_MS,
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  requestRow,
  viewRequest,
  type Party,
  agreedVisit,
} from '../test/factories/visits';
import { runVisitTimers } from './timers-service';

/**
 * 「無事に終わりましたか」 (docs/PRODUCT.md §7), driven with an injected clock: asked once, two
 * hours after an in-person visit, on the bell and by mail; the student's one tap; and the
 * console's quiet list of visits not confirmed within a day (§9).
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app);
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

function confirm(party: { cookie: string }, id: string) {
  return call(t.app, party.cookie, 'POST', `/api/visit-requests/${id}/safe-end`);
}

async function unconfirmed(): Promise<AdminUnconfirmedVisitList> {
  const response = await call(t.app, admin.cookie, 'GET', '/api/admin/visits/unconfirmed');
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** An agreed visit at `meetingAt` between a fresh pair. */
function visit(
  meetingAt: Date,
  meetingFormat: 'in_person' | 'online' = 'in_person',
  names = { student: '山田 花子', mentor: '佐藤 美咲' },
) {
  return agreedVisit(t.app, {
    meetingAt,
    meetingFormat,
    studentName: names.student,
    mentorName: names.mentor,
  });
}

describe('the ask after an in-person visit', () => {
  const meetingAt = new Date('2026-12-10T05:00:00Z');
  const dueAt = new Date(meetingAt.getTime() + 2 * HOUR_MS);

  it('is not made before two hours have passed', async () => {
    const { student, id } = await visit(meetingAt);
    await run(meetingAt);
    await run(new Date(dueAt.getTime() - MINUTE_MS));
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);
    expect(await bellKinds(student)).toEqual([]);
    expect((await requestRow(t.app, id))!.safeEndAskedAt).toBeNull();
    const view = (await viewRequest(t.app, student.cookie, id)).json() as VisitRequest;
    expect(view.safeEnd).toBeNull();
  });

  it('is made once at two hours, on the bell and by mail to the request page, however often the timers run', async () => {
    const { student, mentor, id } = await visit(meetingAt);
    await Promise.all([run(dueAt), run(dueAt)]);
    await run(new Date(dueAt.getTime() + HOUR_MS));
    const mails = await mailsTo(t.app, student.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      '【OGコネクト】OG訪問は無事に終わりましたか',
    ]);
    expect(mails[0]!.text).toContain('佐藤 美咲さんとのOG訪問は無事に終わりましたか。');
    expect(mails[0]!.text).toContain('「無事に終わりました」');
    expect(mails[0]!.text).toContain('「困ったことがあった」');
    expect(mails[0]!.text).toContain(`/visit-requests/${id}`);
    expect(mails[0]!.text).not.toContain('東京駅');
    // Whom to tell when it did not end well: the 相談窓口 (unset here: the inquiry form).
    expect(mails[0]!.text).toContain('【困ったときの相談窓口】');
    expect(mails[0]!.text).toContain('相談や通報をしたことが、相手の方に伝わることはありません。');
    const bell = (await call(t.app, student.cookie, 'GET', '/api/notifications')).json();
    expect((bell as NotificationList).items).toMatchObject([
      { kind: 'safeEndAsk', link: `/visit-requests/${id}`, actorName: '佐藤 美咲' },
    ]);
    // The alumna is not asked, and does not see whether the student was.
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);
    expect(await bellKinds(mentor)).toEqual([]);
    const theirs = (await viewRequest(t.app, mentor.cookie, id)).json() as VisitRequest;
    expect(theirs.safeEnd).toBeNull();
    const view = (await viewRequest(t.app, student.cookie, id)).json() as VisitRequest;
    expect(view.safeEnd).toEqual({ askedAt: dueAt.toISOString(), confirmedAt: null });
  });

  it('is mailed even to a student who turned reminder mails off: it is a safety message', async () => {
    const { student } = await visit(meetingAt);
    await call(t.app, student.cookie, 'PUT', '/api/me/mail-preferences', {
      requests: false,
      answers: false,
      cancellations: false,
      messages: false,
      reminders: false,
    });
    await run(dueAt);
    expect(await mailsTo(t.app, student.email)).toHaveLength(1);
  });

  it('is never made for an online visit', async () => {
    const { student, id } = await visit(meetingAt, 'online');
    await run(dueAt);
    await run(new Date(dueAt.getTime() + 3 * HOUR_MS));
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);
    expect(await bellKinds(student)).toEqual([]);
    expect((await requestRow(t.app, id))!.safeEndAskedAt).toBeNull();
    expectError(await confirm(student, id), 409, 'visit/safe-end-not-asked');
  });

  it('is never made for a visit held long before (from before the ask existed)', async () => {
    const { student, id } = await visit(new Date(meetingAt.getTime() - 3 * DAY_MS));
    await run(dueAt);
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);
    expect((await requestRow(t.app, id))!.safeEndAskedAt).toBeNull();
  });

  it('is not made for a cancelled visit', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id, {
      status: 'cancelled',
      meetingAt,
      meetingFormat: 'in_person',
    });
    await run(dueAt);
    expect((await requestRow(t.app, id))!.safeEndAskedAt).toBeNull();
  });
});

describe('「無事に終わりました」 (POST /api/visit-requests/:id/safe-end)', () => {
  it('is the student’s alone, once the ask is due, and a second tap changes nothing', async () => {
    const meetingAt = new Date(Date.now() - 3 * HOUR_MS);
    const { student, mentor, id } = await visit(meetingAt);
    await run(new Date(meetingAt.getTime() + 2 * HOUR_MS));

    // The alumna is no student (403); another student's request is not found.
    expectError(await confirm(mentor, id), 403, 'permission-denied');
    const stranger = await newStudent(t.app);
    expectError(await confirm(stranger, id), 404, 'not-found');
    expect((await requestRow(t.app, id))!.safeEndConfirmedAt).toBeNull();

    expect((await confirm(student, id)).statusCode).toBe(200);
    const first = (await requestRow(t.app, id))!.safeEndConfirmedAt;
    expect(first).not.toBeNull();
    expect((await confirm(student, id)).statusCode).toBe(200);
    expect((await requestRow(t.app, id))!.safeEndConfirmedAt).toEqual(first);
    const view = (await viewRequest(t.app, student.cookie, id)).json() as VisitRequest;
    expect(view.safeEnd?.confirmedAt).toBe(first!.toISOString());
  });

  it('is refused before the ask is due, changing nothing', async () => {
    const { student, id } = await visit(new Date(Date.now() - HOUR_MS));
    expectError(await confirm(student, id), 409, 'visit/safe-end-not-asked');
    expect((await requestRow(t.app, id))!.safeEndConfirmedAt).toBeNull();
  });

  it('may come before the timers ran, which then ask nothing', async () => {
    const meetingAt = new Date(Date.now() - 2 * HOUR_MS - MINUTE_MS);
    const { student, id } = await visit(meetingAt);
    expect((await confirm(student, id)).statusCode).toBe(200);
    await run(new Date());
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);
  });

  it('answers a malformed id with a 400, not a 500', async () => {
    const student = await newStudent(t.app);
    expectError(await confirm(student, 'nope'), 400, 'invalid-argument');
  });
});

describe('「確認が取れていない訪問」 (GET /api/admin/visits/unconfirmed)', () => {
  it('lists a visit asked more than 24 hours ago and not confirmed, by date and names only, until the student confirms', async () => {
    const names = { student: '確認 待子', mentor: '先輩 一美' };
    const meetingAt = new Date(Date.now() - 27 * HOUR_MS);
    const { student, id } = await visit(meetingAt, 'in_person', names);
    const recent = await visit(new Date(Date.now() - 25 * HOUR_MS), 'in_person', {
      student: '最近 花子',
      mentor: '最近 先輩',
    });
    // Asked 25 and 23 hours ago.
    await run(new Date(meetingAt.getTime() + 2 * HOUR_MS));
    await run(new Date(Date.now() - 23 * HOUR_MS));
    expect((await requestRow(t.app, recent.id))!.safeEndAskedAt).not.toBeNull();

    const before = await unconfirmed();
    const listed = before.items.filter((item) => item.studentName === names.student);
    expect(listed).toEqual([
      { meetingAt: meetingAt.toISOString(), studentName: names.student, mentorName: names.mentor },
    ]);
    expect(before.items.map((item) => item.studentName)).not.toContain('最近 花子');
    expect(JSON.stringify(before)).not.toContain(id);

    expect((await confirm(student, id)).statusCode).toBe(200);
    const after = await unconfirmed();
    expect(after.items.map((item) => item.studentName)).not.toContain(names.student);
  });

  it('leaves off a visit the student reported the alumna about: the report reaches the admins', async () => {
    const meetingAt = new Date(Date.now() - 30 * HOUR_MS);
    const { student, mentor, id } = await visit(meetingAt, 'in_person', {
      student: '報告 花子',
      mentor: '報告 先輩',
    });
    await run(new Date(meetingAt.getTime() + 2 * HOUR_MS));
    expect((await unconfirmed()).items.map((item) => item.studentName)).toContain('報告 花子');
    const report = await call(t.app, student.cookie, 'POST', '/api/reports', {
      userId: mentor.id,
      reason: 'alcohol',
      details: 'お店でお酒を勧められました。',
      visitRequestId: id,
    });
    expect(report.statusCode).toBe(201);
    expect((await unconfirmed()).items.map((item) => item.studentName)).not.toContain('報告 花子');
  });
});
