import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, type AdminOverview } from '../../../shared/schemas/admin';
import type { AdminReport, AdminReportPage } from '../../../shared/schemas/safety';
import { userReports, users } from '../../db/schema';
import {
  auditEntries,
  call,
  expectError,
  expectOk,
  insertAdmin,
  type Method,
} from '../../test/factories/admins';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieFor, insertMentor, insertStudent } from '../../test/factories/mentors';
import { insertRequest } from '../../test/factories/visits';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app, 'reports-admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

function asAdmin(method: Method, url: string, payload?: object) {
  return call(t.app, admin.cookie, method, url, payload);
}

async function listReports(query: Record<string, string> = {}): Promise<AdminReportPage> {
  const response = await asAdmin('GET', `/api/admin/reports?${new URLSearchParams(query)}`);
  return expectOk(response) as unknown as AdminReportPage;
}

/** A student reports an alumna through the API, as on the site. */
async function reportThroughApi(details: string) {
  const { user: reporter } = await insertStudent(t.app, { name: '通報 花子' });
  const { user: reported } = await insertMentor(t.app, {
    name: '対象 美咲',
    email: `reported-${randomUUID()}@example.com`,
  });
  const cookie = await cookieFor(t.app, reporter.id);
  const created = expectOk(
    await call(t.app, cookie, 'POST', '/api/reports', {
      userId: reported.id,
      reason: 'harassment',
      details,
    }),
    201,
  );
  return { id: String(created.id), reporter, reported };
}

function resolve(id: string, payload: object = {}, cookie = admin.cookie) {
  return call(t.app, cookie, 'POST', `/api/admin/reports/${id}/resolve`, payload);
}

describe('the reports list (GET /api/admin/reports)', () => {
  it('shows who reported whom, why, and where to find the account', async () => {
    const { id, reporter, reported } = await reportThroughApi('失礼な発言がありました。');
    const page = await listReports();
    expect(page.reports.find((r) => r.id === id)).toEqual({
      id,
      reporter: { id: reporter.id, label: '通報 花子（学生）', email: reporter.email },
      reported: {
        id: reported.id,
        label: '対象 美咲（OG）',
        email: reported.email,
        suspended: false,
      },
      reason: 'harassment',
      details: '失礼な発言がありました。',
      visit: null,
      messageBody: null,
      status: 'open',
      createdAt: expect.any(String),
      note: null,
      resolution: null,
    } satisfies Record<keyof AdminReport, unknown>);
  });

  it('names the request a report is about by its two people and its date, never its id', async () => {
    const { user: student } = await insertStudent(t.app, { name: '山田 花子' });
    const { user: mentor } = await insertMentor(t.app, { name: '佐藤 美咲' });
    const meetingAt = new Date('2026-12-03T05:00:00.000Z');
    const agreed = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt,
    });
    const pending = await insertRequest(t.app, student.id, mentor.id);
    const cookie = await cookieFor(t.app, student.id);
    const made: string[] = [];
    for (const visitRequestId of [agreed.id, pending.id]) {
      const created = expectOk(
        await call(t.app, cookie, 'POST', '/api/reports', {
          userId: mentor.id,
          reason: 'harassment',
          details: '依頼について',
          visitRequestId,
        }),
        201,
      );
      made.push(String(created.id));
    }
    const response = await asAdmin('GET', '/api/admin/reports');
    const shown = (response.json() as AdminReportPage).reports;
    expect(shown.find((r) => r.id === made[0])!.visit).toEqual({
      studentName: '山田 花子',
      mentorName: '佐藤 美咲',
      meetingAt: meetingAt.toISOString(),
      requestedAt: agreed.createdAt.toISOString(),
    });
    expect(shown.find((r) => r.id === made[1])!.visit).toMatchObject({ meetingAt: null });
    // Neither the answer nor the thread read through the report carries the request's id.
    expect(response.body).not.toContain(agreed.id);
    expect(response.body).not.toContain(pending.id);
    const thread = await asAdmin('GET', `/api/admin/reports/${made[0]}/thread`);
    expect(thread.statusCode).toBe(200);
    expect(thread.body).not.toContain(agreed.id);

    // The student withdraws: the request is still named, by the one left.
    await t.app.ctx.db.delete(users).where(eq(users.id, student.id));
    const after = (await listReports()).reports.find((r) => r.id === made[0])!;
    expect(after.visit).toMatchObject({ studentName: null, mentorName: '佐藤 美咲' });
  });

  it('keeps a report whose people have withdrawn, named as they were', async () => {
    const { id, reporter, reported } = await reportThroughApi('退会前の出来事');
    await t.app.ctx.db.delete(users).where(eq(users.id, reporter.id));
    await t.app.ctx.db.delete(users).where(eq(users.id, reported.id));
    const shown = (await listReports()).reports.find((r) => r.id === id);
    // The address the reported person had is kept for the admins too.
    expect(shown).toMatchObject({
      reporter: null,
      reported: { id: null, label: '対象 美咲（OG）', email: reported.email, suspended: false },
    });
  });

  it('filters by status, newest first, and pages', async () => {
    const older = await reportThroughApi('古い通報');
    const newer = await reportThroughApi('新しい通報');
    expectOk(await resolve(older.id));
    const open = (await listReports({ status: 'open' })).reports.map((r) => r.id);
    expect(open).toContain(newer.id);
    expect(open).not.toContain(older.id);
    const resolved = (await listReports({ status: 'resolved' })).reports.map((r) => r.id);
    expect(resolved).toContain(older.id);
    expect(resolved).not.toContain(newer.id);
    const all = (await listReports({ status: 'all' })).reports.map((r) => r.id);
    expect(all.indexOf(newer.id)).toBeLessThan(all.indexOf(older.id));
    expect(all.indexOf(older.id)).toBeGreaterThanOrEqual(0);

    // Many reports made in the same instant: the cursor still visits each exactly once.
    const { user: someone } = await insertStudent(t.app);
    await t.app.ctx.db.insert(userReports).values(
      Array.from({ length: ADMIN_PAGE_SIZE + 3 }, (_, i) => ({
        reporterId: someone.id,
        reportedId: someone.id,
        reportedLabel: `一括 ${i}`,
        reason: 'other',
        details: '一括',
        createdAt: sql`now()`,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await listReports(cursor ? { cursor } : {});
      seen.push(...page.reports.map((r) => r.id));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const total = await t.app.ctx.db.select({ id: userReports.id }).from(userReports);
    expect(seen.length).toBe(total.length);
  });

  it('refuses an unknown status', async () => {
    expectError(await asAdmin('GET', '/api/admin/reports?status=maybe'), 400, 'invalid-argument');
  });
});

describe('resolving a report (POST /api/admin/reports/:id/resolve)', () => {
  it('records who resolved it, when, and the note, once', async () => {
    const { id } = await reportThroughApi('対応をお願いします。');
    const resolved = expectOk(await resolve(id, { note: '  注意喚起のメールを送りました。 ' }));
    expect(resolved).toMatchObject({
      id,
      status: 'resolved',
      note: '注意喚起のメールを送りました。',
      resolution: {
        resolvedBy: { id: admin.user.id, email: 'reports-admin@example.com' },
        resolvedAt: expect.any(String),
      },
    });
    const [entry] = await auditEntries(t.app, 'admin.report.resolve', id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'report' });

    expectError(await resolve(id, { note: 'もう一度' }), 409, 'report/not-open');
    const [row] = await t.app.ctx.db.select().from(userReports).where(eq(userReports.id, id));
    expect(row!.resolutionNote).toBe('注意喚起のメールを送りました。');
    expect(await auditEntries(t.app, 'admin.report.resolve', id)).toHaveLength(1);
  });

  it('needs no note, and refuses one too long or an unknown report', async () => {
    const { id } = await reportThroughApi('メモなし');
    const tooLong = await resolve(id, { note: 'あ'.repeat(501) });
    expectError(tooLong, 400, 'invalid-argument');
    expect(tooLong.json()).toMatchObject({ fieldErrors: { note: 'validation.reportNoteTooLong' } });
    expect(expectOk(await resolve(id))).toMatchObject({ status: 'resolved', note: null });
    expectError(await resolve(randomUUID()), 404, 'not-found');
  });

  it('keeps a note written while open when resolved without one', async () => {
    const { id } = await reportThroughApi('先にメモ');
    expectOk(await setNote(id, { note: '本人に確認中' }));
    expect(expectOk(await resolve(id))).toMatchObject({ status: 'resolved', note: '本人に確認中' });
  });

  it('counts open reports on the overview', async () => {
    const before = (expectOk(await asAdmin('GET', '/api/admin/overview')) as AdminOverview)
      .openReports;
    const { id } = await reportThroughApi('概要の件数');
    const during = expectOk(await asAdmin('GET', '/api/admin/overview')) as AdminOverview;
    expect(during.openReports).toBe(before + 1);
    expectOk(await resolve(id));
    const after = expectOk(await asAdmin('GET', '/api/admin/overview')) as AdminOverview;
    expect(after.openReports).toBe(before);
  });
});

function setNote(id: string, payload: object, cookie = admin.cookie) {
  return call(t.app, cookie, 'PUT', `/api/admin/reports/${id}/note`, payload);
}

function reopen(id: string, cookie = admin.cookie) {
  return call(t.app, cookie, 'POST', `/api/admin/reports/${id}/reopen`, {});
}

describe("the admins' note (PUT /api/admin/reports/:id/note)", () => {
  it('is written while open, changed once handled, removed when empty, each change audited', async () => {
    const { id } = await reportThroughApi('メモの確認');
    expect(expectOk(await setNote(id, { note: ' 本人に事情を確認中です。 ' }))).toMatchObject({
      status: 'open',
      note: '本人に事情を確認中です。',
      resolution: null,
    });
    expectOk(await resolve(id));
    expect(expectOk(await setNote(id, { note: '注意のうえ対応済み。' }))).toMatchObject({
      status: 'resolved',
      note: '注意のうえ対応済み。',
    });
    expect(expectOk(await setNote(id, { note: '   ' }))).toMatchObject({ note: null });
    const entries = await auditEntries(t.app, 'admin.report.note', id);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ actorId: admin.user.id, targetType: 'report' });
  });

  it('refuses bad input and an unknown report, changing nothing', async () => {
    const { id } = await reportThroughApi('不正な入力');
    expectOk(await setNote(id, { note: '元のメモ' }));
    for (const payload of [{}, { note: 'あ'.repeat(501) }, { note: 3 }]) {
      expectError(await setNote(id, payload), 400, 'invalid-argument');
    }
    expectError(
      await call(t.app, admin.cookie, 'PUT', '/api/admin/reports/nope/note', { note: 'a' }),
      400,
      'invalid-argument',
    );
    expectError(await setNote(randomUUID(), { note: 'a' }), 404, 'not-found');
    const [row] = await t.app.ctx.db.select().from(userReports).where(eq(userReports.id, id));
    expect(row!.resolutionNote).toBe('元のメモ');
    expect(await auditEntries(t.app, 'admin.report.note', id)).toHaveLength(1);
  });
});

describe('reopening a handled report (POST /api/admin/reports/:id/reopen)', () => {
  it('opens it again with its note, audited; an open one is refused', async () => {
    const { id } = await reportThroughApi('再対応');
    expectOk(await resolve(id, { note: '一度対応' }));
    expect(expectOk(await reopen(id))).toMatchObject({
      status: 'open',
      note: '一度対応',
      resolution: null,
    });
    const [entry] = await auditEntries(t.app, 'admin.report.reopen', id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'report' });
    const [row] = await t.app.ctx.db.select().from(userReports).where(eq(userReports.id, id));
    expect(row).toMatchObject({ status: 'open', resolvedBy: null, resolvedAt: null });

    expectError(await reopen(id), 409, 'report/not-resolved');
    expect(await auditEntries(t.app, 'admin.report.reopen', id)).toHaveLength(1);
    expectError(await reopen(randomUUID()), 404, 'not-found');
    // Open again, it can be handled again.
    expectOk(await resolve(id));
  });
});

describe('who may see and resolve reports', () => {
  it('is admins only: others are refused and nothing changes', async () => {
    const { id } = await reportThroughApi('権限の確認');
    const { user: og } = await insertMentor(t.app);
    const { user: pupil } = await insertStudent(t.app);
    for (const cookie of [await cookieFor(t.app, og.id), await cookieFor(t.app, pupil.id)]) {
      expectError(await call(t.app, cookie, 'GET', '/api/admin/reports'), 403, 'permission-denied');
      expectError(await resolve(id, {}, cookie), 403, 'permission-denied');
      expectError(await setNote(id, { note: 'x' }, cookie), 403, 'permission-denied');
      expectError(await reopen(id, cookie), 403, 'permission-denied');
    }
    expectError(
      await call(t.app, undefined, 'GET', '/api/admin/reports'),
      401,
      'auth/unauthenticated',
    );
    expectError(
      await call(t.app, undefined, 'POST', `/api/admin/reports/${id}/resolve`, {}),
      401,
      'auth/unauthenticated',
    );
    const [row] = await t.app.ctx.db.select().from(userReports).where(eq(userReports.id, id));
    expect(row!.status).toBe('open');
  });
});
