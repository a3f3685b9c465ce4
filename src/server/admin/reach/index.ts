// The admin/reach feature's surface (the console's 「依頼の偏り」): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { adminReachRoutes } from './routes';
