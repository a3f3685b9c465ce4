// Runs the server (TypeScript through tsx) as a child process with `env`, forwarding signals,
// and exits with its code after `beforeExit`. Used by `npm start` and the Playwright server.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function runServer(env, beforeExit = () => {}) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env,
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
