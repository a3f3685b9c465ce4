import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminVisit, AdminVisitPage } from '../../../shared/schemas/admin';
import { users, visitRequests } from '../../db/schema';
import { formatTokyoDateTime, tokyoDateStamp } from '../../lib/tokyo-time';
import { auditEntries, call, expectError, insertAdmin } from '../../test/factories/admins';
import { createTestApp, type TestApp } from '../../test/app';
import { DAY_MS, HOUR_MS, newMentor, newStudent, type Party } from '../../test/factories/visits';

/**
 * The console's visits (docs/PRODUCT.md §9): upcoming and recent, with the kind of place and
 * the confirmations, never the words, the meeting URL or place, nor an id; and their CSV.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app, 'visits-admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

const SECRET_MESSAGE = '秘密の相談内容です';
const SECRET_URL = 'https://meet.example.com/secret-room';
const SECRET_PLACE = '渋谷駅ハチ公前の喫茶店';

type VisitState = Partial<typeof visitRequests.$inferInsert>;

/** An agreed visit written straight into the database, with words that must never show. */
async function insertVisit(student: Party | null, mentor: Party | null, state: VisitState) {
  const [row] = await t.app.ctx.db
    .insert(visitRequests)
    .values({
      studentId: student?.id ?? null,
      mentorId: mentor?.id ?? null,
      purpose: 'career_advice',
      message: SECRET_MESSAGE,
      preferredSlots: [new Date()],
      meetingFormat: 'in_person',
      status: 'accepted',
      meetingPlace: SECRET_PLACE,
      meetingUrl: SECRET_URL,
      responseMessage: SECRET_MESSAGE,
      ...state,
    })
    .returning();
  return row!;
}

function get(url: string, cookie = admin.cookie) {
  return call(t.app, cookie, 'GET', url);
}

async function page(url: string): Promise<AdminVisitPage> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ids: string[] = [];
/** The first test's visit times, which the CSV's test reads back. */
let visitTimes: Record<
  'tomorrow' | 'inTwoDays' | 'inThreeDays' | 'yesterday' | 'fiveDaysAgo',
  Date
>;

describe('the upcoming and recent visits (GET /api/admin/visits)', () => {
  it('lists agreed visits ahead soonest first, and those of the last 30 days newest first', async () => {
    const student = await newStudent(t.app, '山田 花子');
    const formulaStudent = await newStudent(t.app, '=HYPERLINK("http://evil.example")');
    const leaving = await newStudent(t.app, '退会 予定');
    const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
    const now = Date.now();
    visitTimes = {
      tomorrow: new Date(now + DAY_MS),
      inTwoDays: new Date(now + 2 * DAY_MS),
      inThreeDays: new Date(now + 3 * DAY_MS),
      yesterday: new Date(now - DAY_MS),
      fiveDaysAgo: new Date(now - 5 * DAY_MS),
    };
    const confirmed = new Date(now - 10 * DAY_MS);
    const rows = await Promise.all([
      insertVisit(student, mentor, {
        meetingAt: visitTimes.inTwoDays,
        placeKind: 'public',
        studentRulesConfirmedAt: confirmed,
        mentorRulesConfirmedAt: confirmed,
      }),
      insertVisit(formulaStudent, mentor, {
        meetingAt: visitTimes.tomorrow,
        meetingFormat: 'online',
        placeKind: 'online',
        studentRulesConfirmedAt: confirmed,
      }),
      insertVisit(leaving, mentor, {
        meetingAt: visitTimes.inThreeDays,
        placeKind: 'other',
        placeOther: '大学近くの図書館',
        mentorRulesConfirmedAt: confirmed,
      }),
      insertVisit(student, mentor, {
        meetingAt: visitTimes.yesterday,
        placeKind: 'office',
        studentRulesConfirmedAt: confirmed,
        mentorRulesConfirmedAt: confirmed,
        safeEndAskedAt: new Date(now - DAY_MS + 2 * HOUR_MS),
        safeEndConfirmedAt: new Date(now - DAY_MS + 3 * HOUR_MS),
      }),
      // Agreed before the kind of place was asked; asked, not yet answered.
      insertVisit(student, mentor, {
        meetingAt: visitTimes.fiveDaysAgo,
        safeEndAskedAt: new Date(now - 5 * DAY_MS + 2 * HOUR_MS),
      }),
      // Neither list: too long ago, cancelled, still pending, declined.
      insertVisit(student, mentor, { meetingAt: new Date(now - 31 * DAY_MS) }),
      insertVisit(student, mentor, {
        meetingAt: new Date(now + DAY_MS),
        status: 'cancelled',
        cancelledBy: 'student',
      }),
      insertVisit(student, mentor, { meetingAt: null, status: 'pending' }),
      insertVisit(student, mentor, { meetingAt: new Date(now - DAY_MS), status: 'declined' }),
    ]);
    ids.push(...rows.map((row) => row.id));
    // The student withdraws: the visit stays, with her name gone.
    await t.app.ctx.db.delete(users).where(eq(users.id, leaving.id));

    const upcoming = await page('/api/admin/visits?tab=upcoming');
    expect(upcoming.nextCursor).toBeNull();
    expect(upcoming.visits).toEqual([
      {
        meetingAt: visitTimes.tomorrow.toISOString(),
        studentName: '=HYPERLINK("http://evil.example")',
        mentorName: '佐藤 美咲',
        meetingFormat: 'online',
        placeKind: 'online',
        placeOther: null,
        studentRulesConfirmedAt: confirmed.toISOString(),
        mentorRulesConfirmedAt: null,
        safeEndAskedAt: null,
        safeEndConfirmedAt: null,
      },
      expect.objectContaining({
        meetingAt: visitTimes.inTwoDays.toISOString(),
        studentName: '山田 花子',
        placeKind: 'public',
      }),
      expect.objectContaining({
        meetingAt: visitTimes.inThreeDays.toISOString(),
        studentName: null,
        placeKind: 'other',
        placeOther: '大学近くの図書館',
      }),
    ]);
    // The default tab is the upcoming one.
    expect((await page('/api/admin/visits')).visits).toEqual(upcoming.visits);

    const recent = await page('/api/admin/visits?tab=recent');
    expect(recent.visits.map((visit: AdminVisit) => visit.meetingAt)).toEqual([
      visitTimes.yesterday.toISOString(),
      visitTimes.fiveDaysAgo.toISOString(),
    ]);
    expect(recent.visits[0]).toMatchObject({
      placeKind: 'office',
      safeEndConfirmedAt: expect.any(String),
    });
    expect(recent.visits[1]).toMatchObject({
      placeKind: null,
      meetingFormat: 'in_person',
      safeEndAskedAt: expect.any(String),
      safeEndConfirmedAt: null,
    });
  });

  it('never answers with the words, the meeting URL or place, or an id', async () => {
    for (const tab of ['upcoming', 'recent']) {
      const response = await get(`/api/admin/visits?tab=${tab}`);
      for (const secret of [SECRET_MESSAGE, SECRET_URL, SECRET_PLACE, ...ids]) {
        expect(response.body).not.toContain(secret);
      }
      for (const visit of (response.json() as AdminVisitPage).visits) {
        expect(Object.keys(visit).sort()).toEqual([
          'meetingAt',
          'meetingFormat',
          'mentorName',
          'mentorRulesConfirmedAt',
          'placeKind',
          'placeOther',
          'safeEndAskedAt',
          'safeEndConfirmedAt',
          'studentName',
          'studentRulesConfirmedAt',
        ]);
      }
    }
  });

  it('is for admins only and refuses an unknown tab', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    for (const url of ['/api/admin/visits', '/api/admin/visits.csv']) {
      expectError(await get(url, student.cookie), 403, 'permission-denied');
      expectError(await get(url, mentor.cookie), 403, 'permission-denied');
    }
    expectError(await get('/api/admin/visits?tab=later'), 400, 'invalid-argument');
    expectError(await get('/api/admin/visits.csv?tab=all'), 400, 'invalid-argument');
    expectError(await get(`/api/admin/visits?cursor=${'x'.repeat(201)}`), 400, 'invalid-argument');
  });
});

describe('the visits as CSV (GET /api/admin/visits.csv)', () => {
  it('writes the tab in the page’s order and words, formulas as text, and audits it', async () => {
    const response = await get('/api/admin/visits.csv?tab=upcoming');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="visits-upcoming-${tokyoDateStamp(new Date())}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.slice(1).split('\r\n');
    const at = (date: Date) => formatTokyoDateTime(date);
    const confirmedAt = formatTokyoDateTime(new Date(Date.now() - 10 * DAY_MS)).slice(0, 10);
    expect(lines[0]).toBe(
      '日時,学生,OG,場所の種類,ルールの確認,学生のルール確認日時,OGのルール確認日時,無事の確認,無事の確認日時',
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${at(visitTimes.tomorrow)},"'=HYPERLINK\\(""http://evil\\.example""\\)",佐藤 美咲,オンライン,OGが未確認,${confirmedAt} \\d\\d:\\d\\d,,対象外（オンライン）,$`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^${at(visitTimes.inTwoDays)},山田 花子,佐藤 美咲,カフェなどの公共の場所,双方確認済み,.+,.+,訪問後に確認,$`,
      ),
    );
    expect(lines[3]).toMatch(
      new RegExp(
        `^${at(visitTimes.inThreeDays)},退会したユーザー,佐藤 美咲,その他（大学近くの図書館）,学生が未確認,,.+,訪問後に確認,$`,
      ),
    );
    expect(lines.slice(4)).toEqual(['']);

    const recent = (await get('/api/admin/visits.csv?tab=recent')).body.slice(1).split('\r\n');
    expect(recent[1]).toMatch(
      new RegExp(
        `^${at(visitTimes.yesterday)},山田 花子,佐藤 美咲,OGの勤務先,双方確認済み,.+,.+,無事に終了,.+$`,
      ),
    );
    expect(recent[2]).toBe(
      `${at(visitTimes.fiveDaysAgo)},山田 花子,佐藤 美咲,未設定（対面）,双方未確認,,,確認待ち,`,
    );
    expect(recent).toHaveLength(4);

    for (const secret of [SECRET_MESSAGE, SECRET_URL, SECRET_PLACE, ...ids]) {
      expect(response.body).not.toContain(secret);
    }
    const entries = await auditEntries(t.app, 'admin.export.visit-schedule');
    expect(entries.map((entry) => entry.details)).toEqual([
      { tab: 'upcoming', rows: 3 },
      { tab: 'recent', rows: 2 },
    ]);
    expect(entries.every((entry) => entry.actorId === admin.user.id)).toBe(true);
  });
});

describe('paging', () => {
  it('walks every upcoming visit once, in order, 50 to a page, rows sharing a time by id', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const later = new Date(Date.now() + 40 * DAY_MS);
    await Promise.all(
      Array.from({ length: 52 }, (_, index) =>
        insertVisit(student, mentor, {
          meetingAt: index < 30 ? later : new Date(later.getTime() + index * HOUR_MS),
        }),
      ),
    );
    const first = await page('/api/admin/visits?tab=upcoming');
    expect(first.visits).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(
      `/api/admin/visits?tab=upcoming&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(second.nextCursor).toBeNull();
    const all = [...first.visits, ...second.visits];
    // The three of the first test, then the 52.
    expect(all).toHaveLength(55);
    const times = all.map((visit) => visit.meetingAt as unknown as string);
    expect(times).toEqual([...times].sort());
    // An unreadable cursor starts from the top.
    const fresh = await page('/api/admin/visits?tab=upcoming&cursor=not-a-cursor');
    expect(fresh.visits).toEqual(first.visits);
  });
});
