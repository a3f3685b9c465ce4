import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupSessionView } from '../../shared/schemas/group-sessions';
import { groupSessionPlaces, groupSessions, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import {
  bellKinds as bellKindsOf,
  groupSessionWithStudents,
  openGroupSession,
} from '../test/factories/group-sessions';
import { jstSlot, mailsTo, newMentor, newStudent, type Party } from '../test/factories/visits';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MEET_URL = 'https://meet.google.com/abc-defg-hij';

/** Two seats, online with its URL still to come, unless `overrides` say otherwise. */
function open(mentor: Pick<Party, 'cookie'>, overrides: Record<string, unknown> = {}) {
  return openGroupSession(t.app, mentor, { seats: 2, meetingUrl: undefined, ...overrides });
}

const IN_PERSON = { meetingFormat: 'in_person', placeKind: 'public', meetingPlace: '駅前のカフェ' };

function edit(party: Pick<Party, 'cookie'>, id: string, body: Record<string, unknown>) {
  return call(t.app, party.cookie, 'PATCH', `/api/group-sessions/${id}`, body);
}

async function view(party: Pick<Party, 'cookie'>, id: string) {
  return expectOk(
    await call(t.app, party.cookie, 'GET', `/api/group-sessions/${id}`),
  ) as unknown as GroupSessionView;
}

function bellKinds(party: Pick<Party, 'cookie'>) {
  return bellKindsOf(t.app, party);
}

/** Its alumna's 座談会 (two seats) with two seated students and two waiting, in that order. */
async function full(overrides: Record<string, unknown> = {}) {
  const { mentor, id, students } = await groupSessionWithStudents(t.app, 4, overrides);
  const [first, second, wait1, wait2] = students as [Party, Party, Party, Party];
  return { mentor, id, first, second, wait1, wait2 };
}

describe('editing a 座談会 (PATCH /api/group-sessions/:id)', () => {
  it('lets its alumna give the URL later: each seated student told once, by bell and mail in her language', async () => {
    const { mentor, id, first, second, wait1 } = await full();
    await t.app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, second.id));
    const changed = expectOk(await edit(mentor, id, { meetingUrl: MEET_URL })) as GroupSessionView;
    expect(changed.meetingUrl).toBe(MEET_URL);
    expect((await view(first, id)).meetingUrl).toBe(MEET_URL);
    expect(await bellKinds(first)).toEqual(['groupSessionPlaceChanged']);
    expect(await bellKinds(second)).toEqual(['groupSessionPlaceChanged']);
    // Waiting, she does not see the URL: nothing to tell her.
    expect(await bellKinds(wait1)).toEqual([]);
    const [ja] = await mailsTo(t.app, first.email);
    expect(ja!.subject).toBe('【OGコネクト】座談会の場所（または会議のURL）が変わりました');
    expect(ja!.text).toContain(`/group-sessions/${id}`);
    // The URL stays on the site, as a visit's meeting details do.
    expect(ja!.text).not.toContain('meet.google');
    const [en] = await mailsTo(t.app, second.email);
    expect(en!.subject).toBe(
      '[OG Connect] The place (or meeting URL) of a group session has changed',
    );
    // The same URL again changes nothing and tells no one.
    expectOk(await edit(mentor, id, { meetingUrl: MEET_URL }));
    expect(await mailsTo(t.app, first.email)).toHaveLength(1);
  });

  it('changes an in-person place under the place-word rules, and what it is called and covers, telling only of the place', async () => {
    const { mentor, id, first } = await full(IN_PERSON);
    expectOk(
      await edit(mentor, id, {
        title: '新しいタイトル',
        description: '説明を変えました。',
        topics: ['career_advice', 'career_advice'],
      }),
    );
    expect(await bellKinds(first)).toEqual([]);
    const refused = await edit(mentor, id, { meetingPlace: '駅前の居酒屋' });
    expectError(refused, 400, 'invalid-argument');
    expect(Object.keys(refused.json().fieldErrors)).toEqual(['meetingPlace']);
    expectError(await edit(mentor, id, { meetingPlace: '   ' }), 400, 'invalid-argument');
    expectOk(await edit(mentor, id, { meetingPlace: '丸の内のカフェ' }));
    const seen = await view(first, id);
    expect(seen).toMatchObject({
      title: '新しいタイトル',
      description: '説明を変えました。',
      topics: ['career_advice'],
      meetingPlace: '丸の内のカフェ',
      placeKind: 'public',
    });
    expect(await bellKinds(first)).toEqual(['groupSessionPlaceChanged']);
  });

  it('adds seats: the waiting moved up into them in order and told, the places held to the new count', async () => {
    const { mentor, id, wait1, wait2 } = await full();
    const changed = expectOk(await edit(mentor, id, { seats: 3 })) as GroupSessionView;
    expect(changed).toMatchObject({ seats: 3, seatsLeft: 0, waitingCount: 1 });
    expect((await view(wait1, id)).mine).toEqual({ kind: 'seated' });
    expect((await view(wait2, id)).mine).toEqual({ kind: 'waiting', position: 1 });
    expect(await bellKinds(wait1)).toEqual(['groupSessionSeatGiven']);
    expect(await bellKinds(wait2)).toEqual([]);
    expectOk(await edit(mentor, id, { seats: 5 }));
    expect((await view(wait2, id)).mine).toEqual({ kind: 'seated' });
    // A seat the list did not fill goes to the next student who comes, within the new count.
    const late = await newStudent(t.app);
    expectOk(await call(t.app, late.cookie, 'POST', `/api/group-sessions/${id}/seat`));
    const places = await t.app.ctx.db
      .select({ seatNo: groupSessionPlaces.seatNo, sessionSeats: groupSessionPlaces.sessionSeats })
      .from(groupSessionPlaces)
      .where(eq(groupSessionPlaces.sessionId, id));
    expect(places.map((place) => place.seatNo).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(places.map((place) => place.sessionSeats))).toEqual(new Set([5]));
  });

  it('takes an edit naming no field as changing nothing (a review found it answered 500)', async () => {
    const { mentor, id } = await full();
    const before = await view(mentor, id);
    const unchanged = expectOk(await edit(mentor, id, {})) as GroupSessionView;
    expect(unchanged).toEqual(before);
  });

  it('refuses fewer seats, the other format, and any field it does not change, each with its code', async () => {
    const { mentor, id } = await full({ seats: 3 });
    expectError(await edit(mentor, id, { seats: 2 }), 409, 'group-session/seats-fewer');
    expectError(
      await edit(mentor, id, { meetingPlace: '駅前のカフェ' }),
      409,
      'group-session/format-fixed',
    );
    expectError(await edit(mentor, id, { seats: 21 }), 400, 'invalid-argument');
    expectError(
      await edit(mentor, id, { meetingUrl: 'http://meet.example.com/x' }),
      400,
      'invalid-argument',
    );
    expectError(await edit(mentor, id, { meetingUrl: '' }), 400, 'invalid-argument');
    expectError(await edit(mentor, id, { title: '' }), 400, 'invalid-argument');
    expectError(await edit(mentor, id, { topics: [] }), 400, 'invalid-argument');
    for (const field of [
      { startsAt: jstSlot(7, 14) },
      { meetingFormat: 'in_person' },
      { audience: { kind: 'all' } },
      { placeKind: 'office' },
    ]) {
      expectError(await edit(mentor, id, field), 400, 'invalid-argument');
    }
    const inPerson = await open(mentor, {
      ...IN_PERSON,
      startsAt: jstSlot(8, 14),
      signUpClosesAt: jstSlot(7, 12),
    });
    expectError(
      await edit(mentor, inPerson, { meetingUrl: MEET_URL }),
      409,
      'group-session/format-fixed',
    );
    const [row] = await t.app.ctx.db.select().from(groupSessions).where(eq(groupSessions.id, id));
    expect(row).toMatchObject({ seats: 3, meetingPlace: null, title: '商社の仕事を話す座談会' });
  });

  it('lets an admin edit; to another alumna or a student it is not there or not theirs', async () => {
    const { mentor, id, first } = await full();
    const admin = await insertAdmin(t.app);
    expectOk(await edit(admin, id, { title: '管理者が直したタイトル' }));
    expect((await view(mentor, id)).title).toBe('管理者が直したタイトル');
    const other = await newMentor(t.app);
    expectError(await edit(other, id, { title: '他人' }), 404, 'not-found');
    expectError(await edit(first, id, { title: '学生' }), 403, 'permission-denied');
    expectError(
      await edit(mentor, '00000000-0000-4000-8000-000000000000', { title: 'x' }),
      404,
      'not-found',
    );
    expect((await view(mentor, id)).title).toBe('管理者が直したタイトル');
  });

  it('refuses a cancelled one and one that has started', async () => {
    const { mentor, id } = await full();
    const started = await open(mentor, {
      startsAt: jstSlot(9, 14),
      signUpClosesAt: jstSlot(8, 12),
    });
    const past = new Date(Date.now() - 60_000);
    await t.app.ctx.db
      .update(groupSessions)
      .set({ signUpClosesAt: new Date(past.getTime() - 3_600_000), startsAt: past })
      .where(eq(groupSessions.id, started));
    expectError(
      await edit(mentor, started, { meetingUrl: MEET_URL }),
      409,
      'group-session/started',
    );
    expect(
      (
        await call(t.app, mentor.cookie, 'POST', `/api/group-sessions/${id}/cancel`, {
          reason: '都合により',
        })
      ).statusCode,
    ).toBe(204);
    expectError(await edit(mentor, id, { title: 'x' }), 409, 'group-session/cancelled');
  });
});
