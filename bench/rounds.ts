/**
 * Three rounds of the same measures in one bench, each round with the bare route measured
 * beside it, and the median of the three kept (issue 60). On this 2-core machine one 10-second
 * run moves with whatever else the machine does at that moment; the share of the bare route,
 * taken in the same round, moves less, and the median of three drops the one round that was
 * disturbed.
 */
import type { LoadFigures } from './load';

export const ROUNDS = 3;

/** A measure's median over its rounds, with its share of the bare route measured beside it. */
export interface Measured extends LoadFigures {
  /** The median of each round's requests per second over the same round's bare route's. */
  share: number;
  rounds: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Each figure the median of the rounds' (not the round with the median rate: a round's p99 is
 * its own); failures summed, since one failed request in any round spoils the measure.
 */
export function medianOfRounds(
  rounds: readonly { app: LoadFigures; bare?: LoadFigures }[],
): Measured {
  const of = (pick: (figures: LoadFigures) => number) => median(rounds.map(({ app }) => pick(app)));
  return {
    requestsPerSecond: of((f) => f.requestsPerSecond),
    p50Ms: of((f) => f.p50Ms),
    p99Ms: of((f) => f.p99Ms),
    bytesPerAnswer: of((f) => f.bytesPerAnswer),
    failures: rounds.reduce((sum, { app }) => sum + app.failures, 0),
    share: median(
      rounds.map(({ app, bare }) =>
        bare ? app.requestsPerSecond / bare.requestsPerSecond : Number.NaN,
      ),
    ),
    rounds: rounds.length,
  };
}
