// The admin/invitations feature's surface (the console’s invitations): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { adminInvitationRoutes } from './routes';
