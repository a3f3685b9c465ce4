import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_GRADES } from '../../../shared/constants';
import { SIGN_UP_WEEKS, type AdminOverview } from '../../../shared/schemas/admin';
import { INDUSTRY_CATEGORIES } from '../../../shared/taxonomy';
import { outbox, mentors, students } from '../../db/schema';
import { call, expectOk, insertAdmin, insertInvitation } from '../../test/factories/admins';
import { createTestApp, type TestApp } from '../../test/app';
import { insertMentor, insertStudent } from '../../test/factories/mentors';
import { insertMail } from '../../test/factories/mail';

/** A database of its own: the overview counts everything in it. */
let t: TestApp;
let overview: AdminOverview;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Monday 00:00 of this week in Japan time (UTC+9, no daylight saving), as an instant. */
function thisTokyoMonday(): number {
  const tokyo = new Date(Date.now() + 9 * HOUR);
  const midnight = Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), tokyo.getUTCDate());
  return midnight - ((tokyo.getUTCDay() + 6) % 7) * DAY - 9 * HOUR;
}

function tokyoDay(instant: number): string {
  return new Date(instant + 9 * HOUR).toISOString().slice(0, 10);
}

async function backdateStudent(userId: string, at: number) {
  await t.app.ctx.db
    .update(students)
    .set({ createdAt: new Date(at) })
    .where(eq(students.userId, userId));
}

async function backdateMentor(userId: string, at: number) {
  await t.app.ctx.db
    .update(mentors)
    .set({ createdAt: new Date(at) })
    .where(eq(mentors.userId, userId));
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await insertAdmin(t.app);
  const monday = thisTokyoMonday();

  // Students: 3 at 早稲田, 1 at 慶應; grades 3年 ×2, 1年, 大学院1年.
  const a = await insertStudent(t.app, { universityId: 'waseda', grade: '3年' });
  const b = await insertStudent(t.app, { universityId: 'waseda', grade: '3年' });
  await insertStudent(t.app, { universityId: 'waseda', grade: '大学院1年' });
  const d = await insertStudent(t.app, { universityId: 'keio', grade: '1年', email: 'd@keio.jp' });
  // Half an hour into this Monday in Japan is still Sunday in UTC: it counts for this week.
  await backdateStudent(a.user.id, monday + 0.5 * HOUR);
  // Half an hour before it: last week.
  await backdateStudent(b.user.id, monday - 0.5 * HOUR);
  // Long before the chart's first week: counted in the totals only.
  await backdateStudent(d.user.id, monday - 200 * DAY);

  // Alumni: 4 counted (mentor or mentor_pending with a profile); an admin's profile is not.
  const m1 = await insertMentor(t.app, {
    industry: 'IT・通信 - ソフトウェア',
    graduationYear: 2015,
  });
  await insertMentor(t.app, { industry: 'ゲーム', graduationYear: 2015 }); // legacy: IT・通信
  await insertMentor(t.app, { industry: '金融・保険 - 証券', graduationYear: 2010 });
  const m4 = await insertMentor(t.app, {
    industry: 'その他',
    graduationYear: 2020,
    role: 'mentor_pending',
  });
  await insertMentor(t.app, { industry: 'メーカー - 医薬品', graduationYear: 1999, role: 'admin' });
  await backdateMentor(m1.user.id, monday - 7 * DAY + HOUR);
  await backdateMentor(m4.user.id, monday - (SIGN_UP_WEEKS - 1) * 7 * DAY);

  // Invitations: one pending, one completed, one expired and one overdue (counted expired).
  await insertInvitation(t.app, { status: 'pending' });
  await insertInvitation(t.app, { status: 'completed' });
  await insertInvitation(t.app, { status: 'expired' });
  await insertInvitation(t.app, { status: 'pending', expiresIn: '-1 hour' });

  // Mail: two waiting (the older for ten minutes), one given up on, one sent.
  await t.app.ctx.db.delete(outbox);
  await insertMail(
    t.app,
    { createdAt: new Date(Date.now() - 10 * 60_000) },
    {},
    { status: 'failed' },
    { status: 'sent', sentAt: new Date() },
  );

  overview = expectOk(
    await call(t.app, admin.cookie, 'GET', '/api/admin/overview'),
  ) as unknown as AdminOverview;
});
afterAll(async () => {
  await t?.close();
});

describe('the overview (GET /api/admin/overview)', () => {
  it('counts mail waiting to be sent, its oldest age, and mail given up on', () => {
    expect(overview.outbox).toMatchObject({ pending: 2, failed: 1 });
    expect(overview.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(600);
    expect(overview.outbox.oldestPendingSeconds).toBeLessThan(700);
  });

  it('counts students by university, largest first, and by grade in order', () => {
    expect(overview.students.total).toBe(4);
    expect(overview.students.byUniversity).toEqual([
      { universityName: '早稲田大学', universityNameEn: 'Waseda University', count: 3 },
      { universityName: '慶應義塾大学', universityNameEn: 'Keio University', count: 1 },
    ]);
    const expected: Record<string, number> = { '1年': 1, '3年': 2, 大学院1年: 1 };
    expect(overview.students.byGrade).toEqual(
      PROFILE_GRADES.map((grade) => ({ grade, count: expected[grade] ?? 0 })),
    );
  });

  it('counts alumni by industry category in the taxonomy order and by graduation year', () => {
    expect(overview.mentors.total).toBe(4);
    const expected: Record<string, number> = { 'IT・通信': 2, '金融・保険': 1, その他: 1 };
    expect(overview.mentors.byIndustryCategory).toEqual(
      INDUSTRY_CATEGORIES.map(({ name }) => ({ category: name, count: expected[name] ?? 0 })),
    );
    expect(overview.mentors.byGraduationYear).toEqual([
      { year: 2010, count: 1 },
      { year: 2015, count: 2 },
      { year: 2020, count: 1 },
    ]);
  });

  it('counts invitations by status after applying expiry', () => {
    expect(overview.invitations).toEqual([
      { status: 'pending', count: 1 },
      { status: 'completed', count: 1 },
      { status: 'expired', count: 2 },
    ]);
  });

  it('counts sign-ups per Monday-based week in Japan time, oldest first, zero-filled', () => {
    const monday = thisTokyoMonday();
    const weeks = overview.signUpsPerWeek;
    expect(weeks).toHaveLength(SIGN_UP_WEEKS);
    expect(weeks.map((w) => w.weekStart)).toEqual(
      Array.from({ length: SIGN_UP_WEEKS }, (_, i) =>
        tokyoDay(monday - (SIGN_UP_WEEKS - 1 - i) * 7 * DAY),
      ),
    );
    // This week: students a and the one at 大学院1年 created now; alumni the two not moved
    // (the admin's profile is not an alumna's sign-up, as in the totals).
    expect(weeks.at(-1)).toMatchObject({ students: 2, mentors: 2 });
    expect(weeks.at(-2)).toMatchObject({ students: 1, mentors: 1 });
    expect(weeks[0]).toMatchObject({ students: 0, mentors: 1 });
    const totals = weeks.reduce(
      (sum, w) => ({ students: sum.students + w.students, mentors: sum.mentors + w.mentors }),
      { students: 0, mentors: 0 },
    );
    expect(totals).toEqual({ students: 3, mentors: 4 });
  });
});
