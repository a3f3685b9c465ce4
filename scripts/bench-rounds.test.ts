import { describe, expect, it } from 'vitest';
import { median, medianOfRounds } from '../bench/rounds';
import type { LoadFigures } from '../bench/load';

const figures = (requestsPerSecond: number, p99Ms: number, failures = 0): LoadFigures => ({
  requestsPerSecond,
  p50Ms: p99Ms / 2,
  p99Ms,
  failures,
  bytesPerAnswer: 100,
});

describe('the median of three rounds (npm run bench)', () => {
  it('is the middle value, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([10, 30])).toBe(20);
    expect(median([])).toBeNaN();
  });

  it('drops a disturbed round: the share is each round’s own, its median kept', () => {
    const measured = medianOfRounds([
      { app: figures(300, 120), bare: figures(6000, 10) }, // 5%
      { app: figures(100, 400), bare: figures(5000, 10) }, // 2%: the machine was busy
      { app: figures(330, 110), bare: figures(6000, 10) }, // 5.5%
    ]);
    expect(measured.share).toBeCloseTo(0.05);
    expect(measured.requestsPerSecond).toBe(300);
    expect(measured.p99Ms).toBe(120);
    expect(measured.rounds).toBe(3);
  });

  it('keeps every failure: one failed request in any round spoils the measure', () => {
    const measured = medianOfRounds([
      { app: figures(300, 120) },
      { app: figures(300, 120, 2) },
      { app: figures(300, 120) },
    ]);
    expect(measured.failures).toBe(2);
    expect(measured.share).toBeNaN();
  });
});
