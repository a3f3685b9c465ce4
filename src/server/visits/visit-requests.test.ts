import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ja } from '../../shared/messages/ja';
import { jaMail } from '../../shared/messages/ja/mail';
import type { VisitRequest, VisitRequestList } from '../../shared/schemas/visit-requests';
import { users, visitRequests } from '../db/schema';
import { call, expectError, insertAdmin } from '../test/factories/admins';
import { createTestApp, latestMailTo, TEST_ORIGIN, type TestApp } from '../test/app';
import { insertMentor } from '../test/factories/mentors';
import {
  act,
  createRequest,
  DAY_MS,
  HOUR_MS,
  insertRequest,
  jstSlot,
  mailsTo,
  newMentor,
  newStudent,
  requestForm,
  requestRow,
  requestsOf,
  sendRequest,
  viewRequest,
  type MentorParty,
  type Party,
} from '../test/factories/visits';

/** OG訪問 requests: sending, answering, cancelling, who may do what, and the mails. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The instant a Japan-time "YYYY-MM-DDTHH:mm" names, worked out apart from the code under test. */
function instantOf(local: string): string {
  return new Date(`${local}:00+09:00`).toISOString();
}

function linkTo(id: string): string {
  return `${TEST_ORIGIN}/visit-requests/${id}`;
}

function expectFieldErrors(response: LightMyRequestResponse, fieldErrors: Record<string, string>) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({
    code: 'invalid-argument',
    message: ja.errors['invalid-argument'],
    fieldErrors,
  });
}

async function view(cookie: string, id: string): Promise<VisitRequest> {
  const response = await viewRequest(t.app, cookie, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VisitRequest;
}

async function pair(): Promise<{ student: Party; mentor: MentorParty }> {
  return { student: await newStudent(t.app), mentor: await newMentor(t.app) };
}

describe('sending a request', () => {
  it('stores the request as sent, read in Japan time, and shows it to both sides', async () => {
    const student = await newStudent(t.app, '依頼 花子');
    const mentor = await newMentor(t.app, { name: '先輩 美咲', company: '丸紅商事' });
    const slots = [jstSlot(2, 8), jstSlot(5, 20), jstSlot(89, 13, 15)];
    const response = await sendRequest(t.app, student, mentor, {
      purpose: 'es_review',
      message: '  ESを見ていただけますか。  ',
      preferredSlots: slots,
      meetingFormat: 'in_person',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as { id: string };

    const row = await requestRow(t.app, id);
    expect(row).toMatchObject({
      studentId: student.id,
      mentorId: mentor.id,
      purpose: 'es_review',
      message: 'ESを見ていただけますか。',
      meetingFormat: 'in_person',
      status: 'pending',
      meetingAt: null,
      respondedAt: null,
      cancelledAt: null,
    });
    expect(row!.preferredSlots.map((slot) => slot.toISOString())).toEqual(slots.map(instantOf));

    const seen = await view(student.cookie, id);
    expect(seen).toMatchObject({
      id,
      side: 'student',
      status: 'pending',
      purpose: 'es_review',
      meetingFormat: 'in_person',
      preferredSlots: slots.map(instantOf),
      bookedUntil: null,
      agendaTopics: [],
      agendaQuestions: [],
      meetingAt: null,
      responseMessage: null,
      cancelledBy: null,
      student: {
        userId: student.id,
        name: '依頼 花子',
        universityName: '早稲田大学',
        grade: '3年',
      },
      mentor: {
        userId: mentor.id,
        name: '先輩 美咲',
        urlParam: mentor.urlParam,
        company: '丸紅商事',
        graduationYear: 2015,
      },
      blockedOther: false,
    });
    expect((await view(mentor.cookie, id)).side).toBe('mentor');
  });

  it('carries the agenda in the student’s order to both sides, her questions read by the contact rule', async () => {
    const { student, mentor } = await pair();
    const id = await createRequest(t.app, student, mentor, {
      agendaTopics: ['interview_practice', 'industry_research'],
      agendaQuestions: ['若手の一日を教えてください', '  ', '連絡は 090-1234-5678 にお願いします'],
    });
    for (const [party, third] of [
      [student, '連絡は 090-1234-5678 にお願いします'],
      // Written before acceptance, like her message: the alumna reads it masked.
      [mentor, '連絡は ＊＊＊ にお願いします'],
    ] as const) {
      expect(await view(party.cookie, id)).toMatchObject({
        agendaTopics: ['interview_practice', 'industry_research'],
        agendaQuestions: ['若手の一日を教えてください', third],
        bookedUntil: null,
      });
    }
  });

  it('says which slot a booking holds: the preferred slot to its end', async () => {
    const { student, mentor } = await pair();
    const from = new Date(Date.now() + 3 * DAY_MS);
    const until = new Date(from.getTime() + 45 * 60_000);
    const booked = await insertRequest(t.app, student.id, mentor.id, {
      preferredSlots: [from],
      bookedFrom: from,
      bookedUntil: until,
    });
    for (const party of [student, mentor]) {
      expect(await view(party.cookie, booked.id)).toMatchObject({
        preferredSlots: [from.toISOString()],
        bookedUntil: until.toISOString(),
      });
    }
    // Other times proposed free the slot: the request no longer says it booked one.
    const proposed = await act(t.app, mentor.cookie, booked.id, 'propose', {
      proposedTimes: [jstSlot(6, 15)],
      placeKind: 'online',
      safetyRulesConfirmed: true,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect((await view(student.cookie, booked.id)).bookedUntil).toBeNull();
  });

  it('mails the alumnus a link to the request, and nobody else', async () => {
    const student = await newStudent(t.app, '連絡 太郎');
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);

    const queued = await mailsTo(t.app, mentor.email);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.subject).toBe(jaMail.mail.visitRequested.subject);
    expect(queued[0]!.links).toContain(linkTo(id));
    expect(queued[0]!.text).toContain('連絡 太郎さん（早稲田大学）');
    // Never the student's words: those are read on the site, after signing in.
    expect(queued[0]!.text).not.toContain(requestForm('').message);
    expect(await mailsTo(t.app, mentor.contactEmail)).toHaveLength(0);
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);

    const delivered = await latestMailTo(t.app, mentor.email);
    expect(delivered?.links).toContain(linkTo(id));
  });

  it('takes a 1000-character message', async () => {
    const { student, mentor } = await pair();
    const response = await sendRequest(t.app, student, mentor, { message: 'あ'.repeat(1000) });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses everyone but students (permission-denied), storing nothing', async () => {
    const mentor = await newMentor(t.app);
    const admin = await insertAdmin(t.app);
    const otherMentor = await newMentor(t.app);
    const pending = await newMentor(t.app, { role: 'mentor_pending' });
    for (const caller of [otherMentor, pending, { id: admin.user.id, cookie: admin.cookie }]) {
      const response = await call(
        t.app,
        caller.cookie,
        'POST',
        '/api/visit-requests',
        requestForm(mentor.urlParam),
      );
      expectError(response, 403, 'permission-denied');
    }
    const received = await t.app.ctx.db
      .select()
      .from(visitRequests)
      .where(eq(visitRequests.mentorId, mentor.id));
    expect(received).toEqual([]);
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);
  });

  it('answers 404 for an alumnus who is unknown, unverified, awaiting approval or suspended', async () => {
    const student = await newStudent(t.app);
    const unverified = await newMentor(t.app, { emailVerified: false });
    const awaiting = await newMentor(t.app, { role: 'mentor_pending' });
    const suspended = await newMentor(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    for (const urlParam of [
      'no-such-alumnus',
      unverified.urlParam,
      awaiting.urlParam,
      suspended.urlParam,
    ]) {
      const response = await call(
        t.app,
        student.cookie,
        'POST',
        '/api/visit-requests',
        requestForm(urlParam),
      );
      expectError(response, 404, 'not-found');
    }
    expect(await requestsOf(t.app, student.id)).toEqual([]);
  });

  it('lets a student ask an admin who keeps a profile (admins are on the OG list)', async () => {
    const student = await newStudent(t.app);
    const { user, mentor } = await insertMentor(t.app, { role: 'admin' });
    const response = await call(
      t.app,
      student.cookie,
      'POST',
      '/api/visit-requests',
      requestForm(mentor.urlParam),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect((await requestsOf(t.app, student.id))[0]?.mentorId).toBe(user.id);
  });
});

describe('the request form is checked: 400 with the field, nothing stored, nobody mailed', () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    [
      'a meeting at 21:00',
      { preferredSlots: [jstSlot(3), jstSlot(3, 21)] },
      { 'preferredSlots.1': 'validation.visitSlotLateNight' },
    ],
    [
      'a meeting at 20:30',
      { preferredSlots: [jstSlot(3, 20, 30)] },
      { 'preferredSlots.0': 'validation.visitSlotLateNight' },
    ],
    [
      'a meeting at 7:45',
      { preferredSlots: [jstSlot(3, 7, 45)] },
      { 'preferredSlots.0': 'validation.visitSlotLateNight' },
    ],
    [
      'a meeting in the past',
      { preferredSlots: [jstSlot(-1)] },
      { 'preferredSlots.0': 'validation.visitSlotPast' },
    ],
    [
      'a meeting more than 90 days ahead',
      { preferredSlots: [jstSlot(91)] },
      { 'preferredSlots.0': 'validation.visitSlotTooFar' },
    ],
    [
      'a date that does not exist',
      { preferredSlots: ['2031-02-30T10:00'] },
      { 'preferredSlots.0': 'validation.visitSlotInvalid' },
    ],
    [
      'four slots',
      { preferredSlots: [jstSlot(3), jstSlot(4), jstSlot(5), jstSlot(6)] },
      { preferredSlots: 'validation.visitSlotTooMany' },
    ],
    ['no slot', { preferredSlots: [] }, { preferredSlots: 'validation.visitSlotRequired' }],
    [
      'the same slot twice',
      { preferredSlots: [jstSlot(3), jstSlot(3)] },
      { preferredSlots: 'validation.visitSlotDuplicate' },
    ],
    [
      'no safety confirmation',
      { safetyRulesConfirmed: undefined },
      { safetyRulesConfirmed: 'validation.safetyRulesRequired' },
    ],
    [
      'a refused safety confirmation',
      { safetyRulesConfirmed: false },
      { safetyRulesConfirmed: 'validation.safetyRulesRequired' },
    ],
    [
      'a 1001-character message',
      { message: 'あ'.repeat(1001) },
      { message: 'validation.visitMessageTooLong' },
    ],
    ['a blank message', { message: '   ' }, { message: 'validation.visitMessageRequired' }],
    ['an unknown purpose', { purpose: 'dinner' }, { purpose: 'validation.visitPurposeRequired' }],
    [
      'an unknown meeting format',
      { meetingFormat: 'phone' },
      { meetingFormat: 'validation.meetingFormatRequired' },
    ],
  ];

  let student: Party;
  let mentor: MentorParty;
  beforeAll(async () => {
    ({ student, mentor } = await pair());
  });

  it.each(cases)('refuses %s', async (_, overrides, fieldErrors) => {
    const response = await sendRequest(t.app, student, mentor, overrides);
    expectFieldErrors(response, fieldErrors);
    expect(await requestsOf(t.app, student.id)).toEqual([]);
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);
  });
});

describe('answering a request', () => {
  it('accepts one of the preferred slots: the meeting time, the words, a mail to the student', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app, { name: '承諾 先輩' });
    const slots = [jstSlot(3), jstSlot(4, 14, 30)];
    const id = await createRequest(t.app, student, mentor, { preferredSlots: slots });

    const response = await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 1,
      message: ' 当日はよろしくお願いします。 ',
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const seen = await view(student.cookie, id);
    expect(seen).toMatchObject({
      status: 'accepted',
      meetingAt: instantOf(slots[1]!),
      responseMessage: '当日はよろしくお願いします。',
    });
    expect(seen.respondedAt).not.toBeNull();

    const mails = await mailsTo(t.app, student.email);
    expect(mails.map((mail) => mail.subject)).toEqual([jaMail.mail.visitAccepted.subject]);
    expect(mails[0]!.links).toContain(linkTo(id));
    expect(mails[0]!.text).toContain('承諾 先輩さん');
    expect(mails[0]!.text).toContain('14:30');
    // The alumnus has only the mail that brought the request.
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(1);
  });

  it('does not book a time of the alumnus\u2019s own through accept: that is a proposal', async () => {
    const { student, mentor } = await pair();
    const id = await createRequest(t.app, student, mentor);
    const response = await act(t.app, mentor.cookie, id, 'accept', {
      proposedTimes: [jstSlot(10, 19, 45)],
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expectFieldErrors(response, { slotIndex: 'validation.visitSlotChoiceRequired' });
    const row = await requestRow(t.app, id);
    expect(row).toMatchObject({ status: 'pending', meetingAt: null, proposedTime: null });
  });

  describe('refuses an acceptance that does not name one good time (400, still pending)', () => {
    let student: Party;
    let mentor: MentorParty;
    let id: string;
    beforeAll(async () => {
      ({ student, mentor } = await pair());
      id = await createRequest(t.app, student, mentor, {
        preferredSlots: [jstSlot(3), jstSlot(4)],
      });
    });

    const cases: [string, object, Record<string, string>][] = [
      ['neither a slot nor a time', {}, { slotIndex: 'validation.visitSlotChoiceRequired' }],
      [
        'a slot the student did not offer',
        { slotIndex: 2 },
        { slotIndex: 'validation.visitSlotChoiceRequired' },
      ],
      [
        'a slot index that is not a whole number',
        { slotIndex: 0.5 },
        { slotIndex: 'validation.visitSlotChoiceRequired' },
      ],
      [
        'a 501-character message',
        { slotIndex: 0, message: 'あ'.repeat(501) },
        { message: 'validation.visitReplyTooLong' },
      ],
    ];

    it.each(cases)('%s', async (_, input, fieldErrors) => {
      const response = await act(t.app, mentor.cookie, id, 'accept', {
        ...input,
        safetyRulesConfirmed: true,
        placeKind: 'online',
      });
      expectFieldErrors(response, fieldErrors);
      expect((await requestRow(t.app, id))?.status).toBe('pending');
      expect(await mailsTo(t.app, student.email)).toHaveLength(0);
    });

    it('without the safety confirmation', async () => {
      const response = await act(t.app, mentor.cookie, id, 'accept', {
        slotIndex: 0,
        placeKind: 'online',
      });
      expectFieldErrors(response, { safetyRulesConfirmed: 'validation.safetyRulesRequired' });
      expect((await requestRow(t.app, id))?.status).toBe('pending');
    });

    it('a preferred slot whose time has passed', async () => {
      const passed = new Date(Date.now() - HOUR_MS);
      await t.app.ctx.db
        .update(visitRequests)
        .set({ preferredSlots: [passed, new Date(Date.now() + 3 * DAY_MS)] })
        .where(eq(visitRequests.id, id));
      const response = await act(t.app, mentor.cookie, id, 'accept', {
        slotIndex: 0,
        safetyRulesConfirmed: true,
        placeKind: 'online',
      });
      expectFieldErrors(response, { slotIndex: 'validation.visitSlotPast' });
      expect((await requestRow(t.app, id))?.status).toBe('pending');
      expect(await mailsTo(t.app, student.email)).toHaveLength(0);
    });
  });

  it('declines with a message: a mail to the student', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app, { name: '辞退 先輩' });
    const id = await createRequest(t.app, student, mentor);
    const response = await act(t.app, mentor.cookie, id, 'decline', {
      message: '今月は難しいです。',
    });
    expect(response.statusCode, response.body).toBe(200);

    const seen = await view(student.cookie, id);
    expect(seen).toMatchObject({
      status: 'declined',
      meetingAt: null,
      responseMessage: '今月は難しいです。',
    });
    expect(seen.respondedAt).not.toBeNull();
    const mails = await mailsTo(t.app, student.email);
    expect(mails.map((mail) => mail.subject)).toEqual([jaMail.mail.visitDeclined.subject]);
    expect(mails[0]!.links).toContain(linkTo(id));
    expect(mails[0]!.text).toContain('辞退 先輩さん');
  });

  it('refuses a 501-character reason for declining', async () => {
    const { student, mentor } = await pair();
    const id = await createRequest(t.app, student, mentor);
    const response = await act(t.app, mentor.cookie, id, 'decline', { message: 'あ'.repeat(501) });
    expectFieldErrors(response, { message: 'validation.visitReplyTooLong' });
    expect((await requestRow(t.app, id))?.status).toBe('pending');
  });
});

describe('whether a request is open, as the server tells the page', () => {
  it('is open while waiting or accepted with the meeting ahead, and closed otherwise', async () => {
    const cases = [
      { state: { status: 'pending' as const }, open: true },
      {
        state: { status: 'accepted' as const, meetingAt: new Date(Date.now() + DAY_MS) },
        open: true,
      },
      {
        state: { status: 'accepted' as const, meetingAt: new Date(Date.now() - HOUR_MS) },
        open: false,
      },
      { state: { status: 'declined' as const }, open: false },
      { state: { status: 'cancelled' as const, cancelledBy: 'student' as const }, open: false },
    ];
    for (const { state, open } of cases) {
      const { student, mentor } = await pair();
      const { id } = await insertRequest(t.app, student.id, mentor.id, state);
      expect({ state, open: (await view(student.cookie, id)).open }).toEqual({ state, open });
      expect({ state, open: (await view(mentor.cookie, id)).open }).toEqual({ state, open });
      const listed = await call(t.app, student.cookie, 'GET', '/api/visit-requests');
      const list = (listed.json() as VisitRequestList).items.find((item) => item.id === id);
      expect({ state, open: list?.open }).toEqual({ state, open });
    }
  });
});

describe('cancelling a request', () => {
  it('lets the student cancel a waiting request: the alumnus is mailed', async () => {
    const student = await newStudent(t.app, '取消 次郎');
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);
    const response = await act(t.app, student.cookie, id, 'cancel', {
      message: '予定が変わりました。',
    });
    expect(response.statusCode, response.body).toBe(200);

    const seen = await view(mentor.cookie, id);
    expect(seen).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'student',
      cancelMessage: '予定が変わりました。',
    });
    expect(seen.cancelledAt).not.toBeNull();
    const mails = await mailsTo(t.app, mentor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      jaMail.mail.visitRequested.subject,
      jaMail.mail.visitCancelled.subject,
    ]);
    expect(mails[1]!.links).toContain(linkTo(id));
    expect(mails[1]!.text).toContain('取消 次郎さん');
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);
  });

  it('lets the alumnus cancel an accepted meeting still ahead: the student is mailed', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app, { name: '都合 先輩' });
    const id = await createRequest(t.app, student, mentor);
    const accepted = await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const response = await act(t.app, mentor.cookie, id, 'cancel', {});
    expect(response.statusCode, response.body).toBe(200);

    const row = await requestRow(t.app, id);
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'mentor', cancelMessage: null });
    const mails = await mailsTo(t.app, student.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      jaMail.mail.visitAccepted.subject,
      jaMail.mail.visitCancelled.subject,
    ]);
    expect(mails[1]!.links).toContain(linkTo(id));
    expect(mails[1]!.text).toContain('都合 先輩さん');
  });

  it('lets the student cancel an accepted meeting still ahead', async () => {
    const { student, mentor } = await pair();
    const { id } = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      // More than 24 hours ahead: no reason needed (visit-timers.test.ts has the late case).
      meetingAt: new Date(Date.now() + 2 * DAY_MS),
    });
    const response = await act(t.app, student.cookie, id, 'cancel', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(await requestRow(t.app, id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'student',
    });
    const mails = await mailsTo(t.app, mentor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([jaMail.mail.visitCancelled.subject]);
    // The alumna reads which visit is off: its agreed time, not the student's first wishes.
    const agreed = await view(mentor.cookie, id);
    expect(mails[0]!.text).toContain(`日時：${JST_MINUTE.format(new Date(agreed.meetingAt!))}`);
    expect(mails[0]!.text).not.toContain('希望日時');
  });
});

/** The mails' date format, written out apart from the code under test. */
const JST_MINUTE = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

describe('an action from a page opened before the request changed', () => {
  it('answers 409 with the request as it is now, seen from the caller, and changes nothing', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);
    // The student cancels in one tab while the alumna's page still offers to accept.
    expect(
      (await act(t.app, student.cookie, id, 'cancel', { message: '都合がつかなくなりました。' }))
        .statusCode,
    ).toBe(200);
    const accept = await act(t.app, mentor.cookie, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect(accept.statusCode, accept.body).toBe(409);
    const body = accept.json() as { code: string; message: string; current: VisitRequest };
    expect(body.code).toBe('visit/not-open');
    expect(body.message).toBe(ja.errors['visit/not-open']);
    expect(body.current).toEqual(await view(mentor.cookie, id));
    expect(body.current).toMatchObject({
      side: 'mentor',
      status: 'cancelled',
      cancelledBy: 'student',
      cancelMessage: '都合がつかなくなりました。',
    });
    expect(await requestRow(t.app, id)).toMatchObject({ status: 'cancelled', meetingAt: null });
  });

  it('answers a turn already taken (by the other tab) with the proposal now waiting', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);
    const proposal = {
      proposedTimes: [jstSlot(3, 14)],
      safetyRulesConfirmed: true,
      placeKind: 'online',
    };
    expect((await act(t.app, mentor.cookie, id, 'propose', proposal)).statusCode).toBe(200);
    // Her other tab, opened before, proposes again: the turn is the student's now.
    const again = await act(t.app, mentor.cookie, id, 'propose', proposal);
    expect(again.statusCode, again.body).toBe(409);
    const body = again.json() as { code: string; current: VisitRequest };
    expect(body.code).toBe('visit/not-your-turn');
    expect(body.current).toMatchObject({ status: 'pending', awaiting: 'student' });
    expect(body.current.proposal?.by).toBe('mentor');
    expect((await requestRow(t.app, id))?.proposalCount).toBe(1);
  });

  it("still answers another's request as not-found, with nothing of it", async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const stranger = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);
    expect((await act(t.app, student.cookie, id, 'cancel', {})).statusCode).toBe(200);
    const response = await act(t.app, stranger.cookie, id, 'decline', {});
    expectError(response, 404, 'not-found');
    expect(response.json()).not.toHaveProperty('current');
  });
});
