// The visits feature's surface (OB訪問 requests, from asking to the visit held): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { contactShown, pairFactColumns, unavailableReason } from './availability-service';
export { blockedBy, lockUserPair } from './blocks-queries';
export { writesBeforeAcceptance } from './contact-rule-service';
export { expectFollowUpOpen } from './follow-up-service';
export { isOpen, requestsStopped } from './queries';
export { visitRequestRoutes } from './routes';
export { cancelOpenRequestsOnWithdrawal } from './service';
export { runVisitTimers } from './timers-service';
