import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminFeedbackPage,
  AdminOverview,
  AdminUserPage,
} from '../../../shared/schemas/admin';
import { visitFeedback } from '../../db/schema';
import { auditEntries, call, insertAdmin } from '../../test/factories/admins';
import { createTestApp, type TestApp } from '../../test/app';
import { DAY_MS, HOUR_MS, insertRequest, newMentor, newStudent } from '../../test/factories/visits';

/**
 * What admins see of the visits (docs/PRODUCT.md §7): the funnel on the overview, each
 * alumnus's record in the user list, the feedback page, and the visits as CSV.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await insertAdmin(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
});

describe('the visits in the console', () => {
  it('counts the funnel, each alumnus’s record, lists feedback and exports the visits without words', async () => {
    const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
    const student = await newStudent(t.app, '山田 太郎');
    const now = Date.now();
    // Held and thanked, answered after 4 hours.
    const held = await insertRequest(t.app, student.id, mentor.id, {
      createdAt: new Date(now - 5 * DAY_MS),
      respondedAt: new Date(now - 5 * DAY_MS + 4 * HOUR_MS),
      status: 'accepted',
      meetingAt: new Date(now - DAY_MS),
      studentOutcome: 'held',
      thankedAt: new Date(now - DAY_MS + HOUR_MS),
    });
    // Declined after 2 hours.
    await insertRequest(t.app, (await newStudent(t.app)).id, mentor.id, {
      createdAt: new Date(now - 3 * DAY_MS),
      respondedAt: new Date(now - 3 * DAY_MS + 2 * HOUR_MS),
      status: 'declined',
    });
    // Expired unanswered.
    await insertRequest(t.app, (await newStudent(t.app)).id, mentor.id, {
      createdAt: new Date(now - 2 * DAY_MS),
      status: 'expired',
    });
    await t.app.ctx.db.insert(visitFeedback).values([
      { visitRequestId: held.id, side: 'student', rating: 4, comment: 'とても丁寧でした。' },
      { visitRequestId: held.id, side: 'mentor', rating: 5, comment: '熱心な学生でした。' },
    ]);

    const overview = (
      await call(t.app, admin, 'GET', '/api/admin/overview')
    ).json() as AdminOverview;
    const totals = overview.visits.byMonth.reduce(
      (sum, m) => ({
        requested: sum.requested + m.requested,
        accepted: sum.accepted + m.accepted,
        held: sum.held + m.held,
        thanked: sum.thanked + m.thanked,
      }),
      { requested: 0, accepted: 0, held: 0, thanked: 0 },
    );
    expect(overview.visits.byMonth).toHaveLength(6);
    expect(totals).toEqual({ requested: 3, accepted: 1, held: 1, thanked: 1 });
    expect(overview.visits.answerRate).toBeCloseTo(2 / 3);
    expect(overview.visits.medianHoursToAnswer).toBe(3);

    const users = (
      await call(t.app, admin, 'GET', `/api/admin/users?q=${encodeURIComponent(mentor.email)}`)
    ).json() as AdminUserPage;
    expect(users.users[0]!.visitStats).toEqual({
      received: 3,
      answered: 2,
      held: 1,
      averageRating: 4,
    });

    const feedback = (
      await call(t.app, admin, 'GET', '/api/admin/feedback')
    ).json() as AdminFeedbackPage;
    expect(feedback.items.map((item) => [item.side, item.rating, item.comment]).sort()).toEqual([
      ['mentor', 5, '熱心な学生でした。'],
      ['student', 4, 'とても丁寧でした。'],
    ]);
    expect(feedback.items[0]).toMatchObject({ studentName: '山田 太郎', mentorName: '佐藤 美咲' });
    const students = (
      await call(t.app, admin, 'GET', '/api/admin/feedback?side=student')
    ).json() as AdminFeedbackPage;
    expect(students.items.map((item) => item.side)).toEqual(['student']);

    const csv = await call(t.app, admin, 'GET', '/api/admin/export/visits.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('依頼ID');
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain('実施済み');
    expect(csv.body).not.toContain('お話を伺いたいです');
    expect(csv.body).not.toContain('丁寧でした');
    expect(await auditEntries(t.app, 'admin.export.visits')).toHaveLength(1);
  });
});
