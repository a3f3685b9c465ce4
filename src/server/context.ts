import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../shared/schemas/auth';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { ReadCache } from './lib/read-cache';
import type { OutboxWorker } from './mail/worker';

/** The app's read caches (lib/read-cache), emptied together by every write request. */
export class ReadCaches {
  /** Session cookie hash → its user. */
  readonly sessions: ReadCache<SessionUser>;
  /** OG list query → the answer's JSON text. */
  readonly mentorList: ReadCache<string>;

  constructor(ttlMs: number) {
    this.sessions = new ReadCache({ ttlMs, maxEntries: 10_000 });
    this.mentorList = new ReadCache({ ttlMs, maxEntries: 500 });
  }

  clear(): void {
    this.sessions.clear();
    this.mentorList.clear();
  }
}

/** What every feature's routes and services are built from. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  outbox: OutboxWorker;
  logger: FastifyBaseLogger;
  caches: ReadCaches;
}
