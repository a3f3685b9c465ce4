import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotInstant } from '../../shared/schemas/visit-requests';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError, insertAdmin } from '../test/factories/admins';
import {
  bellKinds as bellKindsOf,
  groupSessionForm,
  openGroupSession,
  takeSeat,
} from '../test/factories/group-sessions';
import {
  act,
  createRequest,
  HOUR_MS,
  insertRequest,
  jstSlot,
  mailsTo,
  newMentor,
  newStudent,
  type Party,
} from '../test/factories/visits';

/**
 * The alumna's side of a 座談会 (a review of issue 58): what holds her time, both ways, and her
 * being told when an admin calls hers off.
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

function cancel(party: Pick<Party, 'cookie'>, id: string, reason: string) {
  return call(t.app, party.cookie, 'POST', `/api/group-sessions/${id}/cancel`, { reason });
}

describe('a 座談会 called off', () => {
  it('tells its alumna, with the reason, when an admin calls it off', async () => {
    const mentor = await newMentor(t.app);
    const id = await openGroupSession(t.app, mentor, { title: '外資の仕事の座談会' });
    const student = await newStudent(t.app);
    await takeSeat(t.app, student, id);
    const admin = await insertAdmin(t.app);
    expect((await cancel(admin, id, '会場の都合で中止します')).statusCode).toBe(204);
    expect(await bellKinds(mentor)).toEqual(['groupSessionCancelledHost']);
    const mails = await mailsTo(t.app, mentor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      '【OGコネクト】あなたの座談会は中止になりました',
    ]);
    expect(mails[0]!.text).toContain('「外資の仕事の座談会」');
    expect(mails[0]!.text).toContain('中止の理由：\n会場の都合で中止します');
    expect(mails[0]!.text).toContain(`/group-sessions/${id}`);
    // The students are told as before.
    expect(await bellKinds(student)).toEqual(['groupSessionCancelled']);
  });

  it('does not tell her of her own cancellation', async () => {
    const mentor = await newMentor(t.app);
    const id = await openGroupSession(t.app, mentor);
    expect((await cancel(mentor, id, '急な出張')).statusCode).toBe(204);
    expect(await bellKinds(mentor)).toEqual([]);
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);
  });
});

describe('her time', () => {
  it('refuses to open one over the slot a waiting booking holds, as her slots see it', async () => {
    const mentor = await newMentor(t.app);
    const student = await newStudent(t.app);
    const bookedFrom = slotInstant(jstSlot(6, 14))!;
    await insertRequest(t.app, student.id, mentor.id, {
      status: 'pending',
      preferredSlots: [bookedFrom],
      bookedFrom,
      bookedUntil: new Date(bookedFrom.getTime() + HOUR_MS),
    });
    expectError(
      await call(
        t.app,
        mentor.cookie,
        'POST',
        '/api/group-sessions',
        groupSessionForm({ startsAt: jstSlot(6, 14, 30) }),
      ),
      409,
      'group-session/same-time',
    );
    // Once it ends, she is free.
    await openGroupSession(t.app, mentor, { startsAt: jstSlot(6, 15) });
  });

  it('refuses to agree a visit at the time of her 座談会, whoever accepts', async () => {
    const mentor = await newMentor(t.app);
    const student = await newStudent(t.app);
    const clash = jstSlot(6, 14, 30);
    const id = await createRequest(t.app, student, mentor, {
      preferredSlots: [clash, jstSlot(9, 10)],
    });
    await openGroupSession(t.app, mentor, { startsAt: jstSlot(6, 14) });
    const safe = { safetyRulesConfirmed: true, placeKind: 'online' };
    expectError(
      await act(t.app, mentor.cookie, id, 'accept', { ...safe, slotIndex: 0 }),
      409,
      'group-session/same-time',
    );

    // Her own proposal from before the 座談会, accepted by the student after it was opened.
    const other = await newStudent(t.app);
    const proposed = await createRequest(t.app, other, mentor, {
      preferredSlots: [jstSlot(9, 10)],
    });
    await act(t.app, mentor.cookie, proposed, 'propose', {
      ...safe,
      proposedTimes: [jstSlot(7, 14)],
    });
    await openGroupSession(t.app, mentor, {
      startsAt: jstSlot(7, 13, 30),
      signUpClosesAt: jstSlot(6, 12),
    });
    expectError(
      await act(t.app, other.cookie, proposed, 'accept-proposal', safe),
      409,
      'group-session/same-time',
    );
    // Another of her times is agreed as ever.
    expect(
      (await act(t.app, mentor.cookie, id, 'accept', { ...safe, slotIndex: 1 })).statusCode,
    ).toBe(200);
  });
});
