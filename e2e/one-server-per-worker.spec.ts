import { expect, test } from '@playwright/test';

/**
 * The journeys run in parallel only because each worker has a server and a data directory of
 * its own (playwright.config.ts): a worker whose pages went to another worker's server would
 * share its rows, rate limits and outbox with the journeys running there at the same time.
 */
test('each worker browses its own server', async ({ baseURL }, testInfo) => {
  const firstPort = Number(process.env.E2E_PORT ?? 3100);
  expect(new URL(baseURL!).port).toBe(String(firstPort + testInfo.parallelIndex));
});
