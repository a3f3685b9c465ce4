import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { isPlainEmail } from '../../shared/schemas/common';
import { mailOutbox } from '../db/schema';
import { REDACTED_MAIL, redactFinishedMail } from './outbox';
import type { MailTransport } from './transport';

const BATCH_SIZE = 10;
/**
 * A claimed message is retried by any process once this lease runs out, so a message claimed
 * by a process that died goes out within the lease and a poll (within 60 s)...
 */
export const CLAIM_LEASE_MS = 30_000;
/** ...while a live process renews its claims this often for as long as it is sending them. */
const CLAIM_RENEW_MS = 10_000;
const MAX_ATTEMPTS = 20;
const BASE_BACKOFF_MS = 10_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * Sends the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED so several app processes
 * never send the same message twice at once, and marked sent only after the transport
 * accepted them.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private kickAgain = false;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly logger: FastifyBaseLogger,
    private readonly pollMs: number,
    /** Tests shorten the lease to see it run out and be renewed. */
    private readonly claims = { leaseMs: CLAIM_LEASE_MS, renewMs: CLAIM_RENEW_MS },
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => 0);
  }

  /** Starts a pass now (after a commit that queued mail); never throws. */
  kick(): void {
    if (this.running) {
      this.kickAgain = true;
      return;
    }
    this.running = this.sendDue()
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'mail outbox pass failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.kickAgain) {
          this.kickAgain = false;
          this.kick();
        }
      });
  }

  /** Sends everything due now, pass after pass, and returns how many were delivered. */
  async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      // A pass started by kick() may hold claimed rows: let it (and any follow-up) finish first.
      while (this.running) await this.running;
      const sent = await this.sendDue();
      delivered += sent;
      if (sent === 0 && !this.running) return delivered;
    }
  }

  /**
   * Mail at rest: with SMTP a body is redacted in the update that marks it sent;
   * this catches the rest (older rows, the local outbox once its links expired). Hourly.
   */
  redactDue(): Promise<number> {
    return redactFinishedMail(this.db, this.transport.kind);
  }

  /** The body is dropped once sent over SMTP; the local outbox is the developer's mailbox. */
  private redactOnSend() {
    return this.transport.kind === 'smtp' ? { ...REDACTED_MAIL, redactedAt: new Date() } : {};
  }

  private async sendDue(): Promise<number> {
    const claimed = await this.claim();
    const unfinished = new Set(claimed.map((mail) => mail.id));
    const renewal = setInterval(() => {
      this.renewClaims([...unfinished]).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'mail outbox could not renew its claims');
      });
    }, this.claims.renewMs);
    renewal.unref();
    try {
      return await this.sendClaimed(claimed, unfinished);
    } finally {
      clearInterval(renewal);
    }
  }

  private async sendClaimed(
    claimed: (typeof mailOutbox.$inferSelect)[],
    unfinished: Set<string>,
  ): Promise<number> {
    let delivered = 0;
    for (const mail of claimed) {
      // The mailer only ever gets one plain address: a row from before the strict
      // pattern, or written around it, fails for good instead of reaching several people.
      if (!isPlainEmail(mail.to)) {
        this.logger.warn({ mailId: mail.id }, 'mail not sent: recipient is not one plain address');
        await this.db
          .update(mailOutbox)
          .set({
            status: 'failed',
            attempts: mail.attempts + 1,
            lastError: 'recipient is not one plain address',
            ...REDACTED_MAIL,
            redactedAt: new Date(),
          })
          .where(eq(mailOutbox.id, mail.id));
        unfinished.delete(mail.id);
        continue;
      }
      try {
        await this.transport.send(mail);
        await this.db
          .update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            attempts: mail.attempts + 1,
            lastError: null,
            ...this.redactOnSend(),
          })
          .where(eq(mailOutbox.id, mail.id));
        delivered++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const givenUp = attempts >= MAX_ATTEMPTS;
        this.logger.warn({ err: error, mailId: mail.id, attempts }, 'mail delivery failed');
        await this.db
          .update(mailOutbox)
          .set({
            attempts,
            status: givenUp ? 'failed' : 'pending',
            nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
            lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
            // A message never to be sent keeps no link either.
            ...(givenUp ? { ...REDACTED_MAIL, redactedAt: new Date() } : {}),
          })
          .where(eq(mailOutbox.id, mail.id));
      }
      unfinished.delete(mail.id);
    }
    return delivered;
  }

  /**
   * The end of a claim by the database's clock, which every process compares it with: an app
   * host whose clock runs behind must not write a lease that has already run out.
   */
  private leaseEnd() {
    return sql`now() + make_interval(secs => ${this.claims.leaseMs / 1000})`;
  }

  /** Pushes the lease of messages still being sent; only ever later, never earlier. */
  private async renewClaims(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(mailOutbox)
      .set({
        nextAttemptAt: sql`greatest(${mailOutbox.nextAttemptAt}, ${this.leaseEnd()})`,
      })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
  }

  private claim() {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length > 0) {
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: this.leaseEnd() })
          .where(
            inArray(
              mailOutbox.id,
              due.map((mail) => mail.id),
            ),
          );
      }
      return due;
    });
  }
}
