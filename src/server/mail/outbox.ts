import { and, inArray, isNull, sql } from 'drizzle-orm';
import { INVITATION_TTL_MS } from '../../shared/constants';
import { jaMail } from '../../shared/messages/ja/mail';
import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { OutboxBacklog } from '../../shared/schemas/admin';
import { mailQueued } from './mail-context';
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

/**
 * Writes a message to the outbox. Call it inside the transaction of the change that causes
 * the message, so the two commit or fail together and an SMTP outage loses nothing; the worker
 * wakes once that transaction committed (mail/mail-context.ts), no caller wakes it.
 */
export async function enqueueMail(
  executor: Executor,
  mail: Omit<OutgoingMail, 'links'> & { readableUntil?: Date | undefined },
): Promise<void> {
  const { readableUntil, to, subject, text, html } = mail;
  await executor.insert(mailOutbox).values({
    to,
    subject,
    text,
    html,
    links: extractLinks(text),
    redactAfter: readableUntil ?? new Date(Date.now() + LOCAL_OUTBOX_READABLE_MS),
  });
  mailQueued(executor);
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
      : sql`coalesce(${mailOutbox.redactAfter}, ${mailOutbox.createdAt} + ${`${LOCAL_OUTBOX_READABLE_MS} milliseconds`}::interval) <= now()`;
  const redacted = await executor
    .update(mailOutbox)
    .set({ ...REDACTED_MAIL, redactedAt: new Date() })
    .where(and(inArray(mailOutbox.status, ['sent', 'failed']), isNull(mailOutbox.redactedAt), due))
    .returning({ id: mailOutbox.id });
  return redacted.length;
}

/**
 * What waits to be sent, for the admin overview and GET /metrics. Failed messages
 * (given up after every attempt) are counted apart: they need a person, not patience.
 */
export async function outboxBacklog(db: Executor): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::int`,
      oldestPendingSeconds: sql<
        number | null
      >`extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending'))::float8`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'failed']));
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    oldestPendingSeconds:
      row?.oldestPendingSeconds === null || row?.oldestPendingSeconds === undefined
        ? null
        : Math.max(0, Math.floor(Number(row.oldestPendingSeconds))),
  };
}
