import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
  }
}

export const POSTGRES_TEMPLATE_DB = 'og_test_template';

/**
 * Migrates one database per run; each test file then gets its own copy (a copied PGlite
 * directory, or CREATE DATABASE … TEMPLATE on PostgreSQL when TEST_DATABASE_URL is set).
 */
export default async function setup(project: TestProject) {
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
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'og-pglite-template-'));
  const client = await PGlite.create(dir);
  const template = await openDatabase({ pglite: client });
  await template.migrate();
  await template.close();
  project.provide('pgliteTemplateDir', dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
