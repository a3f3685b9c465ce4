import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../db/client';
import { journalOf } from '../db/schema-upgrade';
import { POSTGRES_TEMPLATE_DB } from './global-setup';
import { copyPgliteTemplate } from './test-databases';

/** The release after this one: this release's migrations and one more, `sql`. */
export interface NewerRelease {
  migrationsFolder: string;
  /** Its last migration's tag. */
  tag: string;
  remove(): Promise<void>;
}

export async function newerRelease(sql: string): Promise<NewerRelease> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'og-newer-release-'));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journalOf(MIGRATIONS_DIR).at(-1)!;
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_newer_release`;
  journal.entries.push({ idx, version: '7', when: last.when + 60_000, tag, breakpoints: true });
  await writeFile(journalPath, JSON.stringify(journal, null, 2));
  await writeFile(path.join(folder, `${tag}.sql`), sql);
  return {
    migrationsFolder: folder,
    tag,
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/**
 * One migrated test database that several releases open, each with its own handle: a PostgreSQL
 * clone of the template (TEST_DATABASE_URL), or one PGlite the handles share.
 */
export interface SharedDatabase {
  /** postgres://… of the database (PostgreSQL only). */
  url?: string;
  open(migrationsFolder?: string): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

export async function sharedTestDatabase(): Promise<SharedDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `og_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handles: DatabaseHandle[] = [];
    return {
      url: url.toString(),
      open: async (migrationsFolder) => {
        const handle = await openDatabase({ databaseUrl: url.toString() }, { migrationsFolder });
        handles.push(handle);
        return handle;
      },
      drop: async () => {
        for (const handle of handles) await handle.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name}`);
        await cleanup.end();
      },
    };
  }
  const dir = await copyPgliteTemplate();
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  return {
    open: (migrationsFolder) => openDatabase({ pglite: client }, { migrationsFolder }),
    drop: async () => {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
