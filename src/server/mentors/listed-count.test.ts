import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MentorListPage } from '../../shared/schemas/mentors';
import { listedMentorCount, mentors, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { cookieFor, insertMentor, insertStudent } from '../test/factories/mentors';

/**
 * mentors.listed and listed_mentor_count are kept by the database (migration 0019): whatever
 * changes a user or a profile, the flag is the listing rule and the count is the number of
 * flags, so the OG list's 「全 N 件」 never needs to count every row.
 */

let t: TestApp;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await cookieFor(t.app, (await insertStudent(t.app)).user.id);
});
afterAll(async () => {
  await t?.close();
});

/** The listing rule as written out before the flag: what the flag and the count must equal. */
async function expectCountMatchesRule() {
  const db = t.app.ctx.db;
  const [byRule] = await db
    .execute<{ n: number }>(
      sql`
    select count(*)::int as n from mentors m join users u on u.id = m.user_id
    where u.role in ('mentor', 'admin') and u.email_verified and u.suspended_at is null`,
    )
    .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
  const [flags] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mentors)
    .where(eq(mentors.listed, true));
  const [kept] = await db.select({ total: listedMentorCount.total }).from(listedMentorCount);
  expect(flags!.n).toBe(byRule!.n);
  expect(kept!.total).toBe(byRule!.n);
  return kept!.total;
}

async function listTotal(): Promise<number | null> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/mentors',
    headers: { cookie: viewer },
  });
  return response.json<MentorListPage>().total;
}

async function setUser(userId: string, values: Partial<typeof users.$inferInsert>) {
  await t.app.ctx.db.update(users).set(values).where(eq(users.id, userId));
}

describe('the listed flag and count', () => {
  it('follow every change of who is listed', async () => {
    const before = await expectCountMatchesRule();
    const a = await insertMentor(t.app);
    const b = await insertMentor(t.app);
    const pending = await insertMentor(t.app, { role: 'mentor_pending' });
    const unverified = await insertMentor(t.app, { emailVerified: false });
    const admin = await insertMentor(t.app, { role: 'admin' });
    expect(await expectCountMatchesRule()).toBe(before + 3);

    await setUser(a.user.id, { suspendedAt: new Date() });
    expect(await expectCountMatchesRule()).toBe(before + 2);
    await setUser(a.user.id, { suspendedAt: null });
    await setUser(pending.user.id, { role: 'mentor' });
    await setUser(unverified.user.id, { emailVerified: true });
    expect(await expectCountMatchesRule()).toBe(before + 5);

    // A profile edit changes nothing; the app cannot write the flag.
    await t.app.ctx.db
      .update(mentors)
      .set({ company: '株式会社ほか', listed: false })
      .where(eq(mentors.userId, b.user.id));
    expect(await expectCountMatchesRule()).toBe(before + 5);

    await setUser(admin.user.id, { role: 'student' });
    await t.app.ctx.db.delete(users).where(eq(users.id, b.user.id));
    await t.app.ctx.db.delete(mentors).where(eq(mentors.userId, a.user.id));
    expect(await expectCountMatchesRule()).toBe(before + 2);
    expect(await listTotal()).toBe(before + 2);
  });

  it('is right when profiles come and go side by side (several connections on PostgreSQL)', async () => {
    const before = await expectCountMatchesRule();
    const added = await Promise.all(Array.from({ length: 12 }, () => insertMentor(t.app)));
    expect(await expectCountMatchesRule()).toBe(before + 12);
    await Promise.all(
      added.map((mentor, i) =>
        i % 2 === 0
          ? setUser(mentor.user.id, { suspendedAt: new Date() })
          : t.app.ctx.db.delete(users).where(eq(users.id, mentor.user.id)),
      ),
    );
    expect(await expectCountMatchesRule()).toBe(before);
    expect(await listTotal()).toBe(before);
  });

  it('is the unfiltered list’s total, and a filtered total is still counted', async () => {
    const company = `株式会社カウント${Date.now()}`;
    await insertMentor(t.app, { company });
    await insertMentor(t.app, { company });
    const total = await expectCountMatchesRule();
    expect(await listTotal()).toBe(total);
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/mentors?q=${encodeURIComponent(company)}`,
      headers: { cookie: viewer },
    });
    expect(filtered.json<MentorListPage>().total).toBe(2);
  });

  it('is emptied with the profiles (TRUNCATE fires no row trigger)', async () => {
    await t.app.ctx.db.execute(sql`truncate mentors cascade`);
    expect(await expectCountMatchesRule()).toBe(0);
    await insertMentor(t.app);
    expect(await expectCountMatchesRule()).toBe(1);
  });
});
