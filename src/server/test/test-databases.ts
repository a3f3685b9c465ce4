import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { startPglite } from '../db/client';

/** A new folder in this run's (global-setup.ts), for a test database or other large files. */
export function testRunTempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(inject('testRunDir'), prefix));
}

/**
 * The migrated PGlite template copied into `target`, or into a new folder of this run; returns
 * the copy. `cp -R` rather than fs.cp: node's copy takes each of the thousand files in turn
 * and is four times slower.
 */
export async function copyPgliteTemplate(target?: string): Promise<string> {
  const dir = target ?? (await testRunTempDir('pglite-'));
  await mkdir(dir, { recursive: true });
  await promisify(execFile)('cp', ['-R', `${inject('pgliteTemplateDir')}/.`, dir]);
  return dir;
}

// ---------------------------------------------------------------------------------------------
// One PGlite per worker, emptied between its files
//
// The server project's files share their worker's modules (vitest.config.ts), so a database a
// file is done with can serve the next file of the worker: PGlite's start costs most of a
// second of CPU, a small file's whole run. It comes back as the template was (every row the
// migrations left, nothing else), or, when a file changed more than rows (a table, a function),
// it is closed and a fresh copy made.

interface WorkerDatabase {
  client: PGlite;
  dir: string;
}

/** The database the last file closed, waiting for the next. */
let spare: WorkerDatabase | undefined;
/** What the template holds, read from the first fresh copy: its tables' rows and its shape. */
let template: { rows: Map<string, unknown[]>; shape: string } | undefined;

/**
 * A PGlite as the template is. `release` keeps it for the worker's next file where the project
 * shares modules between files (it provides `reuseTestDatabases`), and closes it elsewhere.
 */
export async function pgliteForTestFile(): Promise<{
  client: PGlite;
  release(): Promise<void>;
}> {
  if (!inject('reuseTestDatabases')) {
    const database = await freshDatabase();
    return { client: database.client, release: () => discard(database) };
  }
  const database = (await takeSpare()) ?? (await freshDatabase());
  template ??= { rows: await rowsOf(database.client), shape: await shapeOf(database.client) };
  let released = false;
  return {
    client: database.client,
    release: async () => {
      if (released) return;
      released = true;
      if (spare) await discard(spare);
      spare = database;
    },
  };
}

async function freshDatabase(): Promise<WorkerDatabase> {
  const dir = await copyPgliteTemplate();
  return { client: await startPglite(dir), dir };
}

async function takeSpare(): Promise<WorkerDatabase | undefined> {
  const database = spare;
  spare = undefined;
  if (!database || !template) return undefined;
  try {
    if (!database.client.closed && (await backToTemplate(database.client, template))) {
      return database;
    }
  } catch {
    // A file that left it mid-transaction, or broke it: a fresh copy instead.
  }
  await discard(database);
  return undefined;
}

async function discard({ client, dir }: WorkerDatabase): Promise<void> {
  if (!client.closed) await client.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
}

// The worker ends without telling its files: the last spare's copy goes with the process (and
// the run's folder with the run, global-setup.ts). Once per worker: it keeps this module.
if (inject('reuseTestDatabases')) {
  process.on('exit', () => {
    if (spare) rmSync(spare.dir, { recursive: true, force: true });
  });
}

/** The tables of the app's schema, quoted for SQL. */
async function tablesOf(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname = 'public' order by 1`,
  );
  return rows.map((row) => row.name);
}

async function rowsOf(client: PGlite): Promise<Map<string, unknown[]>> {
  const rows = new Map<string, unknown[]>();
  for (const table of await tablesOf(client)) {
    const { rows: found } = await client.query<{ row: unknown }>(
      `select to_jsonb(t) as row from ${table} t`,
    );
    if (found.length > 0)
      rows.set(
        table,
        found.map((r) => r.row),
      );
  }
  return rows;
}

/**
 * Everything but rows that a file could change with DDL: tables and their columns,
 * constraints, indexes, functions, triggers, extensions. The same before and after a file
 * that only wrote rows.
 */
async function shapeOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(`
    select md5(string_agg(item, ',' order by item)) as shape from (
      select format('class %s.%s %s', relnamespace::regnamespace, relname, relkind) as item
        from pg_class where relpersistence <> 't' and relnamespace not in
          ('pg_catalog'::regnamespace, 'information_schema'::regnamespace, 'pg_toast'::regnamespace)
      union all
      select format('column %s.%s %s %s %s %s', attrelid::regclass, attname, atttypid, attnotnull,
          atthasdef, attisdropped)
        from pg_attribute join pg_class on pg_class.oid = attrelid
        where relnamespace = 'public'::regnamespace and attnum > 0
      union all
      select format('constraint %s %s', conname, pg_get_constraintdef(oid))
        from pg_constraint where connamespace = 'public'::regnamespace
      union all
      select format('function %s %s', proname, md5(prosrc))
        from pg_proc where pronamespace = 'public'::regnamespace
      union all
      select format('trigger %s', tgname) from pg_trigger where not tgisinternal
      union all
      select format('extension %s', extname) from pg_extension
    ) as shape_items`);
  return rows[0]!.shape;
}

/** Empties the database back to the template's rows; false if its shape changed. */
async function backToTemplate(
  client: PGlite,
  { rows, shape }: { rows: Map<string, unknown[]>; shape: string },
): Promise<boolean> {
  // Alone: DISCARD cannot run in the implicit transaction of several statements. Drops the
  // session's prepared statements, settings, temporary tables, LISTENs and advisory locks.
  await client.exec('discard all');
  if ((await shapeOf(client)) !== shape) return false;
  const tables = await tablesOf(client);
  await client.transaction(async (tx) => {
    await tx.exec(`truncate ${tables.join(', ')} restart identity cascade`);
    for (const [table, found] of rows) {
      await tx.query(
        `insert into ${table} select * from jsonb_populate_recordset(null::${table}, $1)`,
        [JSON.stringify(found)],
      );
    }
    // What ANALYZE learnt of the last file's rows would steer the next file's plans.
    await tx.exec(`delete from pg_statistic where starelid in
      (select oid from pg_class where relnamespace = 'public'::regnamespace)`);
  });
  await client.query('select pg_stat_reset()');
  return true;
}
