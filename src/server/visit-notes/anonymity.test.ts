import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../scripts/seed-demo';
import type { MentorCard, MentorListPage } from '../../shared/schemas/mentors';
import type { VisitNote, VisitNotePage } from '../../shared/schemas/visit-notes';
import { INDUSTRY_SEPARATOR } from '../../shared/taxonomy';
import { users } from '../db/schema';
import { call, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/app';
import { DAY_MS, insertRequest, newMentor, newStudent } from '../test/factories/visits';
import type { MentorParty } from '../test/factories/visits';
import { ANONYMITY_MIN } from './anonymity';

/**
 * An unnamed note names nobody (issue 54, point 1): what a note that does not name its alumna
 * shows other students (company, 入社年, job type, industry) matches at least ANONYMITY_MIN
 * alumnae of the OG list they can read, on the demo's data and on a company with one alumna.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, TEST_ORIGIN);
});
afterAll(async () => {
  await t?.close();
});

async function sharedNotes(cookie: string): Promise<VisitNote[]> {
  const notes: VisitNote[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page = expectOk(
      await call(t.app, cookie, 'GET', `/api/visit-notes${cursor ? `?cursor=${cursor}` : ''}`),
    ) as unknown as VisitNotePage;
    notes.push(...page.items);
    cursor = page.nextCursor;
  }
  return notes;
}

/** Every card of the OG list, as the student reads it. */
async function ogList(cookie: string): Promise<MentorCard[]> {
  const cards: MentorCard[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page = expectOk(
      await call(
        t.app,
        cookie,
        'GET',
        `/api/mentors${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    ) as unknown as MentorListPage;
    cards.push(...page.items);
    cursor = page.nextCursor;
  }
  return cards;
}

/** The cards that agree with everything the note shows of its alumna. */
function cardsMatching(note: VisitNote, cards: readonly MentorCard[]): MentorCard[] {
  return cards.filter(
    (card) =>
      (note.company === null || card.company === note.company) &&
      (note.mentor.joinedYear === null || card.joinedYear === note.mentor.joinedYear) &&
      (note.jobType === null || card.jobType === note.jobType) &&
      (note.industry === null ||
        card.industry === note.industry ||
        card.industry.startsWith(note.industry + INDUSTRY_SEPARATOR)),
  );
}

describe('the demo’s unnamed notes', () => {
  it('show students only what at least three alumnae of the OG list share', async () => {
    const student = await newStudent(t.app);
    const cards = await ogList(student.cookie);
    const notes = await sharedNotes(student.cookie);
    const unnamed = notes.filter((note) => !note.showName);
    // The demo shares three notes without their alumnae's names (scripts/demo-notes.ts).
    expect(unnamed).toHaveLength(3);
    for (const note of unnamed) {
      expect(note.mentor.name).toBeNull();
      expect(note.mentor.urlParam).toBeNull();
      expect(note.visitRequestId).toBeNull();
      expect(cardsMatching(note, cards).length).toBeGreaterThanOrEqual(ANONYMITY_MIN);
      // The note's own page tells no more than the list.
      const alone = expectOk(
        await call(t.app, student.cookie, 'GET', `/api/visit-notes/${note.id}`),
      ) as unknown as VisitNote;
      expect(alone).toEqual(note);
    }
  });

  it('still tell their alumna’s facts to admins', async () => {
    const admin = await insertAdmin(t.app);
    const notes = await sharedNotes(admin.cookie);
    const unnamed = notes.filter((note) => !note.showName);
    expect(unnamed).toHaveLength(3);
    for (const note of unnamed) {
      expect(note.company).not.toBeNull();
      expect(note.industry).toContain(INDUSTRY_SEPARATOR);
      expect(note.mentor.name).not.toBeNull();
    }
  });
});

describe('a company with few alumnae on the list', () => {
  const INDUSTRY = '食品・農業 - 調味料';

  async function unnamedNoteAbout(mentor: MentorParty) {
    const student = await newStudent(t.app);
    const meetingAt = new Date(Date.now() - 2 * DAY_MS);
    const request = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt,
      preferredSlots: [meetingAt],
    });
    const note = expectOk(
      await call(t.app, student.cookie, 'PUT', `/api/visit-requests/${request.id}/note`, {
        jobType: 'sales',
        qa: [{ question: '若手の裁量は？', answer: '2年目から担当を持てます。' }],
        advice: '',
      }),
    ) as unknown as VisitNote;
    expectOk(await call(t.app, student.cookie, 'POST', `/api/visit-notes/${note.id}/offer`));
    expectOk(
      await call(t.app, mentor.cookie, 'POST', `/api/visit-notes/${note.id}/consent`, {
        showName: false,
      }),
    );
    return note.id;
  }

  async function readAsStudent(id: string): Promise<VisitNote> {
    const reader = await newStudent(t.app);
    return expectOk(
      await call(t.app, reader.cookie, 'GET', `/api/visit-notes/${id}`),
    ) as unknown as VisitNote;
  }

  it('shows no company, 入社年 or job type of its only alumna, nor her industry alone', async () => {
    const alone = await newMentor(t.app, {
      company: '株式会社ひとり醤油',
      industry: INDUSTRY,
      jobType: 'sales',
      joinedYear: 2011,
    });
    const id = await unnamedNoteAbout(alone);
    const note = await readAsStudent(id);
    expect(note).toMatchObject({
      company: null,
      industry: null,
      jobType: null,
      visitRequestId: null,
      mentor: { name: null, joinedYear: null, urlParam: null },
    });

    // Two more alumnae of the same 大分類: the label may say it, and no more.
    await newMentor(t.app, { industry: '食品・農業 - 製粉', jobType: 'engineering' });
    await newMentor(t.app, { industry: '食品・農業 - 製菓', jobType: 'planning_marketing' });
    expect(await readAsStudent(id)).toMatchObject({
      company: null,
      industry: '食品・農業',
      jobType: null,
      mentor: { joinedYear: null },
    });

    // Her author and she herself still read it whole.
    const her = expectOk(
      await call(t.app, alone.cookie, 'GET', `/api/visit-notes/${id}`),
    ) as unknown as VisitNote;
    expect(her).toMatchObject({ company: '株式会社ひとり醤油', industry: INDUSTRY });
  });

  it('stops showing the company when an alumna leaves the list, and finds it by company no more', async () => {
    const company = '株式会社みたり味噌';
    const seed = { company, industry: '食品・農業 - 味噌', jobType: 'sales' as const };
    const [first, second] = [
      await newMentor(t.app, { ...seed, joinedYear: 2015 }),
      await newMentor(t.app, { ...seed, joinedYear: 2016 }),
      await newMentor(t.app, { ...seed, joinedYear: 2017 }),
    ];
    const id = await unnamedNoteAbout(first!);
    expect(await readAsStudent(id)).toMatchObject({
      company,
      industry: seed.industry,
      jobType: 'sales',
      mentor: { joinedYear: null },
    });

    // A company's notes, found by a student, are those that name their alumnae.
    const reader = await newStudent(t.app);
    const byCompany = expectOk(
      await call(
        t.app,
        reader.cookie,
        'GET',
        `/api/visit-notes?company=${encodeURIComponent(company)}`,
      ),
    ) as unknown as VisitNotePage;
    expect(byCompany.items).toEqual([]);
    const byJob = expectOk(
      await call(t.app, reader.cookie, 'GET', '/api/visit-notes?jobType=sales'),
    ) as unknown as VisitNotePage;
    expect(byJob.items.map((found) => found.id)).not.toContain(id);

    await t.database.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, second!.id));
    expect((await readAsStudent(id)).company).toBeNull();
  });
});
