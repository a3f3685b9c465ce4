import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import { isInPersonVisit } from '../../shared/place-words';
import { call } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  act,
  createRequest,
  jstSlot,
  newMentor,
  newStudent,
  requestRow,
  viewRequest,
} from '../test/factories/visits';

/**
 * The meeting rules agreed, not just shown (docs/PRODUCT.md §7): every way a request becomes
 * accepted ends with the kind of place the alumna chose, a refused place word is a 400 that
 * changes nothing, and both sides' confirmation of the rules is stored and shown.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function pair(format: 'online' | 'in_person' = 'in_person') {
  const student = await newStudent(t.app);
  const mentor = await newMentor(t.app);
  const id = await createRequest(t.app, student, mentor, { meetingFormat: format });
  return { student, mentor, id };
}

const view = async (cookie: string, id: string) =>
  (await viewRequest(t.app, cookie, id)).json() as VisitRequest;

function expectField(
  response: { statusCode: number; json: () => unknown },
  field: string,
  key: string,
) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'invalid-argument',
    fieldErrors: { [field]: key },
  });
}

describe('accepting a slot', () => {
  it('needs the kind of place; other needs its words; nothing changes until both are given', async () => {
    const { mentor, id } = await pair();
    expectField(
      await act(t.app, mentor.cookie, id, 'accept', { slotIndex: 0, safetyRulesConfirmed: true }),
      'placeKind',
      'validation.placeKindRequired',
    );
    expectField(
      await act(t.app, mentor.cookie, id, 'accept', {
        slotIndex: 0,
        safetyRulesConfirmed: true,
        placeKind: 'other',
      }),
      'placeOther',
      'validation.placeOtherRequired',
    );
    expect((await requestRow(t.app, id))?.status).toBe('pending');
  });

  it('refuses a place naming a refused word with a 400 naming it, and changes nothing', async () => {
    const { mentor, id } = await pair();
    for (const [body, field, key] of [
      [
        { placeKind: 'public', meetingPlace: '渋谷の居酒屋' },
        'meetingPlace',
        'placeRefusedIzakaya',
      ],
      [{ placeKind: 'other', placeOther: 'ｶﾗｵｹ 駅前店' }, 'placeOther', 'placeRefusedKaraoke'],
      [
        { placeKind: 'public', meetingPlace: 'KARAOKE room' },
        'meetingPlace',
        'placeRefusedKaraoke',
      ],
      [{ placeKind: 'other', placeOther: '個室のある店' }, 'placeOther', 'placeRefusedPrivateRoom'],
    ] as const) {
      expectField(
        await act(t.app, mentor.cookie, id, 'accept', {
          slotIndex: 0,
          safetyRulesConfirmed: true,
          ...body,
        }),
        field,
        `validation.${key}`,
      );
    }
    const row = await requestRow(t.app, id);
    expect(row).toMatchObject({ status: 'pending', placeKind: null, mentorRulesConfirmedAt: null });
  });

  it('stores the kind and both confirmations; both sides see them', async () => {
    const before = Date.now();
    const { student, mentor, id } = await pair();
    const accepted = await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'other',
      placeOther: '区民センターの会議スペース',
      meetingPlace: 'モスバーガー 渋谷店',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    for (const party of [student, mentor]) {
      const seen = await view(party.cookie, id);
      expect(seen).toMatchObject({
        placeKind: 'other',
        placeOther: '区民センターの会議スペース',
        meetingPlace: 'モスバーガー 渋谷店',
        meetingFormat: 'in_person',
      });
      expect(Date.parse(seen.rulesConfirmed.student!)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(seen.rulesConfirmed.mentor!)).toBeGreaterThanOrEqual(
        Date.parse(seen.rulesConfirmed.student!),
      );
    }
  });

  it('online makes the visit online, whatever was asked: the one rule isInPersonVisit reads', async () => {
    const { mentor, id } = await pair('in_person');
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    const row = await requestRow(t.app, id);
    expect(row).toMatchObject({ meetingFormat: 'online', placeKind: 'online' });
    expect(isInPersonVisit(row!)).toBe(false);
    const other = await pair('online');
    await act(t.app, other.mentor.cookie, other.id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'office',
    });
    expect(isInPersonVisit((await requestRow(t.app, other.id))!)).toBe(true);
  });
});

describe('accepting a proposed time', () => {
  it("the alumna accepting the student's time chooses the kind there", async () => {
    const { student, mentor, id } = await pair();
    await act(t.app, mentor.cookie, id, 'propose', {
      proposedTimes: [jstSlot(5)],
      safetyRulesConfirmed: true,
      placeKind: 'public',
    });
    await act(t.app, student.cookie, id, 'propose', { proposedTimes: [jstSlot(6)] });
    expectField(
      await act(t.app, mentor.cookie, id, 'accept-proposal', { safetyRulesConfirmed: true }),
      'placeKind',
      'validation.placeKindRequired',
    );
    expectField(
      await act(t.app, mentor.cookie, id, 'accept-proposal', {
        safetyRulesConfirmed: true,
        placeKind: 'university',
        meetingPlace: 'ホテルの部屋',
      }),
      'meetingPlace',
      'validation.placeRefusedHotel',
    );
    expect((await requestRow(t.app, id))?.status).toBe('pending');
    const accepted = await act(t.app, mentor.cookie, id, 'accept-proposal', {
      safetyRulesConfirmed: true,
      placeKind: 'university',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await requestRow(t.app, id)).toMatchObject({
      status: 'accepted',
      placeKind: 'university',
      meetingFormat: 'in_person',
    });
  });

  it('the alumna commits with her proposal: the kind and the rules, and the student accepts it', async () => {
    const { student, mentor, id } = await pair();
    expectField(
      await act(t.app, mentor.cookie, id, 'propose', { proposedTimes: [jstSlot(5)] }),
      'safetyRulesConfirmed',
      'validation.safetyRulesRequired',
    );
    expectField(
      await act(t.app, mentor.cookie, id, 'propose', {
        proposedTimes: [jstSlot(5)],
        safetyRulesConfirmed: true,
      }),
      'placeKind',
      'validation.placeKindRequired',
    );
    expect(await requestRow(t.app, id)).toMatchObject({ proposedTime: null, proposalCount: 0 });
    // The late-night rule holds for every new time.
    expectField(
      await act(t.app, mentor.cookie, id, 'propose', {
        proposedTimes: [jstSlot(5, 21)],
        safetyRulesConfirmed: true,
        placeKind: 'office',
      }),
      'proposedTimes.0',
      'validation.visitSlotLateNight',
    );
    const proposed = await act(t.app, mentor.cookie, id, 'propose', {
      proposedTimes: [jstSlot(5)],
      safetyRulesConfirmed: true,
      placeKind: 'office',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(await view(student.cookie, id)).toMatchObject({ placeKind: 'office' });
    const accepted = await act(t.app, student.cookie, id, 'accept-proposal', {
      safetyRulesConfirmed: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const seen = await view(student.cookie, id);
    expect(seen).toMatchObject({
      status: 'accepted',
      placeKind: 'office',
      meetingFormat: 'in_person',
    });
    expect(seen.rulesConfirmed.student).not.toBeNull();
    expect(seen.rulesConfirmed.mentor).not.toBeNull();
  });
});

describe('changing the place later', () => {
  it('refuses the words and keeps the kind', async () => {
    const { mentor, id } = await pair();
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'public',
      meetingPlace: 'スターバックス 渋谷店',
    });
    const refused = await call(t.app, mentor.cookie, 'PUT', `/api/visit-requests/${id}/meeting`, {
      meetingPlace: '駅前の ば ー',
    });
    expectField(refused, 'meetingPlace', 'validation.placeRefusedBar');
    expect(await requestRow(t.app, id)).toMatchObject({
      meetingPlace: 'スターバックス 渋谷店',
      placeKind: 'public',
    });
  });
});

describe('requests agreed before the rules were stored', () => {
  it('show no kind and no confirmation', async () => {
    const { student, mentor, id } = await pair();
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'public',
    });
    const { visitRequests } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.app.ctx.db
      .update(visitRequests)
      .set({ placeKind: null, studentRulesConfirmedAt: null, mentorRulesConfirmedAt: null })
      .where(eq(visitRequests.id, id));
    expect(await view(student.cookie, id)).toMatchObject({
      placeKind: null,
      placeOther: null,
      rulesConfirmed: { student: null, mentor: null },
    });
  });
});
