import type { FastifyBaseLogger } from 'fastify';
import type { ReadCaches } from './read-caches';
import type { DatabaseHandle } from '../db/client';
import type { Listening } from '../db/listen';

/** The channel db/migrations/0012_cache_events.sql notifies on. */
export const CACHE_CHANNEL = 'og_cache';

/**
 * What another app process changed reaches this one's read caches through the
 * database's notifications. The caches serve nothing until LISTEN is in place, and again
 * whenever the connection is lost, so a missed notification can never be served stale.
 */
export async function listenForCacheEvents(
  database: DatabaseHandle,
  caches: ReadCaches,
  logger: FastifyBaseLogger,
): Promise<Listening> {
  caches.pause();
  let down = false;
  return database.listen(CACHE_CHANNEL, {
    onNotification: (payload) => caches.clearTopics(payload),
    onConnected: () => {
      if (down) logger.info('cache notifications are heard again: read caches back in use');
      down = false;
      caches.resume();
    },
    onDisconnected: (error) => {
      caches.pause();
      if (!down) {
        logger.warn({ err: error }, 'cache notifications lost: read caches paused until back');
      }
      down = true;
    },
  });
}
