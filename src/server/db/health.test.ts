import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { SLOW_LOCK_WAIT_MS } from './health';

/**
 * GET /healthz says the database is slow while it is: a lock stalling writes (PostgreSQL), a
 * database busy past the probe's bound (PGlite, one query at a time). Still 200: every
 * process shares the database, so none would be a better place to send a request to.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function health() {
  const response = await t.app.inject({ method: 'GET', url: '/healthz' });
  return { code: response.statusCode, body: response.json() as unknown };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('GET /healthz', () => {
  it('says ok while the database answers at once', async () => {
    expect(await health()).toEqual({ code: 200, body: { status: 'ok', database: 'ok' } });
  });

  it.skipIf(serverUrl)('says slow while the embedded database is held past the bound', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    try {
      expect(await health()).toEqual({ code: 200, body: { status: 'ok', database: 'slow' } });
    } finally {
      release();
      await transaction;
    }
    expect(await health()).toEqual({ code: 200, body: { status: 'ok', database: 'ok' } });
  });

  it.skipIf(!serverUrl)(
    'says slow while writes wait behind a lock, and ok once it is gone',
    async () => {
      const current = (await t.database.db.execute(
        sql`select current_database() as name`,
      )) as unknown as {
        rows: { name: string }[];
      };
      const url = new URL(serverUrl!);
      url.pathname = `/${current.rows[0]!.name}`;
      const holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
      try {
        // An operator's (or a migration's) lock that lets reads through and stalls writes.
        await holder.query('begin');
        await holder.query('lock table universities in share mode');
        // Sent now (drizzle's queries start when awaited), answered once the lock goes.
        const write = t.database.db
          .execute(sql`update universities set name = name`)
          .then(() => {});
        // Reads still answer: the old /healthz (select 1) stayed green here.
        const read = await t.database.db.execute(sql`select count(*) from universities`);
        expect((read as unknown as { rows: unknown[] }).rows).toHaveLength(1);
        expect((await health()).body).toEqual({ status: 'ok', database: 'ok' });
        await sleep(SLOW_LOCK_WAIT_MS + 200);
        expect(await health()).toEqual({ code: 200, body: { status: 'ok', database: 'slow' } });
        await holder.query('commit');
        await write;
      } finally {
        await holder.end();
      }
      expect(await health()).toEqual({ code: 200, body: { status: 'ok', database: 'ok' } });
    },
  );
});
