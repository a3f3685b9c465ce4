import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserBindings,
  pendingRegistrations,
  rateLimitHits,
  sessions,
  signInTokens,
} from './db/schema';
import { createTestApp, insertUser, type TestApp } from './test/app';
import { sql } from 'drizzle-orm';
import { runMaintenance, vacuumIfDue } from './maintenance';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('hourly maintenance', () => {
  it('removes what has expired and keeps what is still valid', async () => {
    const db = t.app.ctx.db;
    const user = await insertUser(t.app, { email: 'maint@example.com', role: 'student' });
    const hour = 60 * 60_000;
    const past = (ms: number) => new Date(Date.now() - ms);
    const future = new Date(Date.now() + hour);
    await db.insert(sessions).values([
      { idHash: 'idle', userId: user.id, lastSeenAt: past(2 * hour), expiresAt: future },
      { idHash: 'fresh', userId: user.id, lastSeenAt: new Date(), expiresAt: future },
    ]);
    await db.insert(signInTokens).values([
      { tokenHash: 'old', email: user.email, purpose: 'sign_in', expiresAt: past(25 * hour) },
      { tokenHash: 'new', email: user.email, purpose: 'sign_in', expiresAt: future },
    ]);
    const base = { role: 'student' as const, data: {}, termsAcceptedAt: new Date() };
    await db.insert(pendingRegistrations).values([
      { ...base, email: 'gone@example.ac.jp', expiresAt: past(1000) },
      { ...base, email: 'kept@example.ac.jp', expiresAt: future },
    ]);
    await db.insert(rateLimitHits).values([
      { key: 'old', windowStart: past(25 * hour), count: 3 },
      { key: 'new', windowStart: new Date(), count: 3 },
    ]);

    await db.insert(browserBindings).values([
      { hash: 'old', createdAt: past(25 * hour) },
      { hash: 'new', createdAt: new Date() },
    ]);

    await runMaintenance(t.app.ctx);

    expect((await db.select().from(sessions)).map((s) => s.idHash)).toEqual(['fresh']);
    expect((await db.select().from(signInTokens)).map((s) => s.tokenHash)).toEqual(['new']);
    expect((await db.select().from(pendingRegistrations)).map((p) => p.email)).toEqual([
      'kept@example.ac.jp',
    ]);
    expect((await db.select().from(rateLimitHits)).map((r) => r.key)).toEqual(['new']);
    expect((await db.select().from(browserBindings)).map((b) => b.hash)).toEqual(['new']);
  });
});

describe('the daily vacuum on PGlite', () => {
  /** 13:00 and 04:30 on one day, Japan time. */
  const afternoon = new Date('2026-11-28T04:00:00.000Z');
  const fourAm = new Date('2026-11-27T19:30:00.000Z');

  const heapBytes = async () => {
    const result = (await t.app.ctx.db.execute(
      sql`select pg_relation_size('vacuum_probe')::int as bytes`,
    )) as unknown as { rows: { bytes: number }[] };
    return Number(result.rows[0]!.bytes);
  };
  /** Every row written again four times, through an index: each time a new version. */
  const rewriteAll = async () => {
    for (let round = 0; round < 4; round++) {
      await t.app.ctx.db.execute(sql`update vacuum_probe set v = v + 1`);
    }
  };

  it('runs at 4 a.m. Japan time only, and the space of old row versions is used again', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`create table vacuum_probe (id int primary key, v int, pad text)`);
    await db.execute(sql`create index vacuum_probe_v_idx on vacuum_probe (v)`);
    await db.execute(
      sql`insert into vacuum_probe select g, 0, repeat('x', 400) from generate_series(1, 2000) g`,
    );
    await rewriteAll();
    const bloated = await heapBytes();

    expect(await vacuumIfDue(t.database, afternoon)).toBe(false);
    // PostgreSQL vacuums by itself (autovacuum): the maintenance leaves it alone.
    expect(await vacuumIfDue(t.database, fourAm)).toBe(t.database.kind === 'pglite');
    if (t.database.kind !== 'pglite') return;

    await rewriteAll();
    // Without the vacuum the same writes take about as much again (about 1.8 times).
    expect(await heapBytes()).toBeLessThanOrEqual(bloated * 1.1);
  });
});
