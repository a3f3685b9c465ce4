// The notifications feature's surface (the bell): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { BellStreams } from './bell-streams';
export { notificationRoutes } from './routes';
export { pushRoutes } from './push/routes';
export { pushSender } from './push/sender';
export { forgetNameInBells, markRequestNotificationsRead } from './service';
export { tell, type BellFacts, type MailWords } from './tell';
