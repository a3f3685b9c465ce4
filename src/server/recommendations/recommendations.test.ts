import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recommendations } from '../../shared/schemas/recommendations';
import { favourites, userBlocks, users } from '../db/schema';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import { insertStudent, cookieFor, type MentorSeed } from '../test/factories/mentors';
import { sharedNoteWith } from '../test/factories/notes';
import {
  DAY_MS,
  HOUR_MS,
  insertRequest,
  newMentor,
  type MentorParty,
} from '../test/factories/visits';
import { tokyoSchoolYear } from '../lib/tokyo-time';
import { jobTypesNamedBy } from './job-types';

/**
 * 「あなたへのおすすめ」 (issue 57) from the database: the student's profile and what she did,
 * against the alumnae the OG list shows who take requests, with their loads; the ranking itself
 * is score.ts's (its own tests).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** 入社N年目 this school year. */
const joinedYearFor = (years: number) => tokyoSchoolYear(new Date()) - years + 1;

/** Every test's alumnae in an industry of their own, so other tests' never come between. */
function trading(seed: MentorSeed = {}) {
  return newMentor(t.app, { industry: '商社・流通 - 総合商社', joinedYear: null, ...seed });
}

async function studentWith(seed: Parameters<typeof insertStudent>[1] = {}) {
  // Another university than the alumnae's (waseda), unless a test says so.
  const { user } = await insertStudent(t.app, { universityId: 'u-tokyo', ...seed });
  return { id: user.id, cookie: await cookieFor(t.app, user.id) };
}

async function recommendationsOf(cookie: string, count = 24): Promise<Recommendations> {
  return expectOk(
    await call(t.app, cookie, 'GET', `/api/recommendations?count=${count}`),
  ) as unknown as Recommendations;
}

const urlParams = (answer: Recommendations) => answer.items.map((item) => item.urlParam);

describe('GET /api/recommendations', () => {
  it('puts the alumnae of her 志望業界 first, each as the OG list shows her with a reason', async () => {
    const match = await trading({ jobType: 'sales', joinedYear: joinedYearFor(3) });
    const student = await studentWith({
      desiredIndustry: '商社・流通',
      desiredJobType: '営業',
      universityId: 'waseda',
    });
    const answer = await recommendationsOf(student.cookie);
    expect(answer.profileIncomplete).toBe(false);
    const first = answer.items[0]!;
    expect(first.urlParam).toBe(match.urlParam);
    expect(first.reasons).toEqual([
      { kind: 'same-category', category: '商社・流通' },
      { kind: 'same-job-type', jobType: 'sales' },
      { kind: 'years-in', years: 3 },
      { kind: 'same-university' },
    ]);
    // The OG list's card: what it shows, never a contact address.
    expect(first).toMatchObject({ name: match.name, accepting: true, company: expect.any(String) });
    expect(first).not.toHaveProperty('contactEmail');
    expect(JSON.stringify(answer)).not.toContain(match.contactEmail);
  });

  it('says 「同じ学部の先輩」 for an alumna of her university and 学部, however it was typed', async () => {
    const seed = { industry: '商社・流通 - 専門商社', universityId: 'keio' };
    const otherFaculty = await trading({ ...seed, faculty: '法学部' });
    const sameFaculty = await trading({ ...seed, faculty: ' 経済 学部' });
    const noFaculty = await trading(seed);
    const student = await studentWith({
      desiredIndustry: '商社・流通 - 専門商社',
      universityId: 'keio',
      faculty: '経済学部',
    });
    const answer = await recommendationsOf(student.cookie);
    const order = urlParams(answer);
    expect(order.indexOf(sameFaculty.urlParam)).toBe(0);
    const reasonsOf = (party: MentorParty) =>
      answer.items.find((item) => item.urlParam === party.urlParam)?.reasons;
    expect(reasonsOf(sameFaculty)).toEqual([
      { kind: 'same-industry', industry: '商社・流通 - 専門商社' },
      { kind: 'same-faculty' },
    ]);
    for (const ofHerUniversity of [otherFaculty, noFaculty]) {
      expect(reasonsOf(ofHerUniversity)).toEqual([
        { kind: 'same-industry', industry: '商社・流通 - 専門商社' },
        { kind: 'same-university' },
      ]);
    }
  });

  it('answers six by default, and up to the count asked', async () => {
    for (let i = 0; i < 7; i++) await trading();
    const student = await studentWith({ desiredIndustry: '商社・流通' });
    const answer = expectOk(
      await call(t.app, student.cookie, 'GET', '/api/recommendations'),
    ) as unknown as Recommendations;
    expect(answer.items).toHaveLength(6);
    expect((await recommendationsOf(student.cookie, 2)).items).toHaveLength(2);
    expectError(
      await call(t.app, student.cookie, 'GET', '/api/recommendations?count=25'),
      400,
      'invalid-argument',
    );
  });

  it('never shows an alumna the list hides, one who takes no request, or one blocked either way', async () => {
    const student = await studentWith({ desiredIndustry: '金融・保険 - 証券' });
    const seed = { industry: '金融・保険 - 証券' };
    const shown = await trading(seed);
    const paused = await newMentor(t.app, seed, { acceptingRequests: false });
    const full = await newMentor(t.app, seed, { monthlyRequestLimit: 1 });
    await insertRequest(t.app, (await studentWith()).id, full.id);
    const suspended = await trading(seed);
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    const pending = await trading({ ...seed, role: 'mentor_pending' });
    const blockedHer = await trading(seed);
    const sheBlocked = await trading(seed);
    await t.app.ctx.db.insert(userBlocks).values([
      { blockerId: blockedHer.id, blockedId: student.id },
      { blockerId: student.id, blockedId: sheBlocked.id },
    ]);
    const answer = await recommendationsOf(student.cookie);
    expect(urlParams(answer)[0]).toBe(shown.urlParam);
    for (const hidden of [paused, full, suspended, pending, blockedHer, sheBlocked]) {
      expect(urlParams(answer)).not.toContain(hidden.urlParam);
    }
    expect(answer.items[0]!.reasons[0]).toEqual({
      kind: 'same-industry',
      industry: '金融・保険 - 証券',
    });
  });

  it('puts an alumna with room before one of the same match who has requests waiting on her', async () => {
    const seed = { industry: '商社・流通 - 卸売' };
    const busy = await trading(seed);
    const free = await trading(seed);
    const asker = await studentWith();
    for (let i = 0; i < 3; i++) {
      await insertRequest(t.app, (await studentWith()).id, busy.id, {
        createdAt: new Date(Date.now() - i * HOUR_MS),
      });
    }
    await insertRequest(t.app, asker.id, free.id, {
      status: 'accepted',
      createdAt: new Date(Date.now() - 40 * DAY_MS),
      respondedAt: new Date(Date.now() - 40 * DAY_MS + 2 * HOUR_MS),
    });
    const student = await studentWith({ desiredIndustry: '商社・流通 - 卸売' });
    const order = urlParams(await recommendationsOf(student.cookie));
    expect(order.indexOf(free.urlParam)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(free.urlParam)).toBeLessThan(order.indexOf(busy.urlParam));
  });

  it('counts what she did: an alumna she saved, and the 相談できること she asked about', async () => {
    const seed = { industry: 'マスコミ・エンタメ' };
    const saved = await newMentor(t.app, seed);
    const advisor = await newMentor(t.app, { ...seed, topics: ['es_review'] });
    const student = await studentWith({ desiredIndustry: '商社・流通' });
    await t.app.ctx.db.insert(favourites).values({ studentId: student.id, mentorId: saved.id });
    await insertRequest(t.app, student.id, (await trading()).id, {
      status: 'declined',
      agendaTopics: ['es_review'],
    });
    const answer = await recommendationsOf(student.cookie);
    const reasonsOf = (party: MentorParty) =>
      answer.items.find((item) => item.urlParam === party.urlParam)?.reasons;
    expect(reasonsOf(saved)).toEqual([{ kind: 'saved' }]);
    expect(reasonsOf(advisor)).toEqual([{ kind: 'topic', topic: 'es_review' }]);
  });

  it('counts the 訪問記録 she opened: its alumna is one she read about, an unnamed note’s is not', async () => {
    // An industry of their own: the two come first, the one she read about before the other.
    const seed = { industry: '公務員・教育 - 教育サービス・学習塾' };
    const unnamed = await newMentor(t.app, seed);
    const written = await newMentor(t.app, seed);
    const named = await sharedNoteWith(t.app, written, { showName: true });
    const anonymous = await sharedNoteWith(t.app, unnamed, { showName: false });
    const student = await studentWith({ desiredIndustry: '公務員・教育 - 教育サービス・学習塾' });
    for (const note of [named, anonymous]) {
      expectOk(await call(t.app, student.cookie, 'GET', `/api/visit-notes/${note.id}`));
    }
    const answer = await recommendationsOf(student.cookie);
    expect(urlParams(answer).slice(0, 2)).toEqual([written.urlParam, unnamed.urlParam]);
    expect(answer.items[0]!.reasons).toContainEqual({ kind: 'read-note' });
    expect(answer.items[1]!.reasons).not.toContainEqual({ kind: 'read-note' });
  });

  it('gives a student without a 志望業界 a sensible list, and says her profile is incomplete', async () => {
    const young = await newMentor(t.app, { joinedYear: joinedYearFor(2) });
    const student = await studentWith({ desiredIndustry: null });
    const answer = await recommendationsOf(student.cookie);
    expect(answer.profileIncomplete).toBe(true);
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.items.find((item) => item.urlParam === young.urlParam)?.reasons).toContainEqual({
      kind: 'years-in',
      years: 2,
    });
  });

  it('is a student’s own: alumnae and admins are refused', async () => {
    const mentor = await trading();
    expectError(
      await call(t.app, mentor.cookie, 'GET', '/api/recommendations'),
      403,
      'permission-denied',
    );
    const admin = await insertAdmin(t.app);
    expectError(
      await call(t.app, admin.cookie, 'GET', '/api/recommendations'),
      403,
      'permission-denied',
    );
    expectError(
      await call(t.app, undefined, 'GET', '/api/recommendations'),
      401,
      'auth/unauthenticated',
    );
  });
});

describe('a 志望職種 in her own words', () => {
  it('names the job types whose labels hold it', () => {
    expect(jobTypesNamedBy('営業')).toEqual(['sales']);
    expect(jobTypesNamedBy('エンジニア')).toEqual(['engineering']);
    expect(jobTypesNamedBy('人事、マーケティング')).toEqual(['planning_marketing', 'corporate']);
    expect(jobTypesNamedBy('Consulting')).toEqual(['consulting']);
    expect(jobTypesNamedBy('その他')).toEqual([]);
    expect(jobTypesNamedBy(null)).toEqual([]);
  });
});
