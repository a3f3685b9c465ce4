// The admin/graduation feature's surface (the console’s graduation applications): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { adminGraduationRoutes } from './routes';
