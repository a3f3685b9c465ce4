/** What other features may use of the change of sign-in address: its /profile section. */
export { EmailChangeSection } from './email-change-section';
