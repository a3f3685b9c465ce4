// The students feature's surface (student profiles and the yearly grade rollover): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { rollOverGradesIfDue } from './grade-rollover-service';
export { adminRolloverRoutes } from './rollover-routes';
export { studentRoutes } from './routes';
