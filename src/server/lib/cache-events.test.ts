import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ReadCaches } from './read-caches';
import type { DatabaseHandle } from '../db/client';
import type { ListenHandlers } from '../db/listen';
import { CACHE_CHANNEL, listenForCacheEvents } from './cache-events';

const quiet = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

/** A database whose LISTEN connection the test drives by hand. */
function fakeDatabase() {
  const heard: { channel?: string; handlers?: ListenHandlers } = {};
  const database = {
    listen: async (channel: string, handlers: ListenHandlers) => {
      heard.channel = channel;
      heard.handlers = handlers;
      return { close: async () => {} };
    },
  } as unknown as DatabaseHandle;
  return { database, heard };
}

function filled(caches: ReadCaches) {
  caches.sessions.set(
    's',
    {
      user: {
        id: 'u',
        email: 'a@example.com',
        role: 'student',
        emailVerified: true,
        asksNameReading: false,
        language: 'ja',
      },
      blockedBy: [],
    },
    caches.sessions.generation,
  );
  caches.mentorList.set('m', '[]', caches.mentorList.generation);
}

describe('listenForCacheEvents', () => {
  it('serves nothing from the caches until LISTEN is in place', async () => {
    const caches = new ReadCaches({ listMs: 60_000, sessionMs: 60_000 });
    const { database, heard } = fakeDatabase();
    await listenForCacheEvents(database, caches, quiet);
    expect(heard.channel).toBe(CACHE_CHANNEL);
    filled(caches);
    expect(caches.sessions.get('s')).toBeUndefined();

    heard.handlers!.onConnected();
    filled(caches);
    expect(caches.sessions.get('s')?.user.id).toBe('u');
    expect(caches.mentorList.get('m')).toBe('[]');
  });

  it('empties the caches a notification names, and only those', async () => {
    const caches = new ReadCaches({ listMs: 60_000, sessionMs: 60_000 });
    const { database, heard } = fakeDatabase();
    await listenForCacheEvents(database, caches, quiet);
    heard.handlers!.onConnected();

    filled(caches);
    heard.handlers!.onNotification('mentors');
    expect(caches.mentorList.get('m')).toBeUndefined();
    expect(caches.sessions.get('s')?.user.id).toBe('u');

    filled(caches);
    heard.handlers!.onNotification('sessions');
    expect(caches.sessions.get('s')).toBeUndefined();
    expect(caches.mentorList.get('m')).toBe('[]');

    filled(caches);
    heard.handlers!.onNotification('sessions,mentors');
    expect([caches.sessions.size, caches.mentorList.size]).toEqual([0, 0]);

    // A payload this version does not know (a newer process's) empties everything.
    filled(caches);
    heard.handlers!.onNotification('favourites');
    expect([caches.sessions.size, caches.mentorList.size]).toEqual([0, 0]);
  });

  it('falls back to no caching while the connection is lost, and starts empty when back', async () => {
    const caches = new ReadCaches({ listMs: 60_000, sessionMs: 60_000 });
    const { database, heard } = fakeDatabase();
    await listenForCacheEvents(database, caches, quiet);
    heard.handlers!.onConnected();
    filled(caches);

    heard.handlers!.onDisconnected(new Error('connection reset'));
    expect(caches.sessions.get('s')).toBeUndefined();
    filled(caches);
    expect(caches.mentorList.get('m')).toBeUndefined();

    heard.handlers!.onConnected();
    expect(caches.mentorList.get('m')).toBeUndefined();
    filled(caches);
    expect(caches.mentorList.get('m')).toBe('[]');
  });
});
