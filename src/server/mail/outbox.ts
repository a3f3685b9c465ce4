import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { INVITATION_TTL_MS, MAIL_LOG_DAYS } from '../../shared/constants';
import { jaMail } from '../../shared/messages/ja/mail';
import type { Executor } from '../db/client';
import { outbox } from '../db/schema';
import type { OutboxBacklog } from '../../shared/schemas/admin';
import { queueOutbox } from '../outbox/queue';
import type { OutgoingMail } from './transport';

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}

/**
 * How long the local outbox keeps a body readable when the message names no expiry of its
 * own: the longest one-time link we mail (an invitation, 7 days). Sign-in mails are kept
 * for their link's 10 minutes, registration mails for 24 hours, invitations until they expire.
 */
export const LOCAL_OUTBOX_READABLE_MS = INVITATION_TTL_MS;

/** What a redacted message keeps instead of its body: no link, no code, no name. */
export const REDACTED_MAIL = {
  text: jaMail.mail.redacted,
  html: `<p>${jaMail.mail.redacted}</p>`,
  links: [] as string[],
};

export type QueuedMail = Omit<OutgoingMail, 'links'> & { readableUntil?: Date | undefined };

/** The outbox row of a mail to `mail.to` (queued by `enqueueMail` or by `tell`). */
export function mailRow(mail: QueuedMail) {
  const { readableUntil, to, subject, text, html } = mail;
  return {
    channel: 'mail',
    to,
    subject,
    text,
    html,
    links: extractLinks(text),
    redactAfter: readableUntil ?? new Date(Date.now() + LOCAL_OUTBOX_READABLE_MS),
  };
}

/**
 * Queues a mail to an address, for mail to someone who has no account yet (a sign-in link, an
 * invitation, a registration, a new address to confirm) or to an address as such; a person
 * with an account is told with `tell` (notifications/tell.ts), which queues this on their
 * choice. Call it inside the transaction of the change that causes the message, so the two
 * commit or fail together and an SMTP outage loses nothing; the outbox's engine wakes once that
 * transaction committed (outbox/wake.ts), no caller wakes it.
 */
export async function enqueueMail(executor: Executor, mail: QueuedMail): Promise<void> {
  await queueOutbox(executor, [mailRow(mail)]);
}

/**
 * Mail at rest: replaces the body of every message that is done (sent, or given
 * up on) by a note, keeping to, subject, status and times. With SMTP every such message at
 * once; with the local outbox, which is the developer's mailbox, once its links expired.
 */
export async function redactFinishedMail(
  executor: Executor,
  mode: 'smtp' | 'local',
): Promise<number> {
  const due =
    mode === 'smtp'
      ? undefined
      : sql`coalesce(${outbox.redactAfter}, ${outbox.createdAt} + ${`${LOCAL_OUTBOX_READABLE_MS} milliseconds`}::interval) <= now()`;
  const redacted = await executor
    .update(outbox)
    .set({ ...REDACTED_MAIL, redactedAt: new Date() })
    .where(
      and(
        eq(outbox.channel, 'mail'),
        inArray(outbox.status, ['sent', 'failed']),
        isNull(outbox.redactedAt),
        due,
      ),
    )
    .returning({ id: outbox.id });
  return redacted.length;
}

/**
 * The mail log's end: a message sent or given up MAIL_LOG_DAYS ago goes, addressee and subject
 * with it (a subject may name the other side of a request).
 */
export async function purgeOldMail(executor: Executor): Promise<number> {
  const purged = await executor
    .delete(outbox)
    .where(
      and(
        eq(outbox.channel, 'mail'),
        inArray(outbox.status, ['sent', 'failed']),
        sql`coalesce(${outbox.sentAt}, ${outbox.createdAt}) < now() - make_interval(days => ${MAIL_LOG_DAYS})`,
      ),
    )
    .returning({ id: outbox.id });
  return purged.length;
}

/**
 * A person who leaves is no longer in the mail log: the messages already sent (or given up) to
 * her sign-in and contact addresses, and to those she changed from or to, go at once. What
 * still waits (the mail her withdrawal itself sends) is sent, and goes with the log's period.
 * An address another account holds keeps its messages: they are that account's too.
 */
export async function forgetMailTo(executor: Executor, userId: string): Promise<number> {
  const purged = await executor.execute(sql`
    delete from outbox o
     where o.channel = 'mail' and o.status in ('sent', 'failed')
       and lower(o."to") in (
         select lower(u.email) from users u where u.id = ${userId}
         union select lower(s.contact_email) from students s where s.user_id = ${userId}
         union select lower(s.email) from students s where s.user_id = ${userId}
         union select lower(m.contact_email) from mentors m where m.user_id = ${userId}
         union select lower(c.old_email) from email_changes c where c.user_id = ${userId}
         union select lower(c.new_email) from email_changes c where c.user_id = ${userId})
       and not exists (
         select 1 from users other where lower(other.email) = lower(o."to") and other.id <> ${userId})
    returning o.id`);
  return (purged as unknown as { rows: unknown[] }).rows.length;
}

/**
 * The mail that waits to be sent, for the admin overview and GET /metrics. Failed messages
 * (given up after every attempt) are counted apart: they need a person, not patience. Mail
 * only, as before the outbox was one (decision 0034): a push is news, never kept as failed,
 * and the bell holds it anyway.
 */
export async function outboxBacklog(db: Executor): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int`,
      oldestPendingSeconds: sql<
        number | null
      >`extract(epoch from now() - min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending'))::float8`,
    })
    .from(outbox)
    .where(and(eq(outbox.channel, 'mail'), inArray(outbox.status, ['pending', 'failed'])));
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    oldestPendingSeconds:
      row?.oldestPendingSeconds === null || row?.oldestPendingSeconds === undefined
        ? null
        : Math.max(0, Math.floor(Number(row.oldestPendingSeconds))),
  };
}
