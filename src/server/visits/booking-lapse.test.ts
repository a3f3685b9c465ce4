import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../shared/schemas/notifications';
import { visitRequests } from '../db/schema';
import { call } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  DAY_MS,
  HOUR_MS,
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  requestRow,
} from '../test/factories/visits';
import { runVisitTimers } from './timers-service';

/**
 * The alumna is reminded 24 hours before a held booking lapses unanswered (issue 56): on the
 * bell and by mail, once, however many processes run the timers at that moment; not for a
 * booking she answered, nor after it lapsed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE_MS = 60_000;

/** A booking made at `createdAt` of her slot starting `slotAfterDays` later, unanswered. */
async function booking(createdAt: Date, slotAfterDays: number) {
  const student = await newStudent(t.app, '山田 花子');
  const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
  const slot = new Date(createdAt.getTime() + slotAfterDays * DAY_MS);
  const request = await insertRequest(t.app, student.id, mentor.id, {
    createdAt,
    preferredSlots: [slot],
    bookedFrom: slot,
    bookedUntil: new Date(slot.getTime() + HOUR_MS),
  });
  return { student, mentor, id: request.id };
}

async function bellOf(cookie: string) {
  const list = (await call(t.app, cookie, 'GET', '/api/notifications')).json() as NotificationList;
  return list.items.map((item) => item.kind);
}

describe('the reminder before a booking lapses', () => {
  it('comes once, 24 hours before its 72-hour hold ends, however many processes run', async () => {
    const createdAt = new Date('2026-12-20T01:00:00Z');
    const { mentor, id } = await booking(createdAt, 10);
    const dueAt = new Date(createdAt.getTime() + 48 * HOUR_MS);

    await runVisitTimers(t.app.ctx.db, new Date(dueAt.getTime() - MINUTE_MS));
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);

    // Three processes at once, then again later: one reminder.
    await Promise.all([1, 2, 3].map(() => runVisitTimers(t.app.ctx.db, dueAt)));
    await runVisitTimers(t.app.ctx.db, new Date(dueAt.getTime() + 12 * HOUR_MS));
    const mails = await mailsTo(t.app, mentor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      '【OGコネクト】お返事を待っている予約があります（あと24時間）',
    ]);
    expect(mails[0]!.text).toContain('山田 花子さん');
    expect(mails[0]!.text).toContain(`/visit-requests/${id}`);
    expect(await bellOf(mentor.cookie)).toEqual(['bookingLapsing']);
    expect((await requestRow(t.app, id))!.status).toBe('pending');
  });

  it('comes 24 hours before the slot when the slot starts before the hold ends', async () => {
    const createdAt = new Date('2026-12-20T01:00:00Z');
    const { mentor } = await booking(createdAt, 2);
    // The slot starts 48 hours after the booking: the reminder at 24 hours.
    await runVisitTimers(t.app.ctx.db, new Date(createdAt.getTime() + 23 * HOUR_MS));
    expect(await bellOf(mentor.cookie)).toEqual([]);
    await runVisitTimers(t.app.ctx.db, new Date(createdAt.getTime() + 24 * HOUR_MS));
    expect(await bellOf(mentor.cookie)).toEqual(['bookingLapsing']);
  });

  it('does not come for a booking she answered, nor once it lapsed', async () => {
    const createdAt = new Date('2026-12-20T01:00:00Z');
    const answered = await booking(createdAt, 10);
    await t.app.ctx.db
      .update(visitRequests)
      .set({ status: 'accepted', respondedAt: createdAt, meetingAt: sql`booked_from` })
      .where(eq(visitRequests.id, answered.id));
    const lapsed = await booking(createdAt, 10);
    await runVisitTimers(t.app.ctx.db, new Date(createdAt.getTime() + 73 * HOUR_MS));
    expect(await bellOf(answered.mentor.cookie)).toEqual([]);
    expect(await bellOf(lapsed.mentor.cookie)).toEqual(['expiredUnanswered']);
    expect((await requestRow(t.app, lapsed.id))!.status).toBe('expired');
  });
});
