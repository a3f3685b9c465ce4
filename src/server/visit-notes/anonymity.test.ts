import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../scripts/seed-demo';
import type { MentorCard, MentorListPage } from '../../shared/schemas/mentors';
import type { VisitNote, VisitNotePage } from '../../shared/schemas/visit-notes';
import { INDUSTRY_SEPARATOR } from '../../shared/taxonomy';
import { MIGRATIONS_DIR } from '../db/client';
import { users, visitNotes } from '../db/schema';
import { call, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/app';
import { DAY_MS, insertRequest, newMentor, newStudent } from '../test/factories/visits';
import type { MentorParty } from '../test/factories/visits';
import { ANONYMITY_MIN } from './anonymity';
import { searchTextsOf } from './queries';

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
    // A 大分類 of its own, so that the test decides who is in it.
    const seed = { company, industry: '醸造 - 味噌', jobType: 'sales' as const };
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

  it('tells no more than what it shows: the one who could not show her year is not singled out', async () => {
    // The review's case: four alumnae of a company joined in 2019, one in 2015. Were each note
    // to show what three alumnae share, the 2019 notes would say 2019 and hers could not, and
    // the only note naming the company without a year would be hers. Decided for the whole
    // group, no note of the company says a year.
    const seed = { company: '株式会社いつつ酒造', industry: '酒造 - 日本酒', jobType: null };
    const odd = await newMentor(t.app, { ...seed, joinedYear: 2015 });
    const usual = await newMentor(t.app, { ...seed, joinedYear: 2019 });
    for (let i = 0; i < 3; i++) await newMentor(t.app, { ...seed, joinedYear: 2019 });
    const hers = await readAsStudent(await unnamedNoteAbout(odd));
    const theirs = await readAsStudent(await unnamedNoteAbout(usual));
    const shown = (note: VisitNote) => ({
      company: note.company,
      industry: note.industry,
      jobType: note.jobType,
      joinedYear: note.mentor.joinedYear,
    });
    expect(shown(hers)).toEqual({
      company: seed.company,
      industry: seed.industry,
      jobType: null,
      joinedYear: null,
    });
    expect(shown(theirs)).toEqual(shown(hers));
  });
});

describe('finding an unnamed note', () => {
  // A 大分類 of its own, so that the test decides how many alumnae are in it.
  const CATEGORY = '伝統工芸';

  async function sharedNoteAbout(mentor: MentorParty, showName: boolean) {
    const author = await newStudent(t.app);
    const meetingAt = new Date(Date.now() - 2 * DAY_MS);
    const request = await insertRequest(t.app, author.id, mentor.id, {
      status: 'accepted',
      meetingAt,
      preferredSlots: [meetingAt],
    });
    const note = expectOk(
      await call(t.app, author.cookie, 'PUT', `/api/visit-requests/${request.id}/note`, {
        jobType: 'sales',
        qa: [{ question: '漆の仕事の面白さは？', answer: '塗りの工程に立ち会えます。' }],
        advice: '',
      }),
    ) as unknown as VisitNote;
    expectOk(await call(t.app, author.cookie, 'POST', `/api/visit-notes/${note.id}/offer`));
    expectOk(
      await call(t.app, mentor.cookie, 'POST', `/api/visit-notes/${note.id}/consent`, {
        showName,
      }),
    );
    return { id: note.id, author };
  }

  async function search(cookie: string, query: string): Promise<VisitNotePage> {
    return expectOk(
      await call(t.app, cookie, 'GET', `/api/visit-notes?${query}`),
    ) as unknown as VisitNotePage;
  }

  const idsOf = (page: VisitNotePage) => page.items.map((note) => note.id);

  it('is found by a student only through what she reads of it: its words, not her facts', async () => {
    const alone = await newMentor(t.app, {
      company: '株式会社ひとり漆器',
      companyReading: 'ヒトリシッキ',
      industry: `${CATEGORY} - 漆器`,
      jobType: 'sales',
      joinedYear: 2009,
    });
    const unnamed = await sharedNoteAbout(alone, false);
    const other = await newMentor(t.app, {
      company: '株式会社なまえ蒔絵',
      companyReading: 'ナマエマキエ',
      industry: `${CATEGORY} - 蒔絵`,
    });
    const named = await sharedNoteAbout(other, true);
    const reader = await newStudent(t.app);

    // It shows nothing of her: two alumnae in its 大分類.
    expect(
      expectOk(await call(t.app, reader.cookie, 'GET', `/api/visit-notes/${unnamed.id}`)),
    ).toMatchObject({ company: null, industry: null, jobType: null, mentor: { joinedYear: null } });

    for (const query of [
      'q=株式会社ひとり漆器',
      'q=ひとり漆器',
      'q=ヒトリシッキ',
      'q=ひとりしっき',
      `q=${CATEGORY}`,
      'q=漆器',
      'q=2009',
      'jobType=sales',
      `industry=${CATEGORY}`,
      `industry=${CATEGORY} - 漆器`,
    ]) {
      const page = await search(reader.cookie, encodeURI(query));
      expect(idsOf(page), query).not.toContain(unnamed.id);
      expect(page.total, query).toBe(page.items.length);
    }
    // By its own words, as she reads them, it is found; a named note by its company too.
    expect(idsOf(await search(reader.cookie, encodeURI('q=塗りの工程')))).toContain(unnamed.id);
    expect(idsOf(await search(reader.cookie, encodeURI('q=なまえまきえ')))).toEqual([named.id]);
    expect(idsOf(await search(reader.cookie, encodeURI(`industry=${CATEGORY}`)))).toEqual([
      named.id,
    ]);

    // Admins and its author know her: they find it by her company's reading and industry.
    const admin = await insertAdmin(t.app);
    for (const cookie of [admin.cookie, unnamed.author.cookie]) {
      expect(idsOf(await search(cookie, encodeURI('q=ひとりしっき')))).toEqual([unnamed.id]);
      expect(idsOf(await search(cookie, encodeURI(`industry=${CATEGORY}`)))).toContain(unnamed.id);
    }

    // A third alumna in the 大分類: the note shows it, and the filter finds it by it.
    await newMentor(t.app, { industry: `${CATEGORY} - 陶磁器` });
    expect(
      expectOk(await call(t.app, reader.cookie, 'GET', `/api/visit-notes/${unnamed.id}`)),
    ).toMatchObject({ company: null, industry: CATEGORY });
    const byCategory = await search(reader.cookie, encodeURI(`industry=${CATEGORY}`));
    expect(idsOf(byCategory).sort()).toEqual([named.id, unnamed.id].sort());
    expect(byCategory.total).toBe(2);
    expect(idsOf(await search(reader.cookie, encodeURI('q=ひとりしっき')))).toEqual([]);
  });

  it('migration 0035 splits the notes saved before as a save does', async () => {
    const mentor = await newMentor(t.app, {
      company: 'ＡＢＣ　ホールディングス㈱',
      companyReading: 'エービーシー ホールディングス',
      industry: `${CATEGORY} - 漆器`,
    });
    await sharedNoteAbout(mentor, false);
    const rows = await t.database.db.select().from(visitNotes);
    await t.database.db.update(visitNotes).set({ wordsSearchText: '' });
    const migration = readFileSync(
      path.join(MIGRATIONS_DIR, '0035_visit-note-words-search.sql'),
      'utf8',
    );
    const update = migration.slice(migration.indexOf('UPDATE'));
    await t.database.db.execute(sql.raw(update));
    const migrated = await t.database.db.select().from(visitNotes);
    expect(migrated.length).toBeGreaterThan(3);
    for (const row of migrated) {
      const saved = rows.find((before) => before.id === row.id)!;
      expect(row.wordsSearchText).toBe(saved.wordsSearchText);
      expect(row.wordsSearchText).toBe(searchTextsOf(row).wordsSearchText);
    }
  });
});
