import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { writtenLanguage, type Language } from '../../../shared/constants';
import type { Executor } from '../../db/client';
import { sessionStillOpen } from '../../credentials/sessions';
import { pushSubscriptions, sessions, users } from '../../db/schema';
import type { PushSubscriptionJson } from '../../../shared/schemas/notifications';

/** One person's browsers that get pushes: a phone, a laptop, a tablet… the newest this many. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** Who holds `endpoint` now, with the keys it was subscribed with (locked until commit). */
export async function subscriptionAt(tx: Executor, endpoint: string) {
  const [held] = await tx
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .for('update');
  return held;
}

/**
 * Keeps this browser's subscription for the user, as the session `sessionHash`'s: it ends with
 * that session. An endpoint is one browser's: if another account subscribed it before (a shared
 * computer), that account's subscription goes, with the pushes it still had waiting, so nothing
 * of theirs reaches the new user.
 */
export async function saveSubscription(
  tx: Executor,
  userId: string,
  sessionHash: string,
  subscription: PushSubscriptionJson,
): Promise<void> {
  const { endpoint, keys } = subscription;
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), ne(pushSubscriptions.userId, userId)));
  await tx
    .insert(pushSubscriptions)
    .values({ userId, sessionHash, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { sessionHash, p256dh: keys.p256dh, auth: keys.auth, createdAt: sql`now()` },
    });
  const newest = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(MAX_PUSH_SUBSCRIPTIONS);
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

export async function removeSubscription(
  db: Executor,
  userId: string,
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * Whether `endpoint` gets this session's pushes: subscribed by this very session. One left by an
 * earlier session of the same browser (or from before sessions were recorded) gets none, so the
 * page offers to turn pushes on again.
 */
export async function isSubscribed(
  db: Executor,
  userId: string,
  sessionHash: string,
  endpoint: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.sessionHash, sessionHash),
      ),
    );
  return row !== undefined;
}

/** What a push says: a title and the page it opens, nothing else (no words of a message). */
export interface PushContent {
  title: string;
  url: string;
}

/**
 * The user's browsers that get a push now: those whose subscribing session still exists, each
 * with the language the user chose (a push is written in it, decision 0041).
 * Whether that session is still open is asked again when the push is sent. Each is held (FOR
 * KEY SHARE) until the caller's transaction ends: its outbox row is written later in it, and a
 * browser forgotten meanwhile by another process (a 410 from its push service, a sign-out)
 * would otherwise fail that row's foreign key and with it the whole change that told her.
 */
export async function pushSubscriptionsOf(
  tx: Executor,
  userId: string,
): Promise<{ id: string; language: Language }[]> {
  const rows = await tx
    .select({ id: pushSubscriptions.id, language: users.language })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.idHash, pushSubscriptions.sessionHash))
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(eq(pushSubscriptions.userId, userId))
    .for('key share', { of: pushSubscriptions });
  return rows.map((row) => ({ id: row.id, language: writtenLanguage(row.language) }));
}

/**
 * Where a push goes, read when it is sent: the browser's endpoint and keys, and whether the
 * session that subscribed it is still open (`idleMinutes`: the sessions' idle limit). A push
 * for a session that timed out (and that the purge has not removed yet), or for a subscription
 * without a session, is never sent. Undefined when the subscription is gone.
 */
export async function pushTarget(db: Executor, subscriptionId: string, idleMinutes: number) {
  const [row] = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      sessionOpen: sql<boolean>`coalesce((select ${sessionStillOpen(idleMinutes)} from ${sessions} where ${sessions.idHash} = ${pushSubscriptions.sessionHash}), false)`,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, subscriptionId));
  return (
    row && { ...row, sessionOpen: row.sessionOpen === true || String(row.sessionOpen) === 't' }
  );
}

/** The push service says this browser is gone: its subscription goes, with what waited for it. */
export async function forgetSubscription(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/**
 * The browser renewed subscription `id` (its push service gave it a new address and keys): the
 * same person's, for the same session, now at the new address.
 */
export async function renewSubscription(
  tx: Executor,
  id: string,
  subscription: PushSubscriptionJson,
): Promise<void> {
  const { endpoint, keys } = subscription;
  await tx
    .update(pushSubscriptions)
    .set({ endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .where(eq(pushSubscriptions.id, id));
}
