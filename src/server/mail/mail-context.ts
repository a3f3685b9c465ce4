import type { Database, Executor } from '../db/client';
import { connectOutbox, databaseOf } from '../outbox/wake';
import { linksOn, type MailLinks } from './links';

/**
 * What the mail layer knows of the app it serves, given once when the app is built (app.ts):
 * the links on the site's origin. A service reaches them through the database or the
 * transaction it already holds, so the origin never travels through the services' signatures.
 */
const linksOf = new WeakMap<Database, MailLinks>();

/**
 * Connects the mail layer to the app's database: its mail links are made on `origin`, and its
 * transactions that queued mail (or any other row of the outbox) wake the outbox's engine once
 * they committed (outbox/wake.ts). Connecting the database again (an app built anew on it, in
 * tests) gives it the new origin and engine.
 */
export function connectMail(db: Database, origin: string, wake: () => void): void {
  linksOf.set(db, linksOn(origin));
  connectOutbox(db, wake);
}

/** The site's links for a mail queued with `executor` (the app's database or a transaction of it). */
export function mailLinks(executor: Executor): MailLinks {
  const links = linksOf.get(databaseOf(executor));
  if (!links) throw new Error('mail links asked of a database the app has not connected');
  return links;
}
