/**
 * The busiest hour's ramp, as arithmetic only (no sockets, no clock): the steps of active
 * users, what one step's requests add up to, when the ramp stops and how many users the
 * process held. bench/busiest-hour.ts runs the steps; the test holds the decisions.
 */

/** The line the issue draws (issue 60): a step holds while its p99 stays under it. */
export const P99_LIMIT_MS = 300;

/** The full ramp: fine steps below the goal of 1,000, coarser above it. */
export const RAMP_STEPS = [100, 250, 500, 750, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000];
/** A quick run's: checks the harness, not the site. */
export const QUICK_RAMP_STEPS = [25, 50, 100, 200];

/** What became of one request, as the client saw it. */
export type Outcome =
  | 'ok'
  /** A 4xx: the site refused it by one of its rules. The harness should never ask that. */
  | 'refused'
  /** A 5xx, a socket error or no answer in time: the site failed. */
  | 'failed';

/** One request of an active user: which action it was part of, when it left, how long. */
export interface RequestRecord {
  kind: string;
  startedMs: number;
  ms: number;
  outcome: Outcome;
}

export interface ActionShare {
  kind: string;
  count: number;
  meanMs: number;
  p99Ms: number;
  /** Of all the request time in the step: where the time goes. */
  shareOfTime: number;
}

export interface StepFigures {
  users: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  refused: number;
  failed: number;
  byKind: ActionShare[];
}

/** The nearest-rank percentile (p in 0–100) of `values`; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** A step's figures from the requests that left inside its measured window. */
export function stepFigures(
  users: number,
  records: readonly RequestRecord[],
  seconds: number,
): StepFigures {
  const latencies = records.map((record) => record.ms);
  const totalMs = latencies.reduce((sum, ms) => sum + ms, 0) || 1;
  const kinds = [...new Set(records.map((record) => record.kind))];
  const byKind = kinds
    .map((kind) => {
      const own = records.filter((record) => record.kind === kind).map((record) => record.ms);
      const ownMs = own.reduce((sum, ms) => sum + ms, 0);
      return {
        kind,
        count: own.length,
        meanMs: ownMs / own.length,
        p99Ms: percentile(own, 99),
        shareOfTime: ownMs / totalMs,
      };
    })
    .sort((a, b) => b.shareOfTime - a.shareOfTime);
  return {
    users,
    seconds,
    requests: records.length,
    requestsPerSecond: records.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    refused: records.filter((record) => record.outcome === 'refused').length,
    failed: records.filter((record) => record.outcome === 'failed').length,
    byKind,
  };
}

/**
 * Whether a step held its users: p99 under the line and every request answered as asked. A
 * refusal counts against it too: the harness broke a rule, so the step did not measure the mix.
 * A step with no request measured nothing and holds nothing.
 */
export function stepHeld(step: StepFigures, limitMs = P99_LIMIT_MS): boolean {
  return step.requests > 0 && step.p99Ms < limitMs && step.failed === 0 && step.refused === 0;
}

export interface RampVerdict<Step extends StepFigures> {
  /** Whether to go on to the next step. */
  goOn: boolean;
  /** The last step that held before the first that did not (none: not even the first held). */
  held: Step | undefined;
  /** The first step that did not hold: where the time goes is read there. */
  crossing: Step | undefined;
}

/** After each step: stop at the first step that does not hold, or when no step is left. */
export function rampVerdict<Step extends StepFigures>(
  steps: readonly Step[],
  plannedSteps: number,
  limitMs = P99_LIMIT_MS,
): RampVerdict<Step> {
  const firstMiss = steps.findIndex((step) => !stepHeld(step, limitMs));
  const heldSteps = firstMiss === -1 ? steps : steps.slice(0, firstMiss);
  return {
    goOn: firstMiss === -1 && steps.length < plannedSteps,
    held: heldSteps.at(-1),
    crossing: firstMiss === -1 ? undefined : steps[firstMiss],
  };
}
