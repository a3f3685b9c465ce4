// The invitations feature's surface (invitations, whose an address already is, the addresses held
// after a removal, and the seminar's name the invitations speak for):
// what app.ts and other features may use. Everything else in this folder is its own
// (scripts/check-imports.mjs holds others to this file).
export {
  clearRegistrationHold,
  holdAddressOnRemoval,
  listRegistrationHolds,
} from './address-holds-service';
export { isEmailTaken } from './queries';
export { undoStillWorks } from './address-queries';
export {
  completeInvitationOf,
  deadInvitationOf,
  expireDueInvitations,
  expireInvitationsOf,
  giveWayToUndo,
  isRegisteredAddress,
  type GaveWayToUndo,
} from './queries';
export { invitationRoutes } from './routes';
export { createInvitationIn, findUsableInvitation } from './service';
// The seminar's name lives here because the invitations are what it names (issue 56); apart, it
// put a fourth floor of features under them (docs/decisions/0023).
export { readSeminar } from './seminar-service';
export { seminarRoutes } from './seminar-routes';
