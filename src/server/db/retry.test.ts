import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { databaseProbe, SLOW_PROBE_MS } from './health';
import { universities } from './schema';

/**
 * The retry rule of db/retry.ts through `openDatabase` as the app opens PostgreSQL, with the
 * pool's connections scripted (no server): what a blip does to a read, to a write outside a
 * transaction, to a transaction before and during its COMMIT, and to /healthz's probe.
 */
const server = vi.hoisted(() => ({
  /** While true, every connection attempt is refused (PostgreSQL stopped). */
  down: false,
  connectAttempts: 0,
  /** The next statement each test matches loses its connection while it runs (once each). */
  drops: [] as ((text: string) => boolean)[],
  /** Every statement that reached the server, in order. */
  received: [] as string[],
  /** The writes that hold: committed, or run outside a transaction. */
  committed: [] as string[],
}));

vi.mock('pg', async (importOriginal) => {
  const real = (await importOriginal<typeof import('pg')>()).default;
  const refused = () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });

  /** One server connection: a transaction's writes hold only once COMMIT is answered. */
  function connection() {
    let dead = false;
    let transaction: string[] | undefined;
    return {
      release: () => {},
      query: async (config: string | { text: string }) => {
        const text = typeof config === 'string' ? config : config.text;
        await Promise.resolve();
        if (dead) throw new Error('Client has encountered a connection error and is not queryable');
        server.received.push(text);
        const drop = server.drops.findIndex((matches) => matches(text));
        if (drop >= 0) {
          server.drops.splice(drop, 1);
          dead = true;
          transaction = undefined;
          throw new Error('Connection terminated unexpectedly');
        }
        if (text === 'begin') transaction = [];
        else if (text === 'commit') {
          server.committed.push(...(transaction ?? []));
          transaction = undefined;
        } else if (text === 'rollback') transaction = undefined;
        else if (!/^select/.test(text)) (transaction ?? server.committed).push(text);
        // The probe of /healthz (db/health.ts): no statement waiting on a lock.
        if (text.includes('pg_stat_activity')) {
          return { rows: [{ waiting: 0 }], rowCount: 1, fields: [], command: 'SELECT' };
        }
        return { rows: [], rowCount: 0, fields: [], command: '' };
      },
    };
  }

  async function connect() {
    server.connectAttempts++;
    await Promise.resolve();
    if (server.down) throw refused();
    return connection();
  }

  /** A pg.Pool (drizzle checks `instanceof Pool`) whose connections are the script's. */
  class ScriptedPool extends real.Pool {
    constructor(options?: import('pg').PoolConfig) {
      super(options);
      Object.assign(this, {
        connect,
        // As pg-pool's: a connection of its own for the one statement.
        query: async (config: string | { text: string }) => (await connect()).query(config),
      });
    }
  }
  return { default: { ...real, Pool: ScriptedPool } };
});

const URL = 'postgres://og@127.0.0.1:5432/og';

/** The messages of an error and its causes (drizzle wraps the driver's error). */
function messages(error: unknown): string {
  const found: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) {
    found.push(current.message);
  }
  return found.join(' / ');
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return messages(error);
  }
  throw new Error('expected it to fail');
}

const insertUniversity = (db: DatabaseHandle['db'], id: string) =>
  db.insert(universities).values({ id, name: id });

const inserts = () => server.committed.filter((text) => text.startsWith('insert'));

describe('a database blip', () => {
  let handle: DatabaseHandle;

  beforeEach(async () => {
    Object.assign(server, {
      down: false,
      connectAttempts: 0,
      drops: [],
      received: [],
      committed: [],
    });
    handle = await openDatabase({ databaseUrl: URL }, { waitMs: 5_000 });
    return () => handle.close();
  });

  it('a read waits while PostgreSQL refuses connections, and is answered once it is back', async () => {
    server.down = true;
    setTimeout(() => (server.down = false), 300);
    await expect(handle.db.select().from(universities)).resolves.toEqual([]);
    expect(server.connectAttempts).toBeGreaterThan(1);
    expect(server.received.filter((text) => text.startsWith('select'))).toHaveLength(1);
  });

  it('a read whose connection drops while it runs is sent again', async () => {
    server.drops.push((text) => text.startsWith('select'));
    await expect(handle.db.select().from(universities).for('update')).resolves.toEqual([]);
    expect(server.received.filter((text) => text.startsWith('select'))).toHaveLength(2);
  });

  it('a write outside a transaction is sent again only if it never reached the server', async () => {
    server.down = true;
    setTimeout(() => (server.down = false), 200);
    await insertUniversity(handle.db, 'never-sent');
    expect(inserts()).toHaveLength(1);

    // Dropped while it ran: it may have committed, so it is not sent a second time.
    server.drops.push((text) => text.startsWith('insert'));
    expect(await failure(insertUniversity(handle.db, 'in-doubt'))).toMatch(/Connection terminated/);
    expect(server.received.filter((text) => text.startsWith('insert'))).toHaveLength(2);
    // Nor is a select that changes something.
    server.drops.push((text) => text.includes('pg_notify'));
    expect(await failure(handle.db.execute(sql`select pg_notify('og_cache', 'x')`))).toMatch(
      /Connection terminated/,
    );
    expect(server.received.filter((text) => text.includes('pg_notify'))).toHaveLength(1);
  });

  it('a transaction whose connection dropped before COMMIT runs again and commits once', async () => {
    server.drops.push((text) => text.startsWith('insert'));
    let runs = 0;
    const result = await handle.db.transaction(async (tx) => {
      runs++;
      await tx.select().from(universities);
      await insertUniversity(tx, 'retried');
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(2);
    expect(inserts()).toHaveLength(1);
    expect(server.received.filter((text) => text === 'commit')).toHaveLength(1);
  });

  it('a transaction whose COMMIT lost its connection is not run again (the answer is 503)', async () => {
    server.drops.push((text) => text === 'commit');
    let runs = 0;
    const error = await failure(
      handle.db.transaction(async (tx) => {
        runs++;
        await insertUniversity(tx, 'commit-in-doubt');
      }),
    );
    expect(error).toMatch(/Connection terminated|not queryable/);
    expect(runs).toBe(1);
    expect(server.received.filter((text) => text === 'commit')).toHaveLength(1);
  });

  it('waits no longer than the wait, then fails as unavailable', async () => {
    await handle.close();
    handle = await openDatabase({ databaseUrl: URL }, { waitMs: 300 });
    server.down = true;
    const started = Date.now();
    expect(await failure(handle.db.select().from(universities))).toMatch(/ECONNREFUSED/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(server.connectAttempts).toBeGreaterThan(1);
    // Still away: the next request tries once and fails at once, instead of waiting anew.
    const attempts = server.connectAttempts;
    expect(await failure(handle.db.select().from(universities))).toMatch(/ECONNREFUSED/);
    expect(server.connectAttempts).toBe(attempts + 1);
  });

  it("the probe of /healthz stays ready through a blip ('slow' once it takes a second), and turns unready after the wait", async () => {
    await handle.close();
    handle = await openDatabase({ databaseUrl: URL }, { waitMs: 3_000 });
    const probe = databaseProbe(handle);
    await expect(probe()).resolves.toBe('ok');

    // A short blip: the probe waits for the database, as requests do, and answers 'ok'.
    server.down = true;
    setTimeout(() => (server.down = false), 300);
    await expect(probe()).resolves.toBe('ok');

    // A longer one: still ready, but 'slow' after SLOW_PROBE_MS instead of a rejection.
    server.down = true;
    const started = Date.now();
    await expect(probe()).resolves.toBe('slow');
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_PROBE_MS - 50);
    // Past the wait: unready (503), at once.
    await new Promise((resolve) => setTimeout(resolve, started + 3_100 - Date.now()));
    expect(await failure(probe())).toMatch(/ECONNREFUSED/);

    // Back: ready and 'ok' again.
    server.down = false;
    await expect(probe()).resolves.toBe('ok');
  });
});
