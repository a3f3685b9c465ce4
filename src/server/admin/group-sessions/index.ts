// The admin/group-sessions feature's surface (the console's 座談会): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { adminGroupSessionRoutes } from './routes';
