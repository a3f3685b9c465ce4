import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGroupSessionPage } from '../../../shared/schemas/admin-group-sessions';
import { groupSessionPlaces, groupSessions } from '../../db/schema';
import { formatTokyoDateTime, tokyoDateStamp } from '../../lib/tokyo-time';
import { auditEntries, call, expectError, insertAdmin } from '../../test/factories/admins';
import { createTestApp, type TestApp } from '../../test/app';
import { DAY_MS, HOUR_MS, newMentor, newStudent, type Party } from '../../test/factories/visits';

/**
 * The console's 座談会 (docs/PRODUCT.md §7c): upcoming and held, cancelled ones marked, with
 * seats, waiting list and attendance as counts (never who), and their CSV.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
let mentor: Party & { urlParam: string };
let students: Party[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app, 'group-sessions-admin@example.com');
  mentor = await newMentor(t.app, { name: '佐藤 美咲' });
  students = [];
  for (const name of ['山田 花子', '鈴木 一郎', '田中 次郎', '高橋 三奈']) {
    students.push(await newStudent(t.app, name));
  }
});
afterAll(async () => {
  await t?.close();
});

type Place = { state: 'seated' | 'waiting' | 'left'; attended?: boolean | null };

/** A 座談会 written straight into the database, with its places in the students' order. */
async function insertSession(
  startsAt: Date,
  places: Place[] = [],
  state: Partial<typeof groupSessions.$inferInsert> = {},
) {
  const [row] = await t.app.ctx.db
    .insert(groupSessions)
    .values({
      mentorId: mentor.id,
      title: '商社の仕事を話す座談会',
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR_MS),
      signUpClosesAt: new Date(startsAt.getTime() - DAY_MS),
      meetingFormat: 'online',
      meetingUrl: 'https://meet.google.com/abc-defg-hij',
      seats: 3,
      audienceKind: 'all',
      ...state,
    })
    .returning();
  let seatNo = 0;
  let waitNo = 0;
  for (const [index, place] of places.entries()) {
    await t.app.ctx.db.insert(groupSessionPlaces).values({
      sessionId: row!.id,
      sessionSeats: row!.seats,
      studentId: students[index]!.id,
      state: place.state,
      seatNo: place.state === 'seated' ? ++seatNo : null,
      waitNo: place.state === 'waiting' ? ++waitNo : null,
      attended: place.attended ?? null,
    });
  }
  return row!;
}

function get(url: string, cookie = admin.cookie) {
  return call(t.app, cookie, 'GET', url);
}

async function page(url: string): Promise<AdminGroupSessionPage> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const times = {
  tomorrow: new Date(Date.now() + DAY_MS),
  inAWeek: new Date(Date.now() + 7 * DAY_MS),
  yesterday: new Date(Date.now() - DAY_MS),
  lastMonth: new Date(Date.now() - 40 * DAY_MS),
};
let ids: Record<keyof typeof times, string>;

describe('the console’s 座談会 (GET /api/admin/group-sessions)', () => {
  beforeAll(async () => {
    const inAWeek = await insertSession(times.inAWeek, [{ state: 'seated' }]);
    const tomorrow = await insertSession(
      times.tomorrow,
      [{ state: 'seated' }, { state: 'seated' }, { state: 'seated' }, { state: 'waiting' }],
      { title: '=HYPERLINK("http://evil.example")' },
    );
    const yesterday = await insertSession(times.yesterday, [
      { state: 'seated', attended: true },
      { state: 'seated', attended: false },
      { state: 'seated' },
      { state: 'left' },
    ]);
    const lastMonth = await insertSession(times.lastMonth, [{ state: 'seated' }], {
      meetingFormat: 'in_person',
      placeKind: 'university',
      meetingPlace: '本館 3階',
      meetingUrl: null,
      cancelledAt: new Date(times.lastMonth.getTime() - DAY_MS),
      cancelledReason: '体調不良のため',
    });
    ids = {
      tomorrow: tomorrow.id,
      inAWeek: inAWeek.id,
      yesterday: yesterday.id,
      lastMonth: lastMonth.id,
    };
  });

  it('lists those ahead soonest first, with seats taken and the waiting list', async () => {
    const { items, nextCursor } = await page('/api/admin/group-sessions');
    expect(nextCursor).toBeNull();
    expect(items.map((item) => item.id)).toEqual([ids.tomorrow, ids.inAWeek]);
    expect(items[0]).toMatchObject({
      title: '=HYPERLINK("http://evil.example")',
      mentorName: '佐藤 美咲',
      mentorUrlParam: mentor.urlParam,
      startsAt: times.tomorrow.toISOString(),
      meetingFormat: 'online',
      seats: 3,
      seated: 3,
      waiting: 1,
      unrecorded: 3,
      cancelledAt: null,
    });
    // Who sits in it, and where it is held, are its own page's.
    const body = JSON.stringify(items);
    expect(body).not.toContain('meet.google.com');
    for (const student of students) expect(body).not.toContain(student.name);
  });

  it('lists those held latest first, with attendance counted, cancelled ones marked', async () => {
    const { items } = await page('/api/admin/group-sessions?tab=past');
    expect(items.map((item) => item.id)).toEqual([ids.yesterday, ids.lastMonth]);
    expect(items[0]).toMatchObject({
      seated: 3,
      waiting: 0,
      attended: 1,
      absent: 1,
      unrecorded: 1,
    });
    expect(items[1]).toMatchObject({
      meetingFormat: 'in_person',
      cancelledReason: '体調不良のため',
    });
    expect(items[1]!.cancelledAt).not.toBeNull();
    expect(JSON.stringify(items)).not.toContain('本館');
  });

  it('is for admins only and refuses an unknown tab', async () => {
    for (const url of ['/api/admin/group-sessions', '/api/admin/group-sessions.csv']) {
      expectError(await get(url, students[0]!.cookie), 403, 'permission-denied');
      expectError(await get(url, mentor.cookie), 403, 'permission-denied');
    }
    expectError(await get('/api/admin/group-sessions?tab=later'), 400, 'invalid-argument');
    expectError(await get('/api/admin/group-sessions.csv?tab=all'), 400, 'invalid-argument');
  });

  it('writes a tab as CSV in the page’s order, formulas as text, and audits it', async () => {
    const response = await get('/api/admin/group-sessions.csv?tab=upcoming');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="group-sessions-upcoming-${tokyoDateStamp(new Date())}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.slice(1).split('\r\n');
    const at = (date: Date) => formatTokyoDateTime(date);
    expect(lines[0]).toBe(
      '日時,座談会,OG,形式,席,参加予定,キャンセル待ち,参加,欠席,未記録,中止日時,中止の理由',
    );
    expect(lines[1]).toBe(
      `${at(times.tomorrow)},"'=HYPERLINK(""http://evil.example"")",佐藤 美咲,オンライン,3,3,1,0,0,3,,`,
    );
    expect(lines[2]).toBe(
      `${at(times.inAWeek)},商社の仕事を話す座談会,佐藤 美咲,オンライン,3,1,0,0,0,1,,`,
    );
    expect(lines.slice(3)).toEqual(['']);

    const past = (await get('/api/admin/group-sessions.csv?tab=past')).body.slice(1).split('\r\n');
    expect(past[1]).toBe(
      `${at(times.yesterday)},商社の仕事を話す座談会,佐藤 美咲,オンライン,3,3,0,1,1,1,,`,
    );
    expect(past[2]).toBe(
      `${at(times.lastMonth)},商社の仕事を話す座談会,佐藤 美咲,対面,3,1,0,0,0,1,${at(new Date(times.lastMonth.getTime() - DAY_MS))},体調不良のため`,
    );
    expect(past).toHaveLength(4);

    const entries = await auditEntries(t.app, 'admin.export.group-sessions');
    expect(entries.map((entry) => entry.details)).toEqual([
      { tab: 'upcoming', rows: 2 },
      { tab: 'past', rows: 2 },
    ]);
    expect(entries.every((entry) => entry.actorId === admin.user.id)).toBe(true);
  });
});

describe('paging', () => {
  it('walks every upcoming 座談会 once, in order, 50 to a page', async () => {
    const later = new Date(Date.now() + 40 * DAY_MS);
    const made = [];
    for (let index = 0; index < 52; index++) {
      made.push(await insertSession(new Date(later.getTime() + (index % 3) * HOUR_MS)));
    }
    const first = await page('/api/admin/group-sessions');
    expect(first.items).toHaveLength(50);
    const second = await page(
      `/api/admin/group-sessions?cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const row of made) expect(seen).toContain(row.id);
    const starts = [...first.items, ...second.items].map((item) =>
      Date.parse(String(item.startsAt)),
    );
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});
