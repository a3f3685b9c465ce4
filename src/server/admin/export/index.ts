// The admin/export feature's surface (the console’s CSV exports): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
// The CSV writer and the download they are sent as are lib/csv.ts and lib/download.ts.
export { adminExportRoutes } from './routes';
