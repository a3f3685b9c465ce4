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
 * The app's read caches (lib/read-cache), emptied by topic when the database says a committed
 * change altered what they hold (in this process or another), and by this process's own write
 * requests (`afterWrite`).
 *
 * A session is kept apart from the list because so much more reads it (every signed-in
 * request) and so little changes it: who a user is changes only through the rows whose
 * triggers notify 'sessions' (a session ended; a user's role, suspension, address, language;
 * a block), and a student's writes, most of an evening's, change her own sessions only.
 * Emptying every session on each of them, as the list is emptied, would have every student's
 * next request read her session again whenever anyone booked or wrote.
 */
export class ReadCaches {
  /** Session cookie hash → its user (and who blocked them). */
  readonly sessions: ReadCache<SessionEntry>;
  /** OG list query → the answer's JSON text. */
  readonly mentorList: ReadCache<string>;

  constructor(lifetimes: { listMs: number; sessionMs: number }) {
    this.sessions = new ReadCache({ ttlMs: lifetimes.sessionMs, maxEntries: 10_000 });
    this.mentorList = new ReadCache({ ttlMs: lifetimes.listMs, maxEntries: 500 });
  }

  /**
   * After a write request to this process, before its answer leaves: the list's answers go,
   * and the sessions it may have changed, so that no one here sees a change late. A student's
   * write changes only her own (her sign-out, her language, her address). Anyone else's may
   * change other people's: an admin's (a suspension, a role), an alumna's (her blocks), a link
   * used without a session (the address it confirms); those empty every session. The database's
   * notification would too, but on PostgreSQL it comes over another connection, a moment after
   * the answer: a moment in which this process would still serve the old session.
   */
  afterWrite(user: SessionUser | null): void {
    this.mentorList.clear();
    if (user?.role === 'student') this.sessions.deleteWhere((entry) => entry.user.id === user.id);
    else this.sessions.clear();
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
