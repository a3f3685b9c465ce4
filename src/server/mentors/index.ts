// The mentors feature's surface (alumni: the OG list, profiles, sign-up, favourites and the visits they held):
// what app.ts and other features may use. Everything else in this folder is its own
// (scripts/check-imports.mjs holds others to this file).
export { mailUnconfirmedContactLinks } from './contact-email-service';
export { mentorVisitStats, wasHeld } from './held-visits-queries';
export { iconFromUpload, mentorProfileColumns } from './profile-service';
export {
  companyMentorCards,
  listedMentorQuery,
  mentorCardsOf,
  mentorSearchText,
  toListedMentor,
} from './queries';
export { mentorRoutes } from './routes';
export { favouriteOf } from './favourites-queries';
export { favouriteRoutes } from './favourites-routes';
