import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DETAILS_MAX_LENGTH } from '../../shared/constants';
import type { BlockedUser } from '../../shared/schemas/safety';
import type { App } from '../app';
import { auditLog, rateLimitHits, userBlocks, userReports, visitRequests } from '../db/schema';
import { auditEntries, call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import { bookSlotOf, EVERY_DAY_WINDOWS } from '../test/factories/visits';
import { cookieFor, insertMentor, insertStudent, mentorRow } from '../test/factories/mentors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;

async function student(name?: string) {
  const { user } = await insertStudent(t.app, name ? { name } : {});
  return { id: user.id, cookie: await cookieFor(t.app, user.id) };
}

async function mentor(name?: string) {
  const { user } = await insertMentor(t.app, name ? { name } : {});
  return { id: user.id, cookie: await cookieFor(t.app, user.id) };
}

/** A visit request written straight into the database, in whatever state the test needs. */
async function insertRequest(
  app: App,
  studentId: string,
  mentorId: string,
  state: {
    status?: 'pending' | 'accepted' | 'declined' | 'cancelled';
    meetingAt?: Date | null;
  } = {},
) {
  const [row] = await app.ctx.db
    .insert(visitRequests)
    .values({
      studentId,
      mentorId,
      purpose: 'career_advice',
      message: 'お話を伺いたいです。',
      preferredSlots: [new Date(Date.now() + 72 * HOUR)],
      meetingFormat: 'online',
      status: state.status ?? 'pending',
      meetingAt: state.meetingAt ?? null,
    })
    .returning();
  return row!;
}

async function requestRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(visitRequests).where(eq(visitRequests.id, id));
  return row!;
}

function reportsBy(reporterId: string) {
  return t.app.ctx.db.select().from(userReports).where(eq(userReports.reporterId, reporterId));
}

function report(cookie: string | undefined, payload: object) {
  return call(t.app, cookie, 'POST', '/api/reports', payload);
}

describe('reporting a user (POST /api/reports)', () => {
  it('stores the report with the reported person named as they are now', async () => {
    const reporter = await student();
    const og = await mentor('佐藤 美咲');
    const request = await insertRequest(t.app, reporter.id, og.id);
    const created = expectOk(
      await report(reporter.cookie, {
        userId: og.id,
        reason: 'solicitation',
        details: '  面談でネットワークビジネスに勧誘されました。  ',
        visitRequestId: request.id,
      }),
      201,
    );
    expect(created).toEqual({ id: expect.any(String) });
    const [stored] = await reportsBy(reporter.id);
    expect(stored).toMatchObject({
      id: created.id,
      reportedId: og.id,
      reportedLabel: '佐藤 美咲（OG）',
      reason: 'solicitation',
      details: '面談でネットワークビジネスに勧誘されました。',
      visitRequestId: request.id,
      status: 'open',
      resolvedBy: null,
      resolvedAt: null,
    });
    const [entry] = await auditEntries(t.app, 'report.create', String(created.id));
    expect(entry).toMatchObject({ actorId: reporter.id, details: { reason: 'solicitation' } });
  });

  it('lets an alumna report a student, named as a student', async () => {
    const og = await mentor();
    const reported = await student('鈴木 一郎');
    expectOk(
      await report(og.cookie, { userId: reported.id, reason: 'harassment', details: '暴言' }),
      201,
    );
    const [stored] = await reportsBy(og.id);
    expect(stored).toMatchObject({ reportedLabel: '鈴木 一郎（学生）', visitRequestId: null });
  });

  it('names an account without a profile by its role, never by its address', async () => {
    const reporter = await student();
    const admin = await insertAdmin(t.app);
    expectOk(
      await report(reporter.cookie, { userId: admin.user.id, reason: 'other', details: '...' }),
      201,
    );
    const [stored] = await reportsBy(reporter.id);
    expect(stored!.reportedLabel).toBe('管理者');
  });

  it('refuses bad input field by field, and stores nothing', async () => {
    const reporter = await student();
    const response = await report(reporter.cookie, {
      userId: 'not-a-uuid',
      reason: 'gossip',
      details: 'x'.repeat(REPORT_DETAILS_MAX_LENGTH + 1),
    });
    expectError(response, 400, 'invalid-argument');
    expect(response.json()).toMatchObject({
      fieldErrors: {
        userId: 'validation.reportTargetInvalid',
        reason: 'validation.reportReasonRequired',
        details: 'validation.reportDetailsTooLong',
      },
    });
    const blank = await report(reporter.cookie, {
      userId: randomUUID(),
      reason: 'money',
      details: '   ',
    });
    expectError(blank, 400, 'invalid-argument');
    expect(blank.json()).toMatchObject({
      fieldErrors: { details: 'validation.reportDetailsRequired' },
    });
    expect(await reportsBy(reporter.id)).toEqual([]);
  });

  it('refuses reporting oneself, an unknown user, and a request the reporter is not in', async () => {
    const reporter = await student();
    const og = await mentor();
    expectError(
      await report(reporter.cookie, { userId: reporter.id, reason: 'other', details: '自分' }),
      400,
      'report/self',
    );
    expectError(
      await report(reporter.cookie, { userId: randomUUID(), reason: 'other', details: '誰か' }),
      404,
      'not-found',
    );
    // Someone else's request with the same alumna: the reporter takes no part in it.
    const someoneElse = await student();
    const theirs = await insertRequest(t.app, someoneElse.id, og.id);
    expectError(
      await report(reporter.cookie, {
        userId: og.id,
        reason: 'harassment',
        details: '他人の依頼',
        visitRequestId: theirs.id,
      }),
      404,
      'not-found',
    );
    // The reporter's own request, but with another person than the one reported.
    const otherOg = await mentor();
    const mine = await insertRequest(t.app, reporter.id, otherOg.id);
    expectError(
      await report(reporter.cookie, {
        userId: og.id,
        reason: 'harassment',
        details: '別の依頼',
        visitRequestId: mine.id,
      }),
      404,
      'not-found',
    );
    expectError(
      await report(reporter.cookie, {
        userId: og.id,
        reason: 'harassment',
        details: '存在しない依頼',
        visitRequestId: randomUUID(),
      }),
      404,
      'not-found',
    );
    expect(await reportsBy(reporter.id)).toEqual([]);
    const audited = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.create'), eq(auditLog.actorId, reporter.id)));
    expect(audited).toEqual([]);
  });

  it('takes at most 10 reports a day from one person', async () => {
    const reporter = await student();
    const og = await mentor();
    for (let i = 0; i < 10; i++) {
      expectOk(
        await report(reporter.cookie, { userId: og.id, reason: 'other', details: `${i}` }),
        201,
      );
    }
    expectError(
      await report(reporter.cookie, { userId: og.id, reason: 'other', details: 'もう一度' }),
      429,
      'auth/too-many-requests',
    );
    expect(await reportsBy(reporter.id)).toHaveLength(10);
    // Another person's reports are counted on their own.
    const other = await student();
    expectOk(await report(other.cookie, { userId: og.id, reason: 'other', details: '別' }), 201);
    await t.app.ctx.db.delete(rateLimitHits);
  });

  it('is for verified users only', async () => {
    const og = await mentor();
    expectError(
      await report(undefined, { userId: og.id, reason: 'other', details: '匿名' }),
      401,
      'auth/unauthenticated',
    );
    const { user } = await insertStudent(t.app, { emailVerified: false });
    expectError(
      await report(await cookieFor(t.app, user.id), {
        userId: og.id,
        reason: 'other',
        details: '未確認',
      }),
      403,
      'auth/email-not-verified',
    );
  });
});

describe('blocking a user (PUT/DELETE/GET /api/blocks)', () => {
  function block(cookie: string | undefined, userId: string) {
    return call(t.app, cookie, 'PUT', `/api/blocks/${userId}`);
  }
  function unblock(cookie: string | undefined, userId: string) {
    return call(t.app, cookie, 'DELETE', `/api/blocks/${userId}`);
  }
  async function blockList(cookie: string): Promise<BlockedUser[]> {
    return expectOk(await call(t.app, cookie, 'GET', '/api/blocks')) as unknown as BlockedUser[];
  }
  async function blockRows(blockerId: string) {
    return t.app.ctx.db.select().from(userBlocks).where(eq(userBlocks.blockerId, blockerId));
  }

  it('blocks once however often it is asked, and lists the blocked person', async () => {
    const og = await mentor();
    const reported = await student('高橋 翔');
    expect(expectOk(await block(og.cookie, reported.id))).toEqual({
      blocked: true,
      cancelledRequests: 0,
    });
    expect(expectOk(await block(og.cookie, reported.id))).toEqual({
      blocked: true,
      cancelledRequests: 0,
    });
    expect(await blockRows(og.id)).toHaveLength(1);
    expect(await auditEntries(t.app, 'block.create', reported.id)).toHaveLength(1);
    expect(await blockList(og.cookie)).toEqual([
      { userId: reported.id, label: '高橋 翔（学生）', blockedAt: expect.any(String) },
    ]);
    // The person blocked sees nothing of it in their own list.
    expect(await blockList(reported.cookie)).toEqual([]);

    expect(expectOk(await unblock(og.cookie, reported.id))).toEqual({
      blocked: false,
      cancelledRequests: 0,
    });
    expectOk(await unblock(og.cookie, reported.id));
    expect(await blockRows(og.id)).toEqual([]);
    expect(await auditEntries(t.app, 'block.remove', reported.id)).toHaveLength(1);
    expect(await blockList(og.cookie)).toEqual([]);
  });

  it('lists the newest block first', async () => {
    const me = await student();
    const first = await mentor('伊藤 真央');
    const second = await mentor('渡辺 彩');
    expectOk(await block(me.cookie, first.id));
    expectOk(await block(me.cookie, second.id));
    expect((await blockList(me.cookie)).map((entry) => entry.label)).toEqual([
      '渡辺 彩（OG）',
      '伊藤 真央（OG）',
    ]);
  });

  it('refuses blocking oneself and an unknown user', async () => {
    const me = await student();
    expectError(await block(me.cookie, me.id), 400, 'block/self');
    expectError(await block(me.cookie, randomUUID()), 404, 'not-found');
    expectError(await block(me.cookie, 'not-a-uuid'), 400, 'invalid-argument');
    expect(await blockRows(me.id)).toEqual([]);
  });

  it('cancels every open request between the two, whoever blocks, and leaves the rest', async () => {
    const og = await mentor();
    const pupil = await student();
    const past = new Date(Date.now() - 24 * HOUR);
    const future = new Date(Date.now() + 48 * HOUR);
    const pending = await insertRequest(t.app, pupil.id, og.id);
    const declined = await insertRequest(t.app, pupil.id, og.id, { status: 'declined' });
    const met = await insertRequest(t.app, pupil.id, og.id, {
      status: 'accepted',
      meetingAt: past,
    });
    const elsewhere = await insertRequest(t.app, pupil.id, (await mentor()).id);

    // The alumna blocks the student: the student's pending request ends as her cancellation.
    expect(expectOk(await block(og.cookie, pupil.id))).toEqual({
      blocked: true,
      cancelledRequests: 1,
    });
    expect(await requestRow(pending.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'mentor',
      cancelledAt: expect.any(Date),
    });
    expect(await requestRow(declined.id)).toMatchObject({ status: 'declined', cancelledAt: null });
    expect(await requestRow(met.id)).toMatchObject({ status: 'accepted', cancelledAt: null });
    expect(await requestRow(elsewhere.id)).toMatchObject({ status: 'pending' });
    const [entry] = await auditEntries(t.app, 'block.create', pupil.id);
    expect(entry).toMatchObject({ actorId: og.id, details: { cancelledRequests: 1 } });

    // A student blocks an alumnus: their accepted meeting still ahead ends as the student's.
    const otherOg = await mentor();
    const otherPupil = await student();
    const accepted = await insertRequest(t.app, otherPupil.id, otherOg.id, {
      status: 'accepted',
      meetingAt: future,
    });
    const waiting = await insertRequest(t.app, otherPupil.id, otherOg.id);
    expect(expectOk(await block(otherPupil.cookie, otherOg.id))).toEqual({
      blocked: true,
      cancelledRequests: 2,
    });
    for (const id of [accepted.id, waiting.id]) {
      expect(await requestRow(id)).toMatchObject({ status: 'cancelled', cancelledBy: 'student' });
    }
  });

  it('sends no e-mail about the cancelled requests', async () => {
    const og = await mentor();
    const pupil = await student();
    await insertRequest(t.app, pupil.id, og.id);
    await t.app.ctx.outbox.drain();
    const before = (await call(t.app, undefined, 'GET', '/_dev/mail')).json() as unknown[];
    expectOk(await block(pupil.cookie, og.id));
    await t.app.ctx.outbox.drain();
    const after = (await call(t.app, undefined, 'GET', '/_dev/mail')).json() as unknown[];
    expect(after).toHaveLength(before.length);
  });

  it('works out her earliest slot again at once when a block frees a booked slot', async () => {
    const og = await mentor();
    const pupil = await student();
    const published = await call(
      t.app,
      og.cookie,
      'PUT',
      '/api/mentors/me/booking',
      EVERY_DAY_WINDOWS,
    );
    expect(published.statusCode, published.body).toBe(200);
    const nextSlot = async () => (await mentorRow(t.app, og.id))?.nextSlotAt?.toISOString() ?? null;
    const first = await nextSlot();
    expect(first).not.toBeNull();
    const booked = await bookSlotOf(t.app, pupil, og.id, first!);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await nextSlot()).not.toBe(first);

    // Her block cancels the booking, and the OG list's earliest slot is hers again at once
    // (it waited for the timers' hourly look while the block cancelled by its own update).
    expect(expectOk(await block(og.cookie, pupil.id))).toMatchObject({ cancelledRequests: 1 });
    expect(await nextSlot()).toBe(first);
  });

  it('keeps each person to their own blocks', async () => {
    const a = await student();
    const b = await mentor();
    const c = await mentor();
    expectOk(await block(a.cookie, b.id));
    expectOk(await block(c.cookie, b.id));
    // C lifting their block leaves A's in place.
    expectOk(await unblock(c.cookie, b.id));
    const rows = await t.app.ctx.db
      .select()
      .from(userBlocks)
      .where(and(eq(userBlocks.blockedId, b.id)));
    expect(rows.map((row) => row.blockerId)).toEqual([a.id]);
  });

  it('is for verified users only', async () => {
    const og = await mentor();
    expectError(await block(undefined, og.id), 401, 'auth/unauthenticated');
    expectError(await unblock(undefined, og.id), 401, 'auth/unauthenticated');
    expectError(await call(t.app, undefined, 'GET', '/api/blocks'), 401, 'auth/unauthenticated');
  });
});
