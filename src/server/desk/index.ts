// The desk feature's surface (the seminar’s 相談窓口): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { deskRoutes } from './routes';
export { readDesk } from './service';
