// The visits feature's surface (OB訪問 requests from asking to the visit held, their threads,
// and what a block means for them): what app.ts and other features may use. Everything else in
// this folder is its own (scripts/check-imports.mjs holds others to this file).
export { contactShown, pairFactColumns, unavailableReason } from './availability-service';
export {
  absenceCleared,
  absenceCounts,
  answerDeadline,
  countedNoShows,
  claimCleared,
  claimCountsAgainstStudent,
  followUpEndsAt,
  followUpOpen,
  isOpen,
  requestsStopped,
  waitsForMentor,
} from './queries';
export { visitRequestRoutes } from './routes';
export { cancelOpenRequestsOnWithdrawal, lockRequestsOf } from './service';
export { runVisitTimers } from './timers-service';
export { changeRequests } from './transition';
export { blockedBy, eitherBlocked, lockUserPair } from './blocks-queries';
export { noShowLimitOf } from './queries';
export { waitingLimitRoutes } from './waiting-routes';
export { mailUnreadMessages } from './thread/message-mail-service';
export { findOwnThreadMessage, threadMessages, toThreadMessage } from './thread/queries';
export { threadRoutes } from './thread/routes';
export { MESSAGES_PER_USER } from './thread/service';
