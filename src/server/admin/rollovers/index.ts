// The admin/rollovers feature's surface (the console’s grade rollovers): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { adminRolloverRoutes } from './routes';
