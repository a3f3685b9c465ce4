import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { isPlainEmail } from '../../shared/schemas/common';
import { mailOutbox } from '../db/schema';
import { turnLasts } from '../lib/background-turns';
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
const BASE_BACKOFF_MS = 10_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/**
 * While the mail server is unavailable, a process sends nothing and asks the server this often
 * whether it answers again; a message that met the outage is due again after the same time.
 */
export const SERVER_PROBE_MS = 1000;

export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Sends the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED so several app processes
 * never send the same message twice at once, and marked sent only after the transport
 * accepted them. Up to SEND_CONCURRENCY messages are sent at once, and a free place is filled
 * at once, so mail queued behind a hung conversation does not wait for it. When the server
 * cannot be reached, the worker stops claiming and probes it instead, and wakes when it answers.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private claiming: Promise<void> | undefined;
  private kickAgain = false;
  /** Claimed messages being handed to the transport, by id. */
  private readonly sending = new Map<string, Promise<boolean>>();
  /**
   * Those of them the transport has not answered yet: their claims are renewed. One whose
   * outcome is being written is left out, so a renewal never pushes back its retry.
   */
  private readonly unanswered = new Set<string>();
  private renewal: NodeJS.Timeout | undefined;
  /** Set while the mail server is unavailable: nothing is claimed until a probe is answered. */
  private outage: { since: number; probe: NodeJS.Timeout | undefined } | undefined;
  private stopped = false;
  /** The claim a kick asked for, waiting for the event loop's next turn. */
  private scheduled: NodeJS.Immediate | undefined;
  /** When this background turn began (performance.now()). */
  private turnStartedAt = 0;

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
    this.stopped = true;
    clearImmediate(this.scheduled);
    this.scheduled = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
    clearTimeout(this.outage?.probe);
    await this.settle();
  }

  /**
   * Claims due mail for the free places soon (after a commit that queued mail); never throws.
   * Soon, not now: the claim waits for the event loop's next turn, and kicks meanwhile are one
   * claim. On PGlite every statement resolves without waiting on I/O, so a worker that claimed
   * again as soon as a send was recorded kept the process from reading any request until the
   * outbox was empty (seconds, under 32 writers: docs/PERFORMANCE.md). Now it claims on for
   * one background turn (lib/background-turns.ts), then lets the requests that wait be read.
   */
  kick(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = setImmediate(() => {
      this.scheduled = undefined;
      this.turnStartedAt = performance.now();
      this.claimFreePlaces();
    });
  }

  private claimFreePlaces(): void {
    if (this.outage) return;
    const free = SEND_CONCURRENCY - this.sending.size;
    if (this.claiming || free <= 0) {
      // The claim under way, or the next send to finish, looks again.
      this.kickAgain = true;
      return;
    }
    this.claiming = this.claim(free)
      .then((claimed) => {
        for (const mail of claimed) void this.send(mail);
        // A full claim may have left more behind.
        if (claimed.length === free) this.kickAgain = true;
      })
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'mail outbox pass failed');
      })
      .finally(() => {
        this.claiming = undefined;
        this.kickAgainIfAsked();
      });
  }

  /** Sends everything due now, pass after pass, and returns how many were delivered. */
  async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      // Claims and sends under way (started by kick()) finish first.
      await this.settle();
      const claimed = await this.claim(SEND_CONCURRENCY);
      const results = await Promise.all(claimed.map((mail) => this.send(mail)));
      const sent = results.filter(Boolean).length;
      delivered += sent;
      if (sent === 0 && !this.claiming && this.sending.size === 0) return delivered;
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

  private kickAgainIfAsked() {
    if (!this.kickAgain) return;
    this.kickAgain = false;
    if (turnLasts(this.turnStartedAt)) this.claimFreePlaces();
    else this.kick();
  }

  /** Waits until no claim and no send of this worker is under way. */
  private async settle(): Promise<void> {
    while (this.claiming || this.sending.size > 0) {
      await this.claiming;
      await Promise.all(this.sending.values());
    }
  }

  /** Sends one claimed message, renewing its claim meanwhile; resolves whether it was delivered. */
  private send(mail: OutboxRow): Promise<boolean> {
    this.unanswered.add(mail.id);
    const sending = this.deliver(mail)
      .catch((error: unknown) => {
        // The outcome could not be written: the claim runs out and the message is retried
        // (after an accepted send it then arrives twice, as after a crash: decision 0002).
        this.logger.warn({ err: error, mailId: mail.id }, 'mail outbox could not record a send');
        return false;
      })
      .finally(() => {
        this.sending.delete(mail.id);
        this.unanswered.delete(mail.id);
        if (this.sending.size === 0) {
          clearInterval(this.renewal);
          this.renewal = undefined;
        }
        this.kickAgainIfAsked();
      });
    this.sending.set(mail.id, sending);
    if (!this.renewal) {
      this.renewal = setInterval(() => {
        this.renewClaims([...this.unanswered]).catch((error: unknown) => {
          this.logger.warn({ err: error }, 'mail outbox could not renew its claims');
        });
      }, this.claims.renewMs);
      this.renewal.unref();
    }
    return sending;
  }

  private async deliver(mail: OutboxRow): Promise<boolean> {
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
      return false;
    }
    try {
      await this.transport.send(mail);
    } catch (error) {
      this.unanswered.delete(mail.id);
      await this.recordFailure(mail, error);
      return false;
    }
    this.unanswered.delete(mail.id);
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
    return true;
  }

  private async recordFailure(mail: OutboxRow, error: unknown): Promise<void> {
    const attempts = mail.attempts + 1;
    const givenUp = attempts >= MAX_ATTEMPTS;
    // An unavailable server never saw the message: it is due again as soon as the server
    // answers (a probe wakes the worker), not after a back-off that outlasts the outage.
    const unavailable = serverUnavailable(error);
    this.logger.warn({ err: error, mailId: mail.id, attempts }, 'mail delivery failed');
    await this.db
      .update(mailOutbox)
      .set({
        attempts,
        status: givenUp ? 'failed' : 'pending',
        nextAttemptAt: new Date(Date.now() + (unavailable ? SERVER_PROBE_MS : backoffMs(attempts))),
        lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
        // A message never to be sent keeps no link either.
        ...(givenUp ? { ...REDACTED_MAIL, redactedAt: new Date() } : {}),
      })
      .where(eq(mailOutbox.id, mail.id));
    if (unavailable) this.waitForServer();
  }

  /** Stops claiming until the mail server answers a probe, asked every SERVER_PROBE_MS. */
  private waitForServer(): void {
    if (this.outage || this.stopped) return;
    this.outage = { since: Date.now(), probe: undefined };
    this.logger.warn('mail server unavailable: mail waits in the outbox until it answers');
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (!this.outage || this.stopped) return;
    this.outage.probe = setTimeout(() => void this.probe(), SERVER_PROBE_MS);
    this.outage.probe.unref();
  }

  private async probe(): Promise<void> {
    try {
      await this.transport.probe();
    } catch (error) {
      // Any other answer (a refused sign-in, say) means the server is there again.
      if (serverUnavailable(error)) {
        this.scheduleProbe();
        return;
      }
    }
    if (!this.outage || this.stopped) return;
    this.logger.info(
      { unavailableMs: Date.now() - this.outage.since },
      'mail server answers again: sending the outbox',
    );
    this.outage = undefined;
    this.kick();
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

  /**
   * Claims up to `limit` due messages, oldest first, by pushing their next attempt past the
   * lease: one statement (its subquery locks what it picks, skipping what another process is
   * claiming at the same moment), as the outbox claims after every write that mails.
   */
  private async claim(limit: number) {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: this.leaseEnd() })
      .where(inArray(mailOutbox.id, due))
      .returning();
    // What the statement returns comes in no particular order: the oldest is sent first.
    return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
}
