import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../shared/errors';
import { WAITING_REQUESTS_DEFAULT_LIMIT } from '../../shared/constants';
import type { BookingSettingsInput, OpenSlot } from '../../shared/schemas/booking';
import type {
  MentorCard,
  MentorDetail,
  MentorListPage,
  VisitUnavailableReason,
} from '../../shared/schemas/mentors';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { call } from '../test/factories/admins';
import {
  act,
  bookSlotOf,
  createRequest,
  EVERY_DAY_WINDOWS,
  newMentor,
  newStudent,
  sendRequest,
  type MentorParty,
  type Party,
} from '../test/factories/visits';

/**
 * Whether an alumna takes requests is one rule (takes-requests.ts, decision 0035): for each of
 * her states, the OG list (its card and 受付中のみ), her page, a request and a booking say the
 * same. `takes` is what the list and her page show of her; `refusal` what her page tells this
 * student and what a request and a booking are refused with (null: both go through, a booking
 * as far as she offers slots).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const WINDOWS = EVERY_DAY_WINDOWS;

async function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

function publish(mentor: MentorParty, settings: BookingSettingsInput) {
  return call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/booking', settings);
}

function visitSettings(mentor: MentorParty, settings: object) {
  return call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/visit-settings', {
    contactVisibility: 'signed_in',
    acceptingRequests: true,
    monthlyRequestLimit: null,
    ...settings,
  });
}

function book(student: Party, mentor: MentorParty, slotStart: string) {
  return bookSlotOf(t.app, student, mentor.urlParam, slotStart);
}

interface Row {
  state: string;
  /** Puts her in the state; `student` is the one who then looks, asks and books. */
  setUp: (mentor: MentorParty, student: Party) => Promise<void>;
  /** Whether the list and her page show her as taking requests (「受付中」). */
  takes: boolean;
  /** What her page tells the student and a request and a booking are refused with. */
  refusal: VisitUnavailableReason | 'gone' | null;
  /** Whether she offers slots while she takes requests. */
  slots: boolean;
}

const REFUSED_WITH: Record<VisitUnavailableReason | 'gone', ErrorCode> = {
  'not-accepting': 'visit/not-accepting',
  'monthly-limit-reached': 'visit/monthly-limit-reached',
  blocked: 'visit/blocked',
  'already-open': 'visit/already-open',
  'no-show-limit': 'visit/no-show-limit',
  'students-only': 'visit/students-only',
  'waiting-limit': 'visit/waiting-limit',
  gone: 'not-found',
};

/** Her user row changed as an admin's suspension or an unconfirmed address leaves it. */
async function setUser(mentor: MentorParty, values: Partial<typeof users.$inferInsert>) {
  await t.app.ctx.db.update(users).set(values).where(eq(users.id, mentor.id));
}

/** Another student's request to her, which counts toward her monthly limit. */
async function requestFromAnother(mentor: MentorParty) {
  await createRequest(t.app, await newStudent(t.app), mentor);
}

const ROWS: Row[] = [
  {
    state: 'accepting, with slots',
    setUp: async () => {},
    takes: true,
    refusal: null,
    slots: true,
  },
  {
    state: 'paused (受付停止)',
    setUp: async (mentor) =>
      expectStatus(await visitSettings(mentor, { acceptingRequests: false }), 200),
    takes: false,
    refusal: 'not-accepting',
    slots: true,
  },
  {
    state: 'at her monthly limit',
    setUp: async (mentor) => {
      await expectStatus(await visitSettings(mentor, { monthlyRequestLimit: 1 }), 200);
      await requestFromAnother(mentor);
    },
    takes: false,
    refusal: 'monthly-limit-reached',
    slots: true,
  },
  {
    state: 'one request short of her monthly limit',
    setUp: async (mentor) => {
      await expectStatus(await visitSettings(mentor, { monthlyRequestLimit: 2 }), 200);
      await requestFromAnother(mentor);
    },
    takes: true,
    refusal: null,
    slots: true,
  },
  {
    state: 'taking requests without slots (予約枠 off)',
    setUp: async (mentor) =>
      expectStatus(await publish(mentor, { ...WINDOWS, bookingEnabled: false }), 200),
    takes: true,
    refusal: null,
    slots: false,
  },
  {
    // Issue 57: the student's own limit of requests waiting for an answer, not the alumna's.
    state: 'asked by a student with the seminar’s limit of requests waiting',
    setUp: async (_mentor, student) => {
      for (let i = 0; i < WAITING_REQUESTS_DEFAULT_LIMIT; i++) {
        await createRequest(t.app, student, await newMentor(t.app));
      }
    },
    takes: true,
    refusal: 'waiting-limit',
    slots: true,
  },
  {
    state: 'blocked by the student',
    setUp: async (mentor, student) =>
      expectStatus(await call(t.app, student.cookie, 'PUT', `/api/blocks/${mentor.id}`), 200),
    // Her own state is unchanged; the student's block is theirs to see.
    takes: true,
    refusal: 'blocked',
    slots: true,
  },
  {
    state: 'blocking the student',
    setUp: async (mentor, student) =>
      expectStatus(await call(t.app, mentor.cookie, 'PUT', `/api/blocks/${student.id}`), 200),
    // Not announced: to that student she is simply not taking requests.
    takes: false,
    refusal: 'not-accepting',
    slots: true,
  },
  {
    state: 'suspended',
    setUp: (mentor) => setUser(mentor, { suspendedAt: new Date() }),
    takes: false,
    refusal: 'gone',
    slots: true,
  },
  {
    state: 'not listed (her address not confirmed)',
    setUp: (mentor) => setUser(mentor, { emailVerified: false }),
    takes: false,
    refusal: 'gone',
    slots: true,
  },
  {
    state: 'withdrawn',
    setUp: async (mentor) =>
      expectStatus(await call(t.app, mentor.cookie, 'DELETE', '/api/users/me'), 200),
    takes: false,
    refusal: 'gone',
    slots: true,
  },
];

async function cardOf(student: Party, mentor: MentorParty, query = '') {
  const response = await call(t.app, student.cookie, 'GET', `/api/mentors${query}`);
  await expectStatus(response, 200);
  const page = response.json() as MentorListPage;
  return page.items.find((card) => card.urlParam === mentor.urlParam);
}

describe('whether she takes requests: the list, her page, a request and a booking agree', () => {
  it.each(ROWS)('$state', async ({ setUp, takes, refusal, slots }) => {
    const mentor = await newMentor(t.app);
    await expectStatus(await publish(mentor, WINDOWS), 200);
    const student = await newStudent(t.app);
    // The slot a booking tries: one she offered before the state.
    const [offered] = (
      (
        await call(t.app, student.cookie, 'GET', `/api/mentors/${mentor.urlParam}/slots`)
      ).json() as {
        slots: OpenSlot[];
      }
    ).slots;
    expect(offered).toBeDefined();
    await setUp(mentor, student);
    const gone = refusal === 'gone';

    // The OG list: her card and 受付中のみ.
    const card: MentorCard | undefined = await cardOf(student, mentor);
    if (gone) {
      expect(card).toBeUndefined();
    } else {
      expect(card?.accepting).toBe(takes);
      expect(card?.earliestSlot !== null).toBe(takes && slots);
    }
    expect((await cardOf(student, mentor, '?accepting=1')) !== undefined).toBe(takes);

    // Her page, and her slots as the student sees them.
    const page = await call(t.app, student.cookie, 'GET', `/api/mentors/${mentor.urlParam}`);
    const slotList = await call(
      t.app,
      student.cookie,
      'GET',
      `/api/mentors/${mentor.urlParam}/slots`,
    );
    if (gone) {
      await expectStatus(page, 404);
      await expectStatus(slotList, 404);
    } else {
      await expectStatus(page, 200);
      const detail = page.json() as MentorDetail;
      expect(detail.accepting).toBe(takes);
      expect(detail.viewer.visitUnavailable).toBe(refusal);
      expect((slotList.json() as { slots: OpenSlot[] }).slots.length > 0).toBe(takes && slots);
    }

    // A booking of the slot she offered, then a request: refused alike, or through.
    const booked = await book(student, mentor, offered!.start);
    if (refusal) {
      const requested = await sendRequest(t.app, student, mentor);
      expect(booked.json()).toMatchObject({ code: REFUSED_WITH[refusal] });
      expect(requested.json()).toMatchObject({ code: REFUSED_WITH[refusal] });
      expect(booked.statusCode).toBe(requested.statusCode);
      return;
    }
    if (slots) {
      await expectStatus(booked, 201);
      // Withdrawn before she acted on it: it costs her nothing, and the student may ask again.
      const { id } = booked.json() as { id: string };
      await expectStatus(await act(t.app, student.cookie, id, 'cancel', {}), 200);
    } else {
      expect(booked.json()).toMatchObject({ code: 'booking/not-offered' });
    }
    await expectStatus(await sendRequest(t.app, student, mentor), 201);
  });
});
