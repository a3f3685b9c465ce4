import { setImmediate } from 'node:timers/promises';

/**
 * How long background work (the outbox, the digests) runs before it lets the event loop read
 * the requests that wait. On PGlite a statement resolves without waiting on I/O, so a loop of
 * them never yields by itself: the outbox sending a backlog after a burst of sign-in links kept
 * every new request unread for seconds (docs/PERFORMANCE.md). A turn this long still sends a
 * few mails at a time, so mail keeps flowing under load, and catches up once it eases.
 */
export const BACKGROUND_TURN_MS = 20;

/** Whether a turn that began at `startedAt` (performance.now()) may go on. */
export function turnLasts(startedAt: number): boolean {
  return performance.now() - startedAt < BACKGROUND_TURN_MS;
}

/**
 * For a loop of background work: call before each unit; it waits for the event loop's next
 * turn once this one has run BACKGROUND_TURN_MS.
 */
export function backgroundTurns(): () => Promise<void> {
  let startedAt = performance.now();
  return async () => {
    if (turnLasts(startedAt)) return;
    await setImmediate();
    startedAt = performance.now();
  };
}
