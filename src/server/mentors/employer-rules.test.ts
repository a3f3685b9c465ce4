import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_EMPLOYER_RULES, type EmployerRules } from '../../shared/schemas/employer-rules';
import type { MentorDetail, MentorProfile } from '../../shared/schemas/mentors';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import { createTestApp, type TestApp } from '../test/app';
import { auditEntries, call, expectOk } from '../test/factories/admins';
import {
  createRequest,
  newMentor,
  newStudent,
  viewRequest,
  type MentorParty,
} from '../test/factories/visits';

/**
 * Issue 54, point 9: an alumna records her employer's rules for OB・OG訪問 and its desk; she
 * reads them back on her profile, and students read them on her page and on their requests.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const RULES: EmployerRules = {
  onlineOnly: true,
  premisesOnly: false,
  latestEnd: '19:00',
  noAlcohol: true,
  deskName: '人事部 OB・OG訪問窓口',
  deskContact: '03-1234-5678',
};

function saveRules(mentor: MentorParty, body: unknown) {
  return call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/employer-rules', body as object);
}

async function ownRules(mentor: MentorParty): Promise<EmployerRules> {
  const profile = expectOk(await call(t.app, mentor.cookie, 'GET', '/api/mentors/me'));
  return (profile as unknown as MentorProfile).employerRules;
}

describe("an alumna's employer's rules", () => {
  it('are none until she records them, and read back as saved', async () => {
    const mentor = await newMentor(t.app);
    expect(await ownRules(mentor)).toEqual(NO_EMPLOYER_RULES);

    const saved = expectOk(await saveRules(mentor, RULES));
    expect(saved).toEqual({ employerRules: RULES });
    expect(await ownRules(mentor)).toEqual(RULES);
    expect(await auditEntries(t.app, 'mentor.employer-rules-update', mentor.id)).toHaveLength(1);

    // Cleared again: all off and the desk emptied is no rule at all (an empty field is no desk).
    const cleared = { ...NO_EMPLOYER_RULES, deskName: ' ', deskContact: '' };
    expect(expectOk(await saveRules(mentor, cleared))).toEqual({
      employerRules: NO_EMPLOYER_RULES,
    });
    expect(await ownRules(mentor)).toEqual(NO_EMPLOYER_RULES);
  });

  it.each([
    ['a time off the half hour', { latestEnd: '19:15' }, 'latestEnd'],
    ['a time outside meeting hours', { latestEnd: '23:00' }, 'latestEnd'],
    ['not a time', { latestEnd: '7pm' }, 'latestEnd'],
    ['online only and premises only at once', { premisesOnly: true }, 'premisesOnly'],
    ['a desk name too long', { deskName: 'あ'.repeat(61) }, 'deskName'],
    ['a missing field', { noAlcohol: undefined }, 'noAlcohol'],
  ])('refuses %s (400, nothing saved)', async (_, change, field) => {
    const mentor = await newMentor(t.app);
    const response = await saveRules(mentor, { ...RULES, ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid-argument' });
    expect(Object.keys(response.json().fieldErrors as object)).toContain(field);
    expect(await ownRules(mentor)).toEqual(NO_EMPLOYER_RULES);
  });

  it('store what a pasted desk name brings (a lone surrogate, a NUL), never a 500', async () => {
    const mentor = await newMentor(t.app);
    // JSON carries both as escapes (\ud800, \u0000): PostgreSQL's jsonb refuses either one.
    const response = await saveRules(mentor, { ...RULES, deskName: '人事部\ud800\u0000窓口' });
    expect(expectOk(response)).toMatchObject({ employerRules: { deskName: '人事部\uFFFD窓口' } });
  });

  it('are saved by the alumna herself only (a student is refused)', async () => {
    const student = await newStudent(t.app);
    const response = await call(
      t.app,
      student.cookie,
      'PUT',
      '/api/mentors/me/employer-rules',
      RULES,
    );
    expect(response.statusCode).toBe(403);
  });

  it('show on her page to students: null when she recorded none', async () => {
    const student = await newStudent(t.app);
    const without = await newMentor(t.app);
    const withRules = await newMentor(t.app);
    expectOk(await saveRules(withRules, RULES));

    const pageOf = async (mentor: MentorParty) =>
      expectOk(
        await call(t.app, student.cookie, 'GET', `/api/mentors/${mentor.urlParam}`),
      ) as unknown as MentorDetail;
    expect((await pageOf(without)).employerRules).toBeNull();
    expect((await pageOf(withRules)).employerRules).toEqual(RULES);

    // A desk alone (no rule) is still worth showing: the 「困ったときは」 box names it.
    const deskOnly = { ...NO_EMPLOYER_RULES, deskName: '人事部', deskContact: null };
    expectOk(await saveRules(without, deskOnly));
    expect((await pageOf(without)).employerRules).toEqual(deskOnly);
  });

  it('show on a request to both sides, as they are now', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const id = await createRequest(t.app, student, mentor);
    const read = async (cookie: string) => {
      const response = await viewRequest(t.app, cookie, id);
      return (expectOk(response) as unknown as VisitRequest).employerRules;
    };
    expect(await read(student.cookie)).toBeNull();
    expect(await read(mentor.cookie)).toBeNull();

    // Recorded after the request was sent: the request shows them from now on.
    expectOk(await saveRules(mentor, RULES));
    expect(await read(student.cookie)).toEqual(RULES);
    expect(await read(mentor.cookie)).toEqual(RULES);
    const list = expectOk(await call(t.app, student.cookie, 'GET', '/api/visit-requests'));
    expect((list.items as VisitRequest[])[0]!.employerRules).toEqual(RULES);
  });
});
