import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuietTestApp, type TestApp } from '../test/app';

/**
 * Two requests that take the same two locks in opposite orders: PostgreSQL ends one of the
 * transactions to break the deadlock, and the site runs it again (db/retry.ts) instead of
 * answering 500. PGlite has one session, whose transactions never overlap: PostgreSQL only.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createQuietTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Resolves once `count` callers have arrived. */
function meeting(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return opened;
  };
}

describe('a deadlock between two transactions', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is broken by PostgreSQL and the transaction it ended runs again: both commit',
    async () => {
      const db = t.app.ctx.db;
      const bothHoldOne = meeting(2);
      let runs = 0;
      const lockInOrder = (first: number, second: number) =>
        db.transaction(async (tx) => {
          runs += 1;
          await tx.execute(sql`select pg_advisory_xact_lock(${first})`);
          await bothHoldOne();
          await tx.execute(sql`select pg_advisory_xact_lock(${second})`);
          return `${first}→${second}`;
        });
      const results = await Promise.allSettled([
        lockInOrder(9_060_001, 9_060_002),
        lockInOrder(9_060_002, 9_060_001),
      ]);
      expect(results).toEqual([
        { status: 'fulfilled', value: '9060001→9060002' },
        { status: 'fulfilled', value: '9060002→9060001' },
      ]);
      // Each ran once, and the one PostgreSQL chose ran a second time.
      expect(runs).toBe(3);
    },
  );
});
