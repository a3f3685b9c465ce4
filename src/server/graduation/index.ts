// The graduation feature's surface (a student becoming an alumna): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { graduationRoutes } from './routes';
export { adminGraduationRoutes } from './admin-routes';
