// The admin/overview feature's surface (the console’s overview): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { adminOverviewRoutes } from './routes';
