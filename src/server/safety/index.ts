// The safety feature's surface (reports, blocks and address holds): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export {
  clearRegistrationHold,
  holdAddressOnRemoval,
  listRegistrationHolds,
  purgeExpiredSafetyRecords,
} from './holds-service';
export { mailNewReports } from './report-mail-service';
export { safetyRoutes } from './routes';
export { partyLabel } from './service';
