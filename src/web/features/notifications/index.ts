import { lazy } from 'react';

/**
 * What other features may use of notifications: the bell the header shows, and the mail
 * choices of /profile. The header is on every page (/login too), so the form, with its
 * validation libraries, is loaded only where it is shown.
 */
export { NotificationBell } from './notification-bell';
export const MailPreferencesSection = lazy(() =>
  import('./mail-preferences-section').then((module) => ({
    default: module.MailPreferencesSection,
  })),
);
