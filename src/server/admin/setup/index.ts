// The admin/setup feature's surface (the first admin's setup list): what app.ts and other
// features may use. Everything else in this folder is its own (scripts/check-imports.mjs holds
// others to this file).
export { adminSetupRoutes } from './routes';
