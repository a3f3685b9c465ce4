import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyPage } from '../../shared/schemas/companies';
import type { VisitNote, VisitNotePage } from '../../shared/schemas/visit-notes';
import { mentors } from '../db/schema';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import { sharedNoteWith } from '../test/factories/notes';
import { DAY_MS, newMentor, newStudent } from '../test/factories/visits';
import type { MentorParty } from '../test/factories/visits';

/**
 * A company's page (decision 0040): its alumni as the OG list shows them and the shared 訪問記録
 * about it as the notes search shows them, one page for every way its name is written.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

function page(cookie: string, name: string) {
  return call(t.app, cookie, 'GET', `/api/companies/${encodeURIComponent(name)}`);
}

describe('a company’s page', () => {
  let named: MentorParty;
  let unnamed: MentorParty;
  let elsewhere: MentorParty;
  let namedNote: VisitNote;
  beforeAll(async () => {
    named = await newMentor(t.app, {
      name: '高橋 由美',
      company: '株式会社みらいテック',
      industry: '広告・マーケティング - 総合広告代理店',
    });
    unnamed = await newMentor(t.app, {
      name: '中村 彩',
      company: 'ミライテック（株）',
      industry: '広告・マーケティング - 総合広告代理店',
    });
    elsewhere = await newMentor(t.app, { name: '小林 舞', company: 'みらいテックス' });
    // Her earliest open slot, as the list's card shows it.
    await t.app.ctx.db
      .update(mentors)
      .set({ nextSlotAt: new Date(Date.now() + 3 * DAY_MS) })
      .where(eq(mentors.userId, named.id));
    namedNote = await sharedNoteWith(t.app, named, { showName: true });
    await sharedNoteWith(t.app, unnamed, { showName: false });
  });

  it('is one page for every way the name is written, with its alumni as the list shows them', async () => {
    const student = await newStudent(t.app, '鈴木 一郎');
    for (const name of [
      '株式会社みらいテック',
      'ミライテック（株）',
      'ﾐﾗｲﾃｯｸ',
      ' みらい テック ',
    ]) {
      const answer = expectOk(await page(student.cookie, name)) as unknown as CompanyPage;
      expect(answer.mentors.map((m) => m.name).sort()).toEqual(['中村 彩', '高橋 由美']);
    }
    const answer = expectOk(await page(student.cookie, 'みらいテック')) as unknown as CompanyPage;
    expect(answer.name).toMatch(/みらいテック|ミライテック/);
    const card = answer.mentors.find((m) => m.name === '高橋 由美')!;
    expect(card).toMatchObject({ accepting: true, earliestSlot: expect.any(String) });
    expect(card).not.toHaveProperty('contactEmail');
    expect(answer.mentors.map((m) => m.urlParam)).not.toContain(elsewhere.urlParam);
  });

  it('shows a student the shared notes the search would show her: an unnamed note not by its company', async () => {
    const student = await newStudent(t.app, '佐々木 健');
    const answer = expectOk(await page(student.cookie, 'みらいテック')) as unknown as CompanyPage;
    expect(answer.notes!.items.map((note) => note.id)).toEqual([namedNote.id]);
    expect(answer.notes!.total).toBe(1);
    const searched = expectOk(
      await call(t.app, student.cookie, 'GET', '/api/visit-notes?company=ミライテック（株）'),
    ) as unknown as VisitNotePage;
    expect(searched.items.map((note) => note.id)).toEqual([namedNote.id]);
  });

  it('shows an admin every shared note about it, and an alumna none (she does not search notes)', async () => {
    const answer = expectOk(await page(admin.cookie, 'ミライテック')) as unknown as CompanyPage;
    expect(answer.notes!.total).toBe(2);
    const asMentor = expectOk(
      await page(elsewhere.cookie, 'ミライテック'),
    ) as unknown as CompanyPage;
    expect(asMentor.notes).toBeNull();
    expect(asMentor.mentors).toHaveLength(2);
  });

  it('shows an alumna who blocked the reader as paused, as the list does', async () => {
    const student = await newStudent(t.app, '井上 翼');
    expectOk(await call(t.app, named.cookie, 'PUT', `/api/blocks/${student.id}`));
    const answer = expectOk(await page(student.cookie, 'みらいテック')) as unknown as CompanyPage;
    expect(answer.mentors.find((m) => m.name === '高橋 由美')).toMatchObject({
      accepting: false,
      earliestSlot: null,
    });
  });

  it('answers an unknown company, or a legal form alone, with company/not-found', async () => {
    const student = await newStudent(t.app, '松本 葵');
    expectError(await page(student.cookie, '存在しない商事'), 404, 'company/not-found');
    expectError(await page(student.cookie, '株式会社'), 404, 'company/not-found');
  });

  it('is for signed-in people only', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/companies/みらいテック' });
    expect(answer.statusCode).toBe(401);
  });
});
