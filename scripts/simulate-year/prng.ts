import { mulberry32 } from '../../src/server/lib/mulberry32';

/**
 * The seeded randomness of the simulated year: mulberry32 (src/server/lib), as the bench and the
 * matching simulation use, with a separate stream per use (`fork`), so that
 * adding a draw to one use (say, the texts) never shifts another's (the actions, the faults).
 */

export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** A stream of its own, named: the same seed and name always give the same stream. */
  fork(name: string): Rng;
}

/** FNV-1a of the name, mixed with the seed: the seed of a named stream. */
function streamSeed(seed: number, name: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let index = 0; index < name.length; index++) {
    hash ^= name.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from nothing');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (items, weights) => {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let at = next() * total;
      for (let index = 0; index < items.length; index++) {
        at -= weights[index]!;
        if (at < 0) return items[index]!;
      }
      return items[items.length - 1]!;
    },
    fork: (name) => createRng(streamSeed(seed, name)),
  };
  return rng;
}
