import { lazy } from 'react';
import { visitingTextsReady } from '../../i18n';

/**
 * What other features may use of notifications: the bell the header shows, and the mail
 * choices of /profile. The header is on every page (/login too), but the bell only for a
 * signed-in account and the form only on /profile: both are loaded where they are shown, so
 * the signed-out first page stays within its JavaScript budget (bench/budgets.ts).
 */
export const NotificationBell = lazy(() =>
  Promise.all([import('./notification-bell'), visitingTextsReady()]).then(([module]) => ({
    default: module.NotificationBell,
  })),
);
export const MailPreferencesSection = lazy(() =>
  import('./mail-preferences-section').then((module) => ({
    default: module.MailPreferencesSection,
  })),
);
export const PushSection = lazy(() =>
  import('./push-section').then((module) => ({ default: module.PushSection })),
);
/** Push offered right after a request is sent or a visit agreed (issue 56). */
export const PushOffer = lazy(() =>
  import('./push-offer').then((module) => ({ default: module.PushOffer })),
);
