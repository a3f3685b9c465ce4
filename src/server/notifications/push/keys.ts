import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushConfig } from '../../config';
import type { Database } from '../../db/client';
import { pushKeys } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const kept = new WeakMap<Database, Promise<VapidKeys>>();

/**
 * The site's VAPID key pair: the operator's (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), else the one
 * the database keeps, made by whichever process asks first (the others find its row: one pair
 * for every process and every restart, as subscriptions are bound to it). Read once per process.
 */
export function vapidKeys(db: Database, config: PushConfig): Promise<VapidKeys> {
  if (config.keys) return Promise.resolve(config.keys);
  let keys = kept.get(db);
  if (!keys) {
    keys = keptInDatabase(db);
    kept.set(db, keys);
    // A failed read (the database away) is tried again by the next caller.
    keys.catch(() => kept.delete(db));
  }
  return keys;
}

async function keptInDatabase(db: Database): Promise<VapidKeys> {
  await db
    .insert(pushKeys)
    .values({ id: 1, ...webpush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const [row] = await db
    .select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey })
    .from(pushKeys)
    .where(eq(pushKeys.id, 1));
  if (!row) throw new Error('push keys: the row just written is not there');
  return row;
}
