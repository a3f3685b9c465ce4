// The invitations feature's surface (invitations, and whose an address already is): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { isUserAddress } from './address-queries';
export {
  completeInvitationOf,
  deadInvitationOf,
  expireDueInvitations,
  expireInvitationsOf,
  hasOpenInvitation,
  isRegisteredAddress,
} from './queries';
export { invitationRoutes } from './routes';
export { createInvitationIn, findUsableInvitation } from './service';
