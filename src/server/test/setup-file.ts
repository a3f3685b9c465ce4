import { afterEach, vi } from 'vitest';
import { restartSequence } from './sequence';

restartSequence();

// An unexpected console.error in a test is a swallowed failure: make it fail the test.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((c) => c.join(' ')).join('\n')}`);
  }
});
