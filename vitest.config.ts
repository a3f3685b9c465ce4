import os from 'node:os';
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

export default defineConfig({
  plugins: [react()],
  test: {
    // One test file per core: Vitest's default (cores − 1) runs a 2-core machine's files one
    // after another while the second core mostly waits. Each file has its own database and
    // its own worker, so files running side by side see nothing of each other.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/server/test/operations/**', ...wholeApp],
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
        // `npm test` runs them; `npm run validate` leaves them out. One file at a time, after
        // the other projects: the load test measures what the machine serves, and its real
        // processes keep time limits that files beside them would eat into.
        extends: true,
        test: {
          name: 'operations',
          include: ['src/server/test/operations/**/*.test.ts'],
          ...serverSide,
          maxWorkers: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
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
