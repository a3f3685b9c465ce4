// The admin/audit feature's surface (the console’s audit log): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { adminAuditRoutes } from './routes';
