import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openDatabase, PGLITE_EXTENSIONS } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    /** This run's folder for test databases and other large throwaway files; removed after. */
    testRunDir: string;
    /** The project's files share their worker's modules, and so its spare database. */
    reuseTestDatabases?: boolean;
  }
}

export const POSTGRES_TEMPLATE_DB = 'og_test_template';

/**
 * Migrates one database; each test file then gets its own copy (a copied PGlite directory, or
 * CREATE DATABASE … TEMPLATE on PostgreSQL when TEST_DATABASE_URL is set).
 */
export default async function setup(project: TestProject) {
  const runDir = await makeRunDir();
  project.provide('testRunDir', runDir);
  const teardown = () => rm(runDir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE_DB}`);
    await admin.query(`create database ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${POSTGRES_TEMPLATE_DB}`;
    const template = await openDatabase({ databaseUrl: url.toString() });
    await template.migrate();
    await template.close();
    project.provide('pgliteTemplateDir', '');
    return teardown;
  }
  project.provide('pgliteTemplateDir', await pgliteTemplate());
  return teardown;
}

/**
 * In memory (/dev/shm) where the machine has it: a copy of the template is over a thousand
 * files, and on disk the copy and its removal took longer than PGlite's start. The folder is
 * named after this process, so a run that was killed leaves nothing behind for long: the next
 * run removes the folders of processes that are gone.
 */
async function makeRunDir(): Promise<string> {
  const base = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  for (const name of await readdir(base)) {
    const pid = /^og-test-run-(\d+)-/.exec(name)?.[1];
    if (pid && !isAlive(Number(pid))) {
      await rm(path.join(base, name), { recursive: true, force: true });
    }
  }
  return mkdtemp(path.join(base, `og-test-run-${process.pid}-`));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where migrated PGlite templates are kept between runs (node_modules is never committed). */
const TEMPLATES_DIR = path.resolve('node_modules/.cache/og-test-template');

/**
 * A migrated PGlite directory, made once for these migrations and this PGlite: the inner loop
 * starts seconds sooner when the schema has not changed. Its name is a hash of both, so a new
 * migration (or an edited one, or another PGlite) makes a new template; older ones are removed.
 */
async function pgliteTemplate(): Promise<string> {
  const key = await templateKey();
  const dir = path.join(TEMPLATES_DIR, key);
  if (existsSync(dir)) return dir;
  await mkdir(TEMPLATES_DIR, { recursive: true });
  const building = await mkdtemp(path.join(TEMPLATES_DIR, 'building-'));
  // PGlite's own client, not openDatabase's directory: the files keep the modes PGlite gives
  // them, as db/private-files.test.ts needs.
  const template = await openDatabase({
    pglite: await PGlite.create(building, { extensions: PGLITE_EXTENSIONS }),
  });
  await template.migrate();
  await template.close();
  for (const old of await readdir(TEMPLATES_DIR)) {
    if (old !== key && !old.startsWith('building-')) {
      await rm(path.join(TEMPLATES_DIR, old), { recursive: true, force: true });
    }
  }
  // In one step, so a run started meanwhile sees a whole template or none (and makes its own).
  await rename(building, dir).catch(async (error: unknown) => {
    if (!existsSync(dir)) throw error;
    await rm(building, { recursive: true, force: true });
  });
  return dir;
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const { version } = JSON.parse(
    await readFile(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(version);
  const files = (await readdir(MIGRATIONS_DIR, { recursive: true })).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_DIR, file);
    hash.update(file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(await readFile(full));
  }
  return hash.digest('hex').slice(0, 16);
}
