import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { ReadCaches } from './lib/read-caches';
import type { RepeatingJob } from './lib/repeating-job';
import type { OutboxWorker } from './outbox-engine/engine';

/** What every feature's routes and services are built from. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  outbox: OutboxWorker;
  logger: FastifyBaseLogger;
  caches: ReadCaches;
  /** Mails the admins about new reports, gathered (safety/report-mail-service). */
  reportMail: RepeatingJob;
}
