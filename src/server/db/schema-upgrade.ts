import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What start-up checks and how it migrates, beside drizzle's migrator: a release never runs
 * against a schema newer than its own, and a migration waits only briefly for its locks, so
 * the processes already serving are never queued behind it for long (decision 0018).
 */

/** A migration of drizzle's journal: `when` is what drizzle records as `created_at`. */
export interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

/** The migrations a release ships, oldest first. */
export function journalOf(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return journal.entries;
}

/** A start that must not go on; main.ts prints the message alone and exits 1. */
export class SchemaError extends Error {
  override name = 'SchemaError';
}

/** The one thing needed of a connection here: PGlite's and node-postgres's share it. */
export interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

/**
 * Refuses a database that a newer release has migrated: this release's code does not know
 * what that schema holds (a column it would not fill, one it expects that was contracted).
 * drizzle records one row per migration applied, with the migration's journal time; a row
 * newer than this release's last migration is one it has never seen. Its name is not stored,
 * so the database's version is given by number (migrations are numbered from 0000, in order).
 */
export async function refuseNewerSchema(connection: Queryable, migrationsFolder: string) {
  const present = await connection.query(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!(present.rows[0] as { present: boolean }).present) return;
  const applied = await connection.query(
    `select count(*)::int as applied, max(created_at)::float8 as newest
       from drizzle.__drizzle_migrations`,
  );
  const { applied: count, newest } = applied.rows[0] as { applied: number; newest: number | null };
  const journal = journalOf(migrationsFolder);
  const last = journal.at(-1);
  if (!last || newest === null || newest <= last.when) return;
  const databaseVersion = String(count - 1).padStart(4, '0');
  throw new SchemaError(
    `This release's schema ends at migration ${last.tag}, but the database is at migration ` +
      `${databaseVersion} (${count} applied), written by a newer release. Refusing to start ` +
      `against a schema this release does not know: start the newer release (or restore the ` +
      `backup taken before the upgrade).`,
  );
}

/**
 * How long one migration statement waits for a table's lock. While it waits, PostgreSQL queues
 * every later request for that table behind it (a lock queue is first come, first served), so
 * this is the longest a migration stalls the running processes' requests at a time: 2 s, the
 * outage the request path already rides out (a database restart), and ample for a lock that
 * ordinary requests hold for milliseconds. What holds a lock longer (a long transaction, a
 * pg_dump, an operator's psql) is waited out by trying again, the queue drained in between.
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 2_000;

export interface MigrationPacing {
  lockTimeoutMs: number;
  /** Pauses before each new attempt: their count + 1 attempts in all. */
  pausesMs: number[];
}

/** 5 attempts over about 25 s, then start-up fails and says why. */
export const MIGRATION_PACING: MigrationPacing = {
  lockTimeoutMs: MIGRATION_LOCK_TIMEOUT_MS,
  pausesMs: [1_000, 2_000, 4_000, 8_000],
};

const LOCK_NOT_AVAILABLE = '55P03';

/**
 * The lock timeout's error, as the driver throws it or drizzle wraps it (in `cause`). Not
 * client.ts's pgErrorCode: client.ts imports this module.
 */
function isLockTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `migrate` (drizzle's migrator: every pending migration in one transaction) on a
 * connection with a short `lock_timeout`, again after a pause when it expires (the transaction
 * was rolled back whole, so nothing is half done); the setting is reset before the connection
 * goes back to the pool. The caller holds the start-up lock, which must be taken first: the
 * timeout would cut short the wait for it too.
 */
export async function migrateBriefly(
  connection: Queryable,
  migrate: () => Promise<void>,
  pacing: MigrationPacing = MIGRATION_PACING,
) {
  await connection.query(`set lock_timeout = ${Math.floor(pacing.lockTimeoutMs)}`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await migrate();
        return;
      } catch (error) {
        if (!isLockTimeout(error)) throw error;
        const pause = pacing.pausesMs[attempt];
        if (pause === undefined) {
          throw new SchemaError(
            `The migrations could not take their table locks within ` +
              `${pacing.lockTimeoutMs} ms, in ${attempt + 1} attempts: a long transaction ` +
              `holds them (see pg_locks and pg_stat_activity). Nothing was changed and the ` +
              `running processes were not held up; start this process again once it has ended.`,
            { cause: error },
          );
        }
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  } finally {
    await connection.query('reset lock_timeout');
  }
}
