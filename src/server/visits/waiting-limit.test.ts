import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MentorDetail } from '../../shared/schemas/mentors';
import type { VisitRequest, VisitRequestList } from '../../shared/schemas/visit-requests';
import type { WaitingRequests } from '../../shared/schemas/waiting-requests';
import { slotInstant } from '../../shared/schemas/visit-requests';
import { seminar, visitRequests } from '../db/schema';
import { auditEntries, call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  act,
  bookSlotOf,
  createRequest,
  DAY_MS,
  insertRequest,
  jstSlot,
  mailsTo,
  newMentor,
  newPublishingMentor,
  newStudent,
  sendRequest,
  slotsSeenBy,
  viewRequest,
  type MentorParty,
  type Party,
} from '../test/factories/visits';

/**
 * A first visit before anyone's fifth (issue 57, point 3; docs/PRODUCT.md §7): a student has at
 * most the seminar's limit of requests waiting for an alumna's answer at once, requests and
 * bookings alike, however many she sends at once; the refusal lists what waits; the admins set
 * the limit; the alumna reads 「初めてのOG訪問」 on a request from a student who has held none.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // The default limit (3) unless a test sets another.
  await t.app.ctx.db.delete(seminar);
});

function setLimit(body: object, cookie = admin.cookie) {
  return call(t.app, cookie, 'PUT', '/api/admin/seminar/waiting-limit', body);
}

async function waitingOf(student: Party): Promise<WaitingRequests> {
  return expectOk(
    await call(t.app, student.cookie, 'GET', '/api/visit-requests/waiting'),
  ) as unknown as WaitingRequests;
}

/** Her requests the alumnae have not answered, as the database holds them. */
async function waitingRows(student: Party) {
  const rows = await t.app.ctx.db
    .select({ status: visitRequests.status, proposedBy: visitRequests.proposedBy })
    .from(visitRequests)
    .where(and(eq(visitRequests.studentId, student.id), eq(visitRequests.status, 'pending')));
  return rows.filter((row) => row.proposedBy !== 'mentor');
}

/** The alumna's open slot `index` (0: the first), as the student sees her slots. */
async function slotOf(student: Party, mentor: MentorParty, index = 0): Promise<string> {
  return (await slotsSeenBy(t.app, student, mentor))[index]!.start;
}

describe('which requests wait for an answer', () => {
  it('counts the ones the alumna has not answered, and refuses one more with the list', async () => {
    const student = await newStudent(t.app);
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => newMentor(t.app)));
    // Waiting: her request, and times she proposed back to the alumna.
    await insertRequest(t.app, student.id, others[0]!.id, {
      createdAt: new Date(Date.now() - 2 * DAY_MS),
    });
    await insertRequest(t.app, student.id, others[1]!.id, {
      proposedBy: 'student',
      proposedTimes: [new Date(Date.now() + 5 * DAY_MS)],
      createdAt: new Date(Date.now() - DAY_MS),
    });
    // Not waiting for an alumna: her proposal waits for the student; agreed; answered; over.
    await insertRequest(t.app, student.id, others[2]!.id, {
      proposedBy: 'mentor',
      proposedTimes: [new Date(Date.now() + 5 * DAY_MS)],
    });
    await insertRequest(t.app, student.id, others[3]!.id, {
      status: 'accepted',
      // An evening, away from the hours the requests below ask for (jstSlot(3) and
      // jstSlot(4, 14, 30)): a visit within the hour of one would be refused as visit/same-hour.
      meetingAt: slotInstant(jstSlot(4, 19))!,
    });
    await insertRequest(t.app, student.id, others[4]!.id, { status: 'declined' });
    expect((await waitingOf(student)).requests.map((r) => r.mentorName)).toEqual([
      others[0]!.name,
      others[1]!.name,
    ]);

    const third = await newMentor(t.app);
    const thirdId = await createRequest(t.app, student, third);
    const fourth = await newMentor(t.app);
    // Her page says it before she fills a form.
    const page = expectOk(
      await call(t.app, student.cookie, 'GET', `/api/mentors/${fourth.urlParam}`),
    ) as unknown as MentorDetail;
    expect(page.viewer.visitUnavailable).toBe('waiting-limit');

    const refused = await sendRequest(t.app, student, fourth);
    expectError(refused, 409, 'visit/waiting-limit');
    const { current } = refused.json() as { current: WaitingRequests };
    expect(current.limit).toBe(3);
    expect(current.requests).toEqual([
      expect.objectContaining({ mentorName: others[0]!.name, mentorUrlParam: others[0]!.urlParam }),
      expect.objectContaining({ mentorName: others[1]!.name }),
      {
        id: thirdId,
        mentorName: third.name,
        mentorUrlParam: third.urlParam,
        createdAt: expect.any(String),
      },
    ]);
    expect(await mailsTo(t.app, fourth.email)).toHaveLength(0);
    expect(await waitingRows(student)).toHaveLength(3);

    // An answer frees a place: the alumna proposes other times, and the student may ask again.
    expectOk(
      await act(t.app, third.cookie, thirdId, 'propose', {
        proposedTimes: [jstSlot(6)],
        placeKind: 'online',
        safetyRulesConfirmed: true,
      }),
    );
    await createRequest(t.app, student, fourth);
  });

  it('refuses a booking alike; one agreed at once (自動で承諾) waits for no one', async () => {
    const student = await newStudent(t.app);
    expectOk(await setLimit({ waitingRequestsLimit: 2 }));
    await createRequest(t.app, student, await newMentor(t.app));
    const auto = await newPublishingMentor(t.app, { autoAccept: true, rulesConfirmed: true });
    const agreed = await bookSlotOf(t.app, student, auto.urlParam, await slotOf(student, auto));
    expect(expectOk(agreed, 201)).toMatchObject({ status: 'accepted' });
    const asking = await newPublishingMentor(t.app);
    const held = await bookSlotOf(
      t.app,
      student,
      asking.urlParam,
      await slotOf(student, asking, 2),
    );
    expect(expectOk(held, 201)).toMatchObject({ status: 'pending' });

    const last = await newPublishingMentor(t.app);
    const refused = await bookSlotOf(t.app, student, last.urlParam, await slotOf(student, last, 4));
    expectError(refused, 409, 'visit/waiting-limit');
    expect((refused.json() as { current: WaitingRequests }).current.requests).toHaveLength(2);
    expect(await waitingRows(student)).toHaveLength(2);
  });
});

describe('five sent at once', () => {
  it('never leave more than the limit waiting (requests)', async () => {
    const student = await newStudent(t.app);
    const mentors = await Promise.all([0, 1, 2, 3, 4].map(() => newMentor(t.app)));
    const answers = await Promise.all(
      mentors.map((mentor, i) =>
        sendRequest(t.app, student, mentor, { preferredSlots: [jstSlot(3 + i)] }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([
      201, 201, 201, 409, 409,
    ]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ code: 'visit/waiting-limit' });
    }
    expect(await waitingRows(student)).toHaveLength(3);
  });

  it('never leave more than the limit waiting (bookings and requests together)', async () => {
    expectOk(await setLimit({ waitingRequestsLimit: 2 }));
    const student = await newStudent(t.app);
    const publishers = await Promise.all([0, 1, 2].map(() => newPublishingMentor(t.app)));
    // Each booking a different day, so that no two are at the same hour.
    const slots = await Promise.all(publishers.map((mentor, i) => slotOf(student, mentor, i * 2)));
    const askers = await Promise.all([0, 1].map(() => newMentor(t.app)));
    const answers = await Promise.all([
      ...publishers.map((mentor, i) => bookSlotOf(t.app, student, mentor.urlParam, slots[i]!)),
      ...askers.map((mentor, i) =>
        sendRequest(t.app, student, mentor, { preferredSlots: [jstSlot(20 + i)] }),
      ),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([
      201, 201, 409, 409, 409,
    ]);
    expect(await waitingRows(student)).toHaveLength(2);
  });
});

describe('the admins’ setting (GET/PUT /api/admin/seminar/waiting-limit)', () => {
  it('is 3 until set, takes 1–5, audited; a lower limit stops only new requests', async () => {
    const read = async () =>
      expectOk(await call(t.app, admin.cookie, 'GET', '/api/admin/seminar/waiting-limit'));
    const audited = await auditEntries(t.app, 'admin.seminar.waiting-limit');
    expect(await read()).toEqual({ waitingRequestsLimit: 3 });
    expect(expectOk(await setLimit({ waitingRequestsLimit: 5 }))).toEqual({
      waitingRequestsLimit: 5,
    });
    expect(await read()).toEqual({ waitingRequestsLimit: 5 });
    const entries = await auditEntries(t.app, 'admin.seminar.waiting-limit');
    expect(entries).toHaveLength(audited.length + 1);
    expect(entries).toContainEqual(
      expect.objectContaining({ actorId: admin.user.id, details: { from: 3, to: 5 } }),
    );
    // The same again records nothing.
    expectOk(await setLimit({ waitingRequestsLimit: 5 }));
    expect(await auditEntries(t.app, 'admin.seminar.waiting-limit')).toHaveLength(entries.length);
    // The seminar's name is not set by it.
    expect(expectOk(await call(t.app, undefined, 'GET', '/api/seminar'))).toEqual({
      seminar: null,
    });

    const student = await newStudent(t.app);
    for (let i = 0; i < 4; i++) await createRequest(t.app, student, await newMentor(t.app));
    expectOk(await setLimit({ waitingRequestsLimit: 1 }));
    expect(await waitingRows(student)).toHaveLength(4);
    expectError(
      await sendRequest(t.app, student, await newMentor(t.app)),
      409,
      'visit/waiting-limit',
    );
    expect(await waitingOf(student)).toMatchObject({ limit: 1 });
  });

  it('refuses anything but a whole number 1–5, and anyone but an admin, changing nothing', async () => {
    expectOk(await setLimit({ waitingRequestsLimit: 4 }));
    const audited = (await auditEntries(t.app, 'admin.seminar.waiting-limit')).length;
    for (const value of [0, 6, '3', null, 2.5, undefined]) {
      const response = await setLimit({ waitingRequestsLimit: value });
      expectError(response, 400, 'invalid-argument');
      expect(response.json().fieldErrors, String(value)).toEqual({
        waitingRequestsLimit: 'validation.waitingLimitRange',
      });
    }
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    for (const cookie of [student.cookie, mentor.cookie]) {
      expectError(await setLimit({ waitingRequestsLimit: 1 }, cookie), 403, 'permission-denied');
      expectError(
        await call(t.app, cookie, 'GET', '/api/admin/seminar/waiting-limit'),
        403,
        'permission-denied',
      );
    }
    expect(
      expectOk(await call(t.app, admin.cookie, 'GET', '/api/admin/seminar/waiting-limit')),
    ).toEqual({ waitingRequestsLimit: 4 });
    expect(await auditEntries(t.app, 'admin.seminar.waiting-limit')).toHaveLength(audited);
  });
});

describe('「初めてのOG訪問」 on the alumna’s side', () => {
  async function firstVisitSeenBy(mentor: Party, id: string) {
    const page = expectOk(await viewRequest(t.app, mentor.cookie, id)) as unknown as VisitRequest;
    const list = expectOk(
      await call(t.app, mentor.cookie, 'GET', '/api/visit-requests'),
    ) as unknown as VisitRequestList;
    const row = list.items.find((item) => item.id === id)!;
    expect(row.studentFirstVisit).toBe(page.studentFirstVisit);
    return page.studentFirstVisit;
  }

  it('marks a student who held no visit before, until one was held with anyone', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);
    expect(await firstVisitSeenBy(mentor, id)).toBe(true);
    // The student never reads it of herself.
    const own = expectOk(await viewRequest(t.app, student.cookie, id)) as unknown as VisitRequest;
    expect(own.studentFirstVisit).toBe(false);

    // Agreed but not held, or reported missed: still none held.
    const past = new Date(Date.now() - 3 * DAY_MS);
    const other = await newMentor(t.app);
    await insertRequest(t.app, student.id, other.id, { status: 'accepted', meetingAt: past });
    const missed = await newMentor(t.app);
    await insertRequest(t.app, student.id, missed.id, {
      status: 'accepted',
      meetingAt: past,
      studentOutcome: 'held',
      mentorOutcome: 'no_show',
    });
    expect(await firstVisitSeenBy(mentor, id)).toBe(true);

    // Held with another alumna: no longer her first; that visit itself was.
    const heldWith = await newMentor(t.app);
    const held = await insertRequest(t.app, student.id, heldWith.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - 2 * DAY_MS),
      studentOutcome: 'held',
    });
    expect(await firstVisitSeenBy(mentor, id)).toBe(false);
    expect(await firstVisitSeenBy(heldWith, held.id)).toBe(true);
  });
});
