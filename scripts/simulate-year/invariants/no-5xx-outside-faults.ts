import type { Invariant } from '../types';
import { inFaultWindow, violation } from './support';

const NAME = 'no-5xx-outside-faults';

/**
 * No API call the driver made was answered 5xx, or not answered at all (status 0: refused or
 * reset), outside an injected fault's window (its start to its end plus the settling time):
 * the site fails only while something is broken, and is whole again after.
 */
export const no5xxOutsideFaults: Invariant = {
  name: NAME,
  when: ['daily', 'end'],
  async check(world) {
    return world.trace
      .filter((call) => (call.status >= 500 || call.status === 0) && !inFaultWindow(world, call.at))
      .map((call) =>
        violation(
          NAME,
          `#${call.seq} ${call.method} ${call.path} by ${call.who} on ${call.process} answered ${call.status} at ${call.simTime}, outside any fault`,
          [...call.ids, call.who],
        ),
      );
  },
};
