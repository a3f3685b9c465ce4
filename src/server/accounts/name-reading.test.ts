import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client';
import { mentors, users } from '../db/schema';
import { mentorSearchText } from '../mentors/queries';
import { call, expectError } from '../test/factories/admins';
import {
  cookieFor,
  insertMentor,
  insertStudent,
  mentorRow,
  studentRow,
} from '../test/factories/mentors';
import { createTestApp, type TestApp } from '../test/app';

/**
 * Name readings (docs/PRODUCT.md §4): the OG list finds alumni by the フリガナ of their name and
 * company in either kana, and an account made before readings were asked for is asked once.
 */

let t: TestApp;
let studentCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await insertStudent(t.app);
  studentCookie = await cookieFor(t.app, user.id);
});
afterAll(async () => {
  await t?.close();
});

async function found(q: string): Promise<string[]> {
  const response = await call(
    t.app,
    studentCookie,
    'GET',
    `/api/mentors?q=${encodeURIComponent(q)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: { name: string }[] }).items.map((card) => card.name);
}

async function session(cookie: string) {
  const response = await call(t.app, cookie, 'GET', '/api/auth/session');
  return (response.json() as { user: { asksNameReading: boolean } }).user;
}

async function flagOf(userId: string): Promise<boolean> {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, userId));
  return row!.asksNameReading;
}

describe('the OG list finds alumni by reading', () => {
  beforeAll(async () => {
    await insertMentor(t.app, {
      name: '佐藤 美咲',
      nameReading: 'サトウ ミサキ',
      company: '未来商事株式会社',
      companyReading: 'ミライショウジ',
    });
    await insertMentor(t.app, { name: '鈴木 陽菜', nameReading: 'スズキ ヒナ' });
    // An alumna who has not given her reading yet is found by her name only.
    await insertMentor(t.app, { name: '佐藤 優奈', nameReading: null });
  });

  it.each(['さとう', 'サトウ', 'ｻﾄｳ', 'さとう みさき', 'みさき'])(
    'finds 佐藤 美咲 by the reading %s',
    async (q) => {
      expect(await found(q)).toEqual(['佐藤 美咲']);
    },
  );

  it('finds her by the reading of her company, and by its name', async () => {
    expect(await found('みらいしょうじ')).toEqual(['佐藤 美咲']);
    expect(await found('ミライ')).toEqual(['佐藤 美咲']);
    expect(await found('未来商事')).toEqual(['佐藤 美咲']);
  });

  it('finds by the name as written, with or without a reading', async () => {
    expect((await found('佐藤')).sort()).toEqual(['佐藤 優奈', '佐藤 美咲']);
  });

  it('sorts by reading in アイウエオ order, those without one last', async () => {
    const response = await call(t.app, studentCookie, 'GET', '/api/mentors?sort=reading');
    const names = (response.json() as { items: { name: string }[] }).items.map((c) => c.name);
    expect(names.indexOf('佐藤 美咲')).toBeLessThan(names.indexOf('鈴木 陽菜'));
    expect(names.at(-1)).toBe('佐藤 優奈');
  });
});

describe('asked once after sign-in (PUT /api/me/name-reading)', () => {
  it('asks a student made before readings, saves the answer in katakana and stops asking', async () => {
    const { user } = await insertStudent(t.app, { nameReading: null, asksNameReading: true });
    const cookie = await cookieFor(t.app, user.id);
    expect(await session(cookie)).toMatchObject({ asksNameReading: true });

    const response = await call(t.app, cookie, 'PUT', '/api/me/name-reading', {
      nameReading: ' やまだ　たろう ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await studentRow(t.app, user.id))!.nameReading).toBe('ヤマダ タロウ');
    expect(await session(cookie)).toMatchObject({ asksNameReading: false });
  });

  it('saves an alumna’s reading where the OG search finds it', async () => {
    const { user } = await insertMentor(t.app, {
      name: '高橋 結衣',
      nameReading: null,
      asksNameReading: true,
    });
    const cookie = await cookieFor(t.app, user.id);
    expect(await found('たかはし')).toEqual([]);
    const response = await call(t.app, cookie, 'PUT', '/api/me/name-reading', {
      nameReading: 'タカハシ ユイ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await found('たかはし')).toEqual(['高橋 結衣']);
    expect(await flagOf(user.id)).toBe(false);
  });

  it('「あとで」 (null) stops asking and leaves the profile without a reading', async () => {
    const { user } = await insertStudent(t.app, { nameReading: null, asksNameReading: true });
    const cookie = await cookieFor(t.app, user.id);
    const response = await call(t.app, cookie, 'PUT', '/api/me/name-reading', {
      nameReading: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await studentRow(t.app, user.id))!.nameReading).toBeNull();
    expect(await session(cookie)).toMatchObject({ asksNameReading: false });
  });

  it.each([
    ['kanji', { nameReading: '山田' }],
    ['latin letters', { nameReading: 'Yamada' }],
    ['41 characters', { nameReading: 'ア'.repeat(41) }],
    ['a blank reading', { nameReading: '　' }],
    ['no answer at all', {}],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const { user } = await insertStudent(t.app, { nameReading: null, asksNameReading: true });
    const cookie = await cookieFor(t.app, user.id);
    const response = await call(t.app, cookie, 'PUT', '/api/me/name-reading', payload);
    expectError(response, 400, 'invalid-argument');
    expect((await studentRow(t.app, user.id))!.nameReading).toBeNull();
    expect(await flagOf(user.id)).toBe(true);
  });

  it('changes only the caller’s own profile, whatever id the body names', async () => {
    const other = await insertStudent(t.app, { nameReading: null, asksNameReading: true });
    const { user } = await insertStudent(t.app);
    const response = await call(
      t.app,
      await cookieFor(t.app, user.id),
      'PUT',
      '/api/me/name-reading',
      {
        nameReading: 'ホカ',
        userId: other.user.id,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await studentRow(t.app, other.user.id))!.nameReading).toBeNull();
    expect(await flagOf(other.user.id)).toBe(true);
  });
});

/** The statements of migration 0017 that change data (its columns exist already here). */
function dataStepsOf0017(): string[] {
  const text = readFileSync(path.join(MIGRATIONS_DIR, '0017_name_readings.sql'), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement.startsWith('UPDATE'));
}

describe('migration 0017 on accounts made before', () => {
  it('turns a hiragana reading into katakana, keeps it findable and asks those without one', async () => {
    // As 0016 left them: the reading in hiragana, not in the search text, nobody asked.
    const withReading = await insertMentor(t.app, { name: '伊藤 葵', nameReading: null });
    const withoutReading = await insertMentor(t.app, { name: '伊藤 楓', nameReading: null });
    const student = await insertStudent(t.app, { nameReading: null });
    const oldSearchText = (await mentorRow(t.app, withReading.user.id))!.searchText;
    await t.app.ctx.db
      .update(mentors)
      .set({ nameReading: 'いとう あおい' })
      .where(eq(mentors.userId, withReading.user.id));

    for (const statement of dataStepsOf0017()) await t.app.ctx.db.execute(sql.raw(statement));

    const migrated = (await mentorRow(t.app, withReading.user.id))!;
    expect(migrated.nameReading).toBe('イトウ アオイ');
    expect(migrated.searchText).toBe(`${oldSearchText}いとうあおい`);
    expect(await found('いとう')).toEqual(['伊藤 葵']);
    expect(await found('イトウ')).toEqual(['伊藤 葵']);
    // The next save writes the same search text the migration did, in another order.
    const saved = mentorSearchText({ ...migrated });
    expect([...saved].sort().join('')).toBe([...migrated.searchText].sort().join(''));
    expect(await flagOf(withReading.user.id)).toBe(false);
    expect(await flagOf(withoutReading.user.id)).toBe(true);
    expect(await flagOf(student.user.id)).toBe(true);
  });
});
