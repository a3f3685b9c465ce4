// The accounts feature's surface (a person’s own account: withdrawal, name readings, language): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { accountRoutes } from './routes';
export { ensureAnotherActiveAdmin, removeAccount } from './service';
