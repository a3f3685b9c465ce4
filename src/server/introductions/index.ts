// The introductions feature's surface (紹介, decision 0044): what app.ts and other features may
// use. Everything else in this folder is its own (scripts/check-imports.mjs holds others to this
// file).
export { introductionRoutes } from './routes';
