// Runs the built server (dist/server/main.mjs, see build-server.mjs) as a child process with
// `env`, forwarding signals, and exits with its code after `beforeExit`. Used by `npm start`
// and the Playwright server.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How production runs the server: plain node on the bundle (unminified: stack traces name the
 * functions, and the bundle marks each source file). A 2 MB young generation instead of V8's
 * default 16 MB keeps some 40 MB of garbage out of memory under load at no measurable cost in
 * throughput; a 256 MB old generation, instead of V8's size from the machine's memory, makes V8
 * collect before the load's garbage grows the process past its memory target. Nothing needs
 * more: the one large answer, an admin's export, is streamed a batch of rows at a time
 * (docs/PERFORMANCE.md, memory).
 */
export const SERVER_ARGS = [
  '--max-semi-space-size=2',
  '--max-old-space-size=256',
  'dist/server/main.mjs',
];

/**
 * glibc gives each thread that allocates its own 64 MB arena; libuv's pool and V8's helpers
 * would keep several partly used. Two are plenty for one event loop (docs/PERFORMANCE.md).
 *
 * Blocks of 32 kB and more come from the kernel and go back to it when freed (decision 0050).
 * V8 compiles PGlite's hot WebAssembly functions in its 32 kB zone blocks; kept by glibc, which
 * otherwise raises this threshold to the largest block freed, the start-up's compiling alone left
 * some 60 MB freed but resident, scattered between blocks still used.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };

export function runServer(env, beforeExit = () => {}) {
  const server = spawn(process.execPath, SERVER_ARGS, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...SERVER_ENV, ...env },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    });
  }
  server.on('error', (error) => {
    console.error(error);
    beforeExit();
    process.exit(1);
  });
  server.on('exit', (code, signal) => {
    beforeExit();
    process.exit(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 1));
  });
}
