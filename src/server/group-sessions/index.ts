// The 座談会 feature's surface (issue 58, decision 0045): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { groupSessionRoutes } from './routes';
export { sendGroupSessionDayBefore } from './day-before';
export { askGroupSessionSafeEnd, placeClaim } from './after';
export { reportablePost } from './posts';
export { SUGGESTED_GROUP_SESSIONS, suggestedGroupSessions } from './suggested';
export { groupSessionsOnBlock, groupSessionsOnWithdrawal } from './departures';
export { seatedCount, waitingCount } from './queries';
