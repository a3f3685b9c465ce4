import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { turnLasts } from '../lib/background-turns';
import type { Outcome, OutboxRow, Sender } from '../outbox/sender';
import { claimDue, finishRow, renewClaims, retryRowLater } from './claims';
import { adoptPreviousReleaseRows } from './previous-release';

/**
 * Drains the outbox on every channel (decision 0034): each channel has a lane of its own, so a
 * channel that is down or slow (the mail server away, a push service that hangs) holds none of
 * the others. Rows are claimed with FOR UPDATE SKIP LOCKED under the channel's lease, renewed
 * while they are being sent, so several app processes never send one row twice, and one a dead
 * process claimed is sent by another once the lease ran out. A row is marked done only after
 * its sender said so; a failure is tried again after the channel's back-off, up to its attempts.
 */
export class OutboxWorker {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly db: Database,
    senders: readonly Sender[],
    logger: FastifyBaseLogger,
    private readonly pollMs: number,
    /** Tests shorten the lease of every channel to see it run out and be renewed. */
    claims?: { leaseMs: number; renewMs: number },
  ) {
    for (const sender of senders) {
      this.lanes.set(sender.channel, new Lane(db, sender, logger, claims));
    }
  }

  /** Each channel looks for due rows every poll of its own (its rules' pollMs, else the engine's). */
  start(): void {
    // The previous release's rows, during and after an upgrade (previous-release.ts).
    const adopt = () =>
      void adoptPreviousReleaseRows(this.db).catch(() => {
        // A database blip: the next poll moves them.
      });
    const adoption = setInterval(adopt, this.pollMs);
    adoption.unref();
    this.timers.push(adoption);
    adopt();
    for (const lane of this.lanes.values()) {
      const timer = setInterval(() => lane.kick(), lane.pollMs ?? this.pollMs);
      timer.unref();
      this.timers.push(timer);
      lane.kick();
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.all([...this.lanes.values()].map((lane) => lane.stop()));
  }

  /**
   * Claims due rows soon on every channel that wakes on commit (after a commit that queued
   * some: outbox/wake.ts); never throws.
   */
  kick(): void {
    for (const lane of this.lanes.values()) if (lane.wakesOnCommit) lane.kick();
  }

  /**
   * Sends everything due now on `channel` (on every channel when none is named), pass after
   * pass, and returns how many were delivered.
   */
  async drain(channel?: string): Promise<number> {
    const lanes = channel ? [this.laneOf(channel)] : [...this.lanes.values()];
    const delivered = await Promise.all(lanes.map((lane) => lane.drain()));
    return delivered.reduce((a, b) => a + b, 0);
  }

  /** Hourly: what finished rows may no longer keep (mail bodies at rest) is redacted. */
  async redactDue(): Promise<number> {
    let redacted = 0;
    for (const lane of this.lanes.values()) redacted += await lane.redactDue();
    return redacted;
  }

  private laneOf(channel: string): Lane {
    const lane = this.lanes.get(channel);
    if (!lane) throw new Error(`the outbox has no sender for channel ${channel}`);
    return lane;
  }
}

/** One channel's claims, sends and outage, in one process. */
class Lane {
  private claiming: Promise<void> | undefined;
  private kickAgain = false;
  /** Claimed rows being handed to the sender, by id. */
  private readonly sending = new Map<string, Promise<boolean>>();
  /**
   * Those of them the sender has not answered yet: their claims are renewed. One whose
   * outcome is being written is left out, so a renewal never pushes back its retry.
   */
  private readonly unanswered = new Set<string>();
  private renewal: NodeJS.Timeout | undefined;
  /** Set while the channel is unavailable: nothing is claimed until a probe is answered. */
  private outage: { since: number; probe: NodeJS.Timeout | undefined } | undefined;
  private stopped = false;
  /** The claim a kick asked for, waiting for the event loop's next turn. */
  private scheduled: NodeJS.Immediate | undefined;
  /** When this background turn began (performance.now()). */
  private turnStartedAt = 0;
  private readonly leaseMs: number;
  private readonly renewMs: number;

  constructor(
    private readonly db: Database,
    private readonly sender: Sender,
    private readonly logger: FastifyBaseLogger,
    claims: { leaseMs: number; renewMs: number } | undefined,
  ) {
    this.leaseMs = claims?.leaseMs ?? sender.rules.leaseMs;
    this.renewMs = claims?.renewMs ?? sender.rules.renewMs;
  }

  get pollMs(): number | undefined {
    return this.sender.rules.pollMs;
  }

  get wakesOnCommit(): boolean {
    return this.sender.rules.wakeOnCommit;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearImmediate(this.scheduled);
    this.scheduled = undefined;
    clearTimeout(this.outage?.probe);
    await this.settle();
  }

  /**
   * Claims due rows for the free places soon. Soon, not now: the claim waits for the event
   * loop's next turn, and kicks meanwhile are one claim. On PGlite every statement resolves
   * without waiting on I/O, so a lane that claimed again as soon as a send was recorded kept
   * the process from reading any request until the outbox was empty (seconds, under 32
   * writers: docs/PERFORMANCE.md). Now it claims on for one background turn
   * (lib/background-turns.ts), then lets the requests that wait be read.
   */
  kick(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = setImmediate(() => {
      this.scheduled = undefined;
      this.turnStartedAt = performance.now();
      this.claimFreePlaces();
    });
  }

  async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      // Claims and sends under way (started by kick()) finish first.
      await this.settle();
      const claimed = await this.claim(this.sender.rules.concurrency);
      const results = await Promise.all(claimed.map((row) => this.send(row)));
      const sent = results.filter(Boolean).length;
      delivered += sent;
      if (sent === 0 && !this.claiming && this.sending.size === 0) return delivered;
    }
  }

  redactDue(): Promise<number> {
    return this.sender.redactDue?.() ?? Promise.resolve(0);
  }

  private claim(limit: number) {
    return claimDue(this.db, this.sender.channel, limit, this.leaseMs);
  }

  private claimFreePlaces(): void {
    if (this.outage) return;
    const free = this.sender.rules.concurrency - this.sending.size;
    if (this.claiming || free <= 0) {
      // The claim under way, or the next send to finish, looks again.
      this.kickAgain = true;
      return;
    }
    this.claiming = this.claim(free)
      .then((claimed) => {
        for (const row of claimed) void this.send(row);
        // A full claim may have left more behind.
        if (claimed.length === free) this.kickAgain = true;
      })
      .catch((error: unknown) => {
        this.logger.warn({ err: error, channel: this.sender.channel }, 'outbox pass failed');
      })
      .finally(() => {
        this.claiming = undefined;
        this.kickAgainIfAsked();
      });
  }

  private kickAgainIfAsked() {
    if (!this.kickAgain) return;
    this.kickAgain = false;
    if (turnLasts(this.turnStartedAt)) this.claimFreePlaces();
    else this.kick();
  }

  /** Waits until no claim and no send of this lane is under way. */
  private async settle(): Promise<void> {
    while (this.claiming || this.sending.size > 0) {
      await this.claiming;
      await Promise.all(this.sending.values());
    }
  }

  /** Sends one claimed row, renewing its claim meanwhile; resolves whether it was delivered. */
  private send(row: OutboxRow): Promise<boolean> {
    this.unanswered.add(row.id);
    const sending = this.deliver(row)
      .catch((error: unknown) => {
        // The outcome could not be written: the claim runs out and the row is retried
        // (after an accepted send it then arrives twice, as after a crash: decision 0002).
        this.logger.warn(
          { err: error, channel: this.sender.channel, rowId: row.id },
          'outbox could not record a send',
        );
        return false;
      })
      .finally(() => {
        this.sending.delete(row.id);
        this.unanswered.delete(row.id);
        if (this.sending.size === 0) {
          clearInterval(this.renewal);
          this.renewal = undefined;
        }
        this.kickAgainIfAsked();
      });
    this.sending.set(row.id, sending);
    if (!this.renewal) {
      this.renewal = setInterval(() => {
        renewClaims(this.db, [...this.unanswered], this.leaseMs).catch((error: unknown) => {
          this.logger.warn({ err: error }, 'outbox could not renew its claims');
        });
      }, this.renewMs);
      this.renewal.unref();
    }
    return sending;
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    let outcome: Outcome;
    try {
      outcome = await this.sender.send(row);
    } catch (error) {
      // A sender that breaks its promise not to throw: a failed try all the same, so that a row
      // it always throws on is given up after maxAttempts, not tried again every lease for ever.
      outcome = { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
    } finally {
      this.unanswered.delete(row.id);
    }
    const attempts = row.attempts + 1;
    const { rules } = this.sender;
    switch (outcome.kind) {
      case 'delivered':
        await finishRow(
          this.db,
          row.id,
          rules.keepsFinished && {
            status: 'sent',
            sentAt: new Date(),
            attempts,
            lastError: null,
            ...this.sender.atRest?.('sent'),
          },
        );
        return true;
      case 'forget':
        await finishRow(this.db, row.id, false);
        return false;
      case 'give-up':
        await this.giveUp(row, attempts, outcome.error);
        return false;
      case 'retry':
        await this.retry(row, attempts, outcome.error, outcome.unavailable === true);
        return false;
    }
  }

  private async giveUp(row: OutboxRow, attempts: number, error: string) {
    this.logger.warn({ channel: this.sender.channel, rowId: row.id, error }, 'outbox gave up');
    await finishRow(
      this.db,
      row.id,
      this.sender.rules.keepsFinished && {
        status: 'failed',
        attempts,
        lastError: error.slice(0, 500),
        // A message never to be sent keeps no link either.
        ...this.sender.atRest?.('failed'),
      },
      row.attempts,
    );
  }

  private async retry(row: OutboxRow, attempts: number, error: string, unavailable: boolean) {
    const { rules } = this.sender;
    if (attempts >= rules.maxAttempts) return this.giveUp(row, attempts, error);
    this.logger.warn(
      { channel: this.sender.channel, rowId: row.id, attempts, error },
      'outbox delivery failed',
    );
    // An unavailable channel never saw the row: it is due again as soon as the channel
    // answers (a probe wakes the lane), not after a back-off that outlasts the outage.
    const probing = unavailable && this.sender.probe !== undefined;
    const wait = probing ? rules.probeMs! : rules.backoffMs(attempts);
    await retryRowLater(this.db, row.id, row.attempts, wait, error);
    if (probing) this.waitForChannel();
  }

  /** Stops claiming until the channel answers a probe, asked every probeMs. */
  private waitForChannel(): void {
    if (this.outage || this.stopped) return;
    this.outage = { since: Date.now(), probe: undefined };
    this.logger.warn(
      `${this.sender.channel} server unavailable: it waits in the outbox until it answers`,
    );
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (!this.outage || this.stopped) return;
    this.outage.probe = setTimeout(() => void this.probe(), this.sender.rules.probeMs);
    this.outage.probe.unref();
  }

  private async probe(): Promise<void> {
    if (!(await this.sender.probe!())) {
      this.scheduleProbe();
      return;
    }
    if (!this.outage || this.stopped) return;
    this.logger.info(
      { channel: this.sender.channel, unavailableMs: Date.now() - this.outage.since },
      `${this.sender.channel} server answers again: sending the outbox`,
    );
    this.outage = undefined;
    this.kick();
  }
}
