import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/server/test/operations/**', ...wholeApp, ...mockingModules],
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
          include: mockingModules,
          ...serverSide,
        },
      },
      {
        extends: true,
        test: {
          name: 'whole-app',
          include: wholeApp,
          ...serverSide,
        },
      },
      {
        // The load test, the fault tests and several real processes: minutes, not seconds.
        // `npm test` runs them; `npm run validate` leaves them out.
        extends: true,
        test: {
          name: 'operations',
          include: ['src/server/test/operations/**/*.test.ts'],
          ...serverSide,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
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
