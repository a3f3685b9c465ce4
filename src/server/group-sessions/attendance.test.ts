import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupSessionView } from '../../shared/schemas/group-sessions';
import { groupSessions, students } from '../db/schema';
import { openGroupSession } from '../test/factories/group-sessions';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { insertMissedVisit, newMentor, newStudent, type Party } from '../test/factories/visits';

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

describe('a 欠席 and the no-show stop', () => {
  it('counts as a visit’s no-show: with one missed visit it stops her, until changed or cleared', async () => {
    const { mentor, id, a } = await filled();
    await startedAgo(id, 2);
    await insertMissedVisit(t.app, a.id, (await newMentor(t.app)).id, 20);
    const next = await open(await newMentor(t.app));
    expect((await record(mentor, id, [{ studentId: a.id, attended: false }])).statusCode).toBe(204);
    expectError(await seat(a, next), 403, 'visit/no-show-limit');
    await record(mentor, id, [{ studentId: a.id, attended: true }]);
    expectOk(await seat(a, next));

    // Absent again, then the admins clear her no-shows: it no longer counts.
    await record(mentor, id, [{ studentId: a.id, attended: false }]);
    const later = await open(await newMentor(t.app));
    expectError(await seat(a, later), 403, 'visit/no-show-limit');
    await t.app.ctx.db
      .update(students)
      .set({ noShowsClearedAt: new Date() })
      .where(eq(students.userId, a.id));
    expectOk(await seat(a, later));
  });
});
