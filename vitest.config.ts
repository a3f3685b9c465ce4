import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// The two database passes (docs/decisions/0036)
//
// `npm test` runs every test file on PGlite, then again on a real PostgreSQL
// (scripts/with-postgres.sh sets TEST_DATABASE_URL) only the files that a real server can answer
// differently. A file runs on PostgreSQL too when it reaches the pass's database: it, or a helper
// module it imports, calls `createTestApp` or `openTestDatabase` (src/server/test/app.ts), which
// give it a clone of the PostgreSQL template in that pass, or it reads TEST_DATABASE_URL itself
// (several connections and processes, LISTEN/NOTIFY, locks, backups, upgrades: tests that run
// only there or differently there). Those are the only ways a test meets that database. Any
// other file runs the very same code in both passes (pure code, components, a PGlite it opens
// itself, a `pg` it replaces with vi.mock), so it runs once. A new file follows the rule with
// nothing to list; scripts/vitest-config.test.ts holds the rule and the list below to each other.

/**
 * Files that reach the database but gain nothing from the second one, with the reason. Each must
 * exist, reach the database, and read no TEST_DATABASE_URL of its own.
 */
export const PGLITE_ONLY: Readonly<Record<string, string>> = {
  'src/server/test/whole-app/bad-input.test.ts':
    'generated bad input on every route: it tests the validation and the error answers around ' +
    'the queries, the same code on either database; the routes’ queries run on PostgreSQL in ' +
    'the authorization matrix and in each feature’s tests, and the refusals of the database ' +
    '(constraints and their codes) are the same engine’s in both',
};

const TEST_FILE = /\.test\.tsx?$/;

/** Every test file under src and scripts (where the projects look), as a path from `from`. */
export function testFiles(from = root): string[] {
  return ['src', 'scripts']
    .flatMap((folder) =>
      readdirSync(path.join(from, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
        [folder, ...file.split(path.sep)].join('/'),
      ),
    )
    .filter((file) => TEST_FILE.test(file))
    .sort();
}

/**
 * The modules that name the calls below without making them: the test support that defines them
 * (imported by callers and non-callers alike) and this file, which states the rule.
 */
const NOT_CALLERS = ['src/server/test/app.ts', 'vitest.config.ts'];
const MEETS_DATABASE = /\b(create\w*TestApp|openTestDatabase)\(|\bTEST_DATABASE_URL\b/;
const RELATIVE_IMPORT = /\bfrom\s+'(\.{1,2}\/[^']+)'/g;

/** Whether a test file meets the pass's database, by its source and its helpers' (above). */
export function reachesPassDatabase(file: string, from = root): boolean {
  const source = readFileSync(path.join(from, file), 'utf8');
  if (MEETS_DATABASE.test(source)) return true;
  return [...source.matchAll(RELATIVE_IMPORT)].some(([, specifier]) => {
    const base = path.posix.join(path.posix.dirname(file), specifier!);
    const helper = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(from, candidate)),
    );
    return (
      helper !== undefined &&
      !NOT_CALLERS.includes(helper) &&
      MEETS_DATABASE.test(readFileSync(path.join(from, helper), 'utf8'))
    );
  });
}

export function runsOnPostgres(file: string, from = root): boolean {
  return !(file in PGLITE_ONLY) && reachesPassDatabase(file, from);
}

/** In the PostgreSQL pass, every project leaves out the files that already ran the same. */
const notInThisPass = process.env.TEST_DATABASE_URL
  ? testFiles().filter((file) => !runsOnPostgres(file))
  : [];

/** What the server and operations projects share: Node, the test databases, long timeouts. */
const serverSide = {
  environment: 'node' as const,
  globalSetup: ['src/server/test/global-setup.ts'],
  setupFiles: ['src/server/test/setup-file.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * Suites that drive the whole app at once: every route as every role, generated input on every
 * route, the statements each read takes, input to mail end to end. Minutes on two cores, so
 * they are a project of their own: `npm test` and `npm run test:whole-app` run them,
 * `npm run test:unit` (the inner loop) leaves them out.
 */
const wholeApp = ['src/server/test/whole-app/**/*.test.ts'];

/**
 * The server's files share their workers' modules (isolate: false): the app is imported once
 * per worker instead of once per file, and its code stays warm, which halves the inner loop. A
 * file that replaces a module (vi.mock) would replace it for every file after it in its worker,
 * so it is listed here and runs alone (scripts/vitest-config.test.ts fails for one that is not).
 */
export const mockingModules = ['src/server/db/retry.test.ts'];

/**
 * The projects run one after another (sequence.groupOrder), each alone with the workers, so that
 * each project's time in the JSON report, from its first test's start to its last test's end, is
 * its own: `npm test` holds each to a budget (bench/budgets.ts, docs/decisions/0036).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          sequence: { groupOrder: 0 },
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [
            'src/server/test/operations/**',
            ...wholeApp,
            ...mockingModules,
            ...notInThisPass,
          ],
          ...serverSide,
          isolate: false,
          // A file's database, emptied, serves the worker's next (src/server/test/test-databases.ts).
          provide: { reuseTestDatabases: true },
        },
      },
      {
        extends: true,
        test: {
          name: 'server-mocking',
          sequence: { groupOrder: 1 },
          include: mockingModules,
          exclude: notInThisPass,
          ...serverSide,
        },
      },
      {
        extends: true,
        test: {
          name: 'whole-app',
          sequence: { groupOrder: 3 },
          include: wholeApp,
          exclude: notInThisPass,
          ...serverSide,
        },
      },
      {
        // The load test, the fault tests and several real processes: minutes, not seconds.
        // `npm test` runs them; `npm run validate` leaves them out. They measure failures and
        // latency under load and start processes of their own, so they run one file at a time,
        // after the other projects, with no other test file beside them.
        extends: true,
        test: {
          name: 'operations',
          include: ['src/server/test/operations/**/*.test.ts'],
          exclude: notInThisPass,
          ...serverSide,
          maxWorkers: 1,
          sequence: { groupOrder: 4 },
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          sequence: { groupOrder: 2 },
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['src/web/test/setup.ts'],
          // A test may wait for a lazily loaded page and then for its data, each up to the 5 s
          // of findBy* (setup.ts): the default 5 s for the whole test is too short on a busy
          // machine, where the first transform of a page's modules takes seconds.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
