import { isPlainEmail } from '../../shared/schemas/common';
import type { Database } from '../db/client';
import { doubling, type Sender } from '../outbox/sender';
import { REDACTED_MAIL, redactFinishedMail } from './outbox';
import { serverUnavailable, type MailTransport } from './transport';

/**
 * How many messages one process hands to the mail server at once, each on a connection of its
 * own: a conversation that hangs holds one of these until its timeout, never the others.
 */
export const SEND_CONCURRENCY = 4;
/**
 * A claimed message is retried by any process once this lease runs out, so a message claimed
 * by a process that died goes out within the lease and a poll (within 60 s)...
 */
export const CLAIM_LEASE_MS = 30_000;
/** ...while a live process renews its claims this often for as long as it is sending them. */
const CLAIM_RENEW_MS = 10_000;
const MAX_ATTEMPTS = 20;
/** 10 s after the first failure, twice as long after each, never more than an hour. */
export const backoffMs = doubling(10_000, 60 * 60 * 1000);
/**
 * While the mail server is unavailable, a process sends nothing and asks the server this often
 * whether it answers again; a message that met the outage is due again after the same time.
 */
export const SERVER_PROBE_MS = 1000;

/**
 * The mail channel (decision 0034): hands a message to the transport (SMTP, or the local
 * outbox that is the developer's mailbox), and keeps every message as a record, its body
 * redacted at rest (decision 0002).
 */
export function mailSender(db: Database, transport: MailTransport): Sender {
  return {
    channel: 'mail',
    rules: {
      leaseMs: CLAIM_LEASE_MS,
      renewMs: CLAIM_RENEW_MS,
      concurrency: SEND_CONCURRENCY,
      maxAttempts: MAX_ATTEMPTS,
      backoffMs,
      keepsFinished: true,
      wakeOnCommit: true,
      probeMs: SERVER_PROBE_MS,
    },
    async send(mail) {
      // The mailer only ever gets one plain address: a row from before the strict
      // pattern, or written around it, fails for good instead of reaching several people.
      if (!isPlainEmail(mail.to)) {
        return { kind: 'give-up', error: 'recipient is not one plain address' };
      }
      try {
        await transport.send(mail);
        return { kind: 'delivered' };
      } catch (error) {
        return {
          kind: 'retry',
          error: String(error instanceof Error ? error.message : error),
          unavailable: serverUnavailable(error),
        };
      }
    },
    async probe() {
      try {
        await transport.probe();
      } catch (error) {
        // Any other answer (a refused sign-in, say) means the server is there again.
        return !serverUnavailable(error);
      }
      return true;
    },
    // The body is dropped once sent over SMTP; the local outbox is the developer's mailbox
    // until its links expired. A message never to be sent keeps no link either.
    atRest: (status) =>
      status === 'failed' || transport.kind === 'smtp'
        ? { ...REDACTED_MAIL, redactedAt: new Date() }
        : {},
    redactDue: () => redactFinishedMail(db, transport.kind),
  };
}
