import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradeRollover } from '../../shared/schemas/admin';
import { students } from '../db/schema';
import { auditEntries, call, expectError, insertAdmin } from '../test/factories/admins';
import { insertStudent } from '../test/factories/mentors';
import { mailsTo } from '../test/factories/visits';
import { jaMail } from '../../shared/messages/ja/mail';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/app';
import { rollOverGradesIfDue } from './grade-rollover-service';

/**
 * The April grade rollover with an injected clock (docs/PRODUCT.md §4): once per school year from
 * April 1 Japan time, 4年 and 大学院2年 become 卒業予定, audited; an admin undoes the last one.
 * One file, one database: the school years go forward from test to test.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function gradeOf(userId: string): Promise<string> {
  const [row] = await t.app.ctx.db.select().from(students).where(eq(students.userId, userId));
  return row!.grade;
}

describe('the April grade rollover', () => {
  it('moves every student up once, from April 1 00:00 Japan time, and is audited', async () => {
    const first = await insertStudent(t.app, { grade: '1年' });
    const fourth = await insertStudent(t.app, { grade: '4年' });
    const master = await insertStudent(t.app, { grade: '大学院2年' });
    const odd = await insertStudent(t.app, { grade: '研究生' });

    // 23:59 on March 31 in Japan: not yet.
    expect(await rollOverGradesIfDue(t.app.ctx.db, new Date('2030-03-31T14:59:00Z'))).toBeNull();
    expect(await gradeOf(first.user.id)).toBe('1年');

    const due = new Date('2030-03-31T15:00:00Z');
    const [a, b] = await Promise.all([
      rollOverGradesIfDue(t.app.ctx.db, due),
      rollOverGradesIfDue(t.app.ctx.db, due),
    ]);
    expect([a, b].filter((moved) => moved !== null)).toHaveLength(1);
    expect(await rollOverGradesIfDue(t.app.ctx.db, new Date('2030-04-02T00:00:00Z'))).toBeNull();
    expect(await gradeOf(first.user.id)).toBe('2年');
    expect(await gradeOf(fourth.user.id)).toBe('卒業予定');
    expect(await gradeOf(master.user.id)).toBe('卒業予定');
    // The new graduates, and only they, are invited once to apply to become an OG.
    for (const graduate of [fourth, master]) {
      const invites = (await mailsTo(t.app, graduate.user.email)).filter(
        (mail) => mail.subject === jaMail.mail.graduationInvite.subject,
      );
      expect(invites).toHaveLength(1);
      expect(invites[0]!.text).toContain(`${TEST_ORIGIN}/graduation`);
    }
    expect(await mailsTo(t.app, first.user.email)).toEqual([]);
    // A grade the site does not know stays as it is.
    expect(await gradeOf(odd.user.id)).toBe('研究生');
    const [entry] = await auditEntries(t.app, 'system.grade-rollover');
    expect(entry).toMatchObject({ actorId: null, details: { schoolYear: 2030 } });
  });

  it('leaves a student who registered or saved their profile since April 1', async () => {
    const before = await insertStudent(t.app, { grade: '1年' });
    const since = await insertStudent(t.app, { grade: '1年' });
    const saved = await insertStudent(t.app, { grade: '1年' });
    const lastYear = new Date('2030-12-01T00:00:00Z');
    const april = new Date('2031-04-03T00:00:00Z');
    await t.app.ctx.db
      .update(students)
      .set({ createdAt: lastYear, updatedAt: lastYear })
      .where(eq(students.userId, before.user.id));
    await t.app.ctx.db
      .update(students)
      .set({ createdAt: april, updatedAt: april })
      .where(eq(students.userId, since.user.id));
    await t.app.ctx.db
      .update(students)
      .set({ createdAt: lastYear, updatedAt: april })
      .where(eq(students.userId, saved.user.id));
    expect(
      await rollOverGradesIfDue(t.app.ctx.db, new Date('2031-04-05T00:00:00Z')),
    ).not.toBeNull();
    expect(await gradeOf(before.user.id)).toBe('2年');
    expect(await gradeOf(since.user.id)).toBe('1年');
    expect(await gradeOf(saved.user.id)).toBe('1年');
  });

  it('does not roll over a school year long begun (a site first started in autumn waits)', async () => {
    const student = await insertStudent(t.app, { grade: '2年' });
    expect(await rollOverGradesIfDue(t.app.ctx.db, new Date('2034-11-01T00:00:00Z'))).toBeNull();
    expect(await gradeOf(student.user.id)).toBe('2年');
  });

  it('is undone by an admin, except where a student changed their grade since; once', async () => {
    const stays = await insertStudent(t.app, { grade: '3年' });
    const edits = await insertStudent(t.app, { grade: '3年' });
    expect(
      await rollOverGradesIfDue(t.app.ctx.db, new Date('2032-04-01T03:00:00Z')),
    ).not.toBeNull();
    await t.app.ctx.db
      .update(students)
      .set({ grade: '3年' })
      .where(eq(students.userId, edits.user.id));

    const { cookie } = await insertAdmin(t.app);
    const list = await call(t.app, cookie, 'GET', '/api/admin/grade-rollovers');
    const latest = (list.json() as { rollovers: GradeRollover[] }).rollovers[0]!;
    expect(latest).toMatchObject({ schoolYear: 2032, undoneAt: null });
    const undone = await call(
      t.app,
      cookie,
      'POST',
      `/api/admin/grade-rollovers/${latest.id}/undo`,
    );
    expect(undone.statusCode).toBe(200);
    expect(await gradeOf(stays.user.id)).toBe('3年');
    expect(await gradeOf(edits.user.id)).toBe('3年');
    expect(await auditEntries(t.app, 'admin.grade-rollover.undo')).toHaveLength(1);
    expectError(
      await call(t.app, cookie, 'POST', `/api/admin/grade-rollovers/${latest.id}/undo`),
      409,
      'admin/rollover-undone',
    );
    // The school year stays rolled over: the next pass does not do it again.
    expect(await rollOverGradesIfDue(t.app.ctx.db, new Date('2032-04-01T04:00:00Z'))).toBeNull();
    expect(await gradeOf(stays.user.id)).toBe('3年');
  });

  it('undoes only the latest rollover', async () => {
    expect(
      await rollOverGradesIfDue(t.app.ctx.db, new Date('2033-04-01T03:00:00Z')),
    ).not.toBeNull();
    const { cookie } = await insertAdmin(t.app);
    const list = await call(t.app, cookie, 'GET', '/api/admin/grade-rollovers');
    const [, older] = (list.json() as { rollovers: GradeRollover[] }).rollovers;
    expectError(
      await call(t.app, cookie, 'POST', `/api/admin/grade-rollovers/${older!.id}/undo`),
      404,
      'not-found',
    );
  });
});
