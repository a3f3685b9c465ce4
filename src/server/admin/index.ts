// The admin feature's surface (the console: its bootstrap and its routes): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { bootstrapAdmins } from './bootstrap';
export { adminRoutes } from './routes';
