import type { SessionUser } from '../../shared/schemas/auth';
import { ReadCache } from './read-cache';

/**
 * A session as the server keeps it: its user, and what the server alone knows of them. Never
 * sent to the browser as it is (the session answer carries `user` only).
 */
export interface SessionEntry {
  user: SessionUser;
  /**
   * The urlParams of the alumni who blocked this user. Her block is not announced: the OG list
   * shows her as not accepting to this user, as a paused alumna (mentors/routes.ts). Read with
   * the session, so the list costs no statement more; a block or unblock empties the sessions
   * cache in every process (migration 0021's trigger).
   */
  blockedBy: readonly string[];
}

/**
 * What a cache notification names (db/migrations/0012_cache_events.sql raises them): the
 * sessions cache, the OG list's, or both.
 */
export const CACHE_TOPICS = ['sessions', 'mentors'] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];

/**
 * The app's read caches (lib/read-cache), emptied together by every write request to this
 * process, and by topic when the database says another process changed what they hold.
 */
export class ReadCaches {
  /** Session cookie hash → its user (and who blocked them). */
  readonly sessions: ReadCache<SessionEntry>;
  /** OG list query → the answer's JSON text. */
  readonly mentorList: ReadCache<string>;

  constructor(ttlMs: number) {
    this.sessions = new ReadCache({ ttlMs, maxEntries: 10_000 });
    this.mentorList = new ReadCache({ ttlMs, maxEntries: 500 });
  }

  private get all() {
    return [this.sessions, this.mentorList];
  }

  clear(): void {
    for (const cache of this.all) cache.clear();
  }

  /** A notification's payload: the topics it names; anything unknown empties everything. */
  clearTopics(payload: string): void {
    const topics = payload.split(',');
    if (!topics.every((topic) => (CACHE_TOPICS as readonly string[]).includes(topic))) {
      this.clear();
      return;
    }
    if (topics.includes('sessions')) this.sessions.clear();
    if (topics.includes('mentors')) this.mentorList.clear();
  }

  /** While this process may be missing notifications, nothing is served from a cache. */
  pause(): void {
    for (const cache of this.all) cache.pause();
  }

  resume(): void {
    for (const cache of this.all) cache.resume();
  }

  /** Paused: this process cannot hear other processes' changes (lib/cache-events.ts). */
  get paused(): boolean {
    return this.sessions.paused;
  }
}
