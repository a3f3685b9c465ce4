// The email-change feature's surface (changing one’s address): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { emailChangeRoutes } from './routes';
export { applyEmailChange, startEmailChange } from './service';
