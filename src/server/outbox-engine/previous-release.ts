import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { outbox, previousReleaseMailOutbox, previousReleasePushOutbox } from '../db/schema';

/**
 * Moves into the one outbox every row the previous release left in its two outboxes and none of
 * its processes holds (decision 0034). Migrations only add while an upgrade runs (decision
 * 0018), so the previous release's processes keep queuing into mail_outbox and push_outbox and
 * draining them. A row one of them claimed stays theirs: its lease moved next_attempt_at or
 * claimed_until ahead (a mail waiting for its retry looks the same, and moves once due). Every
 * other row (due, sent or given up) becomes this release's, once: FOR UPDATE SKIP LOCKED and the
 * delete make a row move in one process or be claimed by an old one, never both. A row keeps its
 * attempts and when it is due; a mail sent keeps its history (and is redacted as any other).
 * Run at start and every poll; the next release drops the two tables and this file.
 */
export async function adoptPreviousReleaseRows(db: Executor): Promise<void> {
  await db.execute(sql`
    with moved as (
      delete from ${previousReleaseMailOutbox} where id in (
        select id from ${previousReleaseMailOutbox}
        where status <> 'pending' or next_attempt_at <= now()
        for update skip locked)
      returning *)
    insert into ${outbox} (id, channel, "to", subject, text, html, links, status, attempts,
      next_attempt_at, last_error, sent_at, created_at, redact_after, redacted_at)
    select id, 'mail', "to", subject, text, html, links, status, attempts,
      next_attempt_at, last_error, sent_at, created_at, redact_after, redacted_at
    from moved
    on conflict (id) do nothing`);
  await db.execute(sql`
    with moved as (
      delete from ${previousReleasePushOutbox} where id in (
        select id from ${previousReleasePushOutbox}
        where claimed_until is null or claimed_until < now()
        for update skip locked)
      returning *)
    insert into ${outbox} (id, channel, "to", subject, text, html, links, subscription_id,
      status, attempts, next_attempt_at, created_at)
    select id, 'push', subscription_id::text, title, url, '', jsonb_build_array(url),
      subscription_id, 'pending', attempts, due_at, created_at
    from moved
    on conflict (id) do nothing`);
}
