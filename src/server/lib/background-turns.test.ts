import { describe, expect, it } from 'vitest';
import { BACKGROUND_TURN_MS, backgroundTurns } from './background-turns';

describe('background turns', () => {
  it('go on within a turn, and wait for the event loop once BACKGROUND_TURN_MS passed', async () => {
    const turn = backgroundTurns();
    let loopTurned = false;
    setImmediate(() => {
      loopTurned = true;
    });
    await turn();
    expect(loopTurned).toBe(false);
    const until = performance.now() + BACKGROUND_TURN_MS + 5;
    while (performance.now() < until) {
      // Work that takes the whole turn.
    }
    await turn();
    expect(loopTurned).toBe(true);
  });
});
