import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ja } from '../../shared/messages/ja';
import type { MentorDetail, MentorProfile } from '../../shared/schemas/mentors';
import type { VisitRequest, VisitRequestList } from '../../shared/schemas/visit-requests';
import { mentors, visitRequests } from '../db/schema';
import { tokyoMonthStart } from '../lib/tokyo-time';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, latestMailTo, type TestApp } from '../test/app';
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
  requestsOf,
  sendRequest,
  viewRequest,
  type MentorParty,
  type Party,
} from '../test/factories/visits';

/**
 * Whether a student may send an alumnus a request (one open request, 受付停止, the monthly
 * limit, blocks, the daily limit), who sees the contact addresses, and the alumnus's settings.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function detail(cookie: string, urlParam: string): Promise<MentorDetail> {
  const response = await call(t.app, cookie, 'GET', `/api/mentors/${urlParam}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MentorDetail;
}

async function view(cookie: string, id: string): Promise<VisitRequest> {
  const response = await viewRequest(t.app, cookie, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VisitRequest;
}

async function expectSent(student: Party, mentor: MentorParty): Promise<string> {
  const response = await sendRequest(t.app, student, mentor);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const ACCEPT = { slotIndex: 0, safetyRulesConfirmed: true, placeKind: 'online' };

function saveSettings(cookie: string, settings: object) {
  return call(t.app, cookie, 'PUT', '/api/mentors/me/visit-settings', settings);
}

describe('one open request per student and alumnus', () => {
  it('refuses a second request while the first waits, and the detail page names the first', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);

    expectError(await sendRequest(t.app, student, mentor), 409, 'visit/already-open');
    expect(await requestsOf(t.app, student.id)).toHaveLength(1);
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(1);
    expect((await detail(student.cookie, mentor.urlParam)).viewer).toMatchObject({
      openRequestId: id,
      visitUnavailable: 'already-open',
    });

    // The rule is about the pair: another student, or another alumnus, is not held up.
    await expectSent(await newStudent(t.app), mentor);
    await expectSent(student, await newMentor(t.app));
  });

  it('allows a new request once the alumnus declined', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);
    expectOk(await act(t.app, mentor.cookie, id, 'decline', {}));
    expect((await detail(student.cookie, mentor.urlParam)).viewer).toMatchObject({
      openRequestId: null,
      visitUnavailable: null,
    });
    await expectSent(student, mentor);
  });

  it('allows a new request once either side cancelled', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const first = await createRequest(t.app, student, mentor);
    expectOk(await act(t.app, student.cookie, first, 'cancel', {}));
    const second = await expectSent(student, mentor);
    expectOk(await act(t.app, mentor.cookie, second, 'accept', ACCEPT));
    expectOk(await act(t.app, mentor.cookie, second, 'cancel', {}));
    await expectSent(student, mentor);
  });

  it('counts an accepted request as open until its meeting has passed', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);
    expectOk(await act(t.app, mentor.cookie, id, 'accept', ACCEPT));
    expectError(await sendRequest(t.app, student, mentor), 409, 'visit/already-open');
    expect((await detail(student.cookie, mentor.urlParam)).viewer.openRequestId).toBe(id);

    await t.app.ctx.db
      .update(visitRequests)
      .set({ meetingAt: new Date(Date.now() - HOUR_MS) })
      .where(eq(visitRequests.id, id));
    expect((await detail(student.cookie, mentor.urlParam)).viewer).toMatchObject({
      openRequestId: null,
      visitUnavailable: null,
    });
    await expectSent(student, mentor);
  });
});

describe('受付停止 and the monthly limit', () => {
  it('refuses requests while the alumnus has paused, and takes them again once resumed', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    expectOk(
      await saveSettings(mentor.cookie, {
        contactVisibility: 'signed_in',
        acceptingRequests: false,
        monthlyRequestLimit: null,
      }),
    );
    const paused = await detail(student.cookie, mentor.urlParam);
    expect(paused.accepting).toBe(false);
    expect(paused.viewer.visitUnavailable).toBe('not-accepting');
    expectError(await sendRequest(t.app, student, mentor), 409, 'visit/not-accepting');
    expect(await requestsOf(t.app, student.id)).toEqual([]);
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);

    expectOk(
      await saveSettings(mentor.cookie, {
        contactVisibility: 'signed_in',
        acceptingRequests: true,
        monthlyRequestLimit: null,
      }),
    );
    await expectSent(student, mentor);
  });

  it("counts the requests received since the 1st of this month in Japan time, any outcome, not last month's", async () => {
    const mentor = await newMentor(t.app, {}, { monthlyRequestLimit: 2 });
    const monthStart = tokyoMonthStart(new Date());
    await insertRequest(t.app, (await newStudent(t.app)).id, mentor.id, {
      createdAt: new Date(monthStart.getTime() - 60_000),
    });
    await insertRequest(t.app, (await newStudent(t.app)).id, mentor.id, {
      status: 'declined',
      createdAt: monthStart,
    });

    // One this month so far: the second fits, then the limit is reached.
    await expectSent(await newStudent(t.app), mentor);
    const late = await newStudent(t.app);
    const full = await detail(late.cookie, mentor.urlParam);
    expect(full.accepting).toBe(false);
    expect(full.viewer.visitUnavailable).toBe('monthly-limit-reached');
    expectError(await sendRequest(t.app, late, mentor), 409, 'visit/monthly-limit-reached');
    expect(await requestsOf(t.app, late.id)).toEqual([]);

    const own = (
      await call(t.app, mentor.cookie, 'GET', '/api/mentors/me')
    ).json() as MentorProfile;
    expect(own.visitSettings).toEqual({
      contactVisibility: 'accepted',
      acceptingRequests: true,
      monthlyRequestLimit: 2,
      requestsThisMonth: 2,
      autoPaused: false,
    });

    expectOk(
      await saveSettings(mentor.cookie, {
        contactVisibility: 'signed_in',
        acceptingRequests: true,
        monthlyRequestLimit: 3,
      }),
    );
    await expectSent(late, mentor);
  });
});

describe('blocks', () => {
  function block(blocker: Party, blocked: Party, method: 'PUT' | 'DELETE' = 'PUT') {
    return call(t.app, blocker.cookie, method, `/api/blocks/${blocked.id}`);
  }

  it('refuses a request to an alumnus the student blocked, until the block is lifted', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    expectOk(await block(student, mentor));
    expect((await detail(student.cookie, mentor.urlParam)).viewer).toMatchObject({
      blocked: true,
      visitUnavailable: 'blocked',
    });
    expectError(await sendRequest(t.app, student, mentor), 403, 'visit/blocked');
    expect(await requestsOf(t.app, student.id)).toEqual([]);

    expectOk(await block(student, mentor, 'DELETE'));
    await expectSent(student, mentor);
  });

  it('refuses a request from a student the alumnus blocked, looking as if she paused', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const paused = await newMentor(t.app, {}, { acceptingRequests: false });
    expectOk(await block(mentor, student));
    const seen = await detail(student.cookie, mentor.urlParam);
    const pausedSeen = await detail(student.cookie, paused.urlParam);
    // The same answer as an alumna who paused: nothing says "blocked".
    expect(seen.accepting).toBe(false);
    expect(seen.accepting).toBe(pausedSeen.accepting);
    expect(seen.viewer).toEqual(pausedSeen.viewer);
    expect(seen.viewer).toMatchObject({ blocked: false, visitUnavailable: 'not-accepting' });
    const refused = await sendRequest(t.app, student, mentor);
    const refusedPaused = await sendRequest(t.app, student, paused);
    expectError(refused, 409, 'visit/not-accepting');
    expect(refused.json()).toEqual(refusedPaused.json());
    expect(refused.body).not.toMatch(/block/i);
    expect(await requestsOf(t.app, student.id)).toEqual([]);
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);
    // Anyone else may still ask the alumnus.
    await expectSent(await newStudent(t.app), mentor);
  });

  it('cancels the open request silently, and shows the block to the blocker only', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);
    expectOk(await block(mentor, student));
    expect(await requestRow(t.app, id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'mentor',
    });
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);
    expect((await view(mentor.cookie, id)).blockedOther).toBe(true);
    expect((await view(student.cookie, id)).blockedOther).toBe(false);
  });
});

describe('at most ten requests a day per student', () => {
  it('refuses the eleventh with 429 and stores nothing', async () => {
    const student = await newStudent(t.app);
    // Each withdrawn at once, so that the limit of requests waiting (issue 57) stays out of it.
    for (let i = 0; i < 10; i++) {
      const id = await expectSent(student, await newMentor(t.app));
      expectOk(await act(t.app, student.cookie, id, 'cancel', {}));
    }
    const eleventh = await newMentor(t.app);
    expectError(await sendRequest(t.app, student, eleventh), 429, 'auth/too-many-requests');
    expect(await requestsOf(t.app, student.id)).toHaveLength(10);
    expect(await mailsTo(t.app, eleventh.email)).toHaveLength(0);
  });
});

describe('who sees the alumnus\u2019s contact address on the detail page', () => {
  it('hides it from students by default: only accepted requesters see it', async () => {
    const mentor = await newMentor(t.app);
    const student = await newStudent(t.app);
    const seen = await detail(student.cookie, mentor.urlParam);
    expect(seen).toMatchObject({ contactEmail: null, contactVisibility: 'accepted' });
    expect(seen.viewer.visitUnavailable).toBeNull();
  });

  it('shows it to everyone signed in when the alumnus chose so', async () => {
    const mentor = await newMentor(t.app, {}, { contactVisibility: 'signed_in' });
    const student = await newStudent(t.app);
    const seen = await detail(student.cookie, mentor.urlParam);
    expect(seen).toMatchObject({
      contactEmail: mentor.contactEmail,
      contactVisibility: 'signed_in',
    });
  });

  it('"accepted only": a student sees it once a request of theirs is accepted', async () => {
    const mentor = await newMentor(t.app, {}, { contactVisibility: 'accepted' });
    const student = await newStudent(t.app);
    const other = await newStudent(t.app);
    const contactOf = async (cookie: string) =>
      (await detail(cookie, mentor.urlParam)).contactEmail;

    const first = await detail(student.cookie, mentor.urlParam);
    expect(first).toMatchObject({ contactEmail: null, contactVisibility: 'accepted' });
    const id = await createRequest(t.app, student, mentor);
    expect(await contactOf(student.cookie)).toBeNull();

    expectOk(await act(t.app, mentor.cookie, id, 'accept', ACCEPT));
    expect(await contactOf(student.cookie)).toBe(mentor.contactEmail);
    expect(await contactOf(other.cookie)).toBeNull();

    // Still once the meeting has passed: the two have met.
    await t.app.ctx.db
      .update(visitRequests)
      .set({ meetingAt: new Date(Date.now() - DAY_MS) })
      .where(eq(visitRequests.id, id));
    expect(await contactOf(student.cookie)).toBe(mentor.contactEmail);
  });

  it('"accepted only": hidden again when the accepted meeting is cancelled', async () => {
    const mentor = await newMentor(t.app, {}, { contactVisibility: 'accepted' });
    const student = await newStudent(t.app);
    const id = await createRequest(t.app, student, mentor);
    expectOk(await act(t.app, mentor.cookie, id, 'accept', ACCEPT));
    expectOk(await act(t.app, student.cookie, id, 'cancel', {}));
    expect((await detail(student.cookie, mentor.urlParam)).contactEmail).toBeNull();
  });

  it('"accepted only": the alumnus and the admins always see it, other alumni do not', async () => {
    const mentor = await newMentor(t.app, {}, { contactVisibility: 'accepted' });
    const admin = await insertAdmin(t.app);
    const otherMentor = await newMentor(t.app);
    const awaiting = await newMentor(t.app, { role: 'mentor_pending' });

    const own = await detail(mentor.cookie, mentor.urlParam);
    expect(own.contactEmail).toBe(mentor.contactEmail);
    expect(own.viewer.visitUnavailable).toBe('students-only');
    const asAdmin = await detail(admin.cookie, mentor.urlParam);
    expect(asAdmin.contactEmail).toBe(mentor.contactEmail);
    expect(asAdmin.viewer.visitUnavailable).toBe('students-only');
    expect((await detail(otherMentor.cookie, mentor.urlParam)).contactEmail).toBeNull();
    expect((await detail(awaiting.cookie, mentor.urlParam)).contactEmail).toBeNull();
  });
  it('is hidden from a student the alumnus blocked, whatever the alumnus chose', async () => {
    const mentor = await newMentor(t.app, {}, { contactVisibility: 'signed_in' });
    const student = await newStudent(t.app);
    const id = await createRequest(t.app, student, mentor);
    expectOk(await call(t.app, mentor.cookie, 'PUT', `/api/blocks/${student.id}`));
    expect((await detail(student.cookie, mentor.urlParam)).contactEmail).toBeNull();
    expect((await view(student.cookie, id)).mentor.contactEmail).toBeNull();
    // Anyone else still sees it.
    const other = await newStudent(t.app);
    expect((await detail(other.cookie, mentor.urlParam)).contactEmail).toBe(mentor.contactEmail);
  });
});

describe('contact addresses in the request itself', () => {
  it('"accepted only": neither address while waiting, both once accepted', async () => {
    const mentor = await newMentor(t.app, {}, { contactVisibility: 'accepted' });
    const student = await newStudent(t.app);
    const id = await createRequest(t.app, student, mentor);

    for (const cookie of [student.cookie, mentor.cookie]) {
      const waiting = await view(cookie, id);
      expect(waiting.mentor.contactEmail).toBeNull();
      expect(waiting.student.contactEmail).toBeNull();
    }
    expectOk(await act(t.app, mentor.cookie, id, 'accept', ACCEPT));
    for (const cookie of [student.cookie, mentor.cookie]) {
      const accepted = await view(cookie, id);
      expect(accepted.mentor.contactEmail).toBe(mentor.contactEmail);
      expect(accepted.student.contactEmail).toBe(student.email);
    }
    const listed = (
      await call(t.app, student.cookie, 'GET', '/api/visit-requests')
    ).json() as VisitRequestList;
    expect(listed.items[0]).toMatchObject({
      id,
      mentor: { contactEmail: mentor.contactEmail },
      student: { contactEmail: student.email },
    });
  });

  it('"accepted only": a later request of a student she once accepted shows her address at once', async () => {
    const mentor = await newMentor(t.app, {}, { contactVisibility: 'accepted' });
    const student = await newStudent(t.app);
    const met = await createRequest(t.app, student, mentor);
    expectOk(await act(t.app, mentor.cookie, met, 'accept', ACCEPT));
    await t.app.ctx.db
      .update(visitRequests)
      .set({ meetingAt: new Date(Date.now() - DAY_MS) })
      .where(eq(visitRequests.id, met));

    const again = await createRequest(t.app, student, mentor);
    const waiting = await view(student.cookie, again);
    expect(waiting.mentor.contactEmail).toBe(mentor.contactEmail);
    expect(waiting.student.contactEmail).toBeNull();
    expect((await detail(student.cookie, mentor.urlParam)).contactEmail).toBe(mentor.contactEmail);
  });

  it('"everyone signed in": the alumnus\u2019s at once, the student\u2019s only once accepted', async () => {
    const mentor = await newMentor(t.app, {}, { contactVisibility: 'signed_in' });
    const student = await newStudent(t.app);
    const declined = await createRequest(t.app, student, mentor);

    const waiting = await view(mentor.cookie, declined);
    expect(waiting.mentor.contactEmail).toBe(mentor.contactEmail);
    expect(waiting.student.contactEmail).toBeNull();

    expectOk(await act(t.app, mentor.cookie, declined, 'decline', {}));
    const afterDecline = await view(mentor.cookie, declined);
    expect(afterDecline.mentor.contactEmail).toBe(mentor.contactEmail);
    expect(afterDecline.student.contactEmail).toBeNull();
  });
});

describe('the alumnus\u2019s visit settings', () => {
  const valid = {
    contactVisibility: 'signed_in',
    acceptingRequests: false,
    monthlyRequestLimit: 5,
  };

  it('saves them, and GET /api/mentors/me shows them', async () => {
    const mentor = await newMentor(t.app);
    const fresh = (
      await call(t.app, mentor.cookie, 'GET', '/api/mentors/me')
    ).json() as MentorProfile;
    expect(fresh.visitSettings).toEqual({
      contactVisibility: 'accepted',
      acceptingRequests: true,
      monthlyRequestLimit: null,
      requestsThisMonth: 0,
      autoPaused: false,
    });

    expect(expectOk(await saveSettings(mentor.cookie, valid))).toEqual(valid);
    const saved = (
      await call(t.app, mentor.cookie, 'GET', '/api/mentors/me')
    ).json() as MentorProfile;
    expect(saved.visitSettings).toEqual({ ...valid, requestsThisMonth: 0, autoPaused: false });
    expect(saved.accepting).toBe(false);

    const cleared = {
      contactVisibility: 'accepted',
      acceptingRequests: true,
      monthlyRequestLimit: null,
    };
    expect(expectOk(await saveSettings(mentor.cookie, cleared))).toEqual(cleared);
    const [row] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, mentor.id));
    expect(row).toMatchObject(cleared);
  });

  it('keeps a contact address other than the sign-in address, shown to accepted students only', async () => {
    const mentor = await newMentor(t.app);
    expectOk(
      await saveSettings(mentor.cookie, {
        ...valid,
        acceptingRequests: true,
        contactVisibility: 'accepted',
        contactEmail: 'Work.Desk@Example.JP',
      }),
    );
    const own = (
      await call(t.app, mentor.cookie, 'GET', '/api/mentors/me')
    ).json() as MentorProfile;
    expect(own.contactEmail).toBe('work.desk@example.jp');

    const student = await newStudent(t.app);
    expect((await detail(student.cookie, mentor.urlParam)).contactEmail).toBeNull();
    const id = await createRequest(t.app, student, mentor);
    expectOk(
      await act(t.app, mentor.cookie, id, 'accept', {
        slotIndex: 0,
        safetyRulesConfirmed: true,
        placeKind: 'online',
      }),
    );
    // Not before its mailed link is followed (contact-email.test.ts).
    expect((await detail(student.cookie, mentor.urlParam)).contactEmail).toBeNull();
    const mail = await latestMailTo(t.app, 'work.desk@example.jp');
    const link = new URL(mail!.links.find((url) => url.includes('/contact-email/confirm'))!);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/contact-email/confirm',
      payload: { token: link.searchParams.get('token') },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await detail(student.cookie, mentor.urlParam)).contactEmail).toBe(
      'work.desk@example.jp',
    );
    expect((await view(student.cookie, id)).mentor.contactEmail).toBe('work.desk@example.jp');
  });

  it.each([
    'not an address',
    'a@b',
    'x@example.com\nBcc: y@example.com',
    'a'.repeat(250) + '@x.jp',
  ])('refuses the contact address %j with 400 and keeps the one saved', async (contactEmail) => {
    const mentor = await newMentor(t.app);
    const response = await saveSettings(mentor.cookie, { ...valid, contactEmail });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid-argument' });
    const [row] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, mentor.id));
    expect(row).toMatchObject({ contactEmail: mentor.contactEmail, contactVisibility: 'accepted' });
  });

  it.each([1, 2, 3, 5, 10, 20])('takes a monthly limit of %i', async (limit) => {
    const mentor = await newMentor(t.app);
    const settings = { ...valid, monthlyRequestLimit: limit };
    expect(expectOk(await saveSettings(mentor.cookie, settings))).toEqual(settings);
  });

  const invalid: [string, object, Record<string, string>][] = [
    [
      'a limit of 4',
      { monthlyRequestLimit: 4 },
      { monthlyRequestLimit: 'validation.invalidChoice' },
    ],
    [
      'a limit of 0',
      { monthlyRequestLimit: 0 },
      { monthlyRequestLimit: 'validation.invalidChoice' },
    ],
    [
      'a limit of 30',
      { monthlyRequestLimit: 30 },
      { monthlyRequestLimit: 'validation.invalidChoice' },
    ],
    [
      'a limit as text',
      { monthlyRequestLimit: '5' },
      { monthlyRequestLimit: 'validation.invalidChoice' },
    ],
    [
      'no limit field',
      { monthlyRequestLimit: undefined },
      { monthlyRequestLimit: 'validation.invalidChoice' },
    ],
    [
      'an unknown visibility',
      { contactVisibility: 'everyone' },
      { contactVisibility: 'validation.invalidChoice' },
    ],
    [
      'no accepting flag',
      { acceptingRequests: undefined },
      { acceptingRequests: 'validation.invalidChoice' },
    ],
  ];

  it.each(invalid)('refuses %s with 400 and keeps the settings', async (_, change, fieldErrors) => {
    const mentor = await newMentor(t.app, {}, { monthlyRequestLimit: 3 });
    const response = await saveSettings(mentor.cookie, { ...valid, ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid-argument',
      message: ja.errors['invalid-argument'],
      fieldErrors,
    });
    const [row] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, mentor.id));
    expect(row).toMatchObject({
      contactVisibility: 'accepted',
      acceptingRequests: true,
      monthlyRequestLimit: 3,
    });
  });

  it('is for alumni only: students, alumni awaiting approval and admins are refused', async () => {
    const student = await newStudent(t.app);
    const awaiting = await newMentor(t.app, { role: 'mentor_pending' });
    const admin = await insertAdmin(t.app);
    for (const cookie of [student.cookie, awaiting.cookie, admin.cookie]) {
      expectError(await saveSettings(cookie, valid), 403, 'permission-denied');
    }
    const [row] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, awaiting.id));
    expect(row).toMatchObject({ contactVisibility: 'accepted', acceptingRequests: true });
  });
});
