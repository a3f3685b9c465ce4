import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /**
   * The outbox row's id: its Message-ID, so that one message delivered again (after an answer
   * lost to a fault, which the outbox allows) reads as the same message, in a mail client as in
   * the simulated year's check (decision 0046).
   */
  id?: string;
}

/** Hands a message to whatever delivers it; resolves only once it was accepted. */
export interface MailTransport {
  readonly kind: 'smtp' | 'local';
  send(mail: OutgoingMail): Promise<void>;
  /** Resolves once the server answers a conversation that sends nothing (after an outage). */
  probe(): Promise<void>;
  close(): void;
}

/** Failures to connect, which say the server is not there, whichever message was being sent. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a failed send says the mail server is unavailable rather than that this message was
 * refused: it could not be reached, did not greet in time, or greeted 421 (service not
 * available). Nothing of the message reached it, so it cannot arrive; the outbox waits for the
 * server instead of backing the message off (mail/sender.ts, outbox-engine/engine.ts).
 */
export function serverUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, originalCode, command, timeoutType, responseCode } = error as Error & {
    code?: string;
    originalCode?: string;
    command?: string;
    timeoutType?: string;
    responseCode?: number;
  };
  if (command !== 'CONN') return false;
  return (
    code === 'EDNS' ||
    timeoutType === 'CONNECT_TIMEOUT' ||
    timeoutType === 'GREETING_TIMEOUT' ||
    (originalCode !== undefined && UNREACHABLE_CODES.has(originalCode)) ||
    (code === 'EPROTOCOL' && responseCode === 421)
  );
}

/**
 * `timeoutMs` (SMTP_TIMEOUT_SECONDS) bounds each step of one message's conversation: connecting,
 * the greeting, and every silence after it. A server that stops answering holds that message
 * this long, not nodemailer's default minutes; it is retried. Every message has a connection of
 * its own, so one hung conversation holds no other.
 *
 * The silence bound runs from the connection too, so with equal bounds a server that never
 * greets could be reported as a silence (SOCKET_TIMEOUT) instead of a missing greeting, which
 * then reads as a message the server may have kept and backs off (10 s, then longer) instead of waiting
 * for the server (serverUnavailable). The silence bound is a moment longer, so the greeting's
 * always speaks first.
 */
const SILENCE_AFTER_GREETING_MARGIN_MS = 1000;

export function createSmtpTransport(
  smtpUrl: string,
  from: string,
  timeoutMs: number,
): MailTransport {
  // Message-IDs name the sender's domain, as mail clients and filters expect.
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs + SILENCE_AFTER_GREETING_MARGIN_MS,
    dnsTimeout: timeoutMs,
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
        ...(mail.id === undefined ? {} : { messageId: `<outbox-${mail.id}@${domain}>` }),
      });
    },
    async probe() {
      // Connects, greets (and signs in, with credentials in SMTP_URL), then says QUIT.
      await transporter.verify();
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
    probe: async () => {},
    close: () => {},
  };
}
