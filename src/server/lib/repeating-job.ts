import type { FastifyBaseLogger } from 'fastify';

/**
 * A pass of work run every `intervalMs` once started, and soon when kicked (after a commit
 * that gave it something to do). One pass at a time per process; a kick during a pass runs
 * one more after it. Before start() (tests, processes without background jobs) kicks do
 * nothing: tests call the pass themselves.
 *
 * A kicked pass starts on the event loop's next turn, and kicks meanwhile are one pass: on
 * PGlite a pass's statements never wait on I/O, so a pass started at once would run before
 * any request already waiting is read (outbox-engine/engine.ts says the same of the outbox).
 */
export class RepeatingJob {
  private timer: NodeJS.Timeout | undefined;
  private scheduled: NodeJS.Immediate | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly logger: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.run(), this.intervalMs);
    this.timer.unref();
    this.run();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    clearImmediate(this.scheduled);
    this.scheduled = undefined;
    await this.running;
  }

  /** Runs a pass soon; never throws. */
  kick(): void {
    if (!this.timer || this.scheduled) return;
    this.scheduled = setImmediate(() => {
      this.scheduled = undefined;
      this.run();
    });
  }

  private run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ err: error }, `${this.name} failed`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }
}
