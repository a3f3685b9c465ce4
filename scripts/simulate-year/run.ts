import { ADMIN_ACTIONS } from './actors/admin';
import { ALUMNI_ACTIONS } from './actors/alumni';
import { GRADUATION_ACTIONS } from './actors/graduation';
import { STUDENT_ACTIONS } from './actors/student';
import { hourWeight } from './calendar';
import { Client, type Tracer } from './client';
import { EventQueue, HOUR_MS, jstDay, tickTimes } from './clock-driver';
import { injectFault, planFaults, type FaultKind } from './faults';
import { invariants } from './invariants';
import { Model, type Action, type ActionContext } from './model';
import { makePopulation, TERM_SIZE, YEAR_SIZE } from './population';
import { createRng } from './prng';
import type { FaultWindow, InvariantMoment, SimWorld, TraceEntry, Violation } from './types';
import { World, type DatabaseKind } from './world';

/** One seeded run of the simulated year (or term): the world, the population, the clock. */

export interface RunOptions {
  seed: number;
  term: boolean;
  db: DatabaseKind;
  /** The first simulated day, YYYY-MM-DD (09:00 in Japan). */
  from: string;
  /** Cut the run after this many simulated days (tests, quick looks). */
  days?: number;
  /** Hours between ticks (besides 00:00 and 18:00 in Japan); default 3. */
  tickHours?: number;
  /** Faults injected; default: 3 a term, 24 a year. */
  faults?: number;
  basePort: number;
  tempDir: string;
  log?: (line: string) => void;
}

export interface FoundViolation extends Violation {
  seed: number;
  /** The simulated time it was found at (ISO). */
  simTime: string;
}

export interface RunResult {
  seed: number;
  db: DatabaseKind;
  from: string;
  to: string;
  wallMs: number;
  trace: TraceEntry[];
  mails: number;
  faults: FaultWindow[];
  invariantsChecked: number;
  violations: FoundViolation[];
  /** Whether the server answered the sim routes (its clock followed the driver's). */
  simMode: boolean;
  actions: Record<string, number>;
  eventMs: Record<string, number>;
  /**
   * Counts of what no call's status tells: 'sign-in without its mail' (her link did not come in
   * an SMTP hang; the call she then made without a session was answered 401, and she asked for
   * another link without making the call again),
   * 'sign-in without an answer' (a killed process: her next call is answered 401 and signs in).
   */
  happenings: Record<string, number>;
  /** Processes that exited by themselves. */
  crashes: number;
}

const DAY_MS = 24 * HOUR_MS;

/**
 * Hours between ticks. Three, for the year as for a term: a year ticked every hour took more
 * than the hour it is allowed (docs/SIMULATION.md), and the invariants' slack (4 hours,
 * invariants/support.ts) covers three.
 */
const DEFAULT_TICK_HOURS = 3;

/** 09:00 in Japan on a YYYY-MM-DD day. */
export function startOf(day: string): number {
  return Date.parse(`${day}T09:00:00+09:00`);
}

export function endOf(options: Pick<RunOptions, 'from' | 'term' | 'days'>): number {
  const from = startOf(options.from);
  if (options.days !== undefined) return from + options.days * DAY_MS;
  if (options.term) return from + 128 * DAY_MS;
  const [year, month, day] = options.from.split('-').map(Number) as [number, number, number];
  const next = `${year + 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return Date.parse(`${next}T12:00:00+09:00`);
}

/**
 * The worlds running now (seeds may run side by side): stopped by hand (Ctrl-C, a timeout),
 * every one's processes, PostgreSQL and temp data go with it before the driver exits.
 */
const openWorlds = new Set<World>();
let stopping = false;
function stopEveryWorld() {
  // Ctrl-C reaches tsx and this process both, and tsx passes it on: the second must not
  // interrupt the clean-up the first began.
  if (stopping) return;
  stopping = true;
  void Promise.allSettled([...openWorlds].map((world) => world.close())).finally(() =>
    process.exit(130),
  );
}
let watching = false;
function watchForStop() {
  if (watching) return;
  watching = true;
  process.on('SIGINT', stopEveryWorld);
  process.on('SIGTERM', stopEveryWorld);
}

const ACTIONS: Action[] = [
  ...ADMIN_ACTIONS,
  ...ALUMNI_ACTIONS,
  ...STUDENT_ACTIONS,
  ...GRADUATION_ACTIONS,
];

export async function runSeed(options: RunOptions): Promise<RunResult> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const from = startOf(options.from);
  const to = endOf(options);
  const root = createRng(options.seed);
  const size = options.term ? TERM_SIZE : YEAR_SIZE;
  const people = makePopulation(options.seed, size, from, to, root.fork('population'));
  const world = new World({
    db: options.db,
    from: new Date(from).toISOString(),
    basePort: options.basePort,
    adminEmails: people.filter((p) => p.role === 'admin').map((p) => p.email),
    tempDir: options.tempDir,
  });
  const queue = new EventQueue(from);
  const trace: TraceEntry[] = [];
  const faults: FaultWindow[] = [];
  const violations: FoundViolation[] = [];
  const seen = new Set<string>();
  const actionCounts: Record<string, number> = {};
  let invariantsChecked = 0;
  /** Real time spent per kind of event: where a run's minutes go. */
  const eventMs: Record<string, number> = {};
  /** Adds the real time since `since` to `name`'s total; returns now, the next phase's start. */
  const phase = (name: string, since: number) => {
    const now = Date.now();
    eventMs[name] = (eventMs[name] ?? 0) + now - since;
    return now;
  };
  /** What happened to people that no call's status tells (Tracer.count). */
  const happenings: Record<string, number> = {};
  const tracer: Tracer = {
    record(entry) {
      const full = { ...entry, seq: trace.length + 1, at: Date.now() };
      trace.push(full);
      return full;
    },
    spent: (part, since) => void phase(part, since),
    count: (what) => void (happenings[what] = (happenings[what] ?? 0) + 1),
  };
  const model = new Model();
  const processRng = root.fork('processes');
  for (const person of people) {
    const client = new Client(
      person.handle,
      person.email,
      person.localAddress,
      world,
      processRng.fork(person.handle),
      tracer,
      () => queue.now,
    );
    model.add({ ...person, client, status: 'absent', blocked: new Set() });
  }
  const context: ActionContext = {
    model,
    world,
    rng: root.fork('actions'),
    texts: root.fork('texts'),
    now: () => queue.now,
  };
  const tickRng = root.fork('ticks');
  const faultRng = root.fork('faults');

  /** The trace's length when every process last sent its due mail. */
  let quiescedAt = 0;
  /** Every live process's clock to `at` (and the database's with it). */
  let clockAt = 0;
  const syncClock = async (at: number) => {
    if (at <= clockAt) return;
    for (const server of world.live()) await world.setClock(server, at);
    clockAt = at;
  };

  const simWorld: SimWorld = {
    query: (sql, params) => world.query(sql, params),
    async adminGet(path) {
      const admin = model.who('admin')[0];
      if (!admin) throw new Error('no admin');
      const answer = await admin.client.call('GET', path);
      if (answer.status < 200 || answer.status >= 300) throw new Error(`${path}: ${answer.status}`);
      return answer.json;
    },
    get mails() {
      world.collectMail();
      return world.mails;
    },
    trace,
    faults,
    simNow: () => new Date(queue.now),
  };

  // The processes' read cache lives a second (READ_CACHE_SECONDS in world.ts): a count read
  // from it is read again after that before it is a violation.
  const checks = invariants({ recheckAfterMs: 1500 });
  const check = async (moment: InvariantMoment) => {
    for (const invariant of checks) {
      if (!invariant.when.includes(moment)) continue;
      invariantsChecked++;
      let found: Violation[];
      const checking = Date.now();
      try {
        found = await invariant.check(simWorld);
      } catch (error) {
        found = [
          { invariant: invariant.name, message: `could not check: ${String(error)}`, ids: [] },
        ];
      }
      phase(`invariant.${invariant.name}`, checking);
      for (const violation of found) {
        const key = `${violation.invariant}\n${violation.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        violations.push({
          ...violation,
          seed: options.seed,
          simTime: new Date(queue.now).toISOString(),
        });
        log(
          `violation (seed ${options.seed}, ${jstDay(queue.now)}): ${violation.invariant}: ${violation.message}`,
        );
      }
    }
  };

  const step = async (count: number) => {
    await syncClock(queue.now);
    for (let done = 0; done < count; done++) {
      // Up to three draws for one that finds something to do; the weights are read again
      // before each, since the last one may have changed what there is to do.
      for (let draw = 0; draw < 3; draw++) {
        const weights = ACTIONS.map((action) => action.weight(context));
        if (weights.every((weight) => weight <= 0)) return;
        const action = context.rng.weighted(ACTIONS, weights);
        let ran = false;
        const acting = Date.now();
        try {
          ran = await action.run(context);
        } catch (error) {
          // The driver's own mistake, not the site's: said, and the run goes on.
          log(`driver error in ${action.name} (seed ${options.seed}): ${String(error)}`);
        }
        phase(`action.${action.name}`, acting);
        if (ran) {
          actionCounts[action.name] = (actionCounts[action.name] ?? 0) + 1;
          break;
        }
      }
    }
  };

  watchForStop();
  openWorlds.add(world);
  try {
    await world.start();
    log(
      `seed ${options.seed}: ${options.db}, ${world.processes.length} process(es), sim mode ${world.simMode ? 'on' : 'OFF (the server ignores SIMULATED_CLOCK)'}`,
    );
    for (const admin of model.who('admin', 'absent')) {
      if (await admin.client.signIn()) admin.status = 'active';
    }

    // Ticks: every three simulated hours unless told (within the invariants' slack of a tick,
    // invariants/support.ts), and at 18:00 and 00:00 JST.
    for (const at of tickTimes(from, to, options.tickHours ?? DEFAULT_TICK_HOURS)) {
      queue.schedule({
        at,
        kind: 'tick',
        run: async () => {
          // Without sim mode the server runs its own timers: nothing to drive.
          if (!world.simMode) return;
          let mark = Date.now();
          // Mail of the calls since the last quiesce goes before the clock moves (none: no wait).
          if (trace.length > quiescedAt) {
            for (const server of world.live()) await world.quiesce(server);
          }
          mark = phase('tick.quiesce', mark);
          await syncClock(at);
          mark = phase('tick.clock', mark);
          const live = world.live();
          const chosen = tickRng.chance(0.2)
            ? live
            : [tickRng.pick(world.processes)].filter((s) => world.isAlive(s));
          let worked = false;
          for (const server of chosen.length > 0 ? chosen : live.slice(0, 1)) {
            const { status, passes } = await world.tick(server);
            // The passes that queue mail (the next slots' and the vacuum's counts queue none).
            worked ||=
              status !== 200 ||
              Object.entries(passes).some(
                ([name, count]) => count > 0 && name !== 'nextSlots' && name !== 'vacuum',
              );
            tracer.record({
              simTime: new Date(at).toISOString(),
              who: '-',
              process: server.name,
              method: 'POST',
              path: '/_dev/sim/tick',
              status,
              ids: [],
            });
          }
          mark = phase('tick.passes', mark);
          // What the passes queued is sent before anyone acts again.
          if (worked) for (const server of world.live()) await world.quiesce(server);
          quiescedAt = trace.length;
          phase('tick.quiesce', mark);
        },
      });
    }
    // Action steps: every simulated hour, a number of actions drawn by the hour and the size.
    const rate = options.term ? 0.2 : 1.6;
    for (let at = from + 30 * 60_000; at < to; at += HOUR_MS) {
      queue.schedule({
        at,
        kind: 'step',
        run: async () => {
          const expected = rate * hourWeight(at);
          const count = Math.floor(expected + context.rng.next());
          if (count === 0) return;
          await step(count);
          const checking = Date.now();
          await check('step');
          phase('step.check', checking);
        },
      });
    }
    // Daily checks at 00:30 in Japan.
    for (let at = from + 15.5 * HOUR_MS; at < to; at += DAY_MS) {
      queue.schedule({ at, kind: 'daily', run: () => check('daily') });
    }
    const planned = planFaults(
      faultRng,
      from + DAY_MS,
      to,
      options.faults ?? (options.term ? 3 : 24),
      options.db,
    );
    for (const plan of planned) {
      queue.schedule({
        at: plan.at,
        kind: 'fault',
        run: async () => {
          const kind: FaultKind = plan.kind;
          log(`fault at ${new Date(queue.now).toISOString()}: ${kind}`);
          const window = await injectFault(
            world,
            kind,
            faultRng,
            new Date(queue.now).toISOString(),
            () => step(2),
          );
          faults.push(window);
          // The restarted process starts at its clock: bring every process to the present.
          clockAt = 0;
          await syncClock(queue.now);
        },
      });
    }

    let lastDay = '';
    for (let event = queue.take(); event; event = queue.take()) {
      const day = jstDay(event.at);
      if (day !== lastDay && day.endsWith('-01'))
        log(`seed ${options.seed}: ${day}, ${trace.length} calls`);
      lastDay = day;
      // A process that died by itself is a finding: said, and started again.
      for (const server of world.processes) {
        if (world.isAlive(server)) continue;
        const crash = world.crashes.at(-1);
        log(
          `process ${server.name} exited by itself (${crash?.code ?? '?'} ${crash?.signal ?? ''}):\n${crash?.output ?? ''}`,
        );
        await world.launch(server, new Date(queue.now).toISOString());
        clockAt = 0;
      }
      const began = Date.now();
      await event.run();
      phase(event.kind, began);
    }
    await check('end');
  } finally {
    world.collectMail();
    await world.close();
    openWorlds.delete(world);
  }
  return {
    seed: options.seed,
    db: options.db,
    from: jstDay(from),
    to: jstDay(to),
    wallMs: Date.now() - started,
    trace,
    mails: world.mails.length,
    faults,
    invariantsChecked,
    violations,
    simMode: world.simMode,
    actions: actionCounts,
    eventMs,
    happenings,
    crashes: world.crashes.length,
  };
}
