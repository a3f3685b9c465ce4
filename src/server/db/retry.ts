import type pg from 'pg';

/**
 * A database blip (PostgreSQL restarting, a dropped connection) is waited out instead of
 * answered with 503: a request that meets one waits for the database to come back and sends
 * again what is safe to send again. Everything the app asks PostgreSQL passes through the two
 * wrappers here (client.ts puts them around the pool and drizzle's `transaction`); PGlite, in
 * this process, has no connection to lose.
 */

/** How long a request waits for the database unless DATABASE_WAIT_MS says otherwise. */
export const DEFAULT_DATABASE_WAIT_MS = 10_000;

/** The first pause before trying again, doubled up to the longest (a recovery is seen in it). */
const FIRST_PAUSE_MS = 50;
const LONGEST_PAUSE_MS = 250;

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Failures of connecting: nothing of the statement reached the server. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** Each error and its causes (drizzle wraps the driver's error in `cause`). */
function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** Lost or refused database connections: the client may retry, so they are 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    // SQLSTATE class 08 (connection exception) and 57P (the server shutting down or starting).
    if (typeof code === 'string' && /^(08[0-9A-Z]{3}|57P[0-9A-Z]{2})$/.test(code)) return true;
    if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|connection error and is not queryable/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The statement never reached the server: the connection was refused, the server was starting
 * or stopping (57P03, answered before any statement), or the client was already dead.
 */
function neverSent(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (code === '57P03' || (typeof code === 'string' && NOT_CONNECTED.has(code))) return true;
    if (
      typeof message === 'string' &&
      /is not queryable|timeout exceeded when trying to connect|terminated due to connection timeout/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Changes nothing: drizzle's selects and the app's `select` checks. A select that names a
 * data-changing command or function is not counted (`for update` is only a lock, released at
 * once outside a transaction).
 */
const CHANGES_DATA =
  /\b(?:insert|delete|merge|nextval|setval|pg_notify|set_config|pg_advisory_lock)\b|\bupdate\b(?<!\bfor\s+(?:no\s+key\s+)?update)/i;

export function onlyReads(text: string): boolean {
  return /^\s*select\b/i.test(text) && !CHANGES_DATA.test(text);
}

/**
 * How long this process waits for the database, and since when it has been away. Waiting is
 * measured from the first failure, not from each request: during an outage longer than the
 * wait, requests and /healthz fail at once (after one try) instead of each waiting anew.
 */
export class DatabaseWait {
  /** The first failure since the database last answered; undefined while it answers. */
  private awaySince: number | undefined;

  constructor(
    readonly waitMs: number,
    // The monotonic clock: how long the database has been away is not moved by a change of the
    // wall clock (NTP, or the simulated year's, decision 0046).
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** False once the database has been away for longer than a request waits for it. */
  get ready(): boolean {
    return this.awaySince === undefined || this.now() - this.awaySince < this.waitMs;
  }

  /**
   * Runs `attempt`; while it fails on the connection and `mayRetry` allows, runs it again
   * after a pause, until the database has been away for the wait.
   */
  async run<T>(attempt: () => Promise<T>, mayRetry: (error: unknown) => boolean): Promise<T> {
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      try {
        const result = await attempt();
        this.awaySince = undefined;
        return result;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        const now = this.now();
        this.awaySince ??= now;
        const left = this.awaySince + this.waitMs - now;
        if (left <= 0 || !mayRetry(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
      }
    }
  }
}

/**
 * The pool as drizzle sees it: a statement outside a transaction (drizzle's `pool.query`) is
 * sent again if it only reads, or if it never reached the server. A write that may have
 * reached it is not: outside a transaction, the statement is its own COMMIT, and whether
 * that happened cannot be known; it fails (503). A Proxy, not a wrapper object: drizzle
 * checks `instanceof Pool` to open transactions on one checked-out client.
 */
export function retryingPool(pool: pg.Pool, wait: DatabaseWait): pg.Pool {
  const query = (config: string | pg.QueryConfig, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : config.text;
    return wait.run(
      () => pool.query(config, values),
      (error) => onlyReads(text) || neverSent(error),
    );
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/**
 * PostgreSQL ended the transaction to break a deadlock (40P01), or could not serialise it
 * (40001): it rolled the whole transaction back, so running it again is the same as running it
 * late, as PostgreSQL's documentation tells a client to do. Two requests that take the same
 * locks in another order (a rare three-way race between a removal and the timers) then both
 * succeed instead of one answering 500.
 */
const RUN_AGAIN = new Set(['40P01', '40001']);
/** A transaction chosen again and again is a bug to see, not to hide: it fails after this. */
const MOST_RUNS = 3;

function mustRunAgain(error: unknown): boolean {
  for (const { code } of errorChain(error)) {
    if (typeof code === 'string' && RUN_AGAIN.has(code)) return true;
  }
  return false;
}

/**
 * `db.transaction` runs its work again when the connection failed before COMMIT was sent:
 * PostgreSQL rolled the transaction back, so nothing of it holds and running it again is the
 * same as running it late. Once the work has finished, the only statement left is COMMIT; a
 * connection lost then may have committed or not, so it is never run again (503). A deadlock
 * or a serialisation failure met by the work is run again too (RUN_AGAIN), up to MOST_RUNS.
 */
export function retryTransactions<Tx, Config>(
  db: { transaction<T>(work: (tx: Tx) => Promise<T>, config?: Config): Promise<T> },
  wait: DatabaseWait,
): void {
  const transaction = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    for (let run = 1; ; run++) {
      let committing = false;
      try {
        return await wait.run(
          () => {
            committing = false;
            return transaction(async (tx) => {
              const result = await work(tx);
              committing = true;
              return result;
            }, config);
          },
          () => !committing,
        );
      } catch (error) {
        if (committing || run >= MOST_RUNS || !mustRunAgain(error)) throw error;
      }
    }
  };
}
