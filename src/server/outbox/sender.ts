import type { outbox } from '../db/schema';

/** One row of the outbox, as a sender is handed it. */
export type OutboxRow = typeof outbox.$inferSelect;

/** What a sender says of one row it was handed (decision 0034). */
export type Outcome =
  /** Its channel took it: done. */
  | { kind: 'delivered' }
  /**
   * Not this time: tried again after the channel's back-off, until its last attempt. With
   * `unavailable`, the channel itself is away (the mail server does not answer): nothing of the
   * row reached it, so it is due again as soon as a probe is answered, and the engine sends
   * nothing more on that channel until then.
   */
  | { kind: 'retry'; error: string; unavailable?: boolean }
  /** It would be refused again as it is: never tried again. */
  | { kind: 'give-up'; error: string }
  /** There is no one to send it to any more (a browser gone): the row goes. */
  | { kind: 'forget' };

/** How the engine treats one channel's rows. */
export interface ChannelRules {
  /** A claimed row is another process's to send once this runs out (the claimer died)... */
  leaseMs: number;
  /** ...while a live process renews its claims this often for as long as it is sending them. */
  renewMs: number;
  /** How many rows one process hands to the channel at once. */
  concurrency: number;
  /** Attempts in all before a row is given up on. */
  maxAttempts: number;
  /** The wait after a failed attempt (`attempts`: how many were made so far). */
  backoffMs: (attempts: number) => number;
  /**
   * Whether a finished row (sent, or given up on) stays as a record (mail: the admin's count of
   * failures, the local mailbox) or goes (push: news, not a record; the bell keeps it).
   */
  keepsFinished: boolean;
  /** How often a channel that went away is asked whether it answers again (with `probe`). */
  probeMs?: number;
  /**
   * How often each process looks for due rows of this channel; the engine's own poll (mail's,
   * MAIL_POLL_MS) by default.
   */
  pollMs?: number;
  /**
   * Whether a commit that queued rows wakes this channel at once (mail), or its rows wait for
   * its next poll (push, every PUSH_POLL_MS: a push is news on a browser, never a link a person
   * waits for, and its poll keeps the number of pushes sent at a time to one pass's).
   */
  wakeOnCommit: boolean;
}

/**
 * A channel: its name (the outbox's `channel` column), its rules, and how to hand it one row.
 * A new channel is one file implementing this, given to the engine in app.ts.
 */
export interface Sender {
  readonly channel: string;
  readonly rules: ChannelRules;
  /** Never throws: a failure is an outcome. */
  send(row: OutboxRow): Promise<Outcome>;
  /** Whether the channel answers again after an outage (for a sender that reports one). */
  probe?(): Promise<boolean>;
  /** What a finished row keeps instead of its body (mail at rest); nothing by default. */
  atRest?(status: 'sent' | 'failed'): Partial<OutboxRow>;
  /** Hourly: redacts what finished rows may no longer keep; how many it redacted. */
  redactDue?(): Promise<number>;
}

/** Doubling from `first` after each failed attempt, never longer than `max`. */
export function doubling(first: number, max: number): (attempts: number) => number {
  return (attempts) => Math.min(first * 2 ** Math.max(0, attempts - 1), max);
}
