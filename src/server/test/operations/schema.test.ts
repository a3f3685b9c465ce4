import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { MIGRATIONS_DIR } from '../../db/client';
import { journalOf, MIGRATION_LOCK_TIMEOUT_MS } from '../../db/schema-upgrade';
import { testConfig } from '../app';
import { newerRelease, sharedTestDatabase, type NewerRelease } from '../newer-release';

/**
 * Code and schema agree during an upgrade, on PostgreSQL: a process of an older release
 * refuses the schema a newer one has migrated (the real `main.ts`), and the newer release's
 * migration, behind a long transaction, holds up the running processes' requests for about
 * its lock timeout at a time, not for as long as that transaction lasts.
 *
 * Runs in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL), in databases of its own.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const RELEASE = journalOf(MIGRATIONS_DIR).at(-1)!;
/** How long the long transaction holds the table the newer release alters. */
const HELD_MS = 6_000;

let newer: NewerRelease;
beforeAll(async () => {
  newer = await newerRelease('ALTER TABLE "universities" ADD COLUMN "newer_note" text;');
});
afterAll(() => newer?.remove());

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe.skipIf(!serverUrl)('an upgrade on PostgreSQL', () => {
  it('an older release’s process refuses to start on a newer schema, naming both versions', async () => {
    const database = await sharedTestDatabase();
    try {
      await (await database.open(newer.migrationsFolder)).migrate();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: '0',
          APP_ORIGIN: 'http://localhost:3999',
          DATABASE_URL: database.url,
          SMTP_URL: 'smtp://127.0.0.1:1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      // A process that does start is stopped, so that the failure is reported and not left running.
      const started = sleep(60_000).then(() => 'still running');
      const code = await Promise.race([exited, started]).finally(() => {
        if (child.exitCode === null) child.kill();
      });
      expect(code, stderr).toBe(1);
      expect(stderr).toContain(`This release's schema ends at migration ${RELEASE.tag}`);
      const newest = String(RELEASE.idx + 1).padStart(4, '0');
      expect(stderr).toContain(`the database is at migration ${newest}`);
      // A sentence for the operator, not a stack trace.
      expect(stderr).not.toMatch(/^\s+at /m);
    } finally {
      await database.drop();
    }
  }, 120_000);

  it('a migration behind a long transaction stalls requests for about its lock timeout, then succeeds', async () => {
    const database = await sharedTestDatabase();
    const running = await database.open();
    const app = await buildApp(testConfig(), {
      database: running,
      runBackgroundJobs: false,
      logger: false,
    });
    await app.ready();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      // Someone's long transaction (a report, a pg_dump, an operator's psql) has read the table.
      await holder.query('begin');
      await holder.query('select count(*) from universities');

      // The running process serves a request every 50 ms, each timed, and polls /healthz.
      const requests: Promise<{ status: number; ms: number }>[] = [];
      const health: string[] = [];
      let serving = true;
      const load = (async () => {
        while (serving) {
          const start = Date.now();
          requests.push(
            app
              .inject({ method: 'GET', url: '/api/universities' })
              .then((response) => ({ status: response.statusCode, ms: Date.now() - start })),
          );
          await sleep(50);
        }
      })();
      const polling = (async () => {
        while (serving) {
          const response = await app.inject({ method: 'GET', url: '/healthz' });
          health.push(
            (response.json() as { database?: string }).database ?? response.statusCode.toString(),
          );
          await sleep(200);
        }
      })();

      await sleep(500);
      const start = Date.now();
      const upgrade = (await database.open(newer.migrationsFolder)).migrate();
      await sleep(HELD_MS);
      await holder.query('commit');
      await upgrade;
      const migratedMs = Date.now() - start;
      await sleep(1_000);
      serving = false;
      await Promise.all([load, polling]);
      const answers = await Promise.all(requests);

      const failed = answers.filter((answer) => answer.status !== 200).length;
      const slowest = Math.max(...answers.map((answer) => answer.ms));
      const overOneSecond = answers.filter((answer) => answer.ms > 1_000).length;
      console.info(
        `migration behind a ${HELD_MS} ms transaction: migrated after ${migratedMs} ms; ` +
          `${answers.length} requests, ${failed} failed, slowest ${slowest} ms, ` +
          `${overOneSecond} over 1 s; /healthz said ${health.filter((h) => h === 'slow').length} ` +
          `times slow of ${health.length}`,
      );
      // The migration waited the transaction out (trying again), and then went through.
      expect(migratedMs).toBeGreaterThanOrEqual(HELD_MS);
      const column = await running.db.execute(
        sql`select 1 from information_schema.columns where table_name = 'universities' and column_name = 'newer_note'`,
      );
      expect((column as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      // No request failed, and none waited much longer than one lock timeout (slack for a
      // busy machine), where without one they would have waited the whole transaction.
      expect(failed).toBe(0);
      expect(slowest).toBeLessThan(MIGRATION_LOCK_TIMEOUT_MS + 1_500);
      // /healthz said so while requests were queued, and is ok again after.
      expect(health).toContain('slow');
      expect(health.at(-1)).toBe('ok');
    } finally {
      await holder.end();
      await app.close();
      await database.drop();
    }
  }, 120_000);
});
