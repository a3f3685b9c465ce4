import type { Invariant } from '../types';
import { bellEqualsRows } from './bell-equals-rows';
import { countsEqualRows } from './counts-equal-rows';
import { graduationOnce } from './graduation-once';
import { no5xxOutsideFaults } from './no-5xx-outside-faults';
import { noContactBeforeAcceptance } from './no-contact-before-acceptance';
import { noWaitingPastExpiry } from './no-waiting-past-expiry';
import { retentionAfterWithdrawal } from './retention-after-withdrawal';
import { rolloverOnce } from './rollover-once';
import { slotInRules } from './slot-in-rules';
import { slotOnce } from './slot-once';
import { timedMailOnce } from './timed-mail-once';

/**
 * The simulated year's invariants (issue 59 point 2), the one place they are named. A fresh
 * list per run: some remember what they saw (who a withdrawn person was).
 */
export function invariants(options: { recheckAfterMs?: number } = {}): Invariant[] {
  return [
    noWaitingPastExpiry,
    timedMailOnce,
    slotOnce,
    slotInRules(),
    countsEqualRows(options.recheckAfterMs),
    bellEqualsRows,
    noContactBeforeAcceptance,
    rolloverOnce,
    graduationOnce,
    retentionAfterWithdrawal(),
    no5xxOutsideFaults,
  ];
}

/** Every invariant, for one run. */
export const INVARIANTS: Invariant[] = invariants();
