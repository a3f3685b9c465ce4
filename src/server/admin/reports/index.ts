// The admin/reports feature's surface (the console’s reports and registration holds): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { adminReportRoutes } from './routes';
export { countOpenReports } from './service';
