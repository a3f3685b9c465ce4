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

// E2E_PORT lets several checkouts run their journeys side by side (default 3100).
const PORT = process.env.E2E_PORT ?? '3100';
const ORIGIN = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  use: {
    baseURL: ORIGIN,
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
  webServer: {
    command: 'node e2e/start-test-server.mjs',
    url: `${ORIGIN}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM (not the default SIGKILL) so the server closes and its temp data dir is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
