import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { AppError } from '../errors';
import { redactFinishedMail } from './outbox';

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

function onlyLoopback(request: FastifyRequest) {
  // A request relayed by a reverse proxy on this machine comes from the proxy's client.
  const relayed =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (relayed || !isLoopback(request.socket.remoteAddress)) throw new AppError('not-found');
}

/**
 * The local outbox's mailbox, registered only while SMTP_URL is unset and answered only to
 * loopback clients: the messages "sent" so far, newest first, with every link they carry.
 * A message's body (links, code) is redacted once its links expired (outbox.ts).
 */
export function registerDevMailRoutes(app: FastifyInstance, db: Database) {
  app.get('/_dev/mail', { onRequest: async (request) => onlyLoopback(request) }, async () => {
    // Expired links are not shown even between the hourly clean-ups (issue 16).
    await redactFinishedMail(db, 'local');
    const sent = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'sent'))
      .orderBy(desc(mailOutbox.sentAt));
    return sent.map((mail) => ({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      sentAt: mail.sentAt?.toISOString() ?? null,
      links: mail.links,
    }));
  });

  app.delete(
    '/_dev/mail',
    { onRequest: async (request) => onlyLoopback(request) },
    async (_, reply) => {
      await db.delete(mailOutbox);
      return reply.code(204).send();
    },
  );
}
