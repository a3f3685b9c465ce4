import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupSessionView } from '../../shared/schemas/group-sessions';
import { groupSessionPlaces, groupSessions, userBlocks, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectOk, insertAdmin } from '../test/factories/admins';
import {
  bellKinds as bellKindsOf,
  openGroupSession,
  takeSeat,
} from '../test/factories/group-sessions';
import {
  insertMissedVisit,
  mailsTo,
  newMentor,
  newStudent,
  type Party,
} from '../test/factories/visits';

/**
 * 座談会 when people part (a review of issue 58): an account removed, a block placed. What the
 * foreign keys alone did before: a seat freed with nobody moved up, her 座談会 gone untold.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function bellKinds(party: Pick<Party, 'cookie'>) {
  return bellKindsOf(t.app, party);
}

async function placesOf(id: string) {
  const rows = await t.app.ctx.db
    .select()
    .from(groupSessionPlaces)
    .where(eq(groupSessionPlaces.sessionId, id));
  return Object.fromEntries(rows.map((row) => [row.studentId, row.state]));
}

async function view(party: Pick<Party, 'cookie'>, id: string) {
  return expectOk(
    await call(t.app, party.cookie, 'GET', `/api/group-sessions/${id}`),
  ) as unknown as GroupSessionView;
}

/** A full 座談会 of two seats with one more student waiting. */
async function fullSession() {
  const mentor = await newMentor(t.app, { name: '高橋 由美' });
  const id = await openGroupSession(t.app, mentor, { seats: 2 });
  const [first, second, waiting] = [
    await newStudent(t.app),
    await newStudent(t.app),
    await newStudent(t.app),
  ];
  for (const student of [first, second, waiting]) expectOk(await takeSeat(t.app, student, id));
  return { mentor, id, first, second, waiting };
}

function withdraw(party: Pick<Party, 'cookie'>) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/users/me',
    headers: { cookie: party.cookie },
  });
}

describe('an account removed', () => {
  it("gives a withdrawing student's seat to the first waiting, who is told", async () => {
    const { id, first, second, waiting } = await fullSession();
    expect((await withdraw(first)).statusCode).toBe(200);
    expect(await placesOf(id)).toEqual({ [second.id]: 'seated', [waiting.id]: 'seated' });
    expect(await bellKinds(waiting)).toEqual(['groupSessionSeatGiven']);
    expect((await mailsTo(t.app, waiting.email)).map((mail) => mail.subject)).toEqual([
      '【OGコネクト】座談会の参加が決まりました（キャンセル待ちから）',
    ]);
  });

  it("calls off a deleted alumna's 座談会 still to come and tells everyone once, in their language", async () => {
    const { mentor, id, first, second, waiting } = await fullSession();
    await t.app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, second.id));
    const admin = await insertAdmin(t.app);
    expectOk(await call(t.app, admin.cookie, 'DELETE', `/api/admin/users/${mentor.id}`));
    // Gone with her account, as before; but nobody is left untold.
    expect(await t.app.ctx.db.select().from(groupSessions).where(eq(groupSessions.id, id))).toEqual(
      [],
    );
    for (const student of [first, waiting]) {
      const mails = await mailsTo(t.app, student.email);
      expect(mails.map((mail) => mail.subject)).toEqual(['【OGコネクト】座談会は中止になりました']);
      expect(mails[0]!.text).toContain('高橋 由美さんの座談会「商社の仕事を話す座談会」');
      expect(mails[0]!.text).toContain(
        '中止の理由：\n高橋 由美さんが退会したため、中止になりました。',
      );
      expect(mails[0]!.text).toContain('/group-sessions\n');
      expect(mails[0]!.text).not.toContain(`/group-sessions/${id}`);
    }
    const english = await mailsTo(t.app, second.email);
    expect(english.map((mail) => mail.subject)).toEqual([
      '[OG Connect] A group session has been cancelled',
    ]);
    expect(english[0]!.text).toContain('高橋 由美 has left OG Connect');
  });

  it('tells her students when the alumna herself withdraws', async () => {
    const mentor = await newMentor(t.app);
    const id = await openGroupSession(t.app, mentor);
    const student = await newStudent(t.app);
    expectOk(await takeSeat(t.app, student, id));
    expect((await withdraw(mentor)).statusCode).toBe(200);
    expect(await mailsTo(t.app, student.email)).toHaveLength(1);
  });
});

describe('a block between a student and the alumna', () => {
  it('takes the seat of a student who blocks her, moving the first waiting up', async () => {
    const { mentor, id, first, second, waiting } = await fullSession();
    expectOk(await call(t.app, first.cookie, 'PUT', `/api/blocks/${mentor.id}`));
    expect(await placesOf(id)).toEqual({
      [first.id]: 'left',
      [second.id]: 'seated',
      [waiting.id]: 'seated',
    });
    expect(await bellKinds(waiting)).toEqual(['groupSessionSeatGiven']);
    // Nobody is told of the block itself.
    expect(await bellKinds(first)).toEqual([]);
    expect((await view(first, id)).mine).toEqual({ kind: 'none' });
  });

  it('takes the waiting place of a student the alumna blocks, telling nobody', async () => {
    const { mentor, id, first, second, waiting } = await fullSession();
    expectOk(await call(t.app, mentor.cookie, 'PUT', `/api/blocks/${waiting.id}`));
    expect(await placesOf(id)).toEqual({
      [first.id]: 'seated',
      [second.id]: 'seated',
      [waiting.id]: 'left',
    });
    expect(await bellKinds(waiting)).toEqual([]);
    expect(await mailsTo(t.app, waiting.email)).toHaveLength(0);
  });
});

describe('moving up from the waiting list', () => {
  it('passes over those who may no longer take a seat, who lose their place', async () => {
    const { mentor, id, first, waiting: blocked } = await fullSession();
    const stopped = await newStudent(t.app);
    const next = await newStudent(t.app);
    expectOk(await takeSeat(t.app, stopped, id));
    expectOk(await takeSeat(t.app, next, id));
    // A block from before blocks took places, and the no-show stop reached while waiting.
    await t.app.ctx.db.insert(userBlocks).values({ blockerId: mentor.id, blockedId: blocked.id });
    const other = await newMentor(t.app);
    await insertMissedVisit(t.app, stopped.id, other.id, 20);
    await insertMissedVisit(t.app, stopped.id, other.id, 30);

    expect(
      (await call(t.app, first.cookie, 'DELETE', `/api/group-sessions/${id}/seat`)).statusCode,
    ).toBe(204);
    const places = await placesOf(id);
    expect(places[next.id]).toBe('seated');
    expect(places[blocked.id]).toBe('left');
    expect(places[stopped.id]).toBe('left');
    expect(await bellKinds(next)).toEqual(['groupSessionSeatGiven']);
    expect(await bellKinds(blocked)).toEqual([]);
  });
});
