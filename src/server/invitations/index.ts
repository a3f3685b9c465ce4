// The invitations feature's surface (invitations, whose an address already is, and the addresses held after a removal):
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
