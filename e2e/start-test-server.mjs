// Playwright's webServer: the production server on 127.0.0.1:$E2E_PORT (default 3100) with a fresh data directory
// (removed when the server exits) filled by the demo seed, and the local mail outbox
// (GET/DELETE /_dev/mail).
// It never builds: scripts/test.sh runs `npm run build` before Playwright.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, runServer } from '../scripts/run-server.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'og-e2e-data-'));

const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  APP_ORIGIN: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  // One admin per spec file or two: each address gets at most 10 sign-in mails an hour.
  ADMIN_EMAILS:
    'admin@example.com,staff@example.com,office@example.com,desk@example.com,dean@example.com',
  LOG_LEVEL: 'warn',
  MAIL_POLL_MS: '200',
  NODE_ENV: 'production',
};
// The local outbox only exists without SMTP; a fresh data dir means PGlite, not a server.
delete env.SMTP_URL;
delete env.DATABASE_URL;

let removed = false;
function removeDataDir() {
  if (removed) return;
  removed = true;
  try {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    console.error(`could not remove ${dataDir}:`, error);
  }
}
process.on('exit', removeDataDir);

// The journeys browse and search real-looking data: the demo seed (40 alumni, 16 students).
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
  cwd: repoRoot,
  env: { ...env, NODE_ENV: 'test' },
  stdio: 'inherit',
});
if (seeded.status !== 0) {
  removeDataDir();
  process.exit(seeded.status ?? 1);
}

runServer(env, removeDataDir);
