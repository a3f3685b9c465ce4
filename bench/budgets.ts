/**
 * Route budgets of the performance issue, in one place for the CI test
 * (e2e/bundle-budget.spec.ts) and the benchmark. Sizes are gzip (level 9) bytes of the decoded
 * JavaScript a route downloads; 1 kB here is 1024 bytes.
 */
export const KB = 1024;

export const ROUTE_JS_BUDGET_GZIP = {
  '/login': 150 * KB,
  '/mentors-list': 250 * KB,
} as const;

export type BudgetedRoute = keyof typeof ROUTE_JS_BUDGET_GZIP;
