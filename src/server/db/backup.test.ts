import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { enqueueMail } from '../mail/outbox';
import { createTestApp, type TestApp } from '../test/app';
import { POSTGRES_TEMPLATE_DB } from '../test/global-setup';
import { insertMentor, insertStudent, jpeg } from '../test/factories/mentors';
import {
  BackupError,
  backupKindOf,
  connectionFor,
  backUpPostgres,
  restorePglite,
  restorePostgres,
} from './backup';
import { openDatabase, type Database, type DatabaseHandle } from './client';
import { moveToPostgres } from './move';
import { mentorIcons, mentors } from './schema';
import { seedUniversitiesIfEmpty } from './seed/seed-universities';
import { tableName, tablesInDependencyOrder } from './tables';
import { copyPgliteTemplate, testRunTempDir } from '../test/test-databases';

/**
 * A backup of a seeded site, restored elsewhere, holds every row and every icon.
 * The embedded database in the first pass of `npm test`; PostgreSQL (pg_dump/pg_restore) and
 * the move from the embedded database to PostgreSQL in the PostgreSQL pass.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function tempDir(): Promise<string> {
  const dir = await testRunTempDir('backup-');
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A site with people, an icon and mail in it (fixtures write through `app.ctx.db`). */
async function seedSite(db: Database) {
  const app = { ctx: { db } } as unknown as App;
  await seedUniversitiesIfEmpty(db);
  await insertMentor(app, { icon: await jpeg(200, 200, '#c63'), company: '株式会社バックアップ' });
  await insertMentor(app, { icon: await jpeg(120, 90, '#36c') });
  await insertStudent(app);
  await enqueueMail(db, {
    to: 'kept@example.com',
    subject: '件名',
    text: '本文',
    html: '<p>本文</p>',
  });
}

/** Every row of every table, in a form two databases can be compared by. */
async function contentsOf(db: Database) {
  const contents: Record<string, string[]> = {};
  for (const table of tablesInDependencyOrder()) {
    const rows = await db.select().from(table);
    contents[tableName(table)] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

async function expectSameSite(original: Database, restored: Database) {
  const expected = await contentsOf(original);
  expect(expected.mentor_icons).toHaveLength(2);
  expect(expected.outbox!.length).toBeGreaterThan(0);
  expect(await contentsOf(restored)).toEqual(expected);
  // The icons' bytes themselves, not only their rows' text.
  const iconBytes = async (db: Database) =>
    (await db.select({ content: mentorIcons.content }).from(mentorIcons))
      .map((row) => row.content.toString('base64'))
      .sort();
  expect(await iconBytes(restored)).toEqual(await iconBytes(original));
}

/** An embedded database of its own: the test template's copy, or (PostgreSQL pass) migrated. */
async function pgliteSite(): Promise<DatabaseHandle> {
  const dir = await tempDir();
  if (serverUrl === undefined) await copyPgliteTemplate(dir);
  const handle = await openDatabase({ pgliteDir: dir });
  cleanups.push(() => handle.close());
  if (serverUrl !== undefined) await handle.migrate();
  return handle;
}

async function postgresDatabase(template?: string): Promise<string> {
  const name = `og_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: serverUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  });
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: url });
  cleanups.push(() => handle.close());
  return handle;
}

describe('the PostgreSQL tools\u2019 connection', () => {
  it('takes the password out of the command line into PGPASSWORD', () => {
    const connection = connectionFor('postgres://og:s%40cret@db.internal:5432/og?sslmode=require');
    expect(connection.url).toBe('postgres://og@db.internal:5432/og?sslmode=require');
    expect(connection.env.PGPASSWORD).toBe('s@cret');
    expect(connectionFor('postgres://og@localhost/og').env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});

// Two PGlite databases in a test, one of them restored from a dump: with another file on
// the second core of a busy machine, past the 30 s every test has (vitest.config.ts).
describe.skipIf(serverUrl !== undefined)(
  'backups of the embedded database',
  { timeout: 120_000 },
  () => {
    it('restores a PGlite dump into a new directory with every row and icon', async () => {
      const site = await pgliteSite();
      await seedSite(site.db);
      const tarball = await site.dumpEmbedded!();
      const file = path.join(await tempDir(), 'site.pglite.tar.gz');
      await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
      expect(await backupKindOf(file)).toBe('pglite');

      const target = path.join(await tempDir(), 'pgdata');
      await restorePglite(tarball, target);
      const restored = await openDatabase({ pgliteDir: target });
      cleanups.push(() => restored.close());
      await expectSameSite(site.db, restored.db);

      // Never over a database that is there.
      await expect(restorePglite(tarball, target)).rejects.toBeInstanceOf(BackupError);
    });

    describe('through the running server (GET /internal/backup)', () => {
      const TOKEN = 'backup-secret-0123456789abcdef';
      let t: TestApp;

      beforeAll(async () => {
        t = await createTestApp({}, { backupToken: TOKEN });
        await seedSite(t.app.ctx.db);
        // The seeded mail sent before the copy: the outbox works in turns of its own, and a copy
        // taken while it is pending would differ from the site read after it was sent.
        await t.app.ctx.outbox.drain();
      });
      afterAll(async () => {
        await t?.close();
      });

      it('answers only the holder of the secret, on this machine, and the copy restores', async () => {
        const backup = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
          t.app.inject({ method: 'GET', url: '/internal/backup', headers, remoteAddress });
        expect((await backup({})).statusCode).toBe(404);
        expect((await backup({ authorization: 'Bearer wrong' })).statusCode).toBe(404);
        const bearer = { authorization: `Bearer ${TOKEN}` };
        expect((await backup(bearer, '203.0.113.9')).statusCode).toBe(404);
        expect((await backup({ ...bearer, 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(
          404,
        );

        const response = await backup(bearer);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/gzip');
        const target = path.join(await tempDir(), 'pgdata');
        await restorePglite(new Blob([new Uint8Array(response.rawPayload)]), target);
        const restored = await openDatabase({ pgliteDir: target });
        cleanups.push(() => restored.close());
        await expectSameSite(t.app.ctx.db, restored.db);
      });
    });
  },
);

describe.skipIf(serverUrl === undefined)('backups of PostgreSQL, and the move to it', () => {
  it('restores a pg_dump into an empty database with every row and icon, never over data', async () => {
    const sourceUrl = await postgresDatabase(POSTGRES_TEMPLATE_DB);
    const source = await openPostgres(sourceUrl);
    await seedSite(source.db);
    const file = path.join(await tempDir(), 'site.pgdump');
    await backUpPostgres(sourceUrl, file);
    expect(await backupKindOf(file)).toBe('postgres');

    const targetUrl = await postgresDatabase();
    await restorePostgres(file, targetUrl);
    const restored = await openPostgres(targetUrl);
    await expectSameSite(source.db, restored.db);

    await expect(restorePostgres(file, targetUrl)).rejects.toBeInstanceOf(BackupError);
  });

  it('moves the embedded database into an empty PostgreSQL database', async () => {
    const site = await pgliteSite();
    await seedSite(site.db);
    const target = await openPostgres(await postgresDatabase());
    const copied = await moveToPostgres(site.db, target);
    expect(copied.mentor_icons).toBe(2);
    await expectSameSite(site.db, target.db);
    // The columns PostgreSQL computes were computed again there (the search finds them).
    const searchable = await target.db
      .select({ n: count() })
      .from(mentors)
      .where(sql`${mentors.searchGrams} @> array['ばっ']`);
    expect(searchable[0]?.n).toBe(1);

    await expect(moveToPostgres(site.db, target)).rejects.toBeInstanceOf(BackupError);
  });
});
