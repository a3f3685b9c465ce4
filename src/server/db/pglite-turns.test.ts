import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { STATEMENT_TURN_MS } from './pglite-turns';

let raw: PGlite;
let db: Database;

beforeAll(async () => {
  raw = await PGlite.create();
  ({ db } = await openDatabase({ pglite: raw }));
});

afterAll(async () => {
  await raw?.close();
});

/** Counts the event loop's turns (each runs a setImmediate callback) until stopped. */
function countTurns() {
  let turns = 0;
  let counting = true;
  const tick = () => {
    turns += 1;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    seen: () => turns,
    stop: () => {
      counting = false;
      return turns;
    },
  };
}

/** Statements one after another, as a request runs them, for `ms` milliseconds (one at least). */
async function statementsFor(ms: number, ran: string[], who: string) {
  const until = performance.now() + ms;
  do {
    await db.execute(sql`select 1`);
    ran.push(who);
  } while (performance.now() < until);
}

describe('PGlite takes turns with the event loop', () => {
  it('gives the loop a turn every few milliseconds while statements run back to back', async () => {
    // Without turns the loop waited for the whole run: sockets unread, connections unaccepted.
    // Statements run until the loop has turned three times, for two seconds at most: about one
    // turn per STATEMENT_TURN_MS on a quiet machine, fewer on a busy one, where a statement alone
    // may take longer than a turn (a fixed run of 20 turns' time saw one turn under load). The
    // loop never turned at all before, however long the run.
    const turns = countTurns();
    const until = performance.now() + 2_000;
    do {
      await db.execute(sql`select 1`);
    } while (turns.seen() < 3 && performance.now() < until);
    expect(turns.stop()).toBeGreaterThanOrEqual(3);
  });

  it('serves a request that comes meanwhile before a long run of statements ends', async () => {
    // A request read while another runs: it comes with a callback of its own (here a timer).
    const ran: string[] = [];
    const later = new Promise<void>((resolve) => {
      setTimeout(() => void statementsFor(0, ran, 'later').then(resolve), 0);
    });
    // A fixed number of statements, many turns long on any machine.
    for (let i = 0; i < 500; i++) {
      await db.execute(sql`select 1`);
      ran.push('long');
    }
    await later;
    expect(ran.indexOf('later')).toBeGreaterThan(-1);
    expect(ran.indexOf('later')).toBeLessThan(ran.lastIndexOf('long'));
  });

  it('runs a transaction to its end without waiting in between', async () => {
    const turns = countTurns();
    await db.transaction(async (tx) => {
      const until = performance.now() + 5 * STATEMENT_TURN_MS;
      while (performance.now() < until) await tx.execute(sql`select 1`);
    });
    // At most the turn before the transaction began.
    expect(turns.stop()).toBeLessThanOrEqual(1);
  });
});
