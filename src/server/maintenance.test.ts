import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserBindings,
  pendingRegistrations,
  rateLimitHits,
  sessions,
  signInTokens,
} from './db/schema';
import { createTestApp, insertUser, type TestApp } from './test/app';
import { runMaintenance } from './maintenance';

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
