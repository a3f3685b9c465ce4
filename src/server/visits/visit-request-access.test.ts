import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitRequestList } from '../../shared/schemas/visit-requests';
import { visitRequests } from '../db/schema';
import { call, expectError, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  act,
  createRequest,
  DAY_MS,
  HOUR_MS,
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  requestRow,
  viewRequest,
  type MentorParty,
  type Party,
} from '../test/factories/visits';

/**
 * Who may see and change an OG訪問 request, from which state, and what each side's
 * list shows.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function pair(): Promise<{ student: Party; mentor: MentorParty }> {
  return { student: await newStudent(t.app), mentor: await newMentor(t.app) };
}

describe('a request that is no longer open refuses every change: 409, untouched, no mail', () => {
  const states = {
    accepted: { status: 'accepted', meetingAt: new Date(Date.now() + 2 * DAY_MS) },
    'accepted, meeting passed': { status: 'accepted', meetingAt: new Date(Date.now() - HOUR_MS) },
    declined: { status: 'declined' },
    cancelled: { status: 'cancelled', cancelledBy: 'student' },
  } as const;
  const payloads = {
    accept: { slotIndex: 0, safetyRulesConfirmed: true, placeKind: 'online' },
    decline: { message: 'ごめんなさい' },
    cancel: {},
  } as const;
  const cases: [keyof typeof states, keyof typeof payloads, 'student' | 'mentor'][] = [
    ['accepted', 'accept', 'mentor'],
    ['accepted', 'decline', 'mentor'],
    ['accepted, meeting passed', 'accept', 'mentor'],
    ['accepted, meeting passed', 'decline', 'mentor'],
    ['accepted, meeting passed', 'cancel', 'student'],
    ['accepted, meeting passed', 'cancel', 'mentor'],
    ['declined', 'accept', 'mentor'],
    ['declined', 'decline', 'mentor'],
    ['declined', 'cancel', 'student'],
    ['declined', 'cancel', 'mentor'],
    ['cancelled', 'accept', 'mentor'],
    ['cancelled', 'decline', 'mentor'],
    ['cancelled', 'cancel', 'student'],
    ['cancelled', 'cancel', 'mentor'],
  ];

  it.each(cases)('%s: %s by the %s', async (state, action, side) => {
    const { student, mentor } = await pair();
    const inserted = await insertRequest(t.app, student.id, mentor.id, states[state]);
    const cookie = side === 'student' ? student.cookie : mentor.cookie;
    const response = await act(t.app, cookie, inserted.id, action, payloads[action]);
    expectError(response, 409, 'visit/not-open');
    expect(await requestRow(t.app, inserted.id)).toEqual(inserted);
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);
  });
});

describe('who may see and change a request', () => {
  let student: Party;
  let mentor: MentorParty;
  let id: string;
  let before: typeof visitRequests.$inferSelect | undefined;
  const strangers: Record<string, string> = {};

  beforeAll(async () => {
    ({ student, mentor } = await pair());
    id = await createRequest(t.app, student, mentor);
    before = await requestRow(t.app, id);
    strangers['another student'] = (await newStudent(t.app)).cookie;
    strangers['another alumnus'] = (await newMentor(t.app)).cookie;
    strangers['an admin'] = (await insertAdmin(t.app)).cookie;
  });

  const attempts = [
    ['GET', ''],
    ['POST', '/accept'],
    ['POST', '/decline'],
    ['POST', '/cancel'],
  ] as const;
  const bodies: Record<string, object | undefined> = {
    '': undefined,
    '/accept': { slotIndex: 0, safetyRulesConfirmed: true, placeKind: 'online' },
    '/decline': {},
    '/cancel': {},
  };

  it.each(['another student', 'another alumnus', 'an admin'])(
    'answers %s as if the request did not exist',
    async (who) => {
      for (const [method, suffix] of attempts) {
        const response = await call(
          t.app,
          strangers[who],
          method,
          `/api/visit-requests/${id}${suffix}`,
          bodies[suffix],
        );
        expectError(response, 404, 'not-found');
      }
      expect(await requestRow(t.app, id)).toEqual(before);
      expect(await mailsTo(t.app, student.email)).toHaveLength(0);
    },
  );

  it('lets the student neither accept nor decline their own request', async () => {
    for (const suffix of ['/accept', '/decline'] as const) {
      const response = await call(
        t.app,
        student.cookie,
        'POST',
        `/api/visit-requests/${id}${suffix}`,
        bodies[suffix],
      );
      expectError(response, 404, 'not-found');
    }
    expect(await requestRow(t.app, id)).toEqual(before);
  });

  it('answers 404 for an id that names no request, 400 for one that is no id', async () => {
    const missing = await viewRequest(
      t.app,
      student.cookie,
      '00000000-0000-4000-8000-000000000000',
    );
    expectError(missing, 404, 'not-found');
    const garbled = await viewRequest(t.app, student.cookie, 'not-a-uuid');
    expect(garbled.statusCode).toBe(400);
  });
});

describe('the lists and the badge', () => {
  async function list(cookie: string) {
    const response = await call(t.app, cookie, 'GET', '/api/visit-requests');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as VisitRequestList;
    const count = await call(t.app, cookie, 'GET', '/api/visit-requests/count');
    expect(count.json()).toEqual({ awaitingReply: body.awaitingReply });
    return {
      ids: body.items.map((item) => item.id),
      sides: body.items.map((item) => item.side),
      awaitingReply: body.awaitingReply,
    };
  }

  it('shows each side its own requests, newest first, and counts those awaiting a reply', async () => {
    const first = await newStudent(t.app);
    const second = await newStudent(t.app);
    const busy = await newMentor(t.app);
    const quiet = await newMentor(t.app);
    const stranger = await newMentor(t.app);
    const toBusy = await createRequest(t.app, first, busy);
    const toQuiet = await createRequest(t.app, first, quiet);
    const secondToBusy = await createRequest(t.app, second, busy);

    expect(await list(busy.cookie)).toEqual({
      ids: [secondToBusy, toBusy],
      sides: ['mentor', 'mentor'],
      awaitingReply: 2,
    });
    expect(await list(first.cookie)).toEqual({
      ids: [toQuiet, toBusy],
      sides: ['student', 'student'],
      awaitingReply: 0,
    });
    expect(await list(quiet.cookie)).toMatchObject({ ids: [toQuiet], awaitingReply: 1 });
    expect(await list(stranger.cookie)).toEqual({ ids: [], sides: [], awaitingReply: 0 });

    // Answered requests stay on the list, but no longer wait for a reply.
    await act(t.app, busy.cookie, toBusy, 'decline', {});
    await act(t.app, busy.cookie, secondToBusy, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect(await list(busy.cookie)).toMatchObject({
      ids: [secondToBusy, toBusy],
      awaitingReply: 0,
    });
    // A request the student cancelled does not wait either.
    await act(t.app, first.cookie, toQuiet, 'cancel', {});
    expect(await list(quiet.cookie)).toMatchObject({ ids: [toQuiet], awaitingReply: 0 });
  });
});
