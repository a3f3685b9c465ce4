/**
 * The three pages of 座談会 (issue 58), loaded together by the router: one import in the first
 * download rather than three (bench/budgets.ts: every byte there is on every page).
 */
export { GroupSessionsPage } from './list-page';
export { NewGroupSessionPage } from './new-page';
export { GroupSessionPage } from './session-page';
