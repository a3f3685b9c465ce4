import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotInstant } from '../../shared/schemas/visit-requests';
import { visitRequests } from '../db/schema';
import { call, expectError } from '../test/factories/admins';
import { mentorRow } from '../test/factories/mentors';
import { createTestApp, type TestApp } from '../test/app';
import {
  bookSlotOf,
  insertRequest,
  jstSlot,
  mailsTo,
  newMentor,
  newPublishingMentor,
  newStudent,
  sendRequest,
} from '../test/factories/visits';

/**
 * Two alumnae at the same hour (issue 56): a request or a one-step booking whose time starts
 * within a visit's length of another visit of hers (agreed, or a booking holding its slot) is
 * answered 409 visit/same-hour, creating and telling nothing, until she confirms past it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function requestsOf(studentId: string) {
  return t.app.ctx.db
    .select({ id: visitRequests.id })
    .from(visitRequests)
    .where(eq(visitRequests.studentId, studentId));
}

describe('a request at the hour of an agreed visit with another alumna', () => {
  it('is warned of, sends nothing, and goes through once she confirms', async () => {
    const student = await newStudent(t.app);
    const agreedWith = await newMentor(t.app);
    const meetingAt = slotInstant(jstSlot(3, 10, 0))!;
    await insertRequest(t.app, student.id, agreedWith.id, {
      status: 'accepted',
      meetingAt,
      preferredSlots: [meetingAt],
    });
    const other = await newMentor(t.app);
    const clash = { preferredSlots: [jstSlot(5, 14, 0), jstSlot(3, 10, 30)] };

    expectError(await sendRequest(t.app, student, other, clash), 409, 'visit/same-hour');
    expect(await requestsOf(student.id)).toHaveLength(1);
    expect(await mailsTo(t.app, other.email)).toHaveLength(0);

    const confirmed = await sendRequest(t.app, student, other, {
      ...clash,
      sameHourConfirmed: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await requestsOf(student.id)).toHaveLength(2);
  });

  it('is not warned of a visit that ends before, nor of a cancelled one', async () => {
    const student = await newStudent(t.app);
    const meetingAt = slotInstant(jstSlot(3, 10, 0))!;
    await insertRequest(t.app, student.id, (await newMentor(t.app)).id, {
      status: 'accepted',
      meetingAt,
      preferredSlots: [meetingAt],
    });
    const cancelledAt = slotInstant(jstSlot(4, 10, 0))!;
    await insertRequest(t.app, student.id, (await newMentor(t.app)).id, {
      status: 'cancelled',
      meetingAt: cancelledAt,
      preferredSlots: [cancelledAt],
    });
    const sent = await sendRequest(t.app, student, await newMentor(t.app), {
      preferredSlots: [jstSlot(3, 11, 0), jstSlot(4, 10, 0)],
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });
});

describe('a one-step booking at the hour of another booking of hers', () => {
  it('is warned of, books nothing, and goes through once she confirms', async () => {
    const student = await newStudent(t.app);
    const first = await newPublishingMentor(t.app);
    const second = await newPublishingMentor(t.app);
    const slot = (await mentorRow(t.app, first.id))!.nextSlotAt!.toISOString();
    const booked = await bookSlotOf(t.app, student, first.urlParam, slot);
    expect(booked.statusCode, booked.body).toBe(201);

    expectError(await bookSlotOf(t.app, student, second.urlParam, slot), 409, 'visit/same-hour');
    expect(await requestsOf(student.id)).toHaveLength(1);

    const confirmed = await call(t.app, student.cookie, 'POST', '/api/visit-requests/bookings', {
      mentorUrlParam: second.urlParam,
      slotStart: slot,
      meetingFormat: 'online',
      purpose: 'industry_research',
      message: '商社の仕事について伺いたいです。',
      agendaTopics: [],
      agendaQuestions: [],
      safetyRulesConfirmed: true,
      sameHourConfirmed: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await requestsOf(student.id)).toHaveLength(2);
  });
});
