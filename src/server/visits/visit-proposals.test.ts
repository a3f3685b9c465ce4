import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIT_MAX_PROPOSALS } from '../../shared/constants';
import { ja } from '../../shared/messages/ja';
import { jaMail } from '../../shared/messages/ja/mail';
import type { VisitRequest, VisitRequestList } from '../../shared/schemas/visit-requests';
import { students, visitRequests } from '../db/schema';
import { cookieFor, insertStudent } from '../test/factories/mentors';
import { createTestApp, type TestApp } from '../test/app';
import {
  act,
  createRequest,
  DAY_MS,
  jstSlot,
  mailsTo,
  newMentor,
  newStudent,
  requestRow,
  viewRequest,
  type MentorParty,
  type Party,
} from '../test/factories/visits';

/**
 * Another time is a proposal the other side must accept (or answer
 * with one of their own, a few rounds at most); only an agreed time books the visit. Students
 * see what the alumnus did on a badge until they open the request.
 */

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

async function view(cookie: string, id: string): Promise<VisitRequest> {
  const response = await viewRequest(t.app, cookie, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VisitRequest;
}

async function badge(cookie: string): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/visit-requests/count',
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { awaitingReply: number }).awaitingReply;
}

function expectOk(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
}

function expectCode(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect((response.json() as { code: string }).code).toBe(code);
}

async function pair(): Promise<{ student: Party; mentor: MentorParty; id: string }> {
  const student = await newStudent(t.app, '提案 花子');
  const mentor = await newMentor(t.app, { name: '提案 先輩' });
  const id = await createRequest(t.app, student, mentor);
  return { student, mentor, id };
}

const SAFE = { safetyRulesConfirmed: true, placeKind: 'online' };
/** What the alumna's proposal carries: she commits to the visit with it (the kind, the rules). */
const MENTOR_COMMITS = SAFE;

describe('the alumnus proposes another time', () => {
  it('keeps the request waiting, for the student this time, and mails the student', async () => {
    const { student, mentor, id } = await pair();
    const time = jstSlot(12, 18, 30);
    expectOk(
      await act(t.app, mentor.cookie, id, 'propose', {
        ...MENTOR_COMMITS,
        proposedTimes: [time],
        message: ' 平日の夜はいかがでしょうか。 ',
      }),
    );

    const row = await requestRow(t.app, id);
    expect(row).toMatchObject({ status: 'pending', meetingAt: null, proposedBy: 'mentor' });
    expect(row?.proposedTime?.toISOString()).toBe(instantOf(time));

    const seen = await view(student.cookie, id);
    expect(seen).toMatchObject({
      status: 'pending',
      meetingAt: null,
      awaiting: 'student',
      proposal: {
        times: [instantOf(time)],
        by: 'mentor',
        message: '平日の夜はいかがでしょうか。',
      },
      proposalsLeft: VISIT_MAX_PROPOSALS - 1,
      unseen: true,
    });
    // Nothing is agreed yet: an "accepted only" address stays hidden.
    expect(seen.mentor.contactEmail).toBeNull();
    expect((await view(mentor.cookie, id)).awaiting).toBe('student');

    const mails = await mailsTo(t.app, student.email);
    expect(mails.map((mail) => mail.subject)).toEqual([jaMail.mail.visitProposed.subject]);
    expect(mails[0]!.text).toContain('提案 先輩さん');
    // Addressed to the student by her own name (point 11).
    expect(mails[0]!.text.startsWith('提案 花子 様\n')).toBe(true);
    expect(mails[0]!.text).toContain('18:30');
    // The student's badge counts it; the alumnus has nothing left to answer.
    expect(await badge(student.cookie)).toBe(1);
    expect(await badge(mentor.cookie)).toBe(0);
  });

  it('the student accepts it: the visit is booked at that time, the alumnus is mailed', async () => {
    const { student, mentor, id } = await pair();
    const time = jstSlot(14, 11);
    await act(t.app, mentor.cookie, id, 'propose', {
      ...MENTOR_COMMITS,
      proposedTimes: [time],
      message: '渋谷で。',
    });

    expectOk(await act(t.app, student.cookie, id, 'accept-proposal', SAFE));
    const seen = await view(student.cookie, id);
    expect(seen).toMatchObject({
      status: 'accepted',
      meetingAt: instantOf(time),
      awaiting: null,
      proposal: null,
      // The alumnus's words with the proposal are her answer.
      responseMessage: '渋谷で。',
    });
    expect(seen.mentor.contactEmail).toBe(mentor.contactEmail);
    const mails = await mailsTo(t.app, mentor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      jaMail.mail.visitRequested.subject,
      jaMail.mail.visitProposalAccepted.subject,
    ]);
    expect(mails[1]!.text).toContain('提案 花子さん');
  });

  it('the student proposes again, the alumnus accepts that: the student is mailed as accepted', async () => {
    const { student, mentor, id } = await pair();
    await act(t.app, mentor.cookie, id, 'propose', {
      ...MENTOR_COMMITS,
      proposedTimes: [jstSlot(10, 19)],
    });
    const counter = jstSlot(11, 9, 15);
    expectOk(
      await act(t.app, student.cookie, id, 'propose', {
        proposedTimes: [counter],
        message: '午前なら伺えます。',
      }),
    );
    const waiting = await view(mentor.cookie, id);
    expect(waiting).toMatchObject({
      awaiting: 'mentor',
      proposal: { by: 'student', message: '午前なら伺えます。' },
      proposalsLeft: VISIT_MAX_PROPOSALS - 2,
      unseen: false,
    });
    expect(await badge(mentor.cookie)).toBe(1);
    expect((await mailsTo(t.app, mentor.email)).map((mail) => mail.subject)).toContain(
      jaMail.mail.visitProposed.subject,
    );

    expectOk(
      await act(t.app, mentor.cookie, id, 'accept-proposal', { ...SAFE, message: 'では9:15に。' }),
    );
    expect(await view(student.cookie, id)).toMatchObject({
      status: 'accepted',
      meetingAt: instantOf(counter),
      responseMessage: 'では9:15に。',
      unseen: true,
    });
    const studentMails = await mailsTo(t.app, student.email);
    expect(studentMails.at(-1)!.subject).toBe(jaMail.mail.visitAccepted.subject);
  });
});

describe('several times at once (issue 34, point 5)', () => {
  const THREE = [jstSlot(8, 18, 30), jstSlot(6, 10), jstSlot(9, 13, 15)];

  async function proposedThree() {
    const parties = await pair();
    expectOk(
      await act(t.app, parties.mentor.cookie, parties.id, 'propose', {
        ...MENTOR_COMMITS,
        proposedTimes: THREE,
        message: 'どれかご都合はいかがでしょうか。',
      }),
    );
    return parties;
  }

  it('the alumna proposes three times: both see them in her order, the mail lists them all', async () => {
    const { student, mentor, id } = await proposedThree();
    const row = await requestRow(t.app, id);
    expect(row?.proposedTimes?.map((time) => time.toISOString())).toEqual(THREE.map(instantOf));
    // The latest of them is what expiry reads: the request waits until every one has passed.
    expect(row?.proposedTime?.toISOString()).toBe(instantOf(jstSlot(9, 13, 15)));
    expect(row?.proposalCount).toBe(1);

    for (const party of [student, mentor]) {
      expect((await view(party.cookie, id)).proposal).toEqual({
        times: THREE.map(instantOf),
        by: 'mentor',
        message: 'どれかご都合はいかがでしょうか。',
      });
    }
    const mail = (await mailsTo(t.app, student.email)).at(-1)!;
    expect(mail.subject).toBe(jaMail.mail.visitProposed.subject);
    for (const clock of ['18:30', '10:00', '13:15']) expect(mail.text).toContain(clock);
  });

  it('the student accepts the one she chose: that time is booked, the alumna is mailed', async () => {
    const { student, mentor, id } = await proposedThree();
    expectOk(
      await act(t.app, student.cookie, id, 'accept-proposal', {
        ...SAFE,
        time: instantOf(THREE[1]!),
      }),
    );
    expect(await view(student.cookie, id)).toMatchObject({
      status: 'accepted',
      meetingAt: instantOf(THREE[1]!),
      proposal: null,
    });
    const mails = await mailsTo(t.app, mentor.email);
    expect(mails.at(-1)!.subject).toBe(jaMail.mail.visitProposalAccepted.subject);
    expect(mails.at(-1)!.text).toContain('10:00');
  });

  it('without a chosen time, several are refused (400), and nothing changes', async () => {
    const { student, id } = await proposedThree();
    const before = await requestRow(t.app, id);
    const response = await act(t.app, student.cookie, id, 'accept-proposal', SAFE);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid-argument',
      fieldErrors: { time: 'validation.visitProposalChoiceRequired' },
    });
    const notATime = await act(t.app, student.cookie, id, 'accept-proposal', {
      ...SAFE,
      time: 'tomorrow at ten',
    });
    expect(notATime.statusCode, notATime.body).toBe(400);
    expect(notATime.json()).toMatchObject({
      fieldErrors: { time: 'validation.visitProposalChoiceRequired' },
    });
    expect(await requestRow(t.app, id)).toEqual(before);
  });

  it('a time no longer proposed (a page from before a newer proposal) answers 409 with the proposal now', async () => {
    const { student, mentor, id } = await proposedThree();
    // The student proposes her own time; the alumna answers with two new ones.
    expectOk(await act(t.app, student.cookie, id, 'propose', { proposedTimes: [jstSlot(7, 11)] }));
    const newer = [jstSlot(10, 14), jstSlot(11, 14)];
    expectOk(
      await act(t.app, mentor.cookie, id, 'propose', { ...MENTOR_COMMITS, proposedTimes: newer }),
    );
    const before = await requestRow(t.app, id);
    // Her first tab still shows the three times of the first proposal.
    const stale = await act(t.app, student.cookie, id, 'accept-proposal', {
      ...SAFE,
      time: instantOf(THREE[0]!),
    });
    expectCode(stale, 409, 'visit/proposal-changed');
    expect((stale.json() as { current: VisitRequest }).current).toMatchObject({
      id,
      status: 'pending',
      awaiting: 'student',
      proposal: { times: newer.map(instantOf), by: 'mentor' },
    });
    expect(await requestRow(t.app, id)).toEqual(before);
  });

  it('a chosen time that has passed is refused while others lie ahead, saying to choose another', async () => {
    const { student, id } = await proposedThree();
    const passed = new Date(Date.now() - DAY_MS);
    const row = await requestRow(t.app, id);
    await t.app.ctx.db
      .update(visitRequests)
      .set({ proposedTimes: [passed, ...row!.proposedTimes!.slice(1)] })
      .where(eq(visitRequests.id, id));
    const response = await act(t.app, student.cookie, id, 'accept-proposal', {
      ...SAFE,
      time: passed.toISOString(),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: { time: 'validation.visitProposalTimePast' },
    });
    expectOk(
      await act(t.app, student.cookie, id, 'accept-proposal', {
        ...SAFE,
        time: instantOf(THREE[2]!),
      }),
    );
  });

  it('a proposal written by a process from before several times is read as its one time', async () => {
    const { student, id } = await proposedThree();
    // An older process, running beside this one during an upgrade, writes proposed_time alone.
    const alone = new Date(instantOf(jstSlot(12, 16)));
    await t.app.ctx.db
      .update(visitRequests)
      .set({ proposedTime: alone })
      .where(eq(visitRequests.id, id));
    expect((await view(student.cookie, id)).proposal?.times).toEqual([alone.toISOString()]);
    expectOk(await act(t.app, student.cookie, id, 'accept-proposal', SAFE));
    expect((await requestRow(t.app, id))?.meetingAt?.toISOString()).toBe(alone.toISOString());
  });
});

describe('turns and limits: 409, nothing changes', () => {
  it('refuses an answer from the side that is not awaited', async () => {
    const { student, mentor, id } = await pair();
    // Before the alumnus has answered, the student has nothing to accept or answer.
    expectCode(
      await act(t.app, student.cookie, id, 'accept-proposal', SAFE),
      409,
      'visit/not-your-turn',
    );
    expectCode(
      await act(t.app, student.cookie, id, 'propose', { proposedTimes: [jstSlot(5)] }),
      409,
      'visit/not-your-turn',
    );
    // The alumnus has no proposal of the student's to accept either.
    expectCode(
      await act(t.app, mentor.cookie, id, 'accept-proposal', SAFE),
      409,
      'visit/not-your-turn',
    );

    await act(t.app, mentor.cookie, id, 'propose', {
      ...MENTOR_COMMITS,
      proposedTimes: [jstSlot(6)],
    });
    const before = await requestRow(t.app, id);
    // Now the student's turn: the alumnus can neither propose again nor book a slot.
    expectCode(
      await act(t.app, mentor.cookie, id, 'propose', {
        ...MENTOR_COMMITS,
        proposedTimes: [jstSlot(7)],
      }),
      409,
      'visit/not-your-turn',
    );
    expectCode(
      await act(t.app, mentor.cookie, id, 'accept', { slotIndex: 0, ...SAFE }),
      409,
      'visit/not-your-turn',
    );
    expectCode(
      await act(t.app, mentor.cookie, id, 'accept-proposal', SAFE),
      409,
      'visit/not-your-turn',
    );
    const after = await requestRow(t.app, id);
    expect(after).toEqual(before);
  });

  it(`stops at ${VISIT_MAX_PROPOSALS} proposals; the last one can still be accepted`, async () => {
    const { student, mentor, id } = await pair();
    const sides = [mentor, student, mentor];
    for (const [i, side] of sides.entries()) {
      expectOk(
        await act(t.app, side.cookie, id, 'propose', {
          ...MENTOR_COMMITS,
          proposedTimes: [jstSlot(5 + i)],
        }),
      );
    }
    expect((await view(student.cookie, id)).proposalsLeft).toBe(0);
    expectCode(
      await act(t.app, student.cookie, id, 'propose', { proposedTimes: [jstSlot(20)] }),
      409,
      'visit/proposal-limit',
    );
    expect((await requestRow(t.app, id))?.proposedTime?.toISOString()).toBe(instantOf(jstSlot(7)));
    expectOk(await act(t.app, student.cookie, id, 'accept-proposal', SAFE));
    expect((await requestRow(t.app, id))?.status).toBe('accepted');
  });

  it('refuses a proposal once the request is no longer waiting', async () => {
    const { student, mentor, id } = await pair();
    await act(t.app, mentor.cookie, id, 'accept', { slotIndex: 0, ...SAFE });
    expectCode(
      await act(t.app, student.cookie, id, 'propose', { proposedTimes: [jstSlot(5)] }),
      409,
      'visit/not-open',
    );
    expectCode(
      await act(t.app, mentor.cookie, id, 'propose', {
        ...MENTOR_COMMITS,
        proposedTimes: [jstSlot(5)],
      }),
      409,
      'visit/not-open',
    );
  });

  it('refuses to book a proposed time that has passed (400), asking for another', async () => {
    const { student, mentor, id } = await pair();
    await act(t.app, mentor.cookie, id, 'propose', {
      ...MENTOR_COMMITS,
      proposedTimes: [jstSlot(5)],
    });
    await t.app.ctx.db
      .update(visitRequests)
      .set({ proposedTime: new Date(Date.now() - DAY_MS) })
      .where(eq(visitRequests.id, id));
    const response = await act(t.app, student.cookie, id, 'accept-proposal', SAFE);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid-argument',
      fieldErrors: { time: 'validation.visitProposalPast' },
    });
    expect((await requestRow(t.app, id))?.status).toBe('pending');
  });
});

describe('bad input: 400 with the field, nothing changes', () => {
  let student: Party;
  let mentor: MentorParty;
  let id: string;
  beforeAll(async () => {
    ({ student, mentor, id } = await pair());
  });

  const cases: [string, object, Record<string, string>][] = [
    ['no time', {}, { proposedTimes: 'validation.visitProposalTimeRequired' }],
    [
      'an empty list',
      { proposedTimes: [] },
      { proposedTimes: 'validation.visitProposalTimeRequired' },
    ],
    [
      'a time that is no date',
      { proposedTimes: ['next week'] },
      { 'proposedTimes.0': 'validation.visitSlotInvalid' },
    ],
    [
      'a single time, not a list',
      { proposedTimes: jstSlot(5) },
      { proposedTimes: 'validation.visitProposalTimeRequired' },
    ],
    [
      'four times at once',
      { proposedTimes: [jstSlot(5), jstSlot(6), jstSlot(7), jstSlot(8)] },
      { proposedTimes: 'validation.visitProposalTooMany' },
    ],
    [
      'the same time twice',
      { proposedTimes: [jstSlot(5), jstSlot(5)] },
      { proposedTimes: 'validation.visitSlotDuplicate' },
    ],
    [
      'a time late at night',
      { proposedTimes: [jstSlot(5), jstSlot(5, 22)] },
      { 'proposedTimes.1': 'validation.visitSlotLateNight' },
    ],
    [
      'a time in the past',
      { proposedTimes: [jstSlot(-2)] },
      { 'proposedTimes.0': 'validation.visitSlotPast' },
    ],
    [
      'a time too far ahead',
      { proposedTimes: [jstSlot(120)] },
      { 'proposedTimes.0': 'validation.visitSlotTooFar' },
    ],
    [
      'a 501-character message',
      { proposedTimes: [jstSlot(5)], message: 'あ'.repeat(501) },
      { message: 'validation.visitReplyTooLong' },
    ],
  ];

  it.each(cases)('%s', async (_, input, fieldErrors) => {
    const response = await act(t.app, mentor.cookie, id, 'propose', input);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid-argument',
      message: ja.errors['invalid-argument'],
      fieldErrors,
    });
    expect(await requestRow(t.app, id)).toMatchObject({
      proposedTime: null,
      proposedTimes: null,
      proposalCount: 0,
    });
    expect(await mailsTo(t.app, student.email)).toHaveLength(0);
  });

  it('accepting a proposal needs the safety rules confirmed', async () => {
    await act(t.app, mentor.cookie, id, 'propose', {
      ...MENTOR_COMMITS,
      proposedTimes: [jstSlot(5)],
    });
    const response = await act(t.app, student.cookie, id, 'accept-proposal', {});
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: { safetyRulesConfirmed: 'validation.safetyRulesRequired' },
    });
    expect((await requestRow(t.app, id))?.status).toBe('pending');
  });

  it('someone else\u2019s request is not found, and stays as it was', async () => {
    const stranger = await newStudent(t.app);
    const before = await requestRow(t.app, id);
    for (const action of ['propose', 'accept-proposal', 'seen'] as const) {
      const response = await act(t.app, stranger.cookie, id, action, {
        proposedTimes: [jstSlot(5)],
        ...SAFE,
      });
      expectCode(response, 404, 'not-found');
    }
    expect(await requestRow(t.app, id)).toEqual(before);
  });
});

describe('the student\u2019s badge (point 3)', () => {
  async function list(cookie: string): Promise<VisitRequestList> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/visit-requests',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as VisitRequestList;
  }

  it('counts an answer until the student opens it', async () => {
    const { student, mentor, id } = await pair();
    expect(await badge(student.cookie)).toBe(0);
    await act(t.app, mentor.cookie, id, 'accept', { slotIndex: 0, ...SAFE });
    expect(await badge(student.cookie)).toBe(1);
    expect((await list(student.cookie)).items[0]).toMatchObject({ id, unseen: true });

    // Reading it is not opening it: only the page's "seen" call clears it.
    await view(student.cookie, id);
    expect(await badge(student.cookie)).toBe(1);
    expectOk(await act(t.app, student.cookie, id, 'seen', {}));
    expect(await badge(student.cookie)).toBe(0);
    expect((await list(student.cookie)).items[0]).toMatchObject({ id, unseen: false });
  });

  it('counts a refusal and a cancellation by the alumnus, not the student\u2019s own cancellation', async () => {
    const declined = await pair();
    await act(t.app, declined.mentor.cookie, declined.id, 'decline', {});
    expect(await badge(declined.student.cookie)).toBe(1);

    const cancelled = await pair();
    await act(t.app, cancelled.mentor.cookie, cancelled.id, 'cancel', {});
    expect(await badge(cancelled.student.cookie)).toBe(1);

    const own = await pair();
    await act(t.app, own.student.cookie, own.id, 'cancel', {});
    expect(await badge(own.student.cookie)).toBe(0);
  });

  it('an alumnus has no "seen" to give (403), and the count is the student\u2019s alone', async () => {
    const { student, mentor, id } = await pair();
    await act(t.app, mentor.cookie, id, 'accept', { slotIndex: 0, ...SAFE });
    expectCode(await act(t.app, mentor.cookie, id, 'seen', {}), 403, 'permission-denied');
    expect(await badge(student.cookie)).toBe(1);
  });
});

describe('what the alumnus reads about the student', () => {
  it('faculty, department, grade, 志望業界, 志望職種 and 自己紹介, never the 学籍番号', async () => {
    const { user } = await insertStudent(t.app, {
      name: '自己紹介 花子',
      faculty: '文学部',
      department: '英文学科',
      grade: '4年',
      desiredIndustry: '総合商社',
      desiredJobType: '営業',
      selfIntroduction: 'テニス部の主将をしています。',
    });
    const student: Party = {
      id: user.id,
      email: user.email,
      name: '自己紹介 花子',
      cookie: await cookieFor(t.app, user.id),
    };
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);
    const response = await viewRequest(t.app, mentor.cookie, id);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as VisitRequest).student).toMatchObject({
      faculty: '文学部',
      department: '英文学科',
      grade: '4年',
      desiredIndustry: '総合商社',
      desiredJobType: '営業',
      selfIntroduction: 'テニス部の主将をしています。',
      // English mode names the university in English (point 11).
      universityNameEn: 'Waseda University',
    });
    expect(response.body).not.toMatch(/studentNumber|student_number/);
    const [row] = await t.app.ctx.db
      .select({ number: students.studentNumber })
      .from(students)
      .where(eq(students.userId, user.id));
    expect(response.body).not.toContain(row!.number);
  });
});
