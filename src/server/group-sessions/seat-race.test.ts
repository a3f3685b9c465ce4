import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupSessionView } from '../../shared/schemas/group-sessions';
import { pgErrorCode } from '../db/client';
import { groupSessionPlaces, groupSessions } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectOk } from '../test/factories/admins';
import { jstSlot, newMentor, newStudent, type Party } from '../test/factories/visits';
import type { SessionUser } from '../../shared/schemas/auth';
import { takeSeat } from './service';

function sessionUserOf(student: Party): SessionUser {
  return {
    id: student.id,
    email: student.email,
    role: 'student',
    emailVerified: true,
    asksNameReading: false,
    language: null,
  };
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function openWith(mentor: Pick<Party, 'cookie'>, seats: number) {
  const response = await call(t.app, mentor.cookie, 'POST', '/api/group-sessions', {
    title: '満席になる座談会',
    topics: ['career_advice'],
    startsAt: jstSlot(6, 14),
    minutes: 60,
    meetingFormat: 'online',
    meetingUrl: '',
    seats,
    audience: { kind: 'all' },
    signUpClosesAt: jstSlot(5, 12),
    safetyRulesConfirmed: true,
  });
  return expectOk(response, 201).id as string;
}

function placesIn(id: string) {
  return t.app.ctx.db.select().from(groupSessionPlaces).where(eq(groupSessionPlaces.sessionId, id));
}

describe('no seat is given twice', () => {
  it('seats exactly three of 30 students taking the last three seats at once; the rest wait 1..27', async () => {
    const mentor = await newMentor(t.app);
    const id = await openWith(mentor, 5);
    for (const early of [await newStudent(t.app), await newStudent(t.app)]) {
      expectOk(await call(t.app, early.cookie, 'POST', `/api/group-sessions/${id}/seat`));
    }
    const crowd: Party[] = [];
    for (let n = 0; n < 30; n++) crowd.push(await newStudent(t.app));

    // Straight to the service, so that the 30 transactions meet in the database together (over
    // HTTP, each request's own work in this one process spaces them out).
    const answers = await Promise.all(
      crowd.map((student) => takeSeat(t.app.ctx.db, sessionUserOf(student), id)),
    );
    const mine = answers.map((answer) => answer.mine as { kind: string; position?: number });
    expect(mine.filter((place) => place.kind === 'seated')).toHaveLength(3);
    const positions = mine
      .filter((place) => place.kind === 'waiting')
      .map((place) => place.position!)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 27 }, (_, n) => n + 1));

    const rows = await placesIn(id);
    const seated = rows.filter((row) => row.state === 'seated');
    expect(seated).toHaveLength(5);
    expect(new Set(seated.map((row) => row.seatNo))).toEqual(new Set([1, 2, 3, 4, 5]));
    const waiting = rows.filter((row) => row.state === 'waiting');
    expect(waiting).toHaveLength(27);
    expect(new Set(waiting.map((row) => row.waitNo)).size).toBe(27);

    // What each was answered is what her page says, and the alumna's list agrees.
    const host = expectOk(
      await call(t.app, mentor.cookie, 'GET', `/api/group-sessions/${id}`),
    ) as unknown as GroupSessionView;
    expect(host).toMatchObject({ seatsLeft: 0, waitingCount: 27, state: 'full' });
    const hostPositions = host
      .attendees!.filter((a) => a.place.kind === 'waiting')
      .map((a) => (a.place.kind === 'waiting' ? a.place.position : 0));
    expect(hostPositions).toEqual(Array.from({ length: 27 }, (_, n) => n + 1));
    for (const [n, student] of crowd.entries()) {
      if (mine[n]!.kind !== 'waiting') continue;
      const seen = expectOk(
        await call(t.app, student.cookie, 'GET', `/api/group-sessions/${id}`),
      ) as unknown as GroupSessionView;
      expect(seen.mine).toEqual(mine[n]);
    }
  }, 60_000);

  it('refuses in the database itself a second student on a seat, a seat past the count, or a count not the session’s', async () => {
    const mentor = await newMentor(t.app);
    const id = await openWith(mentor, 2);
    const [a, b] = [await newStudent(t.app), await newStudent(t.app)];
    const db = t.app.ctx.db;
    await db
      .insert(groupSessionPlaces)
      .values({ sessionId: id, sessionSeats: 2, studentId: a.id, state: 'seated', seatNo: 1 });
    const refused = async (values: Partial<typeof groupSessionPlaces.$inferInsert>) => {
      try {
        await db.insert(groupSessionPlaces).values({
          sessionId: id,
          sessionSeats: 2,
          studentId: b.id,
          state: 'seated',
          seatNo: 2,
          ...values,
        });
      } catch (error) {
        return pgErrorCode(error);
      }
      return null;
    };
    // The same seat: unique_violation.
    expect(await refused({ seatNo: 1 })).toBe('23505');
    // A third seat of two: check_violation.
    expect(await refused({ seatNo: 3 })).toBe('23514');
    // Claiming the session has more seats than it has: foreign_key_violation.
    expect(await refused({ sessionSeats: 3, seatNo: 3 })).toBe('23503');
    // Seated without a seat, or waiting with one: check_violation.
    expect(await refused({ seatNo: null })).toBe('23514');
    expect(await refused({ state: 'waiting', waitNo: 1 })).toBe('23514');
    // Fewer seats than are taken cannot be written either (the places follow the count).
    await db
      .insert(groupSessionPlaces)
      .values({ sessionId: id, sessionSeats: 2, studentId: b.id, state: 'seated', seatNo: 2 });
    let shrink: string | undefined;
    try {
      await db.update(groupSessions).set({ seats: 1 }).where(eq(groupSessions.id, id));
    } catch (error) {
      shrink = pgErrorCode(error);
    }
    expect(shrink).toBe('23514');
    const rows = await db
      .select()
      .from(groupSessionPlaces)
      .where(and(eq(groupSessionPlaces.sessionId, id), eq(groupSessionPlaces.state, 'seated')));
    expect(rows).toHaveLength(2);
  });
});
