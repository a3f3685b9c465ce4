import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../shared/errors';
import { ja } from '../../shared/messages/ja';
import { MENTOR_PAGE_SIZE, type MentorCard, type MentorDetail } from '../../shared/schemas/mentors';
import { users } from '../db/schema';
import { createTestApp, insertUser, type TestApp } from '../test/app';
import { cookieFor, insertMentor, jpeg, universityName } from '../test/factories/mentors';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;
interface Page {
  items: MentorCard[];
  nextCursor: string | null;
  total: number | null;
}

function expectError(response: Response, status: number, code: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ code, message: ja.errors[code] });
}

/** One test app per describe block, so each block knows exactly which mentors exist. */
function useApp() {
  const state = {} as { t: TestApp; viewer: string };
  beforeAll(async () => {
    state.t = await createTestApp();
    const student = await insertUser(state.t.app, {
      email: `viewer-${Math.random().toString(36).slice(2)}@example.com`,
      role: 'student',
    });
    state.viewer = await cookieFor(state.t.app, student.id);
  });
  afterAll(async () => {
    await state.t?.close();
  });
  return state;
}

async function fetchPage(
  t: TestApp,
  cookie: string,
  params: Record<string, string> = {},
): Promise<Response> {
  const query = new URLSearchParams(params).toString();
  return t.app.inject({
    method: 'GET',
    url: `/api/mentors${query ? `?${query}` : ''}`,
    headers: { cookie },
  });
}

/** One page as a verified student sees it; never a contact address. */
async function page(t: TestApp, cookie: string, params: Record<string, string> = {}) {
  const response = await fetchPage(t, cookie, params);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toContain('contactEmail');
  expect(response.body).not.toContain('@');
  return response.json() as Page;
}

/** Every page of a query, following the cursor. */
async function allPages(t: TestApp, cookie: string, params: Record<string, string> = {}) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const next: Page = await page(t, cookie, cursor ? { ...params, cursor } : params);
    pages.push(next);
    cursor = next.nextCursor;
    if (pages.length > 20) throw new Error('the cursor never ends');
  } while (cursor);
  return pages;
}

// ---------------------------------------------------------------------------------------------

describe('OG list: paging', () => {
  const s = useApp();
  /** urlParams, newest first. */
  const expected: string[] = [];
  const base = Date.UTC(2024, 0, 1);

  beforeAll(async () => {
    // Inserted in a shuffled order so that insertion order cannot stand in for createdAt.
    const order = Array.from({ length: 60 }, (_, i) => (i * 37) % 60);
    const byAge = new Map<number, string>();
    for (const age of order) {
      const { user } = await insertMentor(s.t.app, {
        name: `ページ ${age}`,
        createdAt: new Date(base - age * 60_000),
      });
      byAge.set(age, user.id);
    }
    for (let age = 0; age < 60; age++) expected.push(byAge.get(age)!);
  });

  it('answers 60 mentors in pages of 24, 24 and 12, newest first, each exactly once', async () => {
    const pages = await allPages(s.t, s.viewer);
    expect(pages.map((p) => p.items.length)).toEqual([24, 24, 12]);
    expect(MENTOR_PAGE_SIZE).toBe(24);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    const seen = pages.flatMap((p) => p.items.map((c) => c.urlParam));
    expect(new Set(seen).size).toBe(60);
    expect(seen).toEqual(expected);
  });

  it('says how many match in all on the first page (「全 N 件」), not the page size', async () => {
    const pages = await allPages(s.t, s.viewer);
    expect(pages.map((p) => p.total)).toEqual([60, null, null]);
    // With a filter: the count of what the filter matches, over every page.
    const filtered = await allPages(s.t, s.viewer, { q: 'ページ 1' });
    expect(filtered.length).toBeGreaterThan(1);
    expect(filtered[0]!.total).toBe(filtered.flatMap((p) => p.items).length);
    expect(filtered[0]!.total).toBeLessThan(60);
  });

  it('keeps page 2 in place when newer mentors arrive after page 1 was read', async () => {
    const first = await page(s.t, s.viewer);
    expect(first.items.map((c) => c.urlParam)).toEqual(expected.slice(0, 24));

    const newcomers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { user } = await insertMentor(s.t.app, {
        name: `新着 ${i}`,
        createdAt: new Date(base + (i + 1) * 60_000),
      });
      newcomers.unshift(user.id);
    }

    const second = await page(s.t, s.viewer, { cursor: first.nextCursor! });
    expect(second.items.map((c) => c.urlParam)).toEqual(expected.slice(24, 48));
    const third = await page(s.t, s.viewer, { cursor: second.nextCursor! });
    expect(third.items.map((c) => c.urlParam)).toEqual(expected.slice(48));
    expect(third.nextCursor).toBeNull();

    // From the top, the newcomers come first.
    const top = await page(s.t, s.viewer);
    expect(top.items.map((c) => c.urlParam)).toEqual([...newcomers, ...expected.slice(0, 19)]);
  });

  it('pages through mentors that share one created_at (microseconds included) by id', async () => {
    // As from one bulk insert: the same timestamp, finer than a JavaScript Date can hold.
    const sameInstant = sql`'2023-06-01 12:00:00.123456+00'::timestamptz`;
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { user } = await insertMentor(s.t.app, {
        name: `同時 ${i}`,
        company: '同時刻商事',
        createdAt: sameInstant,
      });
      ids.push(user.id);
    }
    // Older, yet within the same millisecond; and one just before it.
    const { user: sameMillisecond } = await insertMentor(s.t.app, {
      company: '同時刻商事',
      createdAt: sql`'2023-06-01 12:00:00.123001+00'::timestamptz`,
    });
    const { user: earlier } = await insertMentor(s.t.app, {
      company: '同時刻商事',
      createdAt: sql`'2023-06-01 12:00:00.122999+00'::timestamptz`,
    });
    const pages = await allPages(s.t, s.viewer, { q: '同時刻商事' });
    expect(pages.map((p) => p.items.length)).toEqual([24, 8]);
    const seen = pages.flatMap((p) => p.items.map((c) => c.urlParam));
    // Ties are broken by id, descending.
    expect(seen).toEqual([...ids.sort().reverse(), sameMillisecond.id, earlier.id]);
  });

  it('answers an unreadable cursor with the first page, never a 500', async () => {
    const top = await page(s.t, s.viewer);
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    const someId = expected[10]!;
    const garbage = [
      'garbage',
      '!!!***',
      '%00',
      encode('not a date|not an id'),
      encode(`2024-01-01T00:00:00.000Z|not-a-uuid`),
      encode(`not a date|${someId}`),
      encode('2024-01-01T00:00:00.000Z'),
      // Shaped like a uuid to a loose pattern, yet not one PostgreSQL accepts.
      encode(`2024-01-01T00:00:00.000Z|${'-'.repeat(36)}`),
      encode(`2024-01-01T00:00:00.000Z|${'a'.repeat(36)}`),
      // Dates JavaScript reads but PostgreSQL does not store.
      encode(`+275760-09-13T00:00:00.000Z|${someId}`),
      encode(`-000001-01-01T00:00:00.000Z|${someId}`),
      encode(`0000-01-01T00:00:00.000000Z|${someId}`),
      encode(`2024-02-30T00:00:00.000000Z|${someId}`),
      encode(`2024-01-01T24:00:00.000000Z|${someId}`),
      encode(`2024-01-01T00:00:00.1234567Z|${someId}`),
      encode(`2024-01-01T00:00:00.000000Z|${someId}|extra`),
    ];
    for (const cursor of garbage) {
      const response = await fetchPage(s.t, s.viewer, { cursor });
      expect(response.statusCode, `${cursor}: ${response.body}`).toBe(200);
      expect((response.json() as Page).items, cursor).toEqual(top.items);
    }
    // Longer than the query schema allows: refused as bad input.
    const tooLong = await fetchPage(s.t, s.viewer, { cursor: 'a'.repeat(201) });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'invalid-argument',
      fieldErrors: { cursor: 'validation.invalid' },
    });
  });

  it('refuses bad numbers in the filters with 400, never a 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ yearFrom: 'abc' }, 'yearFrom'],
      [{ yearTo: '2015.5' }, 'yearTo'],
      [{ yearFrom: '99999' }, 'yearFrom'],
      [{ q: 'あ'.repeat(101) }, 'q'],
    ];
    for (const [params, field] of cases) {
      const response = await fetchPage(s.t, s.viewer, params);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        code: 'invalid-argument',
        message: ja.errors['invalid-argument'],
        fieldErrors: { [field]: 'validation.invalid' },
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('OG list: filters and free text', () => {
  const s = useApp();
  const base = Date.UTC(2024, 5, 1);

  /** Newest first: the order every answer below is written in. */
  const fixtures = [
    {
      name: '山田 太郎',
      industry: 'IT・通信 - ソフトウェア',
      universityId: 'waseda',
      graduationYear: 2010,
      company: '株式会社東京システム開発',
      message: 'Javaの相談に乗ります。',
    },
    {
      name: '佐藤 花子',
      industry: 'IT・通信 - ゲーム',
      universityId: 'keio',
      graduationYear: 2015,
      company: 'サクラゲームス株式会社',
      message: 'ゲーム業界の話をします。',
    },
    {
      name: '鈴木 一郎',
      industry: 'IT・通信',
      universityId: 'u-tokyo',
      graduationYear: 2020,
      company: 'ＩＴソリューションズ',
      message: '気軽にどうぞ。',
    },
    {
      // A category name that starts with another one's.
      name: '高橋 次郎',
      industry: 'IT・通信サービス - ソフトウェア',
      universityId: 'waseda',
      graduationYear: 2012,
      company: 'さくら通信',
      message: '満足度100%を目指します。',
    },
    {
      name: '田中 美咲',
      industry: '金融・保険 - 地方銀行',
      universityId: 'waseda',
      graduationYear: 2000,
      company: '株式会社ひまわり銀行',
      message: '金融業界のことなら。',
    },
    {
      name: '伊藤 三郎',
      industry: 'その他',
      universityId: 'kyoto-u',
      graduationYear: 2024,
      company: 'ab_cd商事',
      message: 'ＪＡＶＡＳＣＲＩＰＴも書きます。',
    },
  ];
  const [yamada, sato, suzuki, takahashi, tanaka, ito] = fixtures.map((f) => f.name);

  beforeAll(async () => {
    for (const [i, fixture] of fixtures.entries()) {
      await insertMentor(s.t.app, {
        ...fixture,
        email: `filter-${i}@example.com`,
        createdAt: new Date(base - i * 60_000),
      });
    }
  });

  async function names(params: Record<string, string>) {
    const pages = await allPages(s.t, s.viewer, params);
    return pages.flatMap((p) => p.items.map((c) => c.name));
  }

  it('lists everyone without filters, as cards without contact data', async () => {
    const { items, nextCursor } = await page(s.t, s.viewer);
    expect(items.map((c) => c.name)).toEqual(fixtures.map((f) => f.name));
    expect(nextCursor).toBeNull();
    expect(items[0]).toEqual({
      urlParam: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      name: '山田 太郎',
      universityName: '早稲田大学',
      universityNameEn: 'Waseda University',
      graduationYear: 2010,
      industry: 'IT・通信 - ソフトウェア',
      company: '株式会社東京システム開発',
      message: 'Javaの相談に乗ります。',
      iconUrl: null,
      accepting: true,
      lastActive: null,
      nameReading: null,
      jobType: null,
      joinedYear: null,
      topics: [],
      topicsNote: null,
      earliestSlot: null,
    });
  });

  it('filters by category: the category alone and with a subcategory, not a longer name', async () => {
    expect(await names({ category: 'IT・通信' })).toEqual([yamada, sato, suzuki]);
    expect(await names({ category: 'IT・通信サービス' })).toEqual([takahashi]);
    expect(await names({ category: 'その他' })).toEqual([ito]);
    // A prefix of a category is no category.
    expect(await names({ category: 'IT' })).toEqual([]);
    // LIKE wildcards in a category are literal.
    expect(await names({ category: '%' })).toEqual([]);
    expect(await names({ category: 'IT_通信' })).toEqual([]);
  });

  it('filters by subcategory, alone or with its category', async () => {
    expect(await names({ category: 'IT・通信', subcategory: 'ソフトウェア' })).toEqual([yamada]);
    expect(await names({ category: 'IT・通信', subcategory: 'ゲーム' })).toEqual([sato]);
    expect(await names({ category: '金融・保険', subcategory: 'ソフトウェア' })).toEqual([]);
    // Alone (a hand-made or shared URL): every category's entry of that name.
    expect(await names({ subcategory: 'ソフトウェア' })).toEqual([yamada, takahashi]);
    expect(await names({ subcategory: '地方銀行' })).toEqual([tanaka]);
    expect(await names({ subcategory: 'ソフト' })).toEqual([]);
    expect(await names({ subcategory: '%' })).toEqual([]);
  });

  it('filters by university id', async () => {
    expect(await names({ university: 'waseda' })).toEqual([yamada, takahashi, tanaka]);
    expect(await names({ university: 'keio' })).toEqual([sato]);
    expect(await names({ university: 'osaka-u' })).toEqual([]);
    expect(await names({ university: '早稲田大学' })).toEqual([]);
  });

  it('filters by graduation year, both bounds inclusive', async () => {
    expect(await names({ yearFrom: '2012' })).toEqual([sato, suzuki, takahashi, ito]);
    expect(await names({ yearTo: '2012' })).toEqual([yamada, takahashi, tanaka]);
    expect(await names({ yearFrom: '2012', yearTo: '2015' })).toEqual([sato, takahashi]);
    expect(await names({ yearFrom: '2015', yearTo: '2015' })).toEqual([sato]);
    expect(await names({ yearFrom: '2016', yearTo: '2014' })).toEqual([]);
    expect(await names({ yearFrom: '2000', yearTo: '2024' })).toEqual(fixtures.map((f) => f.name));
  });

  it('combines filters: every one must hold', async () => {
    expect(await names({ category: 'IT・通信', university: 'waseda' })).toEqual([yamada]);
    expect(await names({ university: 'waseda', yearFrom: '2011' })).toEqual([takahashi]);
    expect(await names({ category: 'IT・通信', yearFrom: '2011', yearTo: '2020' })).toEqual([
      sato,
      suzuki,
    ]);
    expect(
      await names({
        category: 'IT・通信',
        subcategory: 'ソフトウェア',
        university: 'waseda',
        yearFrom: '2010',
        yearTo: '2010',
        q: 'システム',
      }),
    ).toEqual([yamada]);
    expect(await names({ category: 'IT・通信', q: 'さくら' })).toEqual([sato]);
    expect(await names({ university: 'keio', q: '山田' })).toEqual([]);
  });

  it('finds part of a name, a company or a message in kanji', async () => {
    expect(await names({ q: '東京システム' })).toEqual([yamada]);
    expect(await names({ q: 'ひまわり銀' })).toEqual([tanaka]);
    expect(await names({ q: '山田' })).toEqual([yamada]);
    // The space inside a name does not matter.
    expect(await names({ q: '山田太郎' })).toEqual([yamada]);
    expect(await names({ q: '業界' })).toEqual([sato, tanaka]);
    expect(await names({ q: '大阪' })).toEqual([]);
  });

  it('finds katakana with hiragana and hiragana with katakana (and half-width kana)', async () => {
    expect(await names({ q: 'さくら' })).toEqual([sato, takahashi]);
    expect(await names({ q: 'サクラ' })).toEqual([sato, takahashi]);
    expect(await names({ q: 'ｻｸﾗ' })).toEqual([sato, takahashi]);
    expect(await names({ q: 'げーむす' })).toEqual([sato]);
    expect(await names({ q: 'サクラ通' })).toEqual([takahashi]);
    expect(await names({ q: 'ヒマワリ' })).toEqual([tanaka]);
  });

  it('treats full-width and half-width letters, and upper and lower case, alike', async () => {
    // 「IT」 is also in the industry of four of them.
    expect(await names({ q: 'it' })).toEqual([yamada, sato, suzuki, takahashi]);
    expect(await names({ q: 'ＩＴ' })).toEqual([yamada, sato, suzuki, takahashi]);
    expect(await names({ q: 'ｉｔソリュ' })).toEqual([suzuki]);
    expect(await names({ q: 'ＪＡＶＡ' })).toEqual([yamada, ito]);
    expect(await names({ q: 'javascript' })).toEqual([ito]);
    expect(await names({ q: '１００' })).toEqual([takahashi]);
  });

  it('matches industries and subcategories too', async () => {
    expect(await names({ q: 'ソフトウェア' })).toEqual([yamada, takahashi]);
    expect(await names({ q: 'そふとうぇあ' })).toEqual([yamada, takahashi]);
    expect(await names({ q: '地方銀行' })).toEqual([tanaka]);
    expect(await names({ q: '金融' })).toEqual([tanaka]);
    expect(await names({ q: '通信サービス' })).toEqual([takahashi]);
    // With another word, both must match: the industry is one of the places a word is found.
    expect(await names({ q: 'ゲーム 通信' })).toEqual([sato]);
  });

  it('requires every space-separated word', async () => {
    expect(await names({ q: '山田 java' })).toEqual([yamada]);
    expect(await names({ q: '佐藤\u3000ゲーム' })).toEqual([sato]);
    expect(await names({ q: '  ゲーム   業界  ' })).toEqual([sato]);
    expect(await names({ q: '山田 ゲーム' })).toEqual([]);
    expect(await names({ q: 'java 銀行' })).toEqual([]);
  });

  it('reads % and _ in the query as themselves, not as wildcards', async () => {
    expect(await names({ q: '%' })).toEqual([takahashi]);
    expect(await names({ q: '100%' })).toEqual([takahashi]);
    expect(await names({ q: '％' })).toEqual([takahashi]);
    expect(await names({ q: '_' })).toEqual([ito]);
    expect(await names({ q: 'ab_cd' })).toEqual([ito]);
    expect(await names({ q: 'a_c' })).toEqual([]);
    expect(await names({ q: '山%郎' })).toEqual([]);
    expect(await names({ q: '\\' })).toEqual([]);
  });

  it('answers a blank query like no query', async () => {
    expect(await names({ q: '   ' })).toEqual(fixtures.map((f) => f.name));
  });
});

// ---------------------------------------------------------------------------------------------

describe('OG list and detail: who is listed, who may look', () => {
  const s = useApp();
  const people = {} as Record<
    'mentor' | 'unverified' | 'pending' | 'student' | 'admin' | 'unverifiedAdmin',
    { id: string; email: string }
  >;

  beforeAll(async () => {
    const base = Date.UTC(2024, 8, 1);
    const make = async (
      key: keyof typeof people,
      role: 'mentor' | 'mentor_pending' | 'student' | 'admin',
      emailVerified: boolean,
      i: number,
    ) => {
      const email = `visible-${key}@example.com`;
      const { user } = await insertMentor(s.t.app, {
        email,
        role,
        emailVerified,
        name: `可視性 ${key}`,
        createdAt: new Date(base - i * 60_000),
        icon: key === 'mentor' ? await jpeg(300, 200) : undefined,
      });
      people[key] = { id: user.id, email };
    };
    await make('mentor', 'mentor', true, 0);
    await make('unverified', 'mentor', false, 1);
    await make('pending', 'mentor_pending', true, 2);
    // A student with a profile row (e.g. written by hand): still never an OG.
    await make('student', 'student', true, 3);
    await make('admin', 'admin', true, 4);
    await make('unverifiedAdmin', 'admin', false, 5);
  });

  it('lists verified mentors and verified admins with a profile, nobody else', async () => {
    const pages = await allPages(s.t, s.viewer);
    const listed = pages.flatMap((p) => p.items.map((c) => c.urlParam));
    expect(listed).toEqual([people.mentor.id, people.admin.id]);
    for (const pageOf of pages) {
      const text = JSON.stringify(pageOf);
      expect(text).not.toContain('contactEmail');
      expect(text).not.toContain('visible-');
    }
  });

  it('lists a mentor once the address is verified', async () => {
    await s.t.app.ctx.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, people.unverified.id));
    try {
      const listed = (await allPages(s.t, s.viewer)).flatMap((p) => p.items.map((c) => c.urlParam));
      expect(listed).toEqual([people.mentor.id, people.unverified.id, people.admin.id]);
    } finally {
      await s.t.app.ctx.db
        .update(users)
        .set({ emailVerified: false })
        .where(eq(users.id, people.unverified.id));
    }
  });

  it('refuses the list without a session (401) and to an unverified user (403)', async () => {
    const anonymous = await s.t.app.inject({ method: 'GET', url: '/api/mentors' });
    expectError(anonymous, 401, 'auth/unauthenticated');
    const unverified = await insertUser(s.t.app, {
      email: 'unverified-viewer@example.com',
      role: 'student',
      emailVerified: false,
    });
    const response = await fetchPage(s.t, await cookieFor(s.t.app, unverified.id));
    expectError(response, 403, 'auth/email-not-verified');
  });

  it('shows the detail to a verified student, without the contact address of a new alumna (private by default)', async () => {
    const response = await s.t.app.inject({
      method: 'GET',
      url: `/api/mentors/${people.mentor.id}`,
      headers: { cookie: s.viewer },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      urlParam: people.mentor.id,
      name: '可視性 mentor',
      universityName: universityName('waseda'),
      universityNameEn: 'Waseda University',
      graduationYear: 2015,
      industry: 'IT・通信 - ソフトウェア',
      company: expect.any(String) as unknown,
      message: 'よろしくお願いします。',
      iconUrl: expect.stringMatching(/^\/api\/icons\/[0-9a-f-]{36}$/) as unknown,
      accepting: true,
      lastActive: null,
      nameReading: null,
      jobType: null,
      joinedYear: null,
      topics: [],
      topicsNote: null,
      earliestSlot: null,
      userId: people.mentor.id,
      faculty: null,
      contactEmail: null,
      contactVisibility: 'accepted',
      invitedBy: null,
      heldVisits: 0,
      sharedNoteCount: 0,
      // No employer's rules recorded: nothing for her page to show.
      employerRules: null,
      viewer: { favourite: false, blocked: false, openRequestId: null, visitUnavailable: null },
    });
    // The card in the list is the detail without the contact address, the inviter, her
    // employer's rules, her 学部 and what depends on the viewer.
    const { items } = await page(s.t, s.viewer);
    const {
      userId: _userId,
      faculty: _faculty,
      contactEmail: _contact,
      contactVisibility: _visibility,
      invitedBy: _inviter,
      heldVisits: _held,
      sharedNoteCount: _notes,
      employerRules: _rules,
      viewer: _viewer,
      ...card
    } = response.json() as MentorDetail;
    expect(items.find((c) => c.urlParam === people.mentor.id)).toEqual(card);

    const admin = await s.t.app.inject({
      method: 'GET',
      url: `/api/mentors/${people.admin.id}`,
      headers: { cookie: s.viewer },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    // An admin's own alumni profile follows the same private default.
    expect(admin.json()).toMatchObject({ contactEmail: null, contactVisibility: 'accepted' });
  });

  it('shows the detail to a verified mentor too', async () => {
    const response = await s.t.app.inject({
      method: 'GET',
      url: `/api/mentors/${people.admin.id}`,
      headers: { cookie: await cookieFor(s.t.app, people.mentor.id) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ urlParam: people.admin.id });
  });

  it('refuses the detail without a session (401) and to an unverified user (403)', async () => {
    const anonymous = await s.t.app.inject({
      method: 'GET',
      url: `/api/mentors/${people.mentor.id}`,
    });
    expectError(anonymous, 401, 'auth/unauthenticated');
    expect(anonymous.body).not.toContain(people.mentor.email);

    const unverified = await s.t.app.inject({
      method: 'GET',
      url: `/api/mentors/${people.mentor.id}`,
      headers: { cookie: await cookieFor(s.t.app, people.unverified.id) },
    });
    expectError(unverified, 403, 'auth/email-not-verified');
  });

  it('answers 404 for unknown, unverified, mentor_pending and student ids', async () => {
    const ids = [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      people.unverified.id,
      people.pending.id,
      people.student.id,
      people.unverifiedAdmin.id,
    ];
    for (const id of ids) {
      const response = await s.t.app.inject({
        method: 'GET',
        url: `/api/mentors/${encodeURIComponent(id)}`,
        headers: { cookie: s.viewer },
      });
      expectError(response, 404, 'not-found');
      expect(response.body).not.toContain('@');
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('OG list: orders and the richer filters', () => {
  const s = useApp();
  /** Thirty alumni: more than a page, so each order is followed across its cursor. */
  const people: { id: string; year: number; reading: string | null }[] = [];
  // Readings that differ in their first kana sort alike under every collation.
  const READINGS = ['あおき', 'いとう', 'うえだ', 'えんどう', 'おかだ', 'かとう', 'きむら'];

  beforeAll(async () => {
    for (let i = 0; i < 30; i++) {
      const reading = i % 4 === 3 ? null : READINGS[(i * 3) % READINGS.length]!;
      const year = 2005 + ((i * 7) % 12);
      const { user } = await insertMentor(s.t.app, {
        name: `並び ${i}`,
        graduationYear: year,
        nameReading: reading,
        joinedYear: year,
        jobType: i % 3 === 0 ? 'sales' : i % 3 === 1 ? 'engineering' : null,
        topics: i % 5 === 0 ? ['es_review', 'study_abroad'] : ['career_advice'],
        createdAt: new Date(Date.UTC(2024, 0, 1) - i * 60_000),
      });
      people.push({ id: user.id, year, reading });
    }
  });

  async function ids(params: Record<string, string>) {
    const pages = await allPages(s.t, s.viewer, params);
    return pages.flatMap((p) => p.items.map((c) => c.urlParam));
  }

  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

  it('sorts by graduation year, the most recent first, each alumna exactly once', async () => {
    const want = [...people].sort((a, b) => b.year - a.year || byId(b, a)).map((p) => p.id);
    const pages = await allPages(s.t, s.viewer, { sort: 'graduation' });
    expect(pages.map((p) => p.items.length)).toEqual([24, 6]);
    expect(pages.flatMap((p) => p.items.map((c) => c.urlParam))).toEqual(want);
    expect(pages[0]!.total).toBe(30);
  });

  it('sorts by ふりがな in あいうえお order, those without one last', async () => {
    const withReading = people.filter((p) => p.reading !== null);
    const want = [
      ...withReading.sort((a, b) => a.reading!.localeCompare(b.reading!, 'ja') || byId(a, b)),
      ...people.filter((p) => p.reading === null).sort(byId),
    ].map((p) => p.id);
    expect(await ids({ sort: 'reading' })).toEqual(want);
  });

  it('filters by job type and by topic, with the total counting only those', async () => {
    const sales = await allPages(s.t, s.viewer, { jobType: 'sales' });
    expect(sales.flatMap((p) => p.items.map((c) => c.jobType))).toEqual(Array(10).fill('sales'));
    expect(sales[0]!.total).toBe(10);
    const abroad = await allPages(s.t, s.viewer, { topic: 'study_abroad' });
    expect(abroad[0]!.total).toBe(6);
    for (const card of abroad.flatMap((p) => p.items))
      expect(card.topics).toContain('study_abroad');
    const both = await page(s.t, s.viewer, { topic: 'study_abroad', jobType: 'sales' });
    // i = 0, 15 (sales: i % 3 === 0; study_abroad: i % 5 === 0).
    expect(both.total).toBe(2);
  });

  it('filters by the year joined, that year or later', async () => {
    const recent = await allPages(s.t, s.viewer, { joinedFrom: '2013' });
    const joined = recent.flatMap((p) => p.items.map((c) => c.joinedYear));
    expect(joined.length).toBe(people.filter((p) => p.year >= 2013).length);
    for (const year of joined) expect(year).toBeGreaterThanOrEqual(2013);
  });

  it('filters by the year joined up to a year, and between two (issue 56)', async () => {
    const early = await allPages(s.t, s.viewer, { joinedTo: '2012' });
    const joined = early.flatMap((p) => p.items.map((c) => c.joinedYear));
    expect(joined.length).toBe(people.filter((p) => p.year <= 2012).length);
    for (const year of joined) expect(year).toBeLessThanOrEqual(2012);
    const between = await allPages(s.t, s.viewer, { joinedFrom: '2011', joinedTo: '2013' });
    const inside = between.flatMap((p) => p.items.map((c) => c.joinedYear));
    expect(inside.length).toBe(people.filter((p) => p.year >= 2011 && p.year <= 2013).length);
    expect(inside.length).toBeGreaterThan(0);
  });

  it('reads an unknown sort, job type or topic (an old shared URL) as none, never a 4xx or 5xx', async () => {
    const plain = await page(s.t, s.viewer);
    const odd: Record<string, string>[] = [
      { sort: 'shuffle' },
      { jobType: 'ceo' },
      { topic: 'hacking' },
    ];
    for (const params of odd) {
      const answered = await page(s.t, s.viewer, params);
      expect(answered.items.map((c) => c.urlParam)).toEqual(plain.items.map((c) => c.urlParam));
    }
  });

  it('starts over, rather than failing, when a cursor belongs to another order', async () => {
    const newest = await page(s.t, s.viewer);
    const byYear = await page(s.t, s.viewer, { sort: 'graduation' });
    for (const [sort, cursor] of [
      ['graduation', newest.nextCursor!],
      ['reading', byYear.nextCursor!],
      ['new', byYear.nextCursor!],
    ] as const) {
      const first = await page(s.t, s.viewer, { sort });
      const answered = await page(s.t, s.viewer, { sort, cursor });
      expect(answered.items.map((c) => c.urlParam)).toEqual(first.items.map((c) => c.urlParam));
    }
  });
});
