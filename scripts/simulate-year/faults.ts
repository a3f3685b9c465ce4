import type { Rng } from './prng';
import type { FaultWindow } from './types';
import type { ServerProcess, World } from './world';

/**
 * The injected faults, at moments the seed chooses: a process killed (SIGKILL) and started
 * again, between calls or in the middle of its timed work (a tick's passes and the mail they
 * queue, the moment a reminder is claimed but not yet sent); a PostgreSQL blip (every other
 * backend ended, or the cluster stopped and started); an SMTP server that hangs for a while.
 * Each one's window runs from its start to its end plus SETTLE_MS (the driver's real clock): a
 * 5xx or a repeated message inside it is allowed.
 */

export const SETTLE_MS = 10_000;

export type FaultKind = FaultWindow['kind'];

export interface FaultPlan {
  at: number;
  kind: FaultKind;
}

/** `count` faults at simulated times between `from` and `to`, of the kinds the world allows. */
export function planFaults(
  rng: Rng,
  from: number,
  to: number,
  count: number,
  db: 'postgres' | 'pglite',
): FaultPlan[] {
  const kinds: FaultKind[] =
    db === 'postgres'
      ? ['kill', 'kill-mid-tick', 'database-blip', 'smtp-hang']
      : ['kill', 'kill-mid-tick', 'smtp-hang'];
  const plans: FaultPlan[] = [];
  for (let i = 0; i < count; i++) {
    plans.push({ at: from + Math.floor(rng.next() * (to - from)), kind: rng.pick(kinds) });
  }
  return plans.sort((a, b) => a.at - b.at);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Kills `server` (after `inFlight`, its cut-short work, has ended), lets the calls go on to the
 * other process (or fail) while it is down, and starts it again at `restartClock`.
 */
async function killAndRestart(
  world: World,
  server: ServerProcess,
  restartClock: string,
  during: () => Promise<void>,
  inFlight: Promise<unknown> = Promise.resolve(),
) {
  await world.kill(server);
  await inFlight;
  await during();
  await world.launch(server, restartClock);
}

/**
 * Injects one fault and returns its window once the world is whole again. `restartClock` is the
 * simulated time a killed process starts at.
 */
export async function injectFault(
  world: World,
  kind: FaultKind,
  rng: Rng,
  restartClock: string,
  during: () => Promise<void>,
): Promise<FaultWindow> {
  const from = Date.now();
  if (kind === 'kill') {
    await killAndRestart(world, rng.pick(world.processes), restartClock, during);
  } else if (kind === 'kill-mid-tick') {
    const server = rng.pick(world.processes);
    // Its timed passes, then the mail they queued, cut short a few milliseconds in (the
    // answers are lost: rawCall reads a dropped connection as status 0).
    const work = world.tick(server).then(() => world.quiesce(server));
    await sleep(rng.int(0, 250));
    await killAndRestart(world, server, restartClock, during, work);
  } else if (kind === 'database-blip') {
    const cluster = world.postgresCluster;
    if (cluster && rng.chance(0.5)) {
      await cluster.stop('immediate');
      const down = world.options.db === 'postgres' ? rng.int(2000, 5000) : 0;
      await sleep(down);
      await cluster.start();
    } else {
      await world.terminateBackends();
    }
    await during();
  } else {
    // What is sent meanwhile waits for its timeout and is sent again later.
    world.smtp.hang = true;
    await sleep(rng.int(1000, 3000));
    await during();
    world.smtp.hang = false;
  }
  return { kind, from, to: Date.now() + SETTLE_MS };
}
