/**
 * A seminar's busiest hour (issue 60, point 3): signed-in students, each with her own session,
 * spend an evening on the site, and their number rises step by step until the p99 of their
 * requests crosses 300 ms. How many the one process held, and where the time went then.
 *
 * An active user opens the bell's stream as her first page does and keeps it open, then acts
 * every few seconds (think time: 1 s to read plus an exponential wait of mean 4 s, so 5 s on
 * average; drawn from a generator seeded by her number, so runs repeat). Her actions, in the
 * mix of EVENING_MIX (docs/PERFORMANCE.md says why each weighs what it does).
 *
 * The client is node:http with a keep-alive agent (no parsing of what it does not read), in
 * this process: it shares the machine's cores with the server, and the step's figures print the
 * CPU each used.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { VISIT_DURATION_MINUTES, VISIT_REQUESTS_PER_DAY } from '../src/shared/constants';
import { mulberry32 } from '../src/server/lib/mulberry32';
import { COMPANY_STEMS, FAMILY_NAMES, INDUSTRY_CHOICES } from '../scripts/demo-data';
import type { EveningFixtures } from './busiest-hour-evening';
import { cpuSecondsOf, machineBusySeconds, rssOf } from './processes';
import {
  QUICK_RAMP_STEPS,
  RAMP_STEPS,
  rampVerdict,
  stepFigures,
  type Outcome,
  type RequestRecord,
  type StepFigures,
} from './busiest-hour-ramp';

// --- the evening's actions ---------------------------------------------------------------

/**
 * What an active user does, by weight (of 100 actions). Reading dominates: the list and the
 * searches are how a student finds alumnae, an alumna's page is what she reads most; writing is
 * rarer: a message in her request's thread (after opening it), a favourite set or cleared, and
 * now and then a booking (the alumna's slots, then the booking).
 */
export const EVENING_MIX = {
  'OG list': 20,
  search: 20,
  'alumna’s page': 25,
  'her requests': 10,
  'thread message': 10,
  favourite: 10,
  booking: 5,
} as const;
type Action = keyof typeof EVENING_MIX;

const READ_MS = 1_000;
const WAIT_MEAN_MS = 4_000;
/** Between the two requests of one action (reading the thread before writing in it). */
const BETWEEN_MS = [1_000, 3_000] as const;
const REQUEST_TIMEOUT_MS = 10_000;

/** Reading, then an exponential wait: a crowd of such users arrives as a Poisson stream does. */
function thinkMs(random: () => number): number {
  return READ_MS - WAIT_MEAN_MS * Math.log(1 - random());
}

function pickAction(random: () => number): Action {
  let draw = random() * 100;
  for (const [action, weight] of Object.entries(EVENING_MIX) as [Action, number][]) {
    if ((draw -= weight) < 0) return action;
  }
  return 'OG list';
}

/**
 * Many different words, as a whole seminar types them: family names, company names' stems,
 * industries, and a name with an industry. Taken in turn across all users, so the search's cache
 * meets each word again only after hundreds of others.
 */
function searchWords(): string[] {
  const industries = [
    ...new Set(INDUSTRY_CHOICES.map((choice) => choice.subcategory ?? choice.category)),
  ];
  const pairs = FAMILY_NAMES.map((name, i) => `${name} ${industries[i % industries.length]}`);
  return [...FAMILY_NAMES, ...COMPANY_STEMS, ...industries, ...pairs];
}

// --- the client ----------------------------------------------------------------------------

interface Answer {
  status: number;
  body: string;
}

/** Keep-alive sockets for the requests; the streams have their own (one socket each, held). */
const requestAgent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const streamAgent = new http.Agent({ keepAlive: false });

function send(
  origin: string,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${origin}${path}`,
      {
        method,
        agent: requestAgent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          cookie,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(payload);
  });
}

const outcomeOf = (status: number): Outcome =>
  status >= 200 && status < 300 ? 'ok' : status >= 400 && status < 500 ? 'refused' : 'failed';

// --- the evening: users, what they share, the records ----------------------------------------

/**
 * What the users share: the records, the requests in flight (a step is read once those that
 * left in it are back), and the slots handed out, so that no two bookings ask for one slot or
 * for times the site's rules would refuse.
 */
class Evening {
  readonly records: RequestRecord[] = [];
  readonly refusals = new Map<string, number>();
  /** The requests on their way, by number: when each left. */
  readonly inFlight = new Map<number, number>();
  private requestNumber = 0;
  readonly words = searchWords();
  wordTurn = 0;
  bellEvents = 0;
  openStreams = 0;
  bookingsForgone = 0;
  stopped = false;
  readonly stop = new AbortController();
  private bookingTurn = 0;
  private readonly takenSlots = new Map<string, number[]>();
  private readonly bookedBy = new Map<number, { alumnae: Set<string>; times: number[] }>();

  constructor(
    readonly origin: string,
    readonly fixtures: EveningFixtures,
  ) {
    // Every user's pause listens to it: thousands, as the ramp means.
    setMaxListeners(0, this.stop.signal);
  }

  /** One request, timed from leaving to its last byte, and recorded under `kind`. */
  async request(kind: string, student: number, method: string, path: string, body?: unknown) {
    const startedMs = performance.now();
    const number = this.requestNumber++;
    this.inFlight.set(number, startedMs);
    let answer: Answer | undefined;
    try {
      answer = await send(this.origin, method, path, this.fixtures.cookies[student]!, body);
    } catch {
      // A socket error or no answer in time: recorded as failed below.
    }
    this.inFlight.delete(number);
    const outcome = answer ? outcomeOf(answer.status) : 'failed';
    this.records.push({ kind, startedMs, ms: performance.now() - startedMs, outcome });
    if (outcome === 'refused') {
      const key = `${kind} ${answer!.status} ${answer!.body.slice(0, 80)}`;
      this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
    }
    return outcome === 'ok' ? answer : undefined;
  }

  /**
   * The next booking alumna for the student, in turn: one she has not booked yet, while she is
   * under her day's limit of requests (her thread's was seeded, so it took none of it).
   */
  alumnaToBook(student: number): string | undefined {
    const booked = this.bookedOf(student);
    if (booked.alumnae.size >= VISIT_REQUESTS_PER_DAY) return undefined;
    const alumnae = this.fixtures.bookingUrlParams;
    for (let tries = 0; tries < alumnae.length; tries++) {
      const alumna = alumnae[this.bookingTurn++ % alumnae.length]!;
      if (!booked.alumnae.has(alumna)) return alumna;
    }
    return undefined;
  }

  /**
   * A slot of `alumna`'s the site will take: none within two hours of one handed out already (a
   * visit's hour and her buffer), none within a visit's length of one of the student's own
   * bookings (the same-hour warning). Taken at once, before the booking leaves.
   */
  chooseSlot(student: number, alumna: string, starts: string[]): string | undefined {
    const taken = this.takenSlots.get(alumna) ?? [];
    const booked = this.bookedOf(student);
    const visit = VISIT_DURATION_MINUTES * 60_000;
    const near = (time: number, others: number[], within: number) =>
      others.some((other) => Math.abs(other - time) < within);
    const chosen = starts.find((start) => {
      const time = Date.parse(start);
      return !near(time, taken, 2 * visit) && !near(time, booked.times, visit);
    });
    if (!chosen) return undefined;
    this.takenSlots.set(alumna, [...taken, Date.parse(chosen)]);
    booked.alumnae.add(alumna);
    booked.times.push(Date.parse(chosen));
    return chosen;
  }

  private bookedOf(student: number) {
    let booked = this.bookedBy.get(student);
    if (!booked) this.bookedBy.set(student, (booked = { alumnae: new Set(), times: [] }));
    return booked;
  }

  pause(ms: number) {
    return sleep(ms, undefined, { signal: this.stop.signal }).catch(() => {});
  }
}

/** Her first page keeps the bell's stream open: timed to its first count, then held. */
function openBell(evening: Evening, student: number): Promise<http.ClientRequest> {
  const startedMs = performance.now();
  const record = (outcome: Outcome) =>
    evening.records.push({
      kind: 'bell stream opened',
      startedMs,
      ms: performance.now() - startedMs,
      outcome,
    });
  return new Promise((resolve) => {
    const request = http.get(
      `${evening.origin}/api/notifications/stream`,
      {
        agent: streamAgent,
        headers: { cookie: evening.fixtures.cookies[student]!, accept: 'text/event-stream' },
      },
      (response) => {
        if (response.statusCode !== 200) {
          record(outcomeOf(response.statusCode ?? 0));
          response.resume();
          resolve(request);
          return;
        }
        evening.openStreams++;
        let counted = false;
        response.on('data', (chunk: Buffer) => {
          let events = chunk.toString().split('event: unread').length - 1;
          if (events > 0 && !counted) {
            // The count the stream starts with: the opening's end, not an event of the evening.
            counted = true;
            events--;
            record('ok');
            resolve(request);
          }
          evening.bellEvents += events;
        });
        response.on('close', () => evening.openStreams--);
        response.on('error', () => {});
      },
    );
    request.on('error', () => {
      if (!evening.stopped) record('failed');
      resolve(request);
    });
    // A stream that never gives its count would hold her evening open past the ramp's end.
    evening.stop.signal.addEventListener('abort', () => resolve(request), { once: true });
  });
}

/** One student's evening, from her first page until the ramp ends. */
async function activeUser(evening: Evening, student: number, startDelayMs: number) {
  const random = mulberry32(0x0b5e + student);
  const { fixtures } = evening;
  const mentors = fixtures.mentorUrlParams;
  const favourite = mentors[(student * 7919) % mentors.length]!;
  let favouriteSet = false;

  await evening.pause(startDelayMs);
  if (evening.stopped) return;
  const bell = await openBell(evening, student);
  while (!evening.stopped) {
    await evening.pause(thinkMs(random));
    if (evening.stopped) break;
    const action = pickAction(random);
    const get = (kind: string, path: string) => evening.request(kind, student, 'GET', path);
    switch (action) {
      case 'OG list':
        await get('OG list', '/api/mentors');
        break;
      case 'search': {
        const word = evening.words[evening.wordTurn++ % evening.words.length]!;
        await get('search', `/api/mentors?q=${encodeURIComponent(word)}`);
        break;
      }
      case 'alumna’s page': {
        const alumna = mentors[Math.floor(random() * mentors.length)]!;
        await get('alumna’s page', `/api/mentors/${encodeURIComponent(alumna)}`);
        break;
      }
      case 'her requests':
        await get('her requests', '/api/visit-requests');
        break;
      case 'thread message': {
        const thread = fixtures.threadIds[student]!;
        await get('her request', `/api/visit-requests/${thread}`);
        await evening.pause(between(random));
        if (evening.stopped) break;
        await evening.request(
          'thread message',
          student,
          'POST',
          `/api/visit-requests/${thread}/messages`,
          {
            body: 'よろしくお願いいたします。',
            clientId: randomUUID(),
          },
        );
        break;
      }
      case 'favourite':
        await evening.request(
          'favourite set / cleared',
          student,
          favouriteSet ? 'DELETE' : 'PUT',
          `/api/favourites/${encodeURIComponent(favourite)}`,
        );
        favouriteSet = !favouriteSet;
        break;
      case 'booking':
        await book(evening, student, random);
        break;
    }
  }
  bell.destroy();
}

const between = (random: () => number) =>
  BETWEEN_MS[0] + random() * (BETWEEN_MS[1] - BETWEEN_MS[0]);

/** Her booking page lists an alumna's slots; she picks one and books it in one step. */
async function book(evening: Evening, student: number, random: () => number) {
  const alumna = evening.alumnaToBook(student);
  if (!alumna) {
    evening.bookingsForgone++;
    return;
  }
  const path = `/api/mentors/${encodeURIComponent(alumna)}/slots`;
  const answer = await evening.request('alumna’s slots', student, 'GET', path);
  if (!answer) return;
  const { slots } = JSON.parse(answer.body) as { slots: { start: string }[] };
  await evening.pause(between(random));
  if (evening.stopped) return;
  const slotStart = evening.chooseSlot(
    student,
    alumna,
    slots.map((slot) => slot.start),
  );
  if (!slotStart) {
    evening.bookingsForgone++;
    return;
  }
  await evening.request('booking', student, 'POST', '/api/visit-requests/bookings', {
    mentorUrlParam: alumna,
    slotStart,
    meetingFormat: 'online',
    purpose: 'career_advice',
    message: 'お仕事についてお話を伺いたいです。',
    safetyRulesConfirmed: true,
  });
}

// --- the ramp ------------------------------------------------------------------------------

export interface BusiestHourStep extends StepFigures {
  /** The server process's CPU over the measured window, in cores (1 = one core busy). */
  serverCores: number;
  /** This process's (the client's) over the same window. */
  clientCores: number;
  /** What other processes on the machine took meanwhile (a shared machine's noise). */
  othersCores: number;
  serverRssBytes: number;
  streamsOpen: number;
}

export interface BusiestHourFigures {
  steps: BusiestHourStep[];
  held: BusiestHourStep | undefined;
  crossing: BusiestHourStep | undefined;
  /** Bookings an active user did not make: her day's limit or no slot her rules allow. */
  bookingsForgone: number;
  bellEvents: number;
  /** What the site refused, by request and answer: a harness fault each. */
  refusals: [string, number][];
}

export interface RampOptions {
  quick: boolean;
  /** Seconds new users take to arrive, not measured. */
  warmUpSeconds: number;
  holdSeconds: number;
}

export async function runBusiestHour(
  server: { url: string; pid: number },
  fixtures: EveningFixtures,
  options: RampOptions,
): Promise<BusiestHourFigures> {
  const plan = (options.quick ? QUICK_RAMP_STEPS : RAMP_STEPS).filter(
    (users) => users <= fixtures.cookies.length,
  );
  const evening = new Evening(server.url, fixtures);
  const loops: Promise<void>[] = [];
  const steps: BusiestHourStep[] = [];
  try {
    for (const users of plan) {
      // The newcomers arrive over most of the warm-up, each at her own moment.
      const arrival = mulberry32(users);
      while (loops.length < users) {
        const delay = arrival() * options.warmUpSeconds * 800;
        loops.push(activeUser(evening, loops.length, delay));
      }
      await sleep(options.warmUpSeconds * 1000);
      const measured = await measureWindow(evening, server.pid, options.holdSeconds);
      const step: BusiestHourStep = {
        ...stepFigures(users, measured.records, measured.seconds),
        serverCores: measured.serverCores,
        clientCores: measured.clientCores,
        othersCores: measured.othersCores,
        serverRssBytes: rssOf(server.pid),
        streamsOpen: evening.openStreams,
      };
      steps.push(step);
      console.error(
        `bench: busiest hour: ${users} users · ${step.requestsPerSecond.toFixed(0)} req/s · p50/p99 ${step.p50Ms.toFixed(1)}/${step.p99Ms.toFixed(0)} ms · ${step.refused} refused · ${step.failed} failed · server ${step.serverCores.toFixed(2)} cores, client ${step.clientCores.toFixed(2)}, others ${step.othersCores.toFixed(2)} · ${step.streamsOpen} streams`,
      );
      if (!rampVerdict(steps, plan.length).goOn) break;
    }
  } finally {
    evening.stopped = true;
    evening.stop.abort();
    await Promise.all(loops);
  }
  const verdict = rampVerdict(steps, plan.length);
  return {
    steps,
    held: verdict.held,
    crossing: verdict.crossing,
    bookingsForgone: evening.bookingsForgone,
    bellEvents: evening.bellEvents,
    refusals: [...evening.refusals],
  };
}

/**
 * The held users' requests that leave within `seconds`, once every one of them is back (a slow
 * answer counts in the step it was asked in), with the CPU both processes used meanwhile.
 */
async function measureWindow(evening: Evening, pid: number, seconds: number) {
  const serverBefore = cpuSecondsOf(pid);
  const clientBefore = process.cpuUsage();
  const machineBefore = machineBusySeconds();
  const from = performance.now();
  await sleep(seconds * 1000);
  const until = performance.now();
  const elapsed = (until - from) / 1000;
  const serverCores = (cpuSecondsOf(pid) - serverBefore) / elapsed;
  const client = process.cpuUsage(clientBefore);
  const clientCores = (client.user + client.system) / 1e6 / elapsed;
  const machineCores = (machineBusySeconds() - machineBefore) / elapsed;
  const othersCores = Math.max(0, machineCores - serverCores - clientCores);
  while ([...evening.inFlight.values()].some((started) => started < until)) await sleep(50);
  return {
    seconds: elapsed,
    serverCores,
    clientCores,
    othersCores,
    records: evening.records.filter(
      (record) => record.startedMs >= from && record.startedMs < until,
    ),
  };
}
