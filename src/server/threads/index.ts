// The threads feature's surface (a request’s thread): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { mailUnreadMessages } from './message-mail-service';
export { findOwnThreadMessage, threadMessages, toThreadMessage } from './queries';
export { threadRoutes } from './routes';
