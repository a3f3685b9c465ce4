// The registration feature's surface (student registration): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { isEmailTaken } from './queries';
export { registrationRoutes } from './routes';
export { completeStudentRegistration } from './service';
