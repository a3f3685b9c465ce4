// The seminar feature's surface (the seminar's name and its teacher's or admin's, as the
// invitations name them): what app.ts and other features may use. Everything else in this
// folder is its own (scripts/check-imports.mjs holds others to this file).
export { seminarRoutes } from './routes';
export { readSeminar } from './service';
