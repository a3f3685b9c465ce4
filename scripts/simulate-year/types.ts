/**
 * The seams of the simulated year (issue 59, decision 0046): what the driver records and what
 * every invariant reads. The driver (world, clients, faults) fills a `SimWorld`; each invariant
 * reads it and answers the violations it found, never changing anything.
 */

/** One API call the driver made, in order. */
export interface TraceEntry {
  seq: number;
  /** The driver's real clock (ms) when the answer came: fault windows are in the same clock. */
  at: number;
  /** The simulated time (ISO) the call was made at. */
  simTime: string;
  /** The person's handle (`student007`, `alumna12`, `admin1`), or `-` for no one. */
  who: string;
  /** Which server process answered (`a`, `b`). */
  process: string;
  method: string;
  path: string;
  /** HTTP status; 0 when no answer came (connection refused or reset). */
  status: number;
  /** Ids of the rows the call touched or named (users, requests, sessions…): the shortest trace. */
  ids: string[];
}

/** One message the SMTP sink received. */
export interface SentMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  /** The driver's real clock (ms) when it arrived. */
  at: number;
}

/** An injected fault, from its start to its end plus the settling time (driver's real clock, ms). */
export interface FaultWindow {
  kind: 'kill' | 'kill-mid-tick' | 'database-blip' | 'smtp-hang';
  from: number;
  to: number;
}

export interface SimWorld {
  /** A read-only SQL query on the database the processes share. */
  query<T extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<T[]>;
  /** A GET of the API as a signed-in admin: the parsed JSON answer (throws on a non-2xx answer). */
  adminGet(path: string): Promise<unknown>;
  /** Every mail received so far, in order. */
  mails: readonly SentMail[];
  trace: readonly TraceEntry[];
  faults: readonly FaultWindow[];
  /** The simulated time now. */
  simNow(): Date;
}

export interface Violation {
  invariant: string;
  message: string;
  /** Ids of the rows that break it: the trace is cut to the calls naming them. */
  ids: string[];
}

export type InvariantMoment = 'step' | 'daily' | 'end';

export interface Invariant {
  /** Kebab-case, unique: printed with each violation. */
  name: string;
  when: readonly InvariantMoment[];
  check(world: SimWorld): Promise<Violation[]>;
}
