import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { makePrivate, PRIVATE_DIR_MODE } from './private-files';
import { PGLITE_EXTENSIONS } from './client';

/**
 * Backups that restore. Everything the site keeps is in its database (icons
 * included), so a backup is the database:
 * - PostgreSQL: `pg_dump`'s custom format, taken in one snapshot while the site runs, put
 *   back with `pg_restore`;
 * - the embedded PGlite: a tarball of its data directory (`dumpDataDir`), taken between
 *   transactions by the process that holds the database, loaded into an empty directory.
 * The scripts (`npm run backup`, `npm run restore FILE`) only choose which and where.
 */

const run = promisify(execFile);

export type BackupKind = 'postgres' | 'pglite';

/** File names say what is inside, and sort by time. */
export function backupFileName(kind: BackupKind, at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `og-backup-${stamp}.${kind === 'postgres' ? 'pgdump' : 'pglite.tar.gz'}`;
}

/** What a backup file holds, by its first bytes (pg_dump's custom format starts "PGDMP"). */
export async function backupKindOf(file: string): Promise<BackupKind | undefined> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    return undefined;
  } finally {
    await handle.close();
  }
}

/**
 * The URL without its password, which goes to the PostgreSQL tools in PGPASSWORD: a command
 * line is readable by every user of the machine (`ps`), the environment is not.
 */
export function connectionFor(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Our tables in a target database (the schema's and the migrations journal): 0 when empty. */
export const COUNT_OWN_TABLES = `select count(*)::int as n from information_schema.tables
  where table_schema in ('public', 'drizzle')`;

/** A restore or a move never mixes with what a database already holds. */
export function refuseUnlessEmpty(ownTables: number, what: 'restore' | 'move'): void {
  if (ownTables > 0) {
    throw new BackupError(`the target database is not empty: ${what} into a new database`);
  }
}

/** `pg_dump -Fc` of the database at `databaseUrl` into `file`. */
export async function backUpPostgres(databaseUrl: string, file: string): Promise<void> {
  const connection = connectionFor(databaseUrl);
  await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, connection.url], {
    env: connection.env,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: unknown) => {
    throw new BackupError(`pg_dump failed: ${stderrOf(error)}`);
  });
}

/**
 * Puts a `pg_dump` file back into the database at `databaseUrl`, which must be empty (a
 * restore never mixes with what is there). Migrations and seeding are in the dump.
 */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(COUNT_OWN_TABLES);
    refuseUnlessEmpty(rows[0]!.n, 'restore');
  } finally {
    await client.end();
  }
  const connection = connectionFor(databaseUrl);
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', connection.url, file],
    { env: connection.env, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: unknown) => {
    throw new BackupError(`pg_restore failed: ${stderrOf(error)}`);
  });
}

/** Loads a PGlite tarball into `dir`, which must not exist yet or be empty. */
export async function restorePglite(tarball: Blob, dir: string): Promise<void> {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupError(`${dir} is not empty: restore into a new data directory`);
  }
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const restored = await PGlite.create(dir, {
    loadDataDir: tarball,
    extensions: PGLITE_EXTENSIONS,
  });
  // As the server's own database: PGlite writes the files out open to every account.
  makePrivate(dir);
  try {
    // Proves the files make a database before the command says it worked.
    await restored.query('select count(*) from drizzle.__drizzle_migrations');
  } finally {
    await restored.close();
  }
}

function stderrOf(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  return typeof stderr === 'string' && stderr.trim()
    ? stderr.trim()
    : error instanceof Error
      ? error.message
      : String(error);
}
