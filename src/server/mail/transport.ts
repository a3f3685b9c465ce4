import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Hands a message to whatever delivers it; resolves only once it was accepted. */
export interface MailTransport {
  readonly kind: 'smtp' | 'local';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A server that stops answering must not hold a batch of claimed mail for
    // nodemailer's defaults (2 minutes to connect, 10 of silence); the message is retried.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        // An address object is never parsed as a list: one plain recipient.
        to: { name: '', address: mail.to },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP the outbox table itself is the mailbox (read by GET /_dev/mail); "sending"
 * means printing the message and its links to the server log so a developer can follow them.
 */
export function createLocalTransport(logger: FastifyBaseLogger): MailTransport {
  return {
    kind: 'local',
    async send(mail) {
      logger.info({ to: mail.to, subject: mail.subject, links: mail.links }, 'mail (local outbox)');
    },
    close: () => {},
  };
}
