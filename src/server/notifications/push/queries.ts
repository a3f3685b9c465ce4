import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessionStillOpen } from '../../credentials/sessions';
import { pushOutbox, pushSubscriptions, sessions } from '../../db/schema';
import type { PushSubscriptionJson } from '../../../shared/schemas/notifications';

/** One person's browsers that get pushes: a phone, a laptop, a tablet… the newest this many. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** Who holds `endpoint` now, with the keys it was subscribed with (locked until commit). */
export async function subscriptionAt(tx: Executor, endpoint: string) {
  const [held] = await tx
    .select({
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
 * A push to each of the user's browsers whose session still exists, written in the transaction
 * of the change (as mail is), so it is sent once the change is committed and never for one that
 * rolled back. Whether that session is still open is asked again when it is sent.
 */
export async function queuePushes(tx: Executor, userId: string, push: PushContent) {
  await tx.execute(
    sql`insert into ${pushOutbox} (subscription_id, title, url) select ${pushSubscriptions.id}, ${push.title}, ${push.url} from ${pushSubscriptions} inner join ${sessions} on ${sessions.idHash} = ${pushSubscriptions.sessionHash} where ${pushSubscriptions.userId} = ${userId}`,
  );
}

export interface ClaimedPush extends PushContent {
  id: string;
  subscriptionId: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /**
   * The session that subscribed the browser is still open, as read at the claim: a push for a
   * session that timed out (and that the purge has not removed yet), or for a subscription
   * without a session, is never sent.
   */
  sessionOpen: boolean;
}

/**
 * Up to `limit` pushes that are due and not claimed, claimed for `leaseMs`: FOR UPDATE SKIP
 * LOCKED, so several processes never take the same one, and a lease, so one a dead process
 * took is sent by another once it lapses. `idleMinutes`: the sessions' idle limit.
 */
export async function claimDuePushes(
  db: Executor,
  limit: number,
  leaseMs: number,
  idleMinutes: number,
): Promise<ClaimedPush[]> {
  const result = (await db.execute(sql`
    with due as (
      select id from ${pushOutbox}
      where due_at <= now() and (claimed_until is null or claimed_until < now())
      order by due_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update ${pushOutbox} as o
      set claimed_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = o.attempts + 1
      from due where o.id = due.id
      returning o.id, o.subscription_id, o.title, o.url, o.attempts
    )
    select claimed.*, s.endpoint, s.p256dh, s.auth,
      coalesce((select ${sessionStillOpen(idleMinutes)} from ${sessions} where ${sessions.idHash} = s.session_hash), false) as session_open
    from claimed join ${pushSubscriptions} as s on s.id = claimed.subscription_id`)) as unknown as {
    rows: {
      id: string;
      subscription_id: string;
      title: string;
      url: string;
      attempts: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      session_open: boolean | string;
    }[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    subscriptionId: row.subscription_id,
    title: row.title,
    url: row.url,
    attempts: Number(row.attempts),
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    sessionOpen: row.session_open === true || row.session_open === 't',
  }));
}

/** The push service took it (or it is given up on): it is done. */
export async function forgetPush(db: Executor, id: string): Promise<void> {
  await db.delete(pushOutbox).where(eq(pushOutbox.id, id));
}

export async function pushAgainLater(db: Executor, id: string, dueAt: Date): Promise<void> {
  await db.update(pushOutbox).set({ claimedUntil: null, dueAt }).where(eq(pushOutbox.id, id));
}

/** The push service says this browser is gone: its subscription goes, with what waited for it. */
export async function forgetSubscription(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
