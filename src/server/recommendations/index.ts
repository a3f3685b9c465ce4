// The recommendations feature's surface (おすすめの先輩, issue 57: the student's profile and the
// alumnae's loads from the database, ranked by score.ts): what app.ts may use. Everything else in
// this folder is its own (scripts/check-imports.mjs holds others to this file).
export { recommendationRoutes } from './routes';
