// The busiest hour's ramp (bench/busiest-hour-ramp.ts): its decisions are pure, so held here;
// the bench's own folder has no test project, as the other bench code tested from scripts/.
import { describe, expect, it } from 'vitest';
import {
  percentile,
  rampVerdict,
  stepFigures,
  stepHeld,
  type RequestRecord,
  type StepFigures,
} from '../bench/busiest-hour-ramp';

const record = (kind: string, ms: number, outcome: RequestRecord['outcome'] = 'ok') => ({
  kind,
  startedMs: 0,
  ms,
  outcome,
});

/** A step whose requests took `latencies` (all answered unless said). */
const step = (users: number, latencies: number[], outcome?: RequestRecord['outcome']) =>
  stepFigures(
    users,
    latencies.map((ms) => record('OG list', ms, outcome)),
    10,
  );

/** 100 requests: 98 fast, then the 99th and 100th as given (the 99th is the p99). */
const withTail = (users: number, p99: number) =>
  step(users, [...Array<number>(98).fill(5), p99, 2_000]);

describe('the busiest hour’s ramp', () => {
  it('reads percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBeNaN();
  });

  it('adds up a step: rate, percentiles, refusals and failures, and where the time goes', () => {
    const figures = stepFigures(
      500,
      [
        record('OG list', 10),
        record('OG list', 10),
        record('booking', 70, 'refused'),
        record('alumna’s page', 10, 'failed'),
      ],
      2,
    );
    expect(figures.requestsPerSecond).toBe(2);
    expect([figures.refused, figures.failed]).toEqual([1, 1]);
    expect(
      figures.byKind.map((kind) => [kind.kind, kind.count, kind.meanMs, kind.shareOfTime]),
    ).toEqual([
      ['booking', 1, 70, 0.7],
      ['OG list', 2, 10, 0.2],
      ['alumna’s page', 1, 10, 0.1],
    ]);
  });

  it('holds a step only under 300 ms at p99 with every request answered as asked', () => {
    expect(stepHeld(withTail(100, 299))).toBe(true);
    expect(stepHeld(withTail(100, 300))).toBe(false);
    expect(stepHeld(step(100, [5, 5], 'refused'))).toBe(false);
    expect(stepHeld(step(100, [5, 5], 'failed'))).toBe(false);
    expect(stepHeld(step(100, []))).toBe(false);
  });

  it('goes on while steps hold and stops at the first that crosses', () => {
    const under: StepFigures[] = [withTail(100, 20), withTail(250, 120)];
    expect(rampVerdict(under, 5)).toMatchObject({ goOn: true, crossing: undefined });
    expect(rampVerdict(under, 5).held?.users).toBe(250);

    const crossed = [...under, withTail(500, 310)];
    const verdict = rampVerdict(crossed, 5);
    expect(verdict.goOn).toBe(false);
    expect(verdict.held?.users).toBe(250);
    expect(verdict.crossing?.users).toBe(500);
  });

  it('stops when the planned steps are done, and holds nothing when the first step crosses', () => {
    expect(rampVerdict([withTail(100, 20), withTail(250, 30)], 2)).toMatchObject({
      goOn: false,
      crossing: undefined,
    });
    const first = rampVerdict([withTail(100, 400)], 5);
    expect(first).toMatchObject({ goOn: false, held: undefined });
    expect(first.crossing?.users).toBe(100);
  });
});
