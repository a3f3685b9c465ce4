// The safety feature's surface (reports and blocks, and how long their records are kept): what
// app.ts and other features may use. Everything else in this folder is its own
// (scripts/check-imports.mjs holds others to this file).
export { mailNewReports } from './report-mail-service';
export { purgeExpiredSafetyRecords } from './retention-service';
export { safetyRoutes } from './routes';
