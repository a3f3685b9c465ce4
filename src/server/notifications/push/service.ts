import { timingSafeEqual } from 'node:crypto';
import { UNCHOSEN_LANGUAGE, type Language, type NotificationKind } from '../../../shared/constants';
import { enNotifications } from '../../../shared/messages/en/notifications';
import { enVisits } from '../../../shared/messages/en/visits';
import { jaNotifications } from '../../../shared/messages/ja/notifications';
import { jaVisits } from '../../../shared/messages/ja/visits';
import type {
  PushRenewal,
  PushStatus,
  PushSubscriptionJson,
} from '../../../shared/schemas/notifications';
import type { PushConfig } from '../../config';
import { pgErrorCode, type Database } from '../../db/client';
import { AppError } from '../../errors';
import { notificationLink } from '../queries';
import { vapidKeys } from './keys';
import {
  isSubscribed,
  renewSubscription,
  saveSubscription,
  subscriptionAt,
  type PushContent,
} from './queries';

/**
 * The browsers' own push services, the only places the server sends a push to: a subscription
 * names the address the server will POST to, so any other would let a user point the server at
 * the machines around it. Chrome, Android and Samsung's browsers use Google's; Firefox
 * Mozilla's; Safari (macOS, and iOS apps on the home screen) Apple's; Edge on Windows
 * Microsoft's. PUSH_SERVICE_ORIGINS adds others (a test's local one).
 */
const BROWSER_PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

export function isKnownPushService(endpoint: string, config: PushConfig): boolean {
  const url = new URL(endpoint);
  if (config.extraServiceOrigins.includes(url.origin)) return true;
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    BROWSER_PUSH_HOSTS.some((host) => host.test(url.hostname))
  );
}

/**
 * The key a browser subscribes with, and whether `endpoint` (this browser) gets this session's
 * pushes (`sessionHash`: the asking session's).
 */
export async function pushStatus(
  db: Database,
  config: PushConfig,
  userId: string,
  sessionHash: string,
  endpoint: string | undefined,
): Promise<PushStatus> {
  const { publicKey } = await vapidKeys(db, config);
  return {
    publicKey,
    subscribed: endpoint ? await isSubscribed(db, userId, sessionHash, endpoint) : false,
  };
}

/** Subscribes this browser for the session `sessionHash`: its pushes end with that session. */
export async function subscribeToPush(
  db: Database,
  config: PushConfig,
  userId: string,
  sessionHash: string,
  subscription: PushSubscriptionJson,
): Promise<void> {
  if (!isKnownPushService(subscription.endpoint, config)) {
    throw new AppError('push/unsupported-service');
  }
  try {
    await db.transaction(async (tx) => {
      // The same browser under another account comes with the same keys; other keys mean
      // someone who learnt the address and would take the pushes from its browser.
      const held = await subscriptionAt(tx, subscription.endpoint);
      const { p256dh, auth } = subscription.keys;
      if (held && held.userId !== userId && (held.p256dh !== p256dh || held.auth !== auth)) {
        throw new AppError('already-exists');
      }
      await saveSubscription(tx, userId, sessionHash, subscription);
    });
  } catch (error) {
    // The session ended between the guard's check and the save (a sign-out in another tab).
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('auth/session-expired');
    throw error;
  }
}

/**
 * A browser's renewed subscription (the service worker's `pushsubscriptionchange`) replaces the
 * old one: same person, same session (it still ends with it), new address and keys. The old one
 * is proved by its auth secret, which the browser and this server alone hold; an unknown old
 * address or a wrong secret is not-found, whichever it was. The new address must be a browser
 * push service's, and no one else's already.
 */
export async function renewPushSubscription(
  db: Database,
  config: PushConfig,
  renewal: PushRenewal,
): Promise<void> {
  if (!isKnownPushService(renewal.subscription.endpoint, config)) {
    throw new AppError('push/unsupported-service');
  }
  await db.transaction(async (tx) => {
    const old = await subscriptionAt(tx, renewal.old.endpoint);
    if (!old || !sameSecret(old.auth, renewal.old.auth)) throw new AppError('not-found');
    if (renewal.subscription.endpoint === renewal.old.endpoint) {
      await renewSubscription(tx, old.id, renewal.subscription);
      return;
    }
    const taken = await subscriptionAt(tx, renewal.subscription.endpoint);
    if (taken) throw new AppError('already-exists');
    await renewSubscription(tx, old.id, renewal.subscription);
  });
}

/** The auth secrets compared in constant time (they are base64url of 16 bytes). */
function sameSecret(held: string, given: string): boolean {
  const a = Buffer.from(held);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** PostgreSQL's foreign_key_violation: the subscribing session is gone. */
const FOREIGN_KEY_VIOLATION = '23503';

/** The bell's words in each language: a push says what the bell says. */
const BELL_WORDS = {
  ja: { kinds: jaNotifications.notifications.kinds, withdrawnUser: jaVisits.visits.withdrawnUser },
  en: { kinds: enNotifications.notifications.kinds, withdrawnUser: enVisits.visits.withdrawnUser },
} satisfies Record<Language, unknown>;

/**
 * The push of a bell notification (docs/PRODUCT.md §14): the bell's own words in the language
 * the person chose, as the mail is (decision 0041), and the page the bell opens. The other
 * side's name is in it, as on the bell; a message's words and anyone's contact details never are.
 */
export function pushOfNotification(
  entry: {
    kind: NotificationKind;
    visitRequestId: string | null;
    introductionId?: string | null;
    groupSessionId?: string | null;
    actorName: string;
  },
  language: Language = UNCHOSEN_LANGUAGE,
): PushContent {
  const words = BELL_WORDS[language];
  // As the bell says it: a name gone with its account reads 退会したユーザー.
  const name = entry.actorName || words.withdrawnUser;
  const title = words.kinds[entry.kind].replace('{{name}}', () => name).replace('{{count}}', '1');
  return { title, url: notificationLink(entry) };
}
