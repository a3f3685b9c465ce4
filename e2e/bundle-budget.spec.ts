import { ROUTE_JS_BUDGET_GZIP, type BudgetedRoute } from '../bench/budgets';
import { describeRouteAssets, measureRouteAssets } from '../bench/route-assets';
import { expect, signInAs, test } from './support/test';

/**
 * A demo student (scripts/seed-demo.ts) no other spec signs in with: each address may ask for
 * only 5 sign-in links per 15 minutes.
 */
const STUDENT = 'student06@meiji.ac.jp';

/** The route's JavaScript, measured as the benchmark measures it, against its budget. */
async function expectWithinBudget(
  baseUrl: string,
  route: BudgetedRoute,
  cookie?: { name: string; value: string },
) {
  const assets = await measureRouteAssets({ baseUrl, path: route, cookie });
  const report = describeRouteAssets(assets);
  await test.info().attach(`${route} assets`, { body: report, contentType: 'text/plain' });
  const budget = ROUTE_JS_BUDGET_GZIP[route];
  expect(
    assets.jsGzipBytes,
    `${route} downloads more JavaScript than its budget of ${(budget / 1024).toFixed(0)} kB:\n${report}`,
  ).toBeLessThanOrEqual(budget);
}

test('/login (signed out) stays within its JavaScript budget', async ({ baseURL }) => {
  await expectWithinBudget(baseURL!, '/login');
});

test('the OG list (signed in as a student) stays within its JavaScript budget', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, STUDENT);
  const session = (await page.context().cookies()).find((cookie) =>
    cookie.name.endsWith('og_session'),
  );
  expect(session, 'signing in set the session cookie').toBeDefined();
  await expectWithinBudget(baseURL!, '/mentors-list', {
    name: session!.name,
    value: session!.value,
  });
});
