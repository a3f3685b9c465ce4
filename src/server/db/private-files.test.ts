import { chmod, cp, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import {
  cookieFor,
  insertMentor,
  jpeg,
  mentorFields,
  multipartBody,
} from '../test/factories/mentors';
import { testConfig } from '../test/app';
import { restorePglite } from './backup';
import { backupDirOf, keepDataPrivate } from './private-files';

/**
 * Files on the machine are the site's alone: nothing the server or its commands create, and
 * nothing an older version left, can be read or changed by another account of the machine.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'og-private-test-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Every file and folder under `root` (itself included) that the group or others may use. */
async function openToOthers(root: string): Promise<string[]> {
  const open: string[] = [];
  const entries = [
    root,
    ...(await readdir(root, { recursive: true })).map((e) => path.join(root, e)),
  ];
  for (const entry of entries) {
    const { mode } = await lstat(entry);
    if ((mode & 0o077) !== 0) open.push(`${entry} ${(mode & 0o777).toString(8)}`);
  }
  return open;
}

const modeOf = async (file: string) => (await lstat(file)).mode & 0o777;

describe('the files of the site', () => {
  it('a server on a fresh DATA_DIR, an uploaded icon and a restored backup: none open to others', async () => {
    const base = await tempDir();
    const dataDir = path.join(base, 'data');
    // The database as PGlite makes it (its files chmod-ed to 0666): the migrated test template
    // copied in, or in the PostgreSQL pass (no template) made at this start.
    const template = inject('pgliteTemplateDir');
    if (template) {
      await mkdir(dataDir, { mode: 0o700 });
      await cp(template, path.join(dataDir, 'pgdata'), { recursive: true });
      expect((await openToOthers(dataDir)).length).toBeGreaterThan(0);
    }
    const token = 'backup-secret-0123456789abcdef';
    const app = await buildApp(testConfig({ dataDir }), {
      runBackgroundJobs: false,
      logger: false,
      backupToken: token,
    });
    cleanups.push(() => app.close());
    await app.ready();

    const { user } = await insertMentor(app);
    const body = await multipartBody(mentorFields(), { content: await jpeg(300, 300) });
    const upload = await app.inject({
      method: 'PUT',
      url: '/api/mentors/me',
      payload: body.payload,
      headers: { 'content-type': body.contentType, cookie: await cookieFor(app, user.id) },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toMatchObject({ imageUpdated: true });

    const backup = await app.inject({
      method: 'GET',
      url: '/internal/backup',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '127.0.0.1',
    });
    expect(backup.statusCode).toBe(200);
    const restored = path.join(base, 'restored', 'pgdata');
    await restorePglite(new Blob([new Uint8Array(backup.rawPayload)]), restored);
    await app.close();

    expect(await openToOthers(dataDir)).toEqual([]);
    expect(await openToOthers(path.join(base, 'restored'))).toEqual([]);
  }, 120_000);

  it('closes what an older version left open, and says where and how', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const pgdata = path.join(dataDir, 'pgdata');
    const backups = backupDirOf(dataDir, {});
    await mkdir(path.join(pgdata, 'base'), { recursive: true });
    await mkdir(backups);
    await writeFile(path.join(pgdata, 'base', '16384'), 'a student’s address');
    await writeFile(path.join(backups, 'og-backup-20260101-000000.pglite.tar.gz'), 'copy');
    await writeFile(path.join(backups, 'notes.txt'), 'the operator’s own');
    for (const dir of [dataDir, pgdata, path.join(pgdata, 'base'), backups])
      await chmod(dir, 0o755);
    await chmod(path.join(pgdata, 'base', '16384'), 0o666);
    await chmod(path.join(backups, 'og-backup-20260101-000000.pglite.tar.gz'), 0o644);
    await chmod(path.join(backups, 'notes.txt'), 0o644);

    const warnings = keepDataPrivate(dataDir, backups);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(dataDir);
    expect(warnings[0]).toContain(`chmod -R go-rwx ${dataDir}`);
    expect(warnings[0]).toContain('4 files and folders');
    expect(warnings[1]).toContain(`chmod -R go-rwx ${backups}`);

    expect(await openToOthers(pgdata)).toEqual([]);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(pgdata, 'base', '16384'))).toBe(0o600);
    expect(await modeOf(backups)).toBe(0o700);
    expect(await modeOf(path.join(backups, 'og-backup-20260101-000000.pglite.tar.gz'))).toBe(0o600);
    // Only the backups are ours to close in the backup folder.
    expect(await modeOf(path.join(backups, 'notes.txt'))).toBe(0o644);

    // Once closed, nothing more to say.
    expect(keepDataPrivate(dataDir, backups)).toEqual([]);
  });

  it('says nothing about a DATA_DIR not made yet (a first start, or PostgreSQL)', async () => {
    const dataDir = path.join(await tempDir(), 'never-made');
    expect(keepDataPrivate(dataDir, backupDirOf(dataDir, {}))).toEqual([]);
  });
});
