import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../shared/contact-masking';
import type { Thread } from '../../shared/schemas/threads';
import type { VisitRequest, VisitRequestList } from '../../shared/schemas/visit-requests';
import { call } from '../test/factories/admins';
import { cookieFor, insertStudent } from '../test/factories/mentors';
import { createTestApp, type TestApp } from '../test/app';
import {
  act,
  createRequest,
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
 * Contacts stay hidden before acceptance in every text one side writes for the other
 * (docs/PRODUCT.md §7, issue 32): the other side reads them masked, in the request's page and
 * list, and neither its mails nor its bell quote them; the author reads what was written; what
 * is written with the acceptance or after it is read as written.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MENTOR_COMMITS = { safetyRulesConfirmed: true, placeKind: 'online' };
const CONTACTS = '電話090-1234-5678、LINE ID: tanaka01、mail tanaka@gmail.com';
const DETAILS = ['090-1234-5678', 'tanaka01', 'tanaka@gmail.com'];
/** What the other side reads of CONTACTS. */
const MASKED = `電話${MASK}、LINE ID: ${MASK}、mail ${MASK}`;

async function pair(): Promise<{ student: Party; mentor: MentorParty }> {
  return { student: await newStudent(t.app), mentor: await newMentor(t.app) };
}

async function view(party: Party, id: string): Promise<VisitRequest> {
  const response = await viewRequest(t.app, party.cookie, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function listed(party: Party, id: string): Promise<VisitRequest> {
  const response = await call(t.app, party.cookie, 'GET', '/api/visit-requests');
  expect(response.statusCode, response.body).toBe(200);
  const item = (response.json() as VisitRequestList).items.find((request) => request.id === id);
  return item!;
}

async function expectAct(party: Party, id: string, action: Parameters<typeof act>[3], body = {}) {
  const response = await act(t.app, party.cookie, id, action, body);
  expect(response.statusCode, response.body).toBe(200);
}

/** Everything `party` is sent or shown of the request: its page, its list entry, mails, bell. */
async function everythingSeenBy(party: Party, id: string): Promise<string> {
  const notifications = await call(t.app, party.cookie, 'GET', '/api/notifications');
  expect(notifications.statusCode, notifications.body).toBe(200);
  const mails = await mailsTo(t.app, party.email);
  return JSON.stringify([
    await view(party, id),
    await listed(party, id),
    notifications.json(),
    mails.map((mail) => [mail.subject, mail.text, mail.html]),
  ]);
}

function expectNoContacts(seen: string) {
  for (const detail of DETAILS) expect(seen).not.toContain(detail);
}

describe('texts written before acceptance', () => {
  it('the request’s message: the alumnus reads it masked, even once she accepted', async () => {
    const { student, mentor } = await pair();
    const id = await createRequest(t.app, student, mentor, { message: CONTACTS });

    expect((await view(mentor, id)).message).toBe(MASKED);
    expectNoContacts(await everythingSeenBy(mentor, id));
    // Stored as written, and its author reads it so.
    expect((await requestRow(t.app, id))!.message).toBe(CONTACTS);
    expect((await view(student, id)).message).toBe(CONTACTS);

    // Accepting does not open what was written before it.
    await expectAct(mentor, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect((await view(mentor, id)).message).toBe(MASKED);
    expectNoContacts(await everythingSeenBy(mentor, id));
    expect((await view(student, id)).message).toBe(CONTACTS);
  });

  it('the alumna’s proposal: masked for the student, and still when the student accepts it', async () => {
    const { student, mentor } = await pair();
    const id = await createRequest(t.app, student, mentor);
    await expectAct(mentor, id, 'propose', {
      ...MENTOR_COMMITS,
      proposedTimes: [jstSlot(5, 15)],
      message: CONTACTS,
    });

    expect((await view(student, id)).proposal?.message).toBe(MASKED);
    expectNoContacts(await everythingSeenBy(student, id));
    expect((await view(mentor, id)).proposal?.message).toBe(CONTACTS);

    // Her proposal's words become the answer the student reads: written before acceptance.
    await expectAct(student, id, 'accept-proposal', {
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    const booked = await view(student, id);
    expect(booked.status).toBe('accepted');
    expect(booked.responseMessage).toBe(MASKED);
    expectNoContacts(await everythingSeenBy(student, id));
    expect((await view(mentor, id)).responseMessage).toBe(CONTACTS);
  });

  it('the student’s proposal: masked for the alumna', async () => {
    const { student, mentor } = await pair();
    const id = await createRequest(t.app, student, mentor);
    await expectAct(mentor, id, 'propose', { ...MENTOR_COMMITS, proposedTimes: [jstSlot(5, 15)] });
    await expectAct(student, id, 'propose', { proposedTimes: [jstSlot(6, 16)], message: CONTACTS });

    expect((await view(mentor, id)).proposal?.message).toBe(MASKED);
    expectNoContacts(await everythingSeenBy(mentor, id));
    expect((await view(student, id)).proposal?.message).toBe(CONTACTS);
  });

  it('a refusal’s words: masked for the student', async () => {
    const { student, mentor } = await pair();
    const id = await createRequest(t.app, student, mentor);
    await expectAct(mentor, id, 'decline', { message: CONTACTS });

    expect((await view(student, id)).responseMessage).toBe(MASKED);
    expectNoContacts(await everythingSeenBy(student, id));
    expect((await view(mentor, id)).responseMessage).toBe(CONTACTS);
  });

  it('a cancellation’s words, by either side: masked for the other', async () => {
    const { student, mentor } = await pair();
    const byStudent = await createRequest(t.app, student, mentor);
    await expectAct(student, byStudent, 'cancel', { message: CONTACTS });
    expect((await view(mentor, byStudent)).cancelMessage).toBe(MASKED);
    expectNoContacts(await everythingSeenBy(mentor, byStudent));
    expect((await view(student, byStudent)).cancelMessage).toBe(CONTACTS);

    const byMentor = await createRequest(t.app, student, mentor);
    await expectAct(mentor, byMentor, 'cancel', { message: CONTACTS });
    expect((await view(student, byMentor)).cancelMessage).toBe(MASKED);
    expectNoContacts(await everythingSeenBy(student, byMentor));
    expect((await view(mentor, byMentor)).cancelMessage).toBe(CONTACTS);
  });

  it('a saved reply sent in the thread: masked as every thread message before acceptance', async () => {
    const { student, mentor } = await pair();
    const id = await createRequest(t.app, student, mentor);
    const saved = await call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/reply-templates', {
      templates: [{ title: '連絡先', body: CONTACTS }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const posted = await call(t.app, mentor.cookie, 'POST', `/api/visit-requests/${id}/messages`, {
      body: CONTACTS,
      clientId: randomUUID(),
    });
    expect(posted.statusCode, posted.body).toBe(201);

    const thread = await call(t.app, student.cookie, 'GET', `/api/visit-requests/${id}/messages`);
    expect((thread.json() as Thread).messages.map((message) => message.body)).toEqual([MASKED]);
    expectNoContacts(await everythingSeenBy(student, id));
  });
});

describe('the student’s self-introduction, shown to the alumna with the request', () => {
  it('is masked until the request is accepted, as the student’s address is hidden', async () => {
    const { user } = await insertStudent(t.app, { selfIntroduction: CONTACTS });
    const student: Party = {
      id: user.id,
      email: user.email,
      name: '',
      cookie: await cookieFor(t.app, user.id),
    };
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);

    expect((await view(mentor, id)).student.selfIntroduction).toBe(MASKED);
    expectNoContacts(await everythingSeenBy(mentor, id));
    expect((await view(student, id)).student.selfIntroduction).toBe(CONTACTS);

    await expectAct(mentor, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect((await view(mentor, id)).student.selfIntroduction).toBe(CONTACTS);
  });
});

describe('the student’s other profile texts, shown to the alumna with the request', () => {
  it('are masked until the request is accepted: faculty, department, 志望業界, 希望職種', async () => {
    const { user } = await insertStudent(t.app, {
      faculty: `商学部 ${CONTACTS}`,
      department: `商学科 ${CONTACTS}`,
      desiredIndustry: CONTACTS,
      desiredJobType: CONTACTS,
    });
    const student: Party = {
      id: user.id,
      email: user.email,
      name: '',
      cookie: await cookieFor(t.app, user.id),
    };
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);

    const seen = (await view(mentor, id)).student;
    expect(seen.faculty).toBe(`商学部 ${MASKED}`);
    expect(seen.department).toBe(`商学科 ${MASKED}`);
    expect([seen.desiredIndustry, seen.desiredJobType]).toEqual([MASKED, MASKED]);
    expectNoContacts(await everythingSeenBy(mentor, id));
    expect((await view(student, id)).student.desiredJobType).toBe(CONTACTS);

    await expectAct(mentor, id, 'accept', {
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect((await view(mentor, id)).student.desiredJobType).toBe(CONTACTS);
  });
});

describe('texts written with the acceptance or after it', () => {
  it('are read as written: the acceptance’s words, a later cancellation’s', async () => {
    const { student, mentor } = await pair();
    const id = await createRequest(t.app, student, mentor);
    await expectAct(mentor, id, 'accept', {
      slotIndex: 0,
      message: CONTACTS,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect((await view(student, id)).responseMessage).toBe(CONTACTS);

    await expectAct(student, id, 'cancel', { message: CONTACTS });
    const cancelled = await view(mentor, id);
    expect(cancelled.cancelMessage).toBe(CONTACTS);
    // The answer given with the acceptance stays as written after the cancellation too.
    expect((await view(student, id)).responseMessage).toBe(CONTACTS);
  });

  it('the alumna accepting the student’s proposal: her words with it are read as written', async () => {
    const { student, mentor } = await pair();
    const id = await createRequest(t.app, student, mentor);
    await expectAct(mentor, id, 'propose', { ...MENTOR_COMMITS, proposedTimes: [jstSlot(5, 15)] });
    await expectAct(student, id, 'propose', { proposedTimes: [jstSlot(6, 16)], message: CONTACTS });
    await expectAct(mentor, id, 'accept-proposal', {
      message: CONTACTS,
      safetyRulesConfirmed: true,
      placeKind: 'online',
    });
    expect((await view(student, id)).responseMessage).toBe(CONTACTS);
    // The student's proposal, before acceptance, is no longer shown (the request is agreed).
    expect((await view(mentor, id)).proposal).toBeNull();
  });
});
