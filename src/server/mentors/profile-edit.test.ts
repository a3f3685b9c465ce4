import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../shared/errors';
import { ja } from '../../shared/messages/ja';
import type { MentorCard, MentorProfile } from '../../shared/schemas/mentors';
import { auditLog, mentorIcons, universities } from '../db/schema';
import { createTestApp, insertUser, type TestApp } from '../test/app';
import {
  cookieFor,
  iconRowsOf,
  insertMentor,
  insertStudent,
  jpeg,
  mentorFields,
  mentorRow,
  multipartBody,
  registerMentorThroughInvitation,
  type Upload,
} from '../test/factories/mentors';
import { mentorSearchText } from './queries';
import { runMaintenance } from '../maintenance';
import { ICON_GRACE_MS } from '../storage/icons-service';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

let t: TestApp;
let adminCookie: string;
let studentCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await insertUser(t.app, { email: 'edit-admin@example.com', role: 'admin' });
  adminCookie = await cookieFor(t.app, admin.id);
  const { user } = await insertStudent(t.app);
  studentCookie = await cookieFor(t.app, user.id);
});
afterAll(async () => {
  await t?.close();
});

function expectError(
  response: Response,
  status: number,
  code: ErrorCode,
  fieldErrors?: Record<string, string>,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual(
    fieldErrors
      ? { code, message: ja.errors[code], fieldErrors }
      : { code, message: ja.errors[code] },
  );
}

async function putProfile(
  cookie: string | undefined,
  fields: Record<string, string>,
  file?: Upload,
) {
  const body = await multipartBody(fields, file);
  return t.app.inject({
    method: 'PUT',
    url: '/api/mentors/me',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
  });
}

function get(url: string, cookie: string) {
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

async function ownProfile(cookie: string): Promise<MentorProfile> {
  const response = await get('/api/mentors/me', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MentorProfile;
}

async function search(q: string): Promise<string[]> {
  const response = await get(`/api/mentors?q=${encodeURIComponent(q)}`, studentCookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: MentorCard[] }).items.map((c) => c.urlParam);
}

async function iconCount(): Promise<number> {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(mentorIcons);
  return row!.n;
}

/** A verified mentor with a profile (and an icon) and a session. */
async function mentorWithSession(seed: Parameters<typeof insertMentor>[1] = {}) {
  const { user, mentor } = await insertMentor(t.app, { icon: await jpeg(600, 600), ...seed });
  return { user, mentor, cookie: await cookieFor(t.app, user.id) };
}

// ---------------------------------------------------------------------------------------------

describe('PUT /api/mentors/me: who may', () => {
  it('refuses a student (403), nothing written', async () => {
    const response = await putProfile(studentCookie, mentorFields());
    expectError(response, 403, 'permission-denied');
  });

  it('refuses without a session (401), an unverified mentor and a mentor_pending (403)', async () => {
    expectError(await putProfile(undefined, mentorFields()), 401, 'auth/unauthenticated');

    const unverified = await mentorWithSession({ emailVerified: false });
    expectError(
      await putProfile(unverified.cookie, mentorFields()),
      403,
      'auth/email-not-verified',
    );
    expect(await mentorRow(t.app, unverified.user.id)).toEqual(unverified.mentor);

    const pending = await mentorWithSession({ role: 'mentor_pending' });
    expectError(await putProfile(pending.cookie, mentorFields()), 403, 'permission-denied');
    expect(await mentorRow(t.app, pending.user.id)).toEqual(pending.mentor);
  });

  it('changes only the caller’s own row, whatever ids the form names', async () => {
    const me = await mentorWithSession({ name: '自分 です' });
    const other = await mentorWithSession({ name: '他人 です', company: '他人株式会社' });

    const response = await putProfile(
      me.cookie,
      mentorFields({
        name: '乗っ取り 太郎',
        company: '書き換え株式会社',
        urlParam: other.user.id,
        userId: other.user.id,
        user_id: other.user.id,
        id: other.user.id,
        contactEmail: 'attacker@example.com',
        iconId: other.mentor.iconId!,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imageUpdated: false });

    // The other alumnus is untouched, to the last column.
    expect(await mentorRow(t.app, other.user.id)).toEqual(other.mentor);
    // The caller's row took the text, and nothing else from the form.
    const mine = await mentorRow(t.app, me.user.id);
    expect(mine).toMatchObject({
      userId: me.user.id,
      urlParam: me.user.id,
      name: '乗っ取り 太郎',
      company: '書き換え株式会社',
      contactEmail: me.mentor.contactEmail,
      iconId: me.mentor.iconId,
    });
  });

  it('refuses an admin (the route is for mentors) and answers 404 for a mentor without a profile', async () => {
    const admin = await mentorWithSession({ role: 'admin' });
    expectError(await putProfile(admin.cookie, mentorFields()), 403, 'permission-denied');
    expect(await mentorRow(t.app, admin.user.id)).toEqual(admin.mentor);

    const bare = await insertUser(t.app, { email: 'bare-mentor@example.com', role: 'mentor' });
    expectError(
      await putProfile(await cookieFor(t.app, bare.id), mentorFields()),
      404,
      'not-found',
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('PUT /api/mentors/me: the text', () => {
  it('trims every field, stores the year as an integer and answers the new profile', async () => {
    const { user, mentor, cookie } = await mentorWithSession();
    const response = await putProfile(
      cookie,
      mentorFields({
        name: '  新井 里奈 ',
        universityId: ' keio ',
        graduationYear: ' 2012 ',
        industryCategory: ' 金融・保険 ',
        industrySubcategory: ' 地方銀行 ',
        company: '\t株式会社あおば銀行 ',
        message: '  地方で働く面白さを話します。\n',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imageUpdated: false });

    const row = (await mentorRow(t.app, user.id))!;
    expect(row).toMatchObject({
      name: '新井 里奈',
      universityId: 'keio',
      universityName: '慶應義塾大学',
      graduationYear: 2012,
      industry: '金融・保険 - 地方銀行',
      company: '株式会社あおば銀行',
      message: '地方で働く面白さを話します。',
      contactEmail: mentor.contactEmail,
      iconId: mentor.iconId,
    });
    expect(Number.isInteger(row.graduationYear)).toBe(true);

    const profile = await ownProfile(cookie);
    expect(profile).toMatchObject({ graduationYear: 2012, industry: '金融・保険 - 地方銀行' });
    expect(typeof profile.graduationYear).toBe('number');

    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id));
    expect(audit).toMatchObject({ actorId: user.id, action: 'mentor.profile-update' });
  });

  it('stores その他 without a subcategory', async () => {
    const { user, cookie } = await mentorWithSession();
    const response = await putProfile(
      cookie,
      mentorFields({ industryCategory: 'その他', industrySubcategory: '' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await mentorRow(t.app, user.id))!.industry).toBe('その他');
  });

  it('updates the search text: the new company is found, the old one no longer', async () => {
    const { user, cookie } = await mentorWithSession({
      company: '旧社名カンパニー',
      message: 'よろしく',
    });
    expect(await search('旧社名')).toEqual([user.id]);

    const response = await putProfile(
      cookie,
      mentorFields({ company: 'ミライ・ネクスト株式会社', message: '新しい会社です' }),
    );
    expect(response.statusCode, response.body).toBe(200);

    expect(await search('旧社名')).toEqual([]);
    expect(await search('みらい')).toEqual([user.id]);
    expect(await search('ネクスト 新しい')).toEqual([user.id]);
    expect((await mentorRow(t.app, user.id))!.searchText).toBe(
      mentorSearchText({
        name: '佐藤 美咲',
        nameReading: 'サトウ ミサキ',
        company: 'ミライ・ネクスト株式会社',
        companyReading: null,
        message: '新しい会社です',
        industry: (await mentorRow(t.app, user.id))!.industry,
      }),
    );
  });

  it('keeps a retired university that the profile already has', async () => {
    const { user, cookie } = await mentorWithSession({ universityId: 'toyo' });
    await t.app.ctx.db
      .update(universities)
      .set({ retiredAt: new Date() })
      .where(eq(universities.id, 'toyo'));
    try {
      const kept = await putProfile(cookie, mentorFields({ universityId: 'toyo', name: '残留' }));
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await mentorRow(t.app, user.id)).toMatchObject({
        name: '残留',
        universityId: 'toyo',
      });
      // Another user cannot move to it.
      const other = await mentorWithSession();
      expectError(
        await putProfile(other.cookie, mentorFields({ universityId: 'toyo' })),
        400,
        'invalid-argument',
        { universityId: 'validation.universityRequired' },
      );
    } finally {
      await t.app.ctx.db
        .update(universities)
        .set({ retiredAt: null })
        .where(eq(universities.id, 'toyo'));
    }
  });

  const nextYear = String(new Date().getFullYear() + 1);
  const yearAfterNext = String(new Date().getFullYear() + 2);
  const cases: [string, Record<string, string | undefined>, string, string][] = [
    ['no name', { name: undefined }, 'name', 'validation.mentorNameRequired'],
    ['a blank name', { name: ' \u3000 ' }, 'name', 'validation.mentorNameRequired'],
    ['a 101-character name', { name: 'あ'.repeat(101) }, 'name', 'validation.textTooLong'],
    ['no university', { universityId: undefined }, 'universityId', 'validation.universityRequired'],
    ['a blank university', { universityId: ' ' }, 'universityId', 'validation.universityRequired'],
    [
      'an unknown university',
      { universityId: 'no-such-university' },
      'universityId',
      'validation.universityRequired',
    ],
    [
      'no graduation year',
      { graduationYear: undefined },
      'graduationYear',
      'validation.graduationYearRequired',
    ],
    [
      'a blank graduation year',
      { graduationYear: ' ' },
      'graduationYear',
      'validation.graduationYearRequired',
    ],
    [
      'a graduation year in words',
      { graduationYear: 'abc' },
      'graduationYear',
      'validation.graduationYearRequired',
    ],
    [
      'a fractional graduation year',
      { graduationYear: '2015.5' },
      'graduationYear',
      'validation.graduationYearRequired',
    ],
    [
      'graduation year 1959',
      { graduationYear: '1959' },
      'graduationYear',
      'validation.graduationYearOutOfRange',
    ],
    [
      // Next year is allowed (a student graduating next March applies before then).
      'the year after next as graduation year',
      { graduationYear: yearAfterNext },
      'graduationYear',
      'validation.graduationYearOutOfRange',
    ],
    [
      'no industry',
      { industryCategory: undefined, industrySubcategory: undefined },
      'industryCategory',
      'validation.industryCategoryRequired',
    ],
    [
      'an unknown industry',
      { industryCategory: '宇宙', industrySubcategory: undefined },
      'industryCategory',
      'validation.industryCategoryRequired',
    ],
    [
      'no subcategory for IT・通信',
      { industrySubcategory: ' ' },
      'industrySubcategory',
      'validation.industrySubcategoryRequired',
    ],
    [
      'a subcategory of another category',
      { industrySubcategory: '地方銀行' },
      'industrySubcategory',
      'validation.industrySubcategoryRequired',
    ],
    ['no company', { company: undefined }, 'company', 'validation.companyRequired'],
    ['a blank company', { company: '  ' }, 'company', 'validation.companyRequired'],
    ['no message', { message: undefined }, 'message', 'validation.messageRequired'],
    ['a blank message', { message: ' \n ' }, 'message', 'validation.messageRequired'],
    [
      'a 141-character message',
      { message: 'あ'.repeat(141) },
      'message',
      'validation.messageTooLong',
    ],
    ['no reading', { nameReading: undefined }, 'nameReading', 'validation.nameReadingRequired'],
    ['a blank reading', { nameReading: '　' }, 'nameReading', 'validation.nameReadingRequired'],
    [
      'a company reading in kanji',
      { companyReading: '見本' },
      'companyReading',
      'validation.nameReadingKana',
    ],
    // The optional fields of the richer profile.
    ['a reading in kanji', { nameReading: '佐藤' }, 'nameReading', 'validation.nameReadingKana'],
    [
      'a reading in letters',
      { nameReading: 'sato misaki' },
      'nameReading',
      'validation.nameReadingKana',
    ],
    [
      'a 41-character reading',
      { nameReading: 'あ'.repeat(41) },
      'nameReading',
      'validation.nameReadingKana',
    ],
    ['an unknown job type', { jobType: 'ceo' }, 'jobType', 'validation.invalidChoice'],
    ['a joined year in words', { joinedYear: 'abc' }, 'joinedYear', 'validation.joinedYearInvalid'],
    ['joined in 1959', { joinedYear: '1959' }, 'joinedYear', 'validation.joinedYearInvalid'],
    [
      // Next year is allowed (a student graduating next March joins in April).
      'joined the year after next',
      { joinedYear: yearAfterNext },
      'joinedYear',
      'validation.joinedYearInvalid',
    ],
    [
      'joined before graduating',
      { graduationYear: '2015', joinedYear: '2014' },
      'joinedYear',
      'validation.joinedYearBeforeGraduation',
    ],
    [
      'a topic not on the list',
      { topics: 'es_review,hacking' },
      'topics.1',
      'validation.invalidChoice',
    ],
    [
      'a 201-character note on topics',
      { topicsNote: 'あ'.repeat(201) },
      'topicsNote',
      'validation.topicsNoteTooLong',
    ],
  ];

  it.each(cases)(
    'refuses %s with 400 and that field’s message key, nothing written',
    async (_name, overrides, field, key) => {
      const { user, mentor, cookie } = await mentorWithSession();
      const iconsBefore = await iconCount();
      const response = await putProfile(
        cookie,
        mentorFields({ name: '変更後 の名前', ...overrides }),
        { content: await jpeg(500, 500) },
      );
      expectError(response, 400, 'invalid-argument', { [field]: key });
      expect(
        ja.validation[key.replace('validation.', '') as keyof typeof ja.validation],
      ).toBeTruthy();
      expect(await mentorRow(t.app, user.id)).toEqual(mentor);
      expect(await iconCount()).toBe(iconsBefore);
    },
  );

  it('saves next year as both graduation year and 入社年 (a 4年 student joins next April)', async () => {
    const { user, cookie } = await mentorWithSession();
    const response = await putProfile(
      cookie,
      mentorFields({ graduationYear: nextYear, joinedYear: nextYear }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await mentorRow(t.app, user.id)).toMatchObject({
      graduationYear: Number(nextYear),
      joinedYear: Number(nextYear),
    });
  });

  it('saves the richer profile, and clears what is left out', async () => {
    const { user, cookie } = await mentorWithSession();
    const full = mentorFields({
      nameReading: 'あらい　りな',
      companyReading: ' さんぷる ',
      jobType: 'sales',
      joinedYear: '2015',
      topics: 'working_life,es_review,es_review',
      topicsNote: ' 地方勤務の話もできます。 ',
    });
    expect((await putProfile(cookie, full)).statusCode).toBe(200);
    expect(await ownProfile(cookie)).toMatchObject({
      nameReading: 'アライ リナ',
      companyReading: 'サンプル',
      jobType: 'sales',
      joinedYear: 2015,
      topics: ['es_review', 'working_life'],
      topicsNote: '地方勤務の話もできます。',
    });

    expect((await putProfile(cookie, mentorFields({ topics: '', jobType: '' }))).statusCode).toBe(
      200,
    );
    expect(await mentorRow(t.app, user.id)).toMatchObject({
      // The name's reading is required; the company's is not.
      nameReading: 'サトウ ミサキ',
      companyReading: null,
      jobType: null,
      joinedYear: null,
      topics: [],
      topicsNote: null,
    });
  });

  it('accepts exactly 140 characters of message and the year 1960', async () => {
    const { user, cookie } = await mentorWithSession();
    const response = await putProfile(
      cookie,
      mentorFields({ message: 'あ'.repeat(140), graduationYear: '1960' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await mentorRow(t.app, user.id)).toMatchObject({
      message: 'あ'.repeat(140),
      graduationYear: 1960,
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('PUT /api/mentors/me: the icon', () => {
  it('replaces the icon of a registered alumnus: new URL, 400 px, the old one retired', async () => {
    const { user, cookie } = await registerMentorThroughInvitation(t.app, adminCookie);
    const before = await ownProfile(cookie);
    const oldUrl = before.iconUrl!;
    expect(oldUrl).toMatch(/^\/api\/icons\/[0-9a-f-]{36}$/);
    expect((await get(oldUrl, cookie)).statusCode).toBe(200);
    const [oldIcon] = await iconRowsOf(t.app, user.id);
    expect(oldIcon).toMatchObject({ width: 800, height: 800 });

    const response = await putProfile(cookie, mentorFields({ company: '写真更新株式会社' }), {
      content: await jpeg(1200, 900, '#c33'),
      filename: 'new.jpg',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imageUpdated: true });

    const after = await ownProfile(cookie);
    expect(after.company).toBe('写真更新株式会社');
    expect(after.iconUrl).toMatch(/^\/api\/icons\/[0-9a-f-]{36}$/);
    expect(after.iconUrl).not.toBe(oldUrl);

    const icon = await get(after.iconUrl!, studentCookie);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 400,
      height: 300,
    });

    // A page read before the change still names the old URL; it keeps answering
    // through the grace period, and is gone once the maintenance job purged it after that.
    expect((await get(oldUrl, studentCookie)).statusCode).toBe(200);
    await t.app.ctx.db
      .update(mentorIcons)
      .set({ replacedAt: new Date(Date.now() - ICON_GRACE_MS - 1000) })
      .where(eq(mentorIcons.id, oldIcon!.id));
    expectError(await get(oldUrl, studentCookie), 404, 'not-found');
    await runMaintenance(t.app.ctx);
    expect(
      await t.app.ctx.db.select().from(mentorIcons).where(eq(mentorIcons.id, oldIcon!.id)),
    ).toEqual([]);
    const rows = await iconRowsOf(t.app, user.id);
    expect(rows).toEqual([{ id: after.iconUrl!.split('/').at(-1), width: 400, height: 300 }]);
    expect(rows.map((r) => r.id)).not.toContain(oldIcon!.id);

    // The list shows the new icon.
    const list = await get(`/api/mentors?q=${encodeURIComponent('写真更新')}`, studentCookie);
    expect((list.json() as { items: MentorCard[] }).items).toMatchObject([
      { urlParam: user.id, iconUrl: after.iconUrl },
    ]);
  });

  it('does not enlarge a small image, and keeps the icon when no file is sent', async () => {
    const { user, mentor, cookie } = await mentorWithSession();
    const kept = await putProfile(cookie, mentorFields({ name: '写真 なし' }));
    expect(kept.json()).toEqual({ imageUpdated: false });
    expect((await mentorRow(t.app, user.id))!.iconId).toBe(mentor.iconId);
    // An empty file part is no file.
    const empty = await putProfile(cookie, mentorFields(), { content: Buffer.alloc(0) });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ imageUpdated: false });
    expect((await mentorRow(t.app, user.id))!.iconId).toBe(mentor.iconId);

    const small = await putProfile(cookie, mentorFields(), { content: await jpeg(120, 90) });
    expect(small.json()).toEqual({ imageUpdated: true });
    const rows = await iconRowsOf(t.app, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ width: 120, height: 90 });
  });

  it('refuses a file that is no image with 400 and changes nothing, text included', async () => {
    const { user, mentor, cookie } = await mentorWithSession({ name: '元の 名前' });
    const oldUrl = (await ownProfile(cookie)).iconUrl!;
    const iconsBefore = await iconCount();
    const uploads: Upload[] = [
      {
        content: Buffer.from('これは画像ではありません。\n'),
        filename: 'a.txt',
        type: 'text/plain',
      },
      {
        content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        filename: 'icon.svg',
        type: 'image/svg+xml',
      },
      { content: (await jpeg(800, 600)).subarray(0, 200), filename: 'cut.jpg' },
    ];
    for (const upload of uploads) {
      const response = await putProfile(
        cookie,
        mentorFields({ name: '変わってはいけない', company: '変更されない株式会社' }),
        upload,
      );
      expectError(response, 400, 'upload/not-an-image', { image: 'validation.imageNotImage' });
    }
    expect(await mentorRow(t.app, user.id)).toEqual(mentor);
    expect(await iconCount()).toBe(iconsBefore);
    expect((await get(oldUrl, studentCookie)).statusCode).toBe(200);
    expect(await search('変更されない')).toEqual([]);
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audits).toEqual([]);
  });
});
