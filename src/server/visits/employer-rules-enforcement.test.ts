import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSettingsInput, BookingView, OpenSlot } from '../../shared/schemas/booking';
import { NO_EMPLOYER_RULES, type EmployerRules } from '../../shared/schemas/employer-rules';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError, expectOk } from '../test/factories/admins';
import {
  act,
  createRequest,
  jstSlot,
  newMentor,
  newStudent,
  requestRow,
  sendRequest,
  type MentorParty,
  type Party,
  slotsSeenBy,
} from '../test/factories/visits';

/**
 * Issue 54, point 9: once an alumna records her employer's rules for OB・OG訪問, her windows, her
 * acceptances and proposals keep them, and no student books or asks for what breaks them; each
 * road refuses with the rule's own code (visit/employer-rule-*, 400). An alumna with no rules is
 * the rest of the suite: nothing changes for her.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ONLINE_ONLY: EmployerRules = { ...NO_EMPLOYER_RULES, onlineOnly: true };
const PREMISES_ONLY: EmployerRules = { ...NO_EMPLOYER_RULES, premisesOnly: true };
const ENDS_BY_19: EmployerRules = { ...NO_EMPLOYER_RULES, latestEnd: '19:00' };

async function recordRules(mentor: MentorParty, rules: EmployerRules) {
  expectOk(await call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/employer-rules', rules));
}

async function alumnaWith(rules: EmployerRules | null): Promise<MentorParty> {
  const mentor = await newMentor(t.app);
  if (rules) await recordRules(mentor, rules);
  return mentor;
}

type Window = BookingSettingsInput['rules'][number];

/** Windows every day of the week (holidays too), so that slots exist whatever today is. */
function settings(window: Partial<Window> = {}): BookingSettingsInput {
  return {
    bookingEnabled: true,
    slotMinutes: 60,
    noticeHours: 48,
    aheadDays: 30,
    bufferMinutes: 0,
    onHolidays: true,
    autoAccept: false,
    rules: [0, 1, 2, 3, 4, 5, 6].map(
      (weekday) =>
        ({
          kind: 'weekly',
          weekday,
          start: '10:00',
          end: '12:00',
          meetingFormat: 'either',
          placeKind: 'public',
          meetingPlace: '駅前のカフェ',
          ...window,
        }) as Window,
    ),
  };
}

function saveWindows(mentor: MentorParty, body: BookingSettingsInput) {
  return call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/booking', body);
}

async function windowsOf(mentor: MentorParty): Promise<BookingView> {
  return expectOk(await call(t.app, mentor.cookie, 'GET', '/api/mentors/me/booking')) as never;
}

function slotsOf(viewer: Party, mentor: MentorParty): Promise<OpenSlot[]> {
  return slotsSeenBy(t.app, viewer, mentor);
}

function book(student: Party, mentor: MentorParty, slotStart: string, meetingFormat: string) {
  return call(t.app, student.cookie, 'POST', '/api/visit-requests/bookings', {
    mentorUrlParam: mentor.urlParam,
    slotStart,
    meetingFormat,
    purpose: 'industry_research',
    message: '商社の仕事について伺いたいです。',
    agendaTopics: [],
    agendaQuestions: [],
    safetyRulesConfirmed: true,
  });
}

/** The hour a slot starts at, Japan time. */
function startHour(slot: OpenSlot): number {
  return (new Date(slot.start).getUTCHours() + 9) % 24;
}

const IN_PERSON = { meetingFormat: 'in_person', placeKind: undefined };

describe('her windows keep her rules', () => {
  it('an alumna with an online-only rule cannot offer in-person slots', async () => {
    const mentor = await alumnaWith(ONLINE_ONLY);
    for (const window of [
      { meetingFormat: 'in_person' as const },
      { meetingFormat: 'either' as const },
    ]) {
      expectError(
        await saveWindows(mentor, settings(window)),
        400,
        'visit/employer-rule-online-only',
      );
    }
    expect((await windowsOf(mentor)).rules).toEqual([]);
    const saved = expectOk(
      await saveWindows(mentor, settings({ meetingFormat: 'online', placeKind: undefined })),
    ) as unknown as BookingView;
    expect(saved.preview.length).toBeGreaterThan(0);
    expect(saved.preview.every((slot) => slot.formats.join() === 'online')).toBe(true);
  });

  it('in person only on the premises, and ending by her latest end', async () => {
    const premises = await alumnaWith(PREMISES_ONLY);
    expectError(await saveWindows(premises, settings()), 400, 'visit/employer-rule-premises-only');
    expectOk(await saveWindows(premises, settings({ placeKind: 'office', meetingPlace: '本社' })));

    const late = await alumnaWith({ ...NO_EMPLOYER_RULES, latestEnd: '11:00' });
    expectError(await saveWindows(late, settings()), 400, 'visit/employer-rule-latest-end');
    expectOk(await saveWindows(late, settings({ end: '11:00' })));
  });
});

describe('windows saved before the rules', () => {
  it('offer only what the rules allow, and a booking of the rest is refused', async () => {
    const student = await newStudent(t.app);
    const mentor = await alumnaWith(null);
    expectOk(await saveWindows(mentor, settings()));
    const before = await slotsOf(student, mentor);
    expect(before.some((slot) => slot.formats.includes('in_person'))).toBe(true);
    expect(new Set(before.map(startHour))).toEqual(new Set([10, 11]));

    await recordRules(mentor, ONLINE_ONLY);
    const online = await slotsOf(student, mentor);
    expect(online).toHaveLength(before.length);
    expect(online.every((slot) => slot.formats.join() === 'online')).toBe(true);
    expect(
      (await windowsOf(mentor)).preview.every((slot) => slot.formats.join() === 'online'),
    ).toBe(true);
    expectError(
      await book(student, mentor, online[0]!.start, 'in_person'),
      400,
      'visit/employer-rule-online-only',
    );

    await recordRules(mentor, { ...ONLINE_ONLY, latestEnd: '11:00' });
    const early = await slotsOf(student, mentor);
    expect(early.length).toBeGreaterThan(0);
    expect(early.every((slot) => startHour(slot) === 10)).toBe(true);
    const lateSlot = before.find((slot) => startHour(slot) === 11)!;
    expectError(await book(student, mentor, lateSlot.start, 'online'), 409, 'booking/not-offered');
    expect((await book(student, mentor, early[0]!.start, 'online')).statusCode).toBe(201);
  });

  it('turning booking off is saved with such windows; turning it on again is refused', async () => {
    const student = await newStudent(t.app);
    const mentor = await alumnaWith(null);
    expectOk(await saveWindows(mentor, settings({ meetingFormat: 'in_person' })));
    await recordRules(mentor, ONLINE_ONLY);

    expectOk(
      await saveWindows(mentor, {
        ...settings({ meetingFormat: 'in_person' }),
        bookingEnabled: false,
      }),
    );
    expect((await windowsOf(mentor)).bookingEnabled).toBe(false);
    expect(await slotsOf(student, mentor)).toEqual([]);
    expectError(
      await saveWindows(mentor, settings({ meetingFormat: 'in_person' })),
      400,
      'visit/employer-rule-online-only',
    );
  });

  it('premises only: an in-person window elsewhere offers its online half only', async () => {
    const student = await newStudent(t.app);
    const mentor = await alumnaWith(null);
    expectOk(await saveWindows(mentor, settings()));
    await recordRules(mentor, PREMISES_ONLY);
    const slots = await slotsOf(student, mentor);
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((slot) => slot.formats.join() === 'online')).toBe(true);
  });
});

describe("a student's request keeps her rules", () => {
  it('in person to an online-only alumna is refused; online is sent', async () => {
    const student = await newStudent(t.app);
    const mentor = await alumnaWith(ONLINE_ONLY);
    expectError(
      await sendRequest(t.app, student, mentor, IN_PERSON),
      400,
      'visit/employer-rule-online-only',
    );
    expect((await sendRequest(t.app, student, mentor)).statusCode).toBe(201);
  });

  it('a time that would end after her latest end is refused', async () => {
    const student = await newStudent(t.app);
    const mentor = await alumnaWith(ENDS_BY_19);
    expectError(
      await sendRequest(t.app, student, mentor, {
        preferredSlots: [jstSlot(3, 10), jstSlot(4, 18, 30)],
      }),
      400,
      'visit/employer-rule-latest-end',
    );
    expect(
      (await sendRequest(t.app, student, mentor, { preferredSlots: [jstSlot(4, 18)] })).statusCode,
    ).toBe(201);
  });
});

describe('her acceptance keeps her rules, recorded after the request came', () => {
  async function requestThenRules(
    rules: EmployerRules,
    overrides: Record<string, unknown> = IN_PERSON,
  ) {
    const student = await newStudent(t.app);
    const mentor = await alumnaWith(null);
    const id = await createRequest(t.app, student, mentor, overrides);
    await recordRules(mentor, rules);
    return { student, mentor, id };
  }
  const accept = (placeKind: string) => ({ slotIndex: 0, safetyRulesConfirmed: true, placeKind });

  it('online only: an in-person place is refused, online agrees the visit', async () => {
    const { mentor, id } = await requestThenRules(ONLINE_ONLY);
    expectError(
      await act(t.app, mentor.cookie, id, 'accept', accept('public')),
      400,
      'visit/employer-rule-online-only',
    );
    expect((await requestRow(t.app, id))?.status).toBe('pending');
    expectOk(await act(t.app, mentor.cookie, id, 'accept', accept('online')));
    expect(await requestRow(t.app, id)).toMatchObject({
      status: 'accepted',
      meetingFormat: 'online',
    });
  });

  it('premises only: a café is refused, the office agrees the visit', async () => {
    const { mentor, id } = await requestThenRules(PREMISES_ONLY);
    expectError(
      await act(t.app, mentor.cookie, id, 'accept', accept('public')),
      400,
      'visit/employer-rule-premises-only',
    );
    expectOk(await act(t.app, mentor.cookie, id, 'accept', accept('office')));
  });

  it('a latest end: a slot that would end after it cannot be accepted', async () => {
    const { mentor, id } = await requestThenRules(ENDS_BY_19, {
      preferredSlots: [jstSlot(4, 18, 30)],
    });
    expectError(
      await act(t.app, mentor.cookie, id, 'accept', accept('online')),
      400,
      'visit/employer-rule-latest-end',
    );
    expect((await requestRow(t.app, id))?.status).toBe('pending');
  });
});

describe('proposals keep her rules', () => {
  it('her proposal: in person when online only, or a time past her latest end, is refused', async () => {
    const student = await newStudent(t.app);
    const mentor = await alumnaWith({ ...ONLINE_ONLY, latestEnd: '19:00' });
    const id = await createRequest(t.app, student, mentor);
    const propose = (placeKind: string, time: string) =>
      act(t.app, mentor.cookie, id, 'propose', {
        proposedTimes: [time],
        safetyRulesConfirmed: true,
        placeKind,
      });
    expectError(await propose('public', jstSlot(5, 10)), 400, 'visit/employer-rule-online-only');
    expectError(await propose('online', jstSlot(5, 18, 30)), 400, 'visit/employer-rule-latest-end');
    expect((await requestRow(t.app, id))?.proposalCount).toBe(0);
    expectOk(await propose('online', jstSlot(5, 18)));
  });

  it("the student's proposal: a time past her latest end is refused", async () => {
    const student = await newStudent(t.app);
    const mentor = await alumnaWith(ENDS_BY_19);
    const id = await createRequest(t.app, student, mentor);
    expectOk(
      await act(t.app, mentor.cookie, id, 'propose', {
        proposedTimes: [jstSlot(5, 10)],
        safetyRulesConfirmed: true,
        placeKind: 'online',
      }),
    );
    const counter = (time: string) =>
      act(t.app, student.cookie, id, 'propose', { proposedTimes: [time] });
    expectError(await counter(jstSlot(6, 18, 30)), 400, 'visit/employer-rule-latest-end');
    expectOk(await counter(jstSlot(6, 17)));
  });

  it('her in-person proposal from before the rules can no longer be accepted', async () => {
    const student = await newStudent(t.app);
    const mentor = await alumnaWith(null);
    const id = await createRequest(t.app, student, mentor, IN_PERSON);
    expectOk(
      await act(t.app, mentor.cookie, id, 'propose', {
        proposedTimes: [jstSlot(5, 10)],
        safetyRulesConfirmed: true,
        placeKind: 'public',
      }),
    );
    await recordRules(mentor, ONLINE_ONLY);
    expectError(
      await act(t.app, student.cookie, id, 'accept-proposal', { safetyRulesConfirmed: true }),
      400,
      'visit/employer-rule-online-only',
    );
    expect((await requestRow(t.app, id))?.status).toBe('pending');
  });

  it("she accepts the student's time only at a place her rules allow", async () => {
    const student = await newStudent(t.app);
    const mentor = await alumnaWith(null);
    const id = await createRequest(t.app, student, mentor, IN_PERSON);
    expectOk(
      await act(t.app, mentor.cookie, id, 'propose', {
        proposedTimes: [jstSlot(5, 10)],
        safetyRulesConfirmed: true,
        placeKind: 'office',
      }),
    );
    expectOk(await act(t.app, student.cookie, id, 'propose', { proposedTimes: [jstSlot(6, 10)] }));
    await recordRules(mentor, PREMISES_ONLY);
    const acceptAt = (placeKind: string) =>
      act(t.app, mentor.cookie, id, 'accept-proposal', { safetyRulesConfirmed: true, placeKind });
    expectError(await acceptAt('university'), 400, 'visit/employer-rule-premises-only');
    expectOk(await acceptAt('office'));
  });
});
