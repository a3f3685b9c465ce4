// What a page embeds from here brings its rules with it.
import './registration.css';

/** What other features may use of registration: the review of a pending registration. */
export { RegistrationReview } from './registration-review';
