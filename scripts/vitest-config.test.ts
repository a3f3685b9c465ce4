import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import config, {
  mockingModules,
  PGLITE_ONLY,
  reachesPassDatabase,
  runsOnPostgres,
  testFiles,
} from '../vitest.config';
import { projectOf, vitestProjects } from './test-budgets';

const root = path.resolve(import.meta.dirname, '..');

describe('the Vitest projects', () => {
  it('run each file that replaces a module (vi.mock) alone, never in a worker other files share', () => {
    // A call starts its line; the import check's tests only write vi.mock into planted files.
    const mocking = testFiles().filter((file) =>
      /^\s*(await\s+)?vi\.(do)?mock\(/m.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.sort()).toEqual([...mockingModules].sort());
  });

  it('take every test file into exactly one project (so each runs, and its time counts)', () => {
    const projects = vitestProjects(config);
    for (const file of testFiles()) {
      expect(projectOf(projects, file), file).toBeDefined();
    }
  });
});

describe('the PostgreSQL pass', () => {
  it('runs every file that reads the server’s URL or gets a database from the test support', () => {
    const onPostgres = testFiles().filter((file) => runsOnPostgres(file));
    // The files that only PostgreSQL can run, and a feature's route tests.
    for (const file of [
      'src/server/db/listen.test.ts',
      'src/server/test/operations/processes.test.ts',
      'src/server/mail/mail.test.ts',
      'src/server/test/whole-app/authorization-matrix.test.ts',
    ]) {
      expect(onPostgres).toContain(file);
    }
    for (const file of testFiles()) {
      if (readFileSync(path.join(root, file), 'utf8').includes('TEST_' + 'DATABASE_URL')) {
        expect(onPostgres, file).toContain(file);
      }
    }
  });

  it('leaves out what runs the same code on either database: pure code, its own PGlite, a mocked pg', () => {
    for (const file of [
      'src/shared/years.test.ts',
      'scripts/check-imports.test.ts',
      'src/server/db/pglite-statements.test.ts',
      'src/server/db/retry.test.ts',
      'src/web/features/auth/login-page.test.tsx',
      // They import vitest.config.ts, which names the calls it looks for.
      'scripts/vitest-config.test.ts',
      'scripts/test-budgets.test.ts',
    ]) {
      expect(runsOnPostgres(file), file).toBe(false);
    }
  });

  it('lists as PGlite-only only files that exist, reach the database and say why', () => {
    expect(Object.keys(PGLITE_ONLY).length).toBeGreaterThan(0);
    for (const [file, reason] of Object.entries(PGLITE_ONLY)) {
      expect(testFiles(), file).toContain(file);
      expect(reachesPassDatabase(file), file).toBe(true);
      expect(readFileSync(path.join(root, file), 'utf8'), file).not.toContain(
        'TEST_' + 'DATABASE_URL',
      );
      expect(reason.length, file).toBeGreaterThan(40);
    }
  });

  describe('takes a new file by the rule, with nothing to list', () => {
    // The calls spelled in pieces: this file itself meets no database, and runs once.
    const [app, quietApp, database, url] = [
      'createTest' + 'App',
      'createQuietTest' + 'App',
      'openTest' + 'Database',
      'TEST_' + 'DATABASE_URL',
    ];
    const planted = mkdtempSync(path.join(os.tmpdir(), 'og-passes-'));
    afterAll(() => rmSync(planted, { recursive: true, force: true }));
    const plant = (file: string, source: string) => {
      mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
      writeFileSync(path.join(planted, file), source);
    };
    mkdirSync(path.join(planted, 'scripts'));
    plant('src/server/test/app.ts', `export async function ${app}() { await ${database}(); }\n`);
    plant('src/server/x/helper.ts', `export const open = () => ${database}();\n`);
    plant('src/server/x/route.test.ts', `import { ${app} } from '../test/app';\nawait ${app}();\n`);
    plant('src/server/x/by-helper.test.ts', "import { open } from './helper';\n");
    // Any of test/app.ts's ways to make an app (the outbox engine's tests keep theirs quiet).
    plant(
      'src/server/x/quiet.test.ts',
      `import { ${quietApp} } from '../test/app';\nawait ${quietApp}();\n`,
    );
    plant(
      'src/server/x/pure.test.ts',
      `import { testConfig } from '../test/app';\nimport { x } from './pure';\n`,
    );
    plant('src/server/x/pure.ts', 'export const x = 1;\n');
    plant('src/server/x/own-server.test.ts', `const serverUrl = process.env.${url};\n`);

    it.each([
      ['src/server/x/route.test.ts', true],
      ['src/server/x/by-helper.test.ts', true],
      ['src/server/x/quiet.test.ts', true],
      ['src/server/x/own-server.test.ts', true],
      ['src/server/x/pure.test.ts', false],
    ])('%s on PostgreSQL too: %s', (file, expected) => {
      expect(testFiles(planted)).toContain(file);
      expect(runsOnPostgres(file, planted)).toBe(expected);
    });
  });
});
