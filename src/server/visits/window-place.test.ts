import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSettingsInput, OpenSlot } from '../../shared/schemas/booking';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError } from '../test/factories/admins';
import {
  act,
  bookSlotOf,
  DAY_MS,
  EVERY_DAY_WINDOWS,
  insertRequest,
  newMentor,
  newStudent,
  requestRow,
  viewRequest,
  type MentorParty,
  type Party,
  slotsSeenBy,
} from '../test/factories/visits';

/**
 * The place is said once (issue 56, point 1): the place an alumna writes on a window reaches the
 * slots, the booking and the agreed visit; a meeting URL is refused on an in-person visit.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PLACE = '新宿駅周辺のカフェ';

/** Her windows every day, either format, in person at a café she names. */
async function publish(mentor: MentorParty, rules = AT_THE_CAFE) {
  const body = { ...EVERY_DAY_WINDOWS, rules };
  const response = await call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/booking', body);
  expect(response.statusCode, response.body).toBe(200);
}

const AT_THE_CAFE: BookingSettingsInput['rules'] = EVERY_DAY_WINDOWS.rules.map((rule) => ({
  ...rule,
  meetingFormat: 'either',
  placeKind: 'public',
  meetingPlace: PLACE,
}));

function slotsOf(viewer: Party, mentor: MentorParty): Promise<OpenSlot[]> {
  return slotsSeenBy(t.app, viewer, mentor);
}

async function bookInPerson(student: Party, mentor: MentorParty, slotStart: string) {
  const response = await bookSlotOf(t.app, student, mentor.urlParam, slotStart, 'in_person');
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

async function view(party: Party, id: string): Promise<VisitRequest> {
  return (await viewRequest(t.app, party.cookie, id)).json() as VisitRequest;
}

describe("a window's place", () => {
  it('is named on the slots students see, with its kind', async () => {
    const mentor = await newMentor(t.app);
    await publish(mentor);
    const student = await newStudent(t.app);
    const [slot] = await slotsOf(student, mentor);
    expect(slot).toMatchObject({ placeKind: 'public', meetingPlace: PLACE });
  });

  it('is kept with an in-person booking and shown to both sides while it waits', async () => {
    const mentor = await newMentor(t.app);
    await publish(mentor);
    const student = await newStudent(t.app);
    const [slot] = await slotsOf(student, mentor);
    const id = await bookInPerson(student, mentor, slot!.start);
    // A later change of her windows does not move the place the student booked.
    await publish(mentor, EVERY_DAY_WINDOWS.rules);
    for (const party of [student, mentor]) {
      expect((await view(party, id)).windowPlace).toEqual({ kind: 'public', words: PLACE });
    }
  });

  it('becomes the 待ち合わせ場所 of the visit she accepts without naming another', async () => {
    const mentor = await newMentor(t.app);
    await publish(mentor);
    const student = await newStudent(t.app);
    const [slot] = await slotsOf(student, mentor);
    const id = await bookInPerson(student, mentor, slot!.start);
    const accepted = await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'public',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await view(student, id)).meetingPlace).toBe(PLACE);
  });

  it('is not the place of a visit she agrees at another kind of place', async () => {
    const mentor = await newMentor(t.app);
    await publish(mentor);
    const student = await newStudent(t.app);
    const [slot] = await slotsOf(student, mentor);
    const id = await bookInPerson(student, mentor, slot!.start);
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'office',
    });
    expect((await requestRow(t.app, id))!.meetingPlace).toBeNull();
  });

  it('gives way to the place she names on accepting', async () => {
    const mentor = await newMentor(t.app);
    await publish(mentor);
    const student = await newStudent(t.app);
    const [slot] = await slotsOf(student, mentor);
    const id = await bookInPerson(student, mentor, slot!.start);
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'public',
      meetingPlace: '新宿駅東口のカフェ「ミドリ」',
    });
    expect((await view(student, id)).meetingPlace).toBe('新宿駅東口のカフェ「ミドリ」');
  });

  it('is not kept with an online booking', async () => {
    const mentor = await newMentor(t.app);
    await publish(mentor);
    const student = await newStudent(t.app);
    const [slot] = await slotsOf(student, mentor);
    const response = await bookSlotOf(t.app, student, mentor.urlParam, slot!.start);
    const id = (response.json() as { id: string }).id;
    expect((await view(student, id)).windowPlace ?? null).toBeNull();
  });
});

describe('a meeting URL on an in-person visit', () => {
  async function pendingInPerson() {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const request = await insertRequest(t.app, student.id, mentor.id, {
      meetingFormat: 'in_person',
      preferredSlots: [new Date(Date.now() + 3 * DAY_MS)],
    });
    return { student, mentor, id: request.id };
  }

  it('is refused on accepting, and nothing is agreed', async () => {
    const { mentor, id } = await pendingInPerson();
    const response = await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'public',
      meetingUrl: 'https://meet.example.com/abc',
    });
    expectError(response, 400, 'visit/url-in-person');
    expect((await requestRow(t.app, id))!.status).toBe('pending');
  });

  it('is refused when set later, keeping what was set', async () => {
    const { mentor, id } = await pendingInPerson();
    await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'public',
      meetingPlace: '渋谷駅前のカフェ',
    });
    const response = await call(t.app, mentor.cookie, 'PUT', `/api/visit-requests/${id}/meeting`, {
      meetingUrl: 'https://meet.example.com/abc',
    });
    expectError(response, 400, 'visit/url-in-person');
    expect((await requestRow(t.app, id))!.meetingUrl).toBeNull();
  });

  it('is taken where she chooses to meet online', async () => {
    const { mentor, id } = await pendingInPerson();
    const response = await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
      meetingUrl: 'https://meet.example.com/abc',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await requestRow(t.app, id))!.meetingUrl).toBe('https://meet.example.com/abc');
  });
});
