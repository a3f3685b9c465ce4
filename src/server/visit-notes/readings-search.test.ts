import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitNote, VisitNotePage } from '../../shared/schemas/visit-notes';
import { call, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import { sharedNoteWith } from '../test/factories/notes';
import { newMentor, newStudent } from '../test/factories/visits';

/**
 * The 訪問記録 search reads industries and job types typed in kana before the kanji came up
 * (issue 56, point 5): 「だいりてん」 finds 総合広告代理店, 「えいぎょう」 営業 (shared/taxonomy-readings).
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
let named: VisitNote;
let unnamed: VisitNote;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app);
  named = await sharedNote(
    '株式会社こうこく堂',
    '広告・マーケティング - 総合広告代理店',
    'sales',
    true,
  );
  unnamed = await sharedNote('ひみつ物産', '商社・流通 - 専門商社', 'sales', false);
});
afterAll(async () => {
  await t?.close();
});

async function sharedNote(company: string, industry: string, jobType: string, showName: boolean) {
  const mentor = await newMentor(t.app, { company, industry, jobType: 'sales' });
  return sharedNoteWith(t.app, mentor, { showName, form: { jobType } });
}

async function found(cookie: string, q: string): Promise<string[]> {
  const page = expectOk(
    await call(t.app, cookie, 'GET', `/api/visit-notes?q=${encodeURIComponent(q)}`),
  ) as unknown as VisitNotePage;
  return page.items.map((note) => note.id);
}

describe('the 訪問記録 search by reading', () => {
  it('finds an industry by its reading in hiragana or katakana', async () => {
    const student = await newStudent(t.app, '鈴木 一郎');
    expect(await found(student.cookie, 'だいりてん')).toEqual([named.id]);
    expect(await found(student.cookie, 'ダイリテン')).toEqual([named.id]);
    expect(await found(student.cookie, 'そうごうこうこく')).toEqual([named.id]);
    expect(await found(admin.cookie, 'せんもんしょうしゃ')).toEqual([unnamed.id]);
  });

  it('finds a job type by its reading, where the note names its alumna to the reader', async () => {
    const student = await newStudent(t.app, '佐々木 健');
    expect(await found(student.cookie, 'えいぎょう')).toEqual([named.id]);
    expect(await found(student.cookie, '営業')).toEqual([named.id]);
    expect((await found(admin.cookie, 'えいぎょう')).sort()).toEqual([named.id, unnamed.id].sort());
  });

  it('keeps an unnamed note’s industry from a student, as by kanji', async () => {
    const student = await newStudent(t.app, '井上 翼');
    expect(await found(student.cookie, 'せんもんしょうしゃ')).toEqual([]);
    expect(await found(student.cookie, '専門商社')).toEqual([]);
  });

  it('reads nothing into a word of no reading', async () => {
    const student = await newStudent(t.app, '松本 葵');
    expect(await found(student.cookie, 'ぴゅあ')).toEqual([]);
  });
});
