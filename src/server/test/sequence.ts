// Imports nothing: setup-file.ts restarts the count before every file, and must not load the
// app's modules ahead of a file that replaces one of them (vi.mock).

let sequence = 0;
/** A number unique within the test file, for addresses and client IPs. */
export function nextSequence(): number {
  sequence++;
  return sequence;
}

/**
 * Each test file counts from 1 (setup-file.ts), as if it ran alone: files share their worker's
 * modules, and a test that searches the fixtures' names must not depend on the files before it.
 */
export function restartSequence(): void {
  sequence = 0;
}
