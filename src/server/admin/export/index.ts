// The admin/export feature's surface (the console’s CSV exports): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { adminExportRoutes } from './routes';
export { sendCsv, toCsv } from './service';
export type { CsvCell, CsvExport } from './service';
