import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEVER_ASKED_DAYS,
  REACH_MONTHS,
  type AdminReach,
} from '../../../shared/schemas/admin-reach';
import { mentors, students, users } from '../../db/schema';
import {
  auditEntries,
  call,
  expectError,
  expectOk,
  insertAdmin,
} from '../../test/factories/admins';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieFor, insertMentor, insertStudent } from '../../test/factories/mentors';
import { DAY_MS, HOUR_MS, insertRequest } from '../../test/factories/visits';
import {
  formatTokyoDateTime,
  tokyoMonthOf,
  tokyoMonthStart,
  tokyoMonths,
} from '../../lib/tokyo-time';
import { topFifthShare } from './service';

/**
 * 「依頼の偏り」 (GET /api/admin/reach and its CSV) on a small seminar of its own, whose every
 * request is placed on purpose: two at either side of this month's start in Japan time (which
 * is 15:00 UTC the day before), and around the 60 days of the list of alumni nobody asked.
 */

let t: TestApp;
let admin: string;
let reach: AdminReach;
const MINUTE_MS = 60_000;
const now = Date.now();
const monthStart = tokyoMonthStart(new Date(now)).getTime();
const months = tokyoMonths(new Date(now), REACH_MONTHS);
/** The k-th minute of this month in Japan time: always past, always this month. */
const thisMonth = (k: number) => new Date(monthStart + k * MINUTE_MS);
const daysAgo = (days: number) => new Date(now - days * DAY_MS);
const people: Record<string, string> = {};

async function backdate(table: typeof students | typeof mentors, userId: string, at: Date) {
  await t.app.ctx.db.update(table).set({ createdAt: at }).where(eq(table.userId, userId));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await insertAdmin(t.app)).cookie;

  // Alumni who can be asked: A, B, C, D, E (paused), F. Not: S (suspended), P (awaiting
  // approval), W (withdraws below).
  for (const [key, name] of [
    ['A', '人気 花子'],
    ['B', '普通 由美'],
    ['C', '静か 恵'],
    ['D', '以前 真理'],
    ['E', '休止 彩'],
    ['F', '最近 愛'],
    ['S', '停止 京子'],
    ['W', '退会 優子'],
  ] as const) {
    people[key] = (await insertMentor(t.app, { name, company: `${name.slice(0, 2)}商事` })).user.id;
  }
  people.P = (await insertMentor(t.app, { name: '承認待ち 舞', role: 'mentor_pending' })).user.id;
  await backdate(mentors, people.C!, daysAgo(300));
  await backdate(mentors, people.E!, daysAgo(200));
  await t.app.ctx.db
    .update(mentors)
    .set({ acceptingRequests: false })
    .where(eq(mentors.userId, people.E!));
  await t.app.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, people.S!));

  // Students: 1 never asked (her name starts like a formula), 2 and 6 asked and have no
  // visit, 3 had one, 4 is suspended and never asked.
  for (const [key, name] of [
    ['s1', '=1+1 まだ'],
    ['s2', '断られ 続き'],
    ['s3', '会えた 人'],
    ['s4', '停止 学生'],
    ['s6', '待ち 中'],
  ] as const) {
    people[key] = (await insertStudent(t.app, { name })).user.id;
  }
  await backdate(students, people.s1!, daysAgo(30));
  await backdate(students, people.s2!, daysAgo(20));
  await backdate(students, people.s6!, daysAgo(10));
  await t.app.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, people.s4!));

  const p = (key: string) => people[key]!;
  // This month: A three times (accepted after 2 h, declined after 4 h, waiting), B once in its
  // first minute (accepted after 6 h), W once (cancelled when she withdrew).
  await insertRequest(t.app, p('s3'), p('A'), {
    createdAt: thisMonth(2),
    respondedAt: new Date(thisMonth(2).getTime() + 2 * HOUR_MS),
    status: 'accepted',
    meetingAt: daysAgo(-3),
  });
  await insertRequest(t.app, p('s2'), p('A'), {
    createdAt: thisMonth(3),
    respondedAt: new Date(thisMonth(3).getTime() + 4 * HOUR_MS),
    status: 'declined',
  });
  await insertRequest(t.app, p('s6'), p('A'), { createdAt: thisMonth(4) });
  await insertRequest(t.app, p('s3'), p('B'), {
    createdAt: thisMonth(1),
    respondedAt: new Date(thisMonth(1).getTime() + 6 * HOUR_MS),
    status: 'accepted',
    meetingAt: daysAgo(-4),
  });
  await insertRequest(t.app, p('s6'), p('W'), {
    createdAt: thisMonth(5),
    status: 'cancelled',
    cancelledBy: 'withdrawal',
  });
  // The last minute of last month, Japan time: B, left to expire.
  await insertRequest(t.app, p('s2'), p('B'), {
    createdAt: new Date(monthStart - MINUTE_MS),
    status: 'expired',
  });
  // Around the 60 days: D a day before them (listed), F a day inside (not); both withdrawn by
  // the student before an answer, so they count as sent and nothing else.
  await insertRequest(t.app, p('s3'), p('D'), {
    createdAt: daysAgo(NEVER_ASKED_DAYS + 1),
    status: 'cancelled',
    cancelledBy: 'student',
  });
  await insertRequest(t.app, p('s3'), p('F'), {
    createdAt: daysAgo(NEVER_ASKED_DAYS - 1),
    status: 'cancelled',
    cancelledBy: 'student',
  });
  await t.app.ctx.db.delete(users).where(eq(users.id, p('W')));

  reach = expectOk(await call(t.app, admin, 'GET', '/api/admin/reach')) as unknown as AdminReach;
});
afterAll(async () => {
  await t?.close();
});

describe('the months (GET /api/admin/reach)', () => {
  it('counts this month in Japan time: sent, agreed, acceptance and the median answer', () => {
    expect(reach.months.map((m) => m.month)).toEqual(months);
    expect(reach.months.at(-1)).toMatchObject({
      month: months.at(-1),
      // A ×3, B, and the withdrawn alumna's.
      requested: 5,
      agreed: 2,
      decided: 3,
      medianHoursToAnswer: 4,
    });
    expect(reach.months.at(-1)!.acceptanceRate).toBeCloseTo(2 / 3);
  });

  it('puts the last minute of last month (Japan time) in last month', () => {
    const last = reach.months.at(-2)!;
    const alsoLastMonth = [NEVER_ASKED_DAYS + 1, NEVER_ASKED_DAYS - 1].filter(
      (days) => tokyoMonthOf(daysAgo(days)) === last.month,
    ).length;
    expect(last).toMatchObject({
      requested: 1 + alsoLastMonth,
      agreed: 0,
      decided: 1,
      acceptanceRate: 0,
      medianHoursToAnswer: null,
    });
    expect(last.perMentor.find((entry) => entry.userId === people.B)?.count).toBe(1);
  });

  it('lists the requests per alumna most first, without the withdrawn one, and the top fifth’s share', () => {
    const current = reach.months.at(-1)!;
    expect(current.perMentor).toEqual([
      { userId: people.A, name: '人気 花子', count: 3 },
      { userId: people.B, name: '普通 由美', count: 1 },
    ]);
    // Six alumni can be asked (A–F): the top fifth is two of them, who had every request.
    expect(reach.alumni).toBe(6);
    expect(current.topFifthShare).toBe(1);
    const empty = reach.months[0]!;
    if (empty.requested === 0) expect(empty.topFifthShare).toBeNull();
  });

  it('reckons the top fifth against every alumna who can be asked', () => {
    expect(topFifthShare([6, 2, 1, 1], 10)).toBeCloseTo(0.8);
    expect(topFifthShare([6, 2, 1, 1], 4)).toBeCloseTo(0.6);
    expect(topFifthShare([], 10)).toBeNull();
  });
});

describe('who is left out', () => {
  it(`lists the alumni not asked in ${NEVER_ASKED_DAYS} days, never asked first, paused ones marked`, () => {
    expect(reach.neverAsked.total).toBe(3);
    expect(
      reach.neverAsked.items.map((m) => [m.name, m.lastAskedAt === null, m.acceptingRequests]),
    ).toEqual([
      ['静か 恵', true, true],
      ['休止 彩', true, false],
      ['以前 真理', false, true],
    ]);
    expect(new Date(reach.neverAsked.items[2]!.lastAskedAt!).getTime()).toBeCloseTo(
      daysAgo(NEVER_ASKED_DAYS + 1).getTime(),
      -3,
    );
  });

  it('lists the students who never asked, and those who asked with no visit, the most asked first', () => {
    expect(reach.noRequest).toMatchObject({
      total: 1,
      items: [{ userId: people.s1, name: '=1+1 まだ', requests: 0, lastRequestAt: null }],
    });
    expect(reach.noVisit.total).toBe(2);
    expect(reach.noVisit.items.map((s) => [s.name, s.requests])).toEqual([
      ['断られ 続き', 2],
      ['待ち 中', 2],
    ]);
    expect(reach.noRequest.items[0]).toMatchObject({
      universityName: '早稲田大学',
      universityNameEn: 'Waseda University',
      grade: '3年',
    });
  });
});

describe('the lists as CSV (GET /api/admin/reach.csv)', () => {
  function lines(body: string) {
    expect(body.startsWith('\uFEFF')).toBe(true);
    return body.slice(1).trimEnd().split('\r\n');
  }

  it('writes the students with no request, a formula made text, and audits it', async () => {
    const response = await call(t.app, admin, 'GET', '/api/admin/reach.csv?list=no-request');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="reach-no-request-\d{8}\.csv"$/,
    );
    const [header, ...rows] = lines(response.body);
    expect(header).toBe('氏名,大学,学年,送った依頼数,最後の依頼日時,登録日時');
    expect(rows).toEqual([`'=1+1 まだ,早稲田大学,3年,0,なし,${formatTokyoDateTime(daysAgo(30))}`]);
    const [entry] = await auditEntries(t.app, 'admin.export.reach');
    expect(entry?.details).toEqual({ list: 'no-request', rows: 1 });
  });

  it('writes the alumni nobody asked and the students with no visit, in the page’s order', async () => {
    const never = lines(
      (await call(t.app, admin, 'GET', '/api/admin/reach.csv?list=never-asked')).body,
    );
    expect(never[0]).toBe('氏名,会社,最後に依頼を受けた日時,受付,登録日時');
    expect(never.slice(1).map((row) => row.split(',').slice(0, 4))).toEqual([
      ['静か 恵', '静か商事', 'なし', '受付中'],
      ['休止 彩', '休止商事', 'なし', '受付停止中'],
      ['以前 真理', '以前商事', formatTokyoDateTime(daysAgo(NEVER_ASKED_DAYS + 1)), '受付中'],
    ]);
    const noVisit = lines(
      (await call(t.app, admin, 'GET', '/api/admin/reach.csv?list=no-visit')).body,
    );
    expect(noVisit.slice(1).map((row) => row.split(',').slice(0, 4))).toEqual([
      ['断られ 続き', '早稲田大学', '3年', '2'],
      ['待ち 中', '早稲田大学', '3年', '2'],
    ]);
  });

  it('refuses an unknown list, and anyone but an admin', async () => {
    expectError(
      await call(t.app, admin, 'GET', '/api/admin/reach.csv?list=everyone'),
      400,
      'invalid-argument',
    );
    const student = await cookieFor(t.app, people.s1!);
    for (const url of ['/api/admin/reach', '/api/admin/reach.csv?list=no-request']) {
      expectError(await call(t.app, student, 'GET', url), 403, 'permission-denied');
    }
  });
});
