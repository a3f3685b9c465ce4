import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../shared/schemas/notifications';
import { groupSessionPlaces, groupSessions } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { call } from '../test/factories/admins';
import { HOUR_MS, mailsTo, newMentor, newStudent, type Party } from '../test/factories/visits';
import { sendGroupSessionDayBefore } from './day-before';

/** 座談会's 前日確認 (issue 58 point 4), driven with an injected clock as the visits' is. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE_MS = 60_000;
/** 14:00 Japan time on 10 December; due at 18:00 Japan time the day before. */
const startsAt = new Date('2026-12-10T05:00:00Z');
const dueAt = new Date('2026-12-09T09:00:00Z');

function run(now: Date) {
  return sendGroupSessionDayBefore(t.app.ctx.db, now);
}

async function bellKinds(party: Party): Promise<string[]> {
  const list = (await call(t.app, party.cookie, 'GET', '/api/notifications')).json();
  return (list as NotificationList).items.map((item) => item.kind);
}

/** An in-person 座談会 of a new alumna: two students seated, one waiting. */
async function session(overrides: Partial<typeof groupSessions.$inferInsert> = {}) {
  const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
  const [row] = await t.app.ctx.db
    .insert(groupSessions)
    .values({
      mentorId: mentor.id,
      title: '前日確認の座談会',
      topics: ['career_advice'],
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR_MS),
      signUpClosesAt: new Date(startsAt.getTime() - 26 * HOUR_MS),
      meetingFormat: 'in_person',
      placeKind: 'university',
      meetingPlace: '3号館 2階の演習室',
      seats: 3,
      audienceKind: 'all',
      // Opened well before its reminder is due (whatever day the tests run on).
      createdAt: new Date('2026-12-01T00:00:00Z'),
      ...overrides,
    })
    .returning({ id: groupSessions.id });
  const id = row!.id;
  const [a, b, waiting] = await Promise.all([
    newStudent(t.app),
    newStudent(t.app),
    newStudent(t.app),
  ]);
  await t.app.ctx.db.insert(groupSessionPlaces).values([
    { sessionId: id, sessionSeats: 3, studentId: a!.id, state: 'seated', seatNo: 1 },
    { sessionId: id, sessionSeats: 3, studentId: b!.id, state: 'seated', seatNo: 2 },
    { sessionId: id, sessionSeats: 3, studentId: waiting!.id, state: 'waiting', waitNo: 1 },
  ]);
  return { id, mentor, seated: [a!, b!], waiting: waiting! };
}

describe('the day before a 座談会', () => {
  it('tells each seated student and its alumna once at 18:00 Japan time, never one waiting', async () => {
    const { id, mentor, seated, waiting } = await session();
    await run(new Date(dueAt.getTime() - MINUTE_MS));
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);

    await Promise.all([run(dueAt), run(dueAt)]);
    await run(new Date(dueAt.getTime() + HOUR_MS));
    for (const student of seated) {
      const mails = await mailsTo(t.app, student.email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        '【OGコネクト】明日は座談会です（前日確認）',
      ]);
      expect(mails[0]!.text).toContain('佐藤 美咲さんの座談会「前日確認の座談会」');
      expect(mails[0]!.text).toContain('2026年12月10日');
      expect(mails[0]!.text).toContain('3号館 2階の演習室');
      expect(mails[0]!.text).toContain(`/group-sessions/${id}`);
      expect(await bellKinds(student)).toEqual(['groupSessionDayBefore']);
    }
    const hers = await mailsTo(t.app, mentor.email);
    expect(hers.map((mail) => mail.subject)).toEqual([
      '【OGコネクト】明日はあなたの座談会です（前日確認）',
    ]);
    expect(hers[0]!.text).toContain('参加予定：2名');
    expect(await bellKinds(mentor)).toEqual(['groupSessionDayBeforeHost']);
    expect(await mailsTo(t.app, waiting.email)).toHaveLength(0);
    const [row] = await t.app.ctx.db.select().from(groupSessions).where(eq(groupSessions.id, id));
    expect(row!.dayBeforeSentAt).toEqual(dueAt);
  });

  it('tells no one of a cancelled one, and marks one opened too late without telling', async () => {
    const cancelled = await session({ cancelledAt: new Date('2026-12-01T00:00:00Z') });
    const sameDay = new Date(startsAt.getTime() - 2 * HOUR_MS);
    const late = await session({
      signUpClosesAt: new Date(sameDay.getTime() - HOUR_MS),
    });
    await run(sameDay);
    expect(await mailsTo(t.app, cancelled.mentor.email)).toHaveLength(0);
    expect(await mailsTo(t.app, late.mentor.email)).toHaveLength(0);
    expect(await mailsTo(t.app, late.seated[0]!.email)).toHaveLength(0);
    const [row] = await t.app.ctx.db
      .select()
      .from(groupSessions)
      .where(eq(groupSessions.id, late.id));
    expect(row!.dayBeforeSentAt).toEqual(sameDay);
  });

  it('marks one opened after 18:00 for the next day without telling anyone (PRODUCT.md §7c)', async () => {
    // Opened at 20:00 Japan time the evening before; the timer's next pass runs a minute on.
    const openedAt = new Date(dueAt.getTime() + 2 * HOUR_MS);
    const evening = await session({ createdAt: openedAt });
    const passAt = new Date(openedAt.getTime() + MINUTE_MS);
    await run(passAt);
    expect(await mailsTo(t.app, evening.mentor.email)).toHaveLength(0);
    expect(await mailsTo(t.app, evening.seated[0]!.email)).toHaveLength(0);
    expect(await bellKinds(evening.mentor)).toEqual([]);
    const [row] = await t.app.ctx.db
      .select()
      .from(groupSessions)
      .where(eq(groupSessions.id, evening.id));
    expect(row!.dayBeforeSentAt).toEqual(passAt);
  });
});
