// The universities feature's surface (the universities offered): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { findOfferedUniversity, findUniversityNameEn, universityNameEnOf } from './queries';
export { universityRoutes } from './routes';
