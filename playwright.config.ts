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

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  use: {
    baseURL: 'http://127.0.0.1:3100',
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
    url: 'http://127.0.0.1:3100/healthz',
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM (not the default SIGKILL) so the server closes and its temp data dir is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
