import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { withStatementCache } from './pglite-statements';
import { withEventLoopTurns } from './pglite-turns';
import { vacuumEveryTable } from './vacuum';
import { makePrivate, PRIVATE_DIR_MODE } from './private-files';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { listenOnPostgres, type ListenHandlers, type Listening } from './listen';
import { DatabaseWait, DEFAULT_DATABASE_WAIT_MS, retryingPool, retryTransactions } from './retry';
import { migrateBriefly, refuseNewerSchema } from './schema-upgrade';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Repositories take either, so "in one transaction" stays a caller's choice. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Brings the schema up to date, then runs `afterMigrating` (start-up seeding), all under one
   * database-wide lock: processes started together on one PostgreSQL take turns. Refuses
   * (SchemaError) a schema a newer release has migrated (db/schema-upgrade.ts).
   */
  migrate(afterMigrating?: (db: Database) => Promise<void>): Promise<void>;
  /** LISTEN on a channel (db/listen.ts); PGlite, inside this process, never disconnects. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /** The PostgreSQL pool's connections (GET /metrics); PGlite has no pool. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  /**
   * PGlite only: a gzipped tarball of the data directory, taken while no transaction is open
   * (a backup, db/backup.ts). PostgreSQL is backed up with pg_dump from outside.
   */
  dumpEmbedded?: () => Promise<Blob>;
  /**
   * PGlite only: VACUUM (ANALYZE) table by table (db/vacuum.ts), which PostgreSQL's autovacuum
   * does by itself. Run daily by the maintenance (maintenance.ts).
   */
  vacuumEmbedded?: () => Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The session-level advisory lock that start-up holds while it migrates and seeds: any key,
 * as long as nothing else uses it (transaction locks elsewhere hash names, db/locks.ts).
 */
export const STARTUP_LOCK_KEY = 7_461_301_018;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite runs inside this process, so its buffer pool is this process's memory, allocated at
 * start: 16 MB instead of PostgreSQL's default 128 MB keeps the server near 200 MB. Pages
 * beyond it are read from the OS file cache, which the 100,000-alumni growth figures include.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * The extensions the migrations create, which every PGlite opening the data must load:
 * btree_gist for the booked slots' exclusion constraint (migration 0025).
 */
export const PGLITE_EXTENSIONS = { btree_gist };

export type DatabaseTarget = { databaseUrl: string } | { pgliteDir: string } | { pglite: PGlite };

export interface DatabaseOptions {
  /** Called with every statement the app sends (tests pin how many a request takes). */
  onQuery?: (query: string) => void;
  /** How long a request waits for PostgreSQL to come back (DATABASE_WAIT_MS; 0: not at all). */
  waitMs?: number;
  /** Another release's migrations (tests: a newer one); this release's by default. */
  migrationsFolder?: string;
  /**
   * PGlite keeps the statements the app repeats prepared (PGLITE_PREPARED; on by
   * default); off, every statement goes through PGlite's own `query`. PostgreSQL ignores it.
   */
  statementCache?: boolean;
  /**
   * PostgreSQL only: every connection's search path. The simulated year's (decision 0046) puts
   * its `sim.now()` before pg_catalog's; otherwise the server's default.
   */
  searchPath?: string;
}

export async function openDatabase(
  target: DatabaseTarget,
  {
    onQuery,
    waitMs = DEFAULT_DATABASE_WAIT_MS,
    migrationsFolder = MIGRATIONS_DIR,
    statementCache = true,
    searchPath,
  }: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: 10,
      ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    // Nor may a client checked out for a transaction (the pool listens only to idle ones). Its
    // query in flight gets the error; the dead client goes back to the pool at once, to be
    // dropped, since drizzle never releases a client whose BEGIN failed (a leak that would
    // leave the pool empty for good); the holder's own release later does nothing.
    const checkedOut = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_error, client) => checkedOut.delete(client));
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        if (!checkedOut.has(client)) return;
        const release = client.release;
        client.release = () => {};
        release(error);
      });
    });
    // Every statement and transaction waits out a blip and retries what is safe (db/retry.ts).
    const wait = new DatabaseWait(waitMs);
    const db = drizzleNodePg(retryingPool(pool, wait), { schema, logger }) as unknown as Database;
    retryTransactions(db, wait);
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      migrate: async (afterMigrating) => {
        // One connection holds the lock and runs everything: a session lock belongs to its
        // connection, and is released by the server if this process dies holding it.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            // Under the lock: a newer release migrating meanwhile is seen once it is done.
            await refuseNewerSchema(client, migrationsFolder);
            const locked = drizzleNodePg(client, { schema });
            await migrateBriefly(client, () => migrateNodePg(locked, { migrationsFolder }));
            await afterMigrating?.(locked as unknown as Database);
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      listen: async (channel, handlers) => {
        const listening = listenOnPostgres(target.databaseUrl, channel, handlers);
        await listening.firstAttempt;
        return listening;
      },
      close: () => pool.end(),
    };
  }
  const client = 'pglite' in target ? target.pglite : await startPglite(target.pgliteDir);
  const statements = statementCache
    ? withStatementCache(client, {
        // A 訪問記録 search's best plan depends on its words (how many notes each piece of them
        // matches), which the generic plan of a prepared statement cannot see. The OG list's
        // search hides its words from the planner and is kept (db/word-search.ts).
        plannedEachTime: (text) => text.includes(`"${schema.mentors.searchGrams.name}" @> ARRAY[`),
      })
    : client;
  const turns = withEventLoopTurns(statements);
  const db = drizzlePglite(turns, {
    schema,
    logger,
  }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    poolStats: () => undefined,
    // Inside a transaction of its own: no other transaction can be half done in the copy.
    dumpEmbedded: () => client.transaction(() => client.dumpDataDir('gzip')),
    vacuumEmbedded: () => vacuumEveryTable(turns),
    // PGlite serves this process alone: nothing to take turns with.
    migrate: async (afterMigrating) => {
      await refuseNewerSchema(client, migrationsFolder);
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await afterMigrating?.(db);
    },
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotification);
      handlers.onConnected();
      return { close: unlisten };
    },
    close: () => client.close(),
  };
}

/** PGlite on a data directory (made when missing), with the site's settings and files private. */
export async function startPglite(dir: string): Promise<PGlite> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const client = await PGlite.create(dir, {
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  // PGlite chmods the files it makes to 0666 (past any umask): the site's alone from here.
  makePrivate(dir);
  return client;
}

/** Postgres error code of a driver error; drizzle wraps it in `cause`. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
