// The visit-notes feature's surface (訪問記録: a student's notes on held visits, shared with the
// seminar with the alumna's consent): what app.ts, the console and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { visitNoteRoutes } from './routes';
export { adminVisitNoteRoutes } from './admin-routes';
export { notesOnWithdrawal } from './service';
export { companyNotes, namedSharedNotesOf, searchTextsOf } from './queries';
