import { withGlobal, type Clock } from '@sinonjs/fake-timers';

/**
 * The simulated year's clock (decision 0046): the process's `Date`, replaced by the same fake
 * the tests use (@sinonjs/fake-timers, Date only: timers, performance.now and the event loop
 * keep real time), running at real speed from wherever the simulator puts it. Every
 * `new Date()` and `Date.now()` of the server, its libraries and PGlite (whose now() reads
 * the process's clock) follow it; PostgreSQL's now() follows it through sim.now()
 * (database-clock.ts). Installed only by main.ts, only when SIMULATED_CLOCK is set.
 */
export class SimulatedClock {
  private offset: number;

  private constructor(
    private readonly fake: Clock,
    private readonly realNow: () => number,
    start: Date,
  ) {
    this.offset = start.getTime() - realNow();
  }

  static install(start: Date): SimulatedClock {
    const realNow = Date.now.bind(Date);
    const fake = withGlobal(globalThis).install({
      now: start,
      toFake: ['Date'],
      // Time flows between the simulator's steps (ordering, durations); each read of the
      // offset below puts it back on real time plus the offset, so no drift builds up.
      shouldAdvanceTime: true,
    });
    return new SimulatedClock(fake, realNow, start);
  }

  /** The simulated time minus the real time, in ms. */
  get offsetMs(): number {
    return this.offset;
  }

  now(): Date {
    this.resync();
    return new Date();
  }

  /** Moves the clock forward to `offsetMs` (never back: what is done stays done). */
  advanceTo(offsetMs: number): void {
    this.offset = Math.max(this.offset, offsetMs);
    this.resync();
  }

  /** The offset that puts the clock at `at` now. */
  offsetAt(at: Date): number {
    return at.getTime() - this.realNow();
  }

  uninstall(): void {
    this.fake.uninstall();
  }

  private resync(): void {
    const target = this.realNow() + this.offset;
    if (target > this.fake.now) this.fake.setSystemTime(target);
  }
}
