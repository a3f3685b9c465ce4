// The favourites feature's surface (a student’s favourite alumni): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { favouriteOf } from './queries';
export { favouriteRoutes } from './routes';
