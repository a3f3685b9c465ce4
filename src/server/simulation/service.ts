import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../errors';
import { maintainOnce } from '../maintenance';
import type { TimedPasses } from '../timed-work';
import type { SimulatedClock } from './clock';
import { advanceDatabaseClock } from './database-clock';

/** What the simulator's routes work on (decision 0046). */
export interface Simulation {
  clock: SimulatedClock;
  ctx: AppContext;
  database: DatabaseHandle;
  passes: TimedPasses;
}

/** How far behind its own clock a process still takes a time as "now" (the steps' own latency). */
const CLOCK_SLACK_MS = 1000;

export function clockOf({ clock }: Simulation) {
  return { now: clock.now().toISOString(), offsetMs: clock.offsetMs };
}

/**
 * Moves this process's clock and the database's to `at`, never back; a process that finds the
 * database ahead (another process moved it) catches up to it.
 */
export async function moveClock(simulation: Simulation, at: Date) {
  const { clock, database } = simulation;
  if (at.getTime() < clock.now().getTime() - CLOCK_SLACK_MS) {
    throw new AppError('sim/clock-backwards');
  }
  clock.advanceTo(await advanceDatabaseClock(database.db, clock.offsetAt(at)));
  return clockOf(simulation);
}

/**
 * Every timed pass once, in the order the hour would run them: the hourly maintenance
 * (expiries, the April rollover) first, then what reads its results.
 */
export async function tick({ ctx, database, passes }: Simulation) {
  const { vacuumed } = await maintainOnce(ctx, database);
  const counts: Record<string, number> = { vacuum: Number(vacuumed) };
  for (const [name, pass] of Object.entries(passes)) {
    const done: unknown = await pass();
    counts[name] = typeof done === 'number' ? done : 0;
  }
  return { passes: counts };
}

/** Waits until the outbox has sent what is due. */
export async function quiesce({ ctx }: Simulation) {
  return { delivered: await ctx.outbox.drain() };
}

/** A query of the simulator's invariants, read only, with `$1`… bound to `params`. */
export async function readOnlyQuery({ database }: Simulation, text: string, params: unknown[]) {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, index) =>
    index % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`,
  );
  const result = (await database.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    return tx.execute(sql.join(chunks, sql``));
  })) as unknown as { rows: Record<string, unknown>[] };
  return { rows: result.rows };
}
