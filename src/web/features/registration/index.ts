/** What other features may use of registration: the review of a pending registration. */
export { RegistrationReview } from './registration-review';
