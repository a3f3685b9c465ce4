import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { App } from '../../app';
import { pushSubscriptions } from '../../db/schema';
import { sha256 } from '../../lib/secrets';
import { cookieFor } from './mentors';

/**
 * A browser that asked for `userId`'s pushes, as PUT /api/me/push saves it: subscribed by a
 * session of theirs, at a browser push service's address, with real keys (a push can be
 * encrypted for it). Resolves the subscription's id and the session's cookie.
 */
export async function subscribedBrowser(app: App, userId: string) {
  const cookie = await cookieFor(app, userId);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const [row] = await app.ctx.db
    .insert(pushSubscriptions)
    .values({
      userId,
      sessionHash: sha256(cookie.slice(cookie.indexOf('=') + 1)),
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      p256dh: ecdh.getPublicKey('base64url'),
      auth: randomBytes(16).toString('base64url'),
    })
    .returning({ id: pushSubscriptions.id });
  return { subscriptionId: row!.id, cookie };
}
