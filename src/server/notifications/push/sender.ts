import type { Language } from '../../../shared/constants';
import webpush from 'web-push';
import type { PushConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { doubling, type Outcome, type Sender } from '../../outbox/sender';
import { vapidKeys } from './keys';
import { forgetSubscription, pushSubscriptionsOf, pushTarget, type PushContent } from './queries';

/** How long a push service may take to answer before the push is tried again later. */
export const PUSH_TIMEOUT_MS = 10_000;

/** One push as the Web Push protocol sends it: an encrypted body POSTed to the endpoint. */
export interface PushDelivery {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** Hands a push to its push service; the HTTP status it answered. Throws if none came. */
export type SendPush = (delivery: PushDelivery) => Promise<number>;

/**
 * Over HTTPS (HTTP for a test's local push service, which only configuration allows), never
 * following a redirect, and given up after PUSH_TIMEOUT_MS: a push service that hangs holds
 * only its own push, and never the mail, which has its own lane in the outbox's engine.
 */
export const sendOverHttp: SendPush = async ({ endpoint, headers, body }) => {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers,
    body: body ? new Uint8Array(body) : null,
    redirect: 'error',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
};

/**
 * The outbox rows of one push: one to each of the user's browsers that get pushes now, its
 * title as the row's subject and the page it opens as its text (what `pushSender` reads).
 */
export async function pushRows(
  tx: Executor,
  userId: string,
  pushIn: (language: Language) => PushContent,
) {
  const subscriptions = await pushSubscriptionsOf(tx, userId);
  return subscriptions.map(({ id: subscriptionId, language }) => {
    const push = pushIn(language);
    return {
      channel: 'push',
      to: subscriptionId,
      subscriptionId,
      subject: push.title,
      text: push.url,
      html: '',
      links: [push.url],
    };
  });
}

/** A claimed push is another process's to send once this lapses (this one died). */
const CLAIM_LEASE_MS = 60_000;
/** Pushes one process hands to push services at once, each waiting for its own service only. */
const PUSH_CONCURRENCY = 10;
/** …this many times in all; a push is news, not a record, and the bell keeps it anyway. */
export const MAX_PUSH_ATTEMPTS = 8;
/** How long a push service keeps a push for a browser that is off. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * The push channel (docs/PRODUCT.md §14, decision 0034): a row's `to` and `subscriptionId` name
 * the browser's subscription, its `subject` the title and `text` the page it opens. Tried again
 * after 30 s, then twice as long each time up to an hour, MAX_PUSH_ATTEMPTS times; done, or
 * given up on, the row goes. A push whose browser's session has ended (timed out past
 * `idleMinutes` and not yet purged, or a subscription from before sessions were recorded) is
 * not sent: the subscription goes, with what waited for it.
 */
export function pushSender(
  db: Database,
  config: PushConfig,
  idleMinutes: number,
  send: SendPush = sendOverHttp,
): Sender {
  return {
    channel: 'push',
    rules: {
      leaseMs: CLAIM_LEASE_MS,
      renewMs: CLAIM_LEASE_MS / 3,
      concurrency: PUSH_CONCURRENCY,
      maxAttempts: MAX_PUSH_ATTEMPTS,
      backoffMs: doubling(30_000, 60 * 60 * 1000),
      keepsFinished: false,
      wakeOnCommit: false,
      pollMs: config.pollMs,
    },
    async send(row) {
      const target = row.subscriptionId && (await pushTarget(db, row.subscriptionId, idleMinutes));
      if (!target) return { kind: 'forget' };
      if (!target.sessionOpen) {
        await forgetSubscription(db, row.subscriptionId!);
        return { kind: 'forget' };
      }
      const outcome = await deliver(
        target,
        { title: row.subject, url: row.text },
        await vapidKeys(db, config),
        config,
        send,
      );
      return outcomeOf(db, row.subscriptionId!, outcome);
    },
  };
}

async function deliver(
  target: { endpoint: string; p256dh: string; auth: string },
  push: { title: string; url: string },
  keys: { publicKey: string; privateKey: string },
  config: PushConfig,
  send: SendPush,
): Promise<number | 'unreachable'> {
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(push),
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
 * 429, 5xx, no answer: tried again later. Any other 4xx (a push the service refuses as it is)
 * would be refused again: given up.
 */
async function outcomeOf(
  db: Database,
  subscriptionId: string,
  outcome: number | 'unreachable',
): Promise<Outcome> {
  if (outcome === 'unreachable') return { kind: 'retry', error: 'push service unreachable' };
  if (outcome >= 200 && outcome < 300) return { kind: 'delivered' };
  if (outcome === 403 || outcome === 404 || outcome === 410) {
    await forgetSubscription(db, subscriptionId);
    return { kind: 'forget' };
  }
  const error = `push service answered ${outcome}`;
  if (outcome === 429 || outcome >= 500) return { kind: 'retry', error };
  return { kind: 'give-up', error };
}
