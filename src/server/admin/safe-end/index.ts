// The admin/safe-end feature's surface (the console’s safe-end answers): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { adminSafeEndRoutes } from './routes';
