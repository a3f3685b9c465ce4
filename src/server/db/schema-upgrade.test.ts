import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newerRelease, sharedTestDatabase, type NewerRelease } from '../test/newer-release';
import { MIGRATIONS_DIR, type Database } from './client';
import { journalOf, migrateBriefly, SchemaError } from './schema-upgrade';

/**
 * Code and schema agree: a release never runs against a schema a newer release has migrated,
 * and a migration waits only briefly for the locks it needs (PGlite, and PostgreSQL in the
 * PostgreSQL pass; the running processes' side is in test/operations/schema.test.ts).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const RELEASE = journalOf(MIGRATIONS_DIR).at(-1)!;

let newer: NewerRelease;
beforeAll(async () => {
  newer = await newerRelease('ALTER TABLE "universities" ADD COLUMN "newer_note" text;');
});
afterAll(() => newer.remove());

async function appliedMigrations(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('a release and the schema', () => {
  it('starts on its own schema again, and a newer release upgrades it', async () => {
    const database = await sharedTestDatabase();
    try {
      const same = await database.open();
      await same.migrate();
      await same.migrate();
      expect(await appliedMigrations(same.db)).toBe(RELEASE.idx + 1);
      const upgraded = await database.open(newer.migrationsFolder);
      await upgraded.migrate();
      expect(await appliedMigrations(upgraded.db)).toBe(RELEASE.idx + 2);
    } finally {
      await database.drop();
    }
  });

  it('refuses a database a newer release has migrated, naming both versions, and changes nothing', async () => {
    const database = await sharedTestDatabase();
    try {
      await (await database.open(newer.migrationsFolder)).migrate();
      const older = await database.open();
      let seeded = false;
      const refused = await older
        .migrate(async () => {
          seeded = true;
        })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(SchemaError);
      const message = (refused as Error).message;
      expect(message).toContain(`ends at migration ${RELEASE.tag}`);
      const newest = String(RELEASE.idx + 1).padStart(4, '0');
      expect(message).toContain(
        `the database is at migration ${newest} (${RELEASE.idx + 2} applied)`,
      );
      expect(newer.tag.startsWith(newest)).toBe(true);
      expect(seeded).toBe(false);
      expect(await appliedMigrations(older.db)).toBe(RELEASE.idx + 2);
    } finally {
      await database.drop();
    }
  });
});

describe.skipIf(!serverUrl)('a migration behind a lock (PostgreSQL)', () => {
  it('waits at most its lock timeout each time, tries again, fails clearly, and then succeeds once the lock is gone', async () => {
    const database = await sharedTestDatabase();
    // A long transaction that has read the table the migration alters.
    const holder = new pg.Client({ connectionString: database.url });
    const migrating = new pg.Client({ connectionString: database.url });
    try {
      await holder.connect();
      await migrating.connect();
      await holder.query('begin');
      await holder.query('select count(*) from universities');
      const run = () => migrate(drizzle(migrating), { migrationsFolder: newer.migrationsFolder });
      const pacing = { lockTimeoutMs: 300, pausesMs: [100, 100] };

      const start = Date.now();
      const failed = await migrateBriefly(migrating, run, pacing).catch((error: unknown) => error);
      const took = Date.now() - start;
      expect(failed).toBeInstanceOf(SchemaError);
      expect((failed as Error).message).toContain('within 300 ms, in 3 attempts');
      // Three waits of 300 ms and two pauses, not the holder's whole transaction.
      expect(took).toBeGreaterThanOrEqual(3 * 300 + 2 * 100);
      expect(took).toBeLessThan(10_000);
      // Nothing half done, and the connection is back to waiting as long as it takes.
      const applied = await migrating.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0].n).toBe(RELEASE.idx + 1);
      expect((await migrating.query('show lock_timeout')).rows[0].lock_timeout).toBe('0');

      // The lock goes while the migration pauses between attempts: the next attempt succeeds.
      const succeeded = migrateBriefly(migrating, run, { lockTimeoutMs: 300, pausesMs: [600] });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await holder.query('commit');
      await succeeded;
      const after = await migrating.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(after.rows[0].n).toBe(RELEASE.idx + 2);
    } finally {
      await holder.end();
      await migrating.end();
      await database.drop();
    }
  });
});
