import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayDetails } from '../../shared/schemas/day-details';
import { call } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import { DAY_MS, HOUR_MS, insertRequest, newMentor, newStudent } from '../test/factories/visits';

/**
 * The day's details (docs/PRODUCT.md §14): the agreed visits still ahead, as each side's device
 * keeps them to read offline, with the 相談窓口; nothing else, and no copy in a shared cache.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function read(cookie: string | undefined) {
  return call(t.app, cookie, 'GET', '/api/visit-requests/day-details');
}

describe('GET /api/visit-requests/day-details', () => {
  it('lists each side its agreed visits still ahead, soonest first, with the other side and the desk', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const later = new Date(Date.now() + 3 * DAY_MS);
    const sooner = new Date(Date.now() + 2 * HOUR_MS);
    const inPerson = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt: later,
      meetingFormat: 'in_person',
      meetingPlace: '新宿駅東口のカフェ',
    });
    const online = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt: sooner,
      meetingFormat: 'online',
      meetingUrl: 'https://meet.example.com/abc-defg',
    });
    // Not the day's: one that waits for her answer, one declined, one held two hours ago.
    await insertRequest(t.app, student.id, mentor.id, { status: 'pending' });
    await insertRequest(t.app, student.id, mentor.id, { status: 'declined' });
    await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - 2 * HOUR_MS),
    });

    const answer = await read(student.cookie);
    expect(answer.statusCode).toBe(200);
    // The student's own: no browser or proxy between keeps a copy.
    expect(answer.headers['cache-control']).toBe('no-store');
    const forStudent = answer.json() as DayDetails;
    expect(forStudent.userId).toBe(student.id);
    expect(forStudent.desk).toHaveProperty('inquiryUrl');
    expect(forStudent.visits).toEqual([
      {
        id: online.id,
        side: 'student',
        meetingAt: sooner.toISOString(),
        meetingFormat: 'online',
        meetingPlace: null,
        meetingUrl: 'https://meet.example.com/abc-defg',
        other: { name: mentor.name, withdrawn: false, contactEmail: mentor.contactEmail },
      },
      {
        id: inPerson.id,
        side: 'student',
        meetingAt: later.toISOString(),
        meetingFormat: 'in_person',
        meetingPlace: '新宿駅東口のカフェ',
        meetingUrl: null,
        other: { name: mentor.name, withdrawn: false, contactEmail: mentor.contactEmail },
      },
    ]);

    const forMentor = (await read(mentor.cookie)).json() as DayDetails;
    expect(forMentor.userId).toBe(mentor.id);
    expect(forMentor.visits.map((visit) => [visit.id, visit.side, visit.other.name])).toEqual([
      [online.id, 'mentor', student.name],
      [inPerson.id, 'mentor', student.name],
    ]);
  });

  it("keeps to the asker's own visits, and answers no one signed out", async () => {
    const student = await newStudent(t.app);
    const other = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() + DAY_MS),
    });
    expect(((await read(other.cookie)).json() as DayDetails).visits).toEqual([]);
    expect((await read(undefined)).statusCode).toBe(401);
  });
});
