import { defineConfig, devices } from '@playwright/test';

// Playwright downloads no browser here: Debian's chromium (or CHROME_PATH) is used.
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The journeys run in E2E_WORKERS workers (default 2, one per core of the test machine), and
 * each worker has a server of its own, with its own fresh, demo-seeded data directory, so no
 * two journeys that run at the same time share a row, a rate limit or the mail outbox (which
 * `mailTo` reads by address). A spec file runs whole in one worker, its tests in order; the
 * files of one worker share its server one after another, as all of them shared one before
 * (docs/decisions/0036).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * E2E_PORT lets several checkouts run their journeys side by side (default 3100): worker N's
 * server listens on E2E_PORT + N.
 */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
const origin = (worker: number) => `http://127.0.0.1:${FIRST_PORT + worker}`;

/**
 * Playwright loads this file again in each worker process with TEST_PARALLEL_INDEX set (0 up to
 * workers − 1, one for each worker running at a time): there baseURL names that worker's own
 * server, and every page, request and new context of its journeys goes there.
 * e2e/one-server-per-worker.spec.ts checks it.
 */
const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: WORKERS,
  // Two journeys share the two cores, so each one's own time grows while the whole run shrinks:
  // a test has 60 s (Playwright's default is 30 s) unless it asks for more, an expectation 10 s
  // (5 s).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: origin(worker),
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'ja-JP',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          args: CHROMIUM_FLAGS,
        },
      },
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: 'node e2e/start-test-server.mjs',
    env: { E2E_PORT: String(FIRST_PORT + index) },
    url: `${origin(index)}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM (not the default SIGKILL) so the server closes and its temp data dir is removed.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  })),
});
