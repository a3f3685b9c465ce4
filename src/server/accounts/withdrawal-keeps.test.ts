import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LOG_DAYS, RETENTION_DAYS } from '../../shared/constants';
import { jaMail } from '../../shared/messages/ja/mail';
import type { AdminReportPage, RegistrationHold } from '../../shared/schemas/safety';
import type { VisitRequest, VisitRequestList } from '../../shared/schemas/visit-requests';
import { emailChanges, invitations, outbox, registrationHolds, userReports } from '../db/schema';
import { runMaintenance } from '../maintenance';
import {
  auditEntries,
  call,
  expectError,
  expectOk,
  insertAdmin,
  insertInvitation,
} from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import { insertMail } from '../test/factories/mail';
import {
  act,
  createRequest,
  DAY_MS,
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  requestRow,
  viewRequest,
  type Party,
} from '../test/factories/visits';

/**
 * A withdrawal (or an admin's deletion) keeps what other people own. The
 * other side's requests stay, showing 「退会したユーザー」; open ones are cancelled with a mail;
 * reports keep who was reported; a reported or suspended address is held against registering
 * again until an admin clears it; resolved reports and cleared holds go after RETENTION_DAYS.
 */

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

function withdraw(party: Party) {
  return call(t.app, party.cookie, 'DELETE', '/api/users/me');
}

async function view(cookie: string, id: string): Promise<VisitRequest> {
  const response = await viewRequest(t.app, cookie, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VisitRequest;
}

async function list(cookie: string): Promise<VisitRequestList> {
  return expectOk(await call(t.app, cookie, 'GET', '/api/visit-requests')) as never;
}

const WITHDRAWN_STUDENT = {
  userId: null,
  withdrawn: true,
  name: '',
  universityName: '',
  universityNameEn: null,
  grade: '',
  // What the alumna reads about the student, gone with the student.
  faculty: '',
  department: '',
  desiredIndustry: null,
  desiredJobType: null,
  selfIntroduction: null,
  contactEmail: null,
};

/** The mails' date format, written out apart from the code under test. */
const JST_MINUTE = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

describe('requests survive a withdrawal for the other side', () => {
  it("cancels the student's waiting and upcoming accepted requests, mails the alumna, keeps the rest", async () => {
    const student = await newStudent(t.app, '退会 太郎');
    const mentor = await newMentor(t.app, { name: '先輩 美咲' });
    const other = await newMentor(t.app);
    const waiting = await createRequest(t.app, student, mentor);
    const booked = await createRequest(t.app, student, other);
    expectOk(
      await act(t.app, other.cookie, booked, 'accept', {
        slotIndex: 0,
        safetyRulesConfirmed: true,
        placeKind: 'online',
      }),
    );
    const declined = (await insertRequest(t.app, student.id, mentor.id, { status: 'declined' })).id;
    const past = (
      await insertRequest(t.app, student.id, other.id, {
        status: 'accepted',
        meetingAt: new Date(Date.now() - DAY_MS),
      })
    ).id;

    expectOk(await withdraw(student));

    for (const [cookie, id] of [
      [mentor.cookie, waiting],
      [other.cookie, booked],
    ] as const) {
      const seen = await view(cookie, id);
      expect(seen.status).toBe('cancelled');
      expect(seen.cancelledBy).toBe('withdrawal');
      expect(seen.student).toEqual(WITHDRAWN_STUDENT);
      expect(JSON.stringify(seen)).not.toContain('退会 太郎');
      expect(JSON.stringify(seen)).not.toContain(student.email);
    }
    // Closed ones keep their state, only the person is gone.
    expect((await view(mentor.cookie, declined)).status).toBe('declined');
    expect((await view(other.cookie, past)).status).toBe('accepted');
    expect((await requestRow(t.app, past))?.studentId).toBeNull();
    // The list shows them too.
    const ids = (await list(other.cookie)).items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([booked, past]));

    for (const [to, id] of [
      [mentor.email, waiting],
      [other.email, booked],
    ] as const) {
      const mails = await mailsTo(t.app, to);
      const last = mails.at(-1)!;
      expect(last.subject).toBe(jaMail.mail.visitCancelledByWithdrawal.subject);
      expect(last.text).toContain(`/visit-requests/${id}`);
      expect(last.text).not.toContain('退会 太郎');
    }
    // The agreed visit's mail names its agreed time, not the student's first wishes.
    const agreedAt = (await view(other.cookie, booked)).meetingAt!;
    const bookedMail = (await mailsTo(t.app, other.email)).at(-1)!;
    expect(bookedMail.text).toContain(`日時：${JST_MINUTE.format(new Date(agreedAt))}`);
    expect(bookedMail.text).not.toContain('希望日時');
  });

  it("takes the student's name out of the alumna's bell (found by the simulated year)", async () => {
    const student = await newStudent(t.app, '退会 鈴子');
    const mentor = await newMentor(t.app);
    await createRequest(t.app, student, mentor);
    const before = expectOk(await call(t.app, mentor.cookie, 'GET', '/api/notifications')) as {
      items: { kind: string; actorName: string }[];
    };
    expect(before.items.map((item) => item.actorName)).toContain('退会 鈴子');

    expectOk(await withdraw(student));
    const after = expectOk(await call(t.app, mentor.cookie, 'GET', '/api/notifications')) as {
      items: { kind: string; actorName: string }[];
    };
    // Each entry is still there, its name gone: the bell reads 「退会したユーザー」.
    expect(after.items.map((item) => item.kind).sort()).toEqual(
      ['cancelledByWithdrawal', ...before.items.map((item) => item.kind)].sort(),
    );
    expect(after.items.map((item) => item.actorName)).not.toContain('退会 鈴子');
  });

  it('takes her out of the mail log at once, but sends what her leaving queued (found by the simulated year)', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const logged = async (to: string, status: 'sent' | 'pending') =>
      (
        await insertMail(t.app, {
          to,
          status,
          sentAt: status === 'sent' ? new Date() : null,
          // Not due yet: the test's outbox leaves it waiting.
          nextAttemptAt: new Date(Date.now() + DAY_MS),
        })
      )[0]!;
    const hers = await logged(student.email.toUpperCase(), 'sent');
    // An address she moved from is hers too.
    await t.app.ctx.db.insert(emailChanges).values({
      userId: student.id,
      oldEmail: 'before-move@example.ac.jp',
      newEmail: student.email,
      tokenHash: `hash-${student.id}`,
      expiresAt: new Date(),
      appliedAt: new Date(),
    });
    const earlier = await logged('before-move@example.ac.jp', 'sent');
    const waiting = await logged(student.email, 'pending');
    const theirs = await logged(mentor.email, 'sent');

    expectOk(await withdraw(student));
    const left = (await t.app.ctx.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id);
    expect(left).not.toContain(hers);
    expect(left).not.toContain(earlier);
    expect(left).toEqual(expect.arrayContaining([waiting, theirs]));
  });

  it("keeps an alumna's requests for the student when an admin deletes her", async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app, { name: '削除 花子' });
    const id = await createRequest(t.app, student, mentor);
    expectOk(await call(t.app, admin.cookie, 'DELETE', `/api/admin/users/${mentor.id}`));
    const seen = await view(student.cookie, id);
    expect(seen.status).toBe('cancelled');
    expect(seen.cancelledBy).toBe('withdrawal');
    expect(seen.mentor).toMatchObject({ userId: null, withdrawn: true, name: '', company: '' });
    const last = (await mailsTo(t.app, student.email)).at(-1)!;
    expect(last.subject).toBe(jaMail.mail.visitCancelledByWithdrawal.subject);
    expect(last.text).not.toContain('削除 花子');
  });
});

async function report(reporter: Party, reportedId: string, visitRequestId?: string) {
  return expectOk(
    await call(t.app, reporter.cookie, 'POST', '/api/reports', {
      userId: reportedId,
      reason: 'harassment',
      details: 'しつこく連絡が来ます。',
      ...(visitRequestId ? { visitRequestId } : {}),
    }),
    201,
  ) as { id: string };
}

async function holds(): Promise<RegistrationHold[]> {
  return expectOk(
    await call(t.app, admin.cookie, 'GET', '/api/admin/registration-holds'),
  ) as unknown as RegistrationHold[];
}

function registerStudent(email: string) {
  return call(t.app, undefined, 'POST', '/api/registrations/student', {
    name: '再登録 花子',
    nameReading: 'ヤマダ ハナコ',
    studentNumber: '1Y23A456',
    universityId: 'waseda',
    faculty: '政治経済学部',
    department: '経済学科',
    grade: '3年',
    email,
    termsAccepted: true,
  });
}

describe('reports and registration holds', () => {
  it('keeps who was reported (name, address, request) for the admins after the withdrawal', async () => {
    const mentor = await newMentor(t.app, { name: '通報 先輩' });
    const student = await newStudent(t.app, '迷惑 次郎');
    const id = await createRequest(t.app, student, mentor);
    const { id: reportId } = await report(mentor, student.id, id);
    expectOk(await withdraw(student));
    const page = expectOk(
      await call(t.app, admin.cookie, 'GET', '/api/admin/reports'),
    ) as unknown as AdminReportPage;
    const kept = page.reports.find((r) => r.id === reportId)!;
    expect(kept.reported).toMatchObject({ id: null, email: student.email });
    expect(kept.reported.label).toContain('迷惑 次郎');
    // The request is still named, by the alumna left on it (the withdrawn student by no name).
    expect(kept.visit).toMatchObject({ studentName: null, mentorName: '通報 先輩' });
  });

  it('holds a reported address against registering again until an admin clears it (audited)', async () => {
    const mentor = await newMentor(t.app);
    const student = await newStudent(t.app);
    await report(mentor, student.id);
    expectOk(await withdraw(student));

    expectError(await registerStudent(student.email), 409, 'account/address-held');
    const hold = (await holds()).find((h) => h.email === student.email)!;
    expect(hold).toMatchObject({ reason: 'report', clearedAt: null });

    expectOk(
      await call(t.app, admin.cookie, 'POST', `/api/admin/registration-holds/${hold.id}/clear`),
    );
    expect((await auditEntries(t.app, 'admin.hold.clear', hold.id)).length).toBe(1);
    expect((await holds()).find((h) => h.id === hold.id)?.clearedAt).not.toBeNull();
    expect((await registerStudent(student.email)).statusCode).toBe(200);
  });

  it("holds a suspended alumna's address: no invitation, no registration with an old one", async () => {
    const mentor = await newMentor(t.app);
    const oldInvitation = await insertInvitation(t.app, { email: `old-${mentor.email}` });
    expectOk(await call(t.app, admin.cookie, 'POST', `/api/admin/users/${mentor.id}/suspend`));
    expectOk(await call(t.app, admin.cookie, 'DELETE', `/api/admin/users/${mentor.id}`));

    expectError(
      await call(t.app, admin.cookie, 'POST', '/api/invitations', {
        email: mentor.email,
        role: 'mentor',
      }),
      409,
      'account/address-held',
    );
    // Invited before the hold, the old invitation does not get round it.
    await t.app.ctx.db
      .update(invitations)
      .set({ email: mentor.email })
      .where(eq(invitations.id, oldInvitation.id));
    expectError(
      await call(
        t.app,
        undefined,
        'GET',
        `/api/invitations/lookup?${new URLSearchParams({ email: mentor.email, code: oldInvitation.inviteCode }).toString()}`,
      ),
      409,
      'account/address-held',
    );
    expect((await holds()).find((h) => h.email === mentor.email)?.reason).toBe('suspension');
  });

  it('leaves an address free when nothing was open against it', async () => {
    const student = await newStudent(t.app);
    expectOk(await withdraw(student));
    expect((await registerStudent(student.email)).statusCode).toBe(200);
  });

  it('refuses the hold routes to anyone but an admin', async () => {
    const student = await newStudent(t.app);
    expectError(
      await call(t.app, student.cookie, 'GET', '/api/admin/registration-holds'),
      403,
      'permission-denied',
    );
  });
});

describe('retention (maintenance)', () => {
  it(`purges resolved reports and cleared holds ${RETENTION_DAYS} days on, keeps open ones`, async () => {
    const mentor = await newMentor(t.app);
    const student = await newStudent(t.app);
    const { id: oldResolved } = await report(mentor, student.id);
    const { id: recentResolved } = await report(mentor, student.id);
    const { id: stillOpen } = await report(mentor, student.id);
    const long = new Date(Date.now() - (RETENTION_DAYS + 1) * DAY_MS);
    const recent = new Date(Date.now() - (RETENTION_DAYS - 1) * DAY_MS);
    await t.app.ctx.db
      .update(userReports)
      .set({ status: 'resolved', resolvedAt: long })
      .where(eq(userReports.id, oldResolved));
    await t.app.ctx.db
      .update(userReports)
      .set({ status: 'resolved', resolvedAt: recent })
      .where(eq(userReports.id, recentResolved));
    await t.app.ctx.db
      .update(userReports)
      .set({ createdAt: long })
      .where(eq(userReports.id, stillOpen));
    const [oldHold, recentHold, heldHold] = await t.app.ctx.db
      .insert(registrationHolds)
      .values([
        { email: 'a@example.com', reason: 'report', label: 'A', clearedAt: long },
        { email: 'b@example.com', reason: 'report', label: 'B', clearedAt: recent },
        { email: 'c@example.com', reason: 'report', label: 'C', createdAt: long },
      ])
      .returning();

    await runMaintenance(t.app.ctx);

    const reportIds = (await t.app.ctx.db.select({ id: userReports.id }).from(userReports)).map(
      (r) => r.id,
    );
    expect(reportIds).not.toContain(oldResolved);
    expect(reportIds).toEqual(expect.arrayContaining([recentResolved, stillOpen]));
    const holdIds = (
      await t.app.ctx.db.select({ id: registrationHolds.id }).from(registrationHolds)
    ).map((h) => h.id);
    expect(holdIds).not.toContain(oldHold!.id);
    expect(holdIds).toEqual(expect.arrayContaining([recentHold!.id, heldHold!.id]));
  });

  it(`ends the mail log ${MAIL_LOG_DAYS} days after a message was sent or given up`, async () => {
    const at = (days: number) => new Date(Date.now() - days * DAY_MS);
    const cases = [
      ['old-sent@example.com', 'sent', at(MAIL_LOG_DAYS + 1)],
      ['recent-sent@example.com', 'sent', at(MAIL_LOG_DAYS - 1)],
      ['old-failed@example.com', 'failed', null],
      ['old-waiting@example.com', 'pending', null],
    ] as const;
    const ids = await insertMail(
      t.app,
      ...cases.map(([to, status, sentAt]) => ({
        to,
        status,
        sentAt,
        createdAt: at(MAIL_LOG_DAYS + 2),
        nextAttemptAt: new Date(Date.now() + DAY_MS),
      })),
    );

    await runMaintenance(t.app.ctx);

    const left = new Set(
      (await t.app.ctx.db.select({ id: outbox.id }).from(outbox)).map((row) => row.id),
    );
    expect(cases.filter((_, index) => left.has(ids[index]!)).map(([to]) => to)).toEqual([
      'recent-sent@example.com',
      'old-waiting@example.com',
    ]);
  });

  it('deletes a request once both of its people have left, unless a report cites it', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const orphan = await createRequest(t.app, student, mentor);
    const cited = (await insertRequest(t.app, student.id, mentor.id, { status: 'declined' })).id;
    await report(mentor, student.id, cited);
    expectOk(await withdraw(student));
    await runMaintenance(t.app.ctx);
    expect(await requestRow(t.app, orphan)).toBeDefined();
    expectOk(await withdraw(mentor));
    await runMaintenance(t.app.ctx);
    expect(await requestRow(t.app, orphan)).toBeUndefined();
    expect(await requestRow(t.app, cited)).toBeDefined();
  });
});
