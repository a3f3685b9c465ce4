import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventQueue, HOUR_MS, tickTimes } from './clock-driver';
import { parseFlags } from './main-flags';
import { createRng } from './prng';
import { runSeed } from './run';
import { traceShape } from './trace';

/** The simulated year's driver: its randomness, its clock, and one seed's sameness. */

describe('the seeded randomness', () => {
  it('gives the same draws for the same seed, and separate streams by name', () => {
    const draws = (seed: number) => {
      const rng = createRng(seed);
      return [rng.next(), rng.int(1, 6), rng.pick(['a', 'b', 'c']), rng.fork('x').next()];
    };
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
    const rng = createRng(7);
    expect(rng.fork('actions').next()).not.toBe(rng.fork('faults').next());
    // A fork does not move its parent's stream.
    const a = createRng(3);
    const b = createRng(3);
    a.fork('texts').next();
    expect(a.next()).toBe(b.next());
  });

  it('draws by weight, never what weighs nothing', () => {
    const rng = createRng(1);
    const drawn = new Set(
      Array.from({ length: 500 }, () => rng.weighted(['x', 'y', 'z'], [1, 0, 3])),
    );
    expect([...drawn].sort()).toEqual(['x', 'z']);
  });
});

describe('the event queue', () => {
  it('takes events by simulated time, then in the order they were scheduled', async () => {
    const queue = new EventQueue(1000);
    const order: string[] = [];
    const event = (at: number, name: string) => ({
      at,
      kind: name,
      run: async () => {
        order.push(`${name}@${queue.now}`);
      },
    });
    queue.schedule(event(3000, 'c'));
    queue.schedule(event(2000, 'a'));
    queue.schedule(event(2000, 'b'));
    // In the past: it runs at the present, never moving time back.
    queue.schedule(event(500, 'early'));
    for (let next = queue.take(); next; next = queue.take()) await next.run();
    expect(order).toEqual(['early@1000', 'a@2000', 'b@2000', 'c@3000']);
  });

  it('ticks every n hours and at 18:00 and 00:00 in Japan', () => {
    const from = Date.parse('2027-04-01T09:00:00+09:00');
    const times = tickTimes(from, from + 24 * HOUR_MS, 6).map((at) =>
      new Date(at + 9 * HOUR_MS).toISOString().slice(11, 13),
    );
    expect(times).toEqual(['12', '18', '00', '06']);
    const hourly = tickTimes(from, from + 3 * HOUR_MS, 1);
    expect(hourly).toEqual([from, from + HOUR_MS, from + 2 * HOUR_MS, from + 3 * HOUR_MS]);
  });
});

describe('the flags', () => {
  it('reads seeds, term, database and dates', () => {
    expect(parseFlags(['--term', '--seeds', '1,2,3', '--db', 'pglite'])).toMatchObject({
      seeds: [1, 2, 3],
      term: true,
      db: 'pglite',
      from: '2027-03-25',
    });
    expect(parseFlags([])).toMatchObject({
      seeds: [1],
      term: false,
      db: 'postgres',
      from: '2027-04-01',
    });
    expect(() => parseFlags(['--db', 'mysql'])).toThrow(/postgres or pglite/);
  });
});

describe('one seed, one run', () => {
  it('makes the same calls with the same answers twice (PGlite, two simulated days)', async () => {
    const tempDir = mkdtempSync(path.join(os.tmpdir(), 'og-simulate-year-test-'));
    const run = () =>
      runSeed({
        seed: 11,
        term: true,
        db: 'pglite',
        from: '2027-03-25',
        days: 2,
        faults: 0,
        basePort: 4745,
        tempDir,
      });
    const first = await run();
    const second = await run();
    expect(first.trace.length).toBeGreaterThan(20);
    expect(traceShape(second.trace)).toEqual(traceShape(first.trace));
    expect(first.violations).toEqual([]);
    rmSync(tempDir, { recursive: true, force: true });
  }, 120_000);
});
