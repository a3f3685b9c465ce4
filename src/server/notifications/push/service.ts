import webpush from 'web-push';
import type { NotificationKind } from '../../../shared/constants';
import { jaNotifications } from '../../../shared/messages/ja/notifications';
import { jaVisits } from '../../../shared/messages/ja/visits';
import type { PushStatus, PushSubscriptionJson } from '../../../shared/schemas/notifications';
import type { PushConfig } from '../../config';
import { pgErrorCode, type Database, type Executor } from '../../db/client';
import { AppError } from '../../errors';
import { notificationLink } from '../queries';
import { vapidKeys } from './keys';
import {
  claimDuePushes,
  forgetPush,
  forgetSubscription,
  isSubscribed,
  pushAgainLater,
  queuePushes,
  saveSubscription,
  subscriptionAt,
  type ClaimedPush,
  type PushContent,
} from './queries';
import { sendOverHttp, type SendPush } from './sender';

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

/** PostgreSQL's foreign_key_violation: the subscribing session is gone. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The push of a bell notification (docs/PRODUCT.md §14): the bell's own words in Japanese, as
 * the mail is, and the page the bell opens. The other side's name is in it, as on the bell;
 * a message's words and anyone's contact details never are.
 */
export function pushOfNotification(entry: {
  kind: NotificationKind;
  visitRequestId: string | null;
  actorName: string;
}): PushContent {
  // As the bell says it: a name gone with its account reads 退会したユーザー.
  const name = entry.actorName || jaVisits.visits.withdrawnUser;
  const title = jaNotifications.notifications.kinds[entry.kind]
    .replace('{{name}}', () => name)
    .replace('{{count}}', '1');
  return { title, url: notificationLink(entry) };
}

/** Written beside a bell notification, in its transaction: to each of the user's browsers. */
export async function queueNotificationPush(
  tx: Executor,
  entry: {
    userId: string;
    kind: NotificationKind;
    visitRequestId: string | null;
    actorName: string;
  },
): Promise<void> {
  await queuePushes(tx, entry.userId, pushOfNotification(entry));
}

/** Pushes claimed by one pass; a full claim is followed by another, up to PASS_CLAIMS. */
const CLAIM_SIZE = 10;
const PASS_CLAIMS = 5;
/** A claimed push is another process's to send once this lapses (this one died). */
const CLAIM_LEASE_MS = 60_000;
/** A push service that failed is tried again after 30 s, then twice as long each time… */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** …this many times in all; a push is news, not a record, and the bell keeps it anyway. */
export const MAX_PUSH_ATTEMPTS = 8;
/** How long a push service keeps a push for a browser that is off. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends what is due: claims a batch, hands each push to its browser's push service at once
 * (each waits for its own service only), and records what the service said. Returns how many
 * were claimed. Run by a repeating job of every process (app.ts), apart from the mail's worker.
 * A push whose browser's session has ended (timed out past `idleMinutes` and not yet purged,
 * or a subscription from before sessions were recorded) is not sent: the subscription goes,
 * with what waited for it.
 */
export async function sendDuePushes(
  db: Database,
  config: PushConfig,
  idleMinutes: number,
  send: SendPush = sendOverHttp,
): Promise<number> {
  let claimedInAll = 0;
  for (let pass = 0; pass < PASS_CLAIMS; pass++) {
    const claimed = await claimDuePushes(db, CLAIM_SIZE, CLAIM_LEASE_MS, idleMinutes);
    if (claimed.length === 0) break;
    claimedInAll += claimed.length;
    const keys = await vapidKeys(db, config);
    await Promise.all(
      claimed.map(async (push) =>
        push.sessionOpen
          ? recordOutcome(db, push, await deliver(push, keys, config, send))
          : forgetSubscription(db, push.subscriptionId),
      ),
    );
    if (claimed.length < CLAIM_SIZE) break;
  }
  return claimedInAll;
}

async function deliver(
  push: ClaimedPush,
  keys: { publicKey: string; privateKey: string },
  config: PushConfig,
  send: SendPush,
): Promise<number | 'unreachable'> {
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      JSON.stringify({ title: push.title, url: push.url }),
      {
        vapidDetails: { subject: config.subject, ...keys },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    return await send({
      endpoint: request.endpoint,
      headers: request.headers as Record<string, string>,
      body: request.body,
    });
  } catch {
    return 'unreachable';
  }
}

/**
 * 2xx: delivered. 404 and 410: the browser unsubscribed or is gone, so is its subscription;
 * 403: the push service no longer takes our key for it (the key pair was changed), so the
 * subscription is as good as gone, and the browser offers to subscribe again.
 * 429, 5xx, no answer: tried again later, up to MAX_PUSH_ATTEMPTS. Any other 4xx (a push the
 * service refuses as it is) would be refused again: given up.
 */
async function recordOutcome(db: Database, push: ClaimedPush, outcome: number | 'unreachable') {
  if (outcome !== 'unreachable' && outcome >= 200 && outcome < 300) return forgetPush(db, push.id);
  if (outcome === 403 || outcome === 404 || outcome === 410) {
    return forgetSubscription(db, push.subscriptionId);
  }
  const retry = outcome === 'unreachable' || outcome === 429 || outcome >= 500;
  if (!retry || push.attempts >= MAX_PUSH_ATTEMPTS) return forgetPush(db, push.id);
  const wait = Math.min(FIRST_RETRY_MS * 2 ** (push.attempts - 1), MAX_RETRY_MS);
  return pushAgainLater(db, push.id, new Date(Date.now() + wait));
}
