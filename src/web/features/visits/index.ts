/**
 * What other features may use of visits: the alumnus's settings form (on their profile page)
 * and the meeting time as the site writes it (in the withdrawal dialog's list of visits).
 */
export { formatMeetingTime } from './format';
export { VisitSettingsForm } from './visit-settings-form';
