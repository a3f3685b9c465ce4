import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUnconfirmedVisitList } from '../../shared/schemas/admin';
import type { GroupSessionView } from '../../shared/schemas/group-sessions';
import type { NotificationList } from '../../shared/schemas/notifications';
import { groupSessionPlaces, groupSessions } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { HOUR_MS, mailsTo, newMentor, newStudent, type Party } from '../test/factories/visits';
import { askGroupSessionSafeEnd } from './after';

/** 「無事に終わりましたか」 after an in-person 座談会 (issue 58 point 4), as after a visit. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function run(now = new Date()) {
  return askGroupSessionSafeEnd(t.app.ctx.db, now);
}

async function bellKinds(party: Party): Promise<string[]> {
  const list = (await call(t.app, party.cookie, 'GET', '/api/notifications')).json();
  return (list as NotificationList).items.map((item) => item.kind);
}

async function viewOf(party: Pick<Party, 'cookie'>, id: string) {
  return expectOk(
    await call(t.app, party.cookie, 'GET', `/api/group-sessions/${id}`),
  ) as unknown as GroupSessionView;
}

function confirm(party: Pick<Party, 'cookie'>, id: string) {
  return call(t.app, party.cookie, 'POST', `/api/group-sessions/${id}/safe-end`);
}

/**
 * A 座談会 of a new alumna that ended `endedHoursAgo` ago: two students seated (the second
 * recorded 欠席 when `absent`), one waiting.
 */
async function held(
  endedHoursAgo: number,
  overrides: Partial<typeof groupSessions.$inferInsert> = {},
  absent = false,
) {
  const mentor = await newMentor(t.app, { name: '高橋 由紀' });
  const endsAt = new Date(Date.now() - endedHoursAgo * HOUR_MS);
  const startsAt = new Date(endsAt.getTime() - HOUR_MS);
  const [row] = await t.app.ctx.db
    .insert(groupSessions)
    .values({
      mentorId: mentor.id,
      title: '対面の座談会',
      topics: ['career_advice'],
      startsAt,
      endsAt,
      signUpClosesAt: new Date(startsAt.getTime() - 26 * HOUR_MS),
      meetingFormat: 'in_person',
      placeKind: 'public',
      meetingPlace: '駅前の貸し会議室',
      seats: 3,
      audienceKind: 'all',
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
    {
      sessionId: id,
      sessionSeats: 3,
      studentId: b!.id,
      state: 'seated',
      seatNo: 2,
      ...(absent ? { attended: false, absenceClaimedAt: new Date() } : {}),
    },
    { sessionId: id, sessionSeats: 3, studentId: waiting!.id, state: 'waiting', waitNo: 1 },
  ]);
  return { id, mentor, a: a!, b: b!, waiting: waiting! };
}

describe('「無事に終わりましたか」 after an in-person 座談会', () => {
  it('asks each seated student once, two hours after its end, never one waiting or recorded 欠席', async () => {
    const early = await held(1.5);
    const { id, mentor, a, b, waiting } = await held(3, {}, true);
    await Promise.all([run(), run()]);
    await run();
    const mails = await mailsTo(t.app, a.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      '【OGコネクト】座談会は無事に終わりましたか',
    ]);
    expect(mails[0]!.text).toContain('高橋 由紀さんの座談会「対面の座談会」');
    expect(mails[0]!.text).toContain(`/group-sessions/${id}`);
    expect(await bellKinds(a)).toEqual(['groupSessionSafeEndAsk']);
    for (const party of [b, waiting, early.a, mentor]) {
      expect(await mailsTo(t.app, party.email)).toHaveLength(0);
    }
    expect((await viewOf(a, id)).after).toMatchObject({
      safeEnd: { askedAt: expect.any(String), confirmedAt: null },
      absence: null,
    });
    expect((await viewOf(b, id)).after!.safeEnd).toBeNull();
  });

  it('never asks after an online or a cancelled one, nor of one long past', async () => {
    const online = await held(3, { meetingFormat: 'online', placeKind: null, meetingPlace: '' });
    const cancelled = await held(3, { cancelledAt: new Date(Date.now() - 10 * HOUR_MS) });
    const old = await held(60);
    await run();
    for (const party of [online.a, cancelled.a, old.a]) {
      expect(await mailsTo(t.app, party.email)).toHaveLength(0);
    }
    expectError(await confirm(online.a, online.id), 409, 'visit/safe-end-not-asked');
    expectError(await confirm(cancelled.a, cancelled.id), 409, 'visit/safe-end-not-asked');
  });

  it('is answered by her one tap, once; the admins see it, its alumna does not', async () => {
    const { id, mentor, a, b, waiting } = await held(3, {}, true);
    const soon = await held(0.5);
    expectError(await confirm(soon.a, soon.id), 409, 'visit/safe-end-not-asked');
    expectError(await confirm(b, id), 409, 'visit/safe-end-not-asked');
    expectError(await confirm(waiting, id), 404, 'not-found');
    expectError(await confirm(mentor, id), 403, 'permission-denied');
    // Due, though the timer has not asked yet: her tap is taken (as a visit's).
    expect((await confirm(a, id)).statusCode).toBe(204);
    const first = (await viewOf(a, id)).after!.safeEnd!;
    expect(first.confirmedAt).not.toBeNull();
    expect((await confirm(a, id)).statusCode).toBe(204);
    expect((await viewOf(a, id)).after!.safeEnd).toEqual(first);
    await run();
    expect(await mailsTo(t.app, a.email)).toHaveLength(0);

    const admin = await insertAdmin(t.app);
    const asAdmin = (await viewOf(admin, id)).attendees!.find((x) => x.studentId === a.id)!;
    expect(asAdmin.safeEnd).toEqual(first);
    const asHost = (await viewOf(mentor, id)).attendees!.find((x) => x.studentId === a.id)!;
    expect(asHost.safeEnd).toBeNull();
  });

  it('one not answered a day after the ask is in the console’s list of visits not confirmed', async () => {
    const { id, a } = await held(30);
    await t.app.ctx.db
      .update(groupSessionPlaces)
      .set({ safeEndAskedAt: new Date(Date.now() - 25 * HOUR_MS) })
      .where(and(eq(groupSessionPlaces.sessionId, id), eq(groupSessionPlaces.studentId, a.id)));
    const admin = await insertAdmin(t.app);
    const list = () =>
      call(t.app, admin.cookie, 'GET', '/api/admin/visits/unconfirmed').then(
        (reply) => reply.json() as AdminUnconfirmedVisitList,
      );
    expect((await list()).items).toContainEqual(
      expect.objectContaining({ mentorName: '高橋 由紀' }),
    );
    expect((await confirm(a, id)).statusCode).toBe(204);
    expect((await list()).items).not.toContainEqual(
      expect.objectContaining({ mentorName: '高橋 由紀' }),
    );
  });
});
