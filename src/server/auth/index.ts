// The auth feature's surface (sign-in by mailed link, and who is signed in): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { guardPlugin } from './guard';
export { authRoutes } from './routes';
export { issueSignInMail } from './sign-in-service';
