// The mentor-detail feature's surface (an alumna’s page as a student sees it): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { mentorDetailRoutes } from './routes';
