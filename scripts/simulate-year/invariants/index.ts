import type { Invariant, Violation } from '../types';

/**
 * Stub until the invariants helper's list lands: one invariant over the trace alone. The
 * integrator replaces this file with the full list.
 */
export const noServerErrorOutsideFaults: Invariant = {
  name: 'no-5xx-outside-faults',
  when: ['step', 'end'],
  async check(world) {
    const violations: Violation[] = [];
    for (const entry of world.trace) {
      if (entry.status < 500) continue;
      if (world.faults.some((fault) => entry.at >= fault.from && entry.at <= fault.to)) continue;
      violations.push({
        invariant: 'no-5xx-outside-faults',
        message: `${entry.method} ${entry.path} answered ${entry.status} outside any fault (#${entry.seq})`,
        ids: entry.ids,
      });
    }
    return violations;
  },
};

/**
 * A fresh list per run (the full list's invariants may remember what they saw);
 * `recheckAfterMs`: how long a count read from the read cache may lag its rows.
 */
export function invariants(options: { recheckAfterMs?: number } = {}): Invariant[] {
  void options;
  return [noServerErrorOutsideFaults];
}

export const INVARIANTS: Invariant[] = invariants();
