import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../../../../scripts/build-server.mjs';
import {
  httpsRequest,
  nginxUnavailable,
  startNginxFromDocs,
  type RunningNginx,
} from '../nginx-from-docs';
import { REPO_ROOT, RESTART_HELPER, unitFromDeployDoc } from '../deploy-doc';
import { freePort } from '../postgres-cluster';

/**
 * The guide's upgrade (docs/DEPLOY.md, "Upgrades"), run as written by scripts/upgrade.sh on
 * real server processes. Releases are directories under a throwaway /srv/og-connect, each
 * with its own build (the server bundle, as `npm run build` makes it, and a web app whose
 * page names its release); two processes run from `current`, started and restarted by a
 * helper of this test standing in for `systemctl restart og-connect@{port}`. While the script
 * switches `current` and restarts them one at a time, a probe asks both in turn, and a request
 * whose connection is refused or broken goes to the other (nginx's `proxy_next_upstream
 * error`): none may fail. Where nginx is installed, the same through the guide's site.
 *
 * Runs in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL), in a database of its own.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const UPGRADE = path.join(REPO_ROOT, 'scripts/upgrade.sh');
const ORIGIN = 'http://localhost:3999';

interface Answer {
  port: number;
  release: string | undefined;
  at: number;
}

interface ProbeResult {
  sent: number;
  failed: string[];
  /** Requests whose connection was refused or broken, answered by the other process. */
  passedOn: number;
  answers: Answer[];
  /** When each port first refused a connection: its process was being restarted. */
  downAt: Record<number, number>;
}

const PATHS = ['/', '/api/config', '/healthz'];

/** The release a page names (`<title>release r2</title>`). */
function releaseOf(body: string) {
  return /<title>release (\w+)<\/title>/.exec(body)?.[1];
}

/**
 * Clients asking the processes in turn until `stop` resolves; a connection that is refused or
 * broken is tried once on the other process, as nginx does for an idempotent request.
 */
async function probeDirect(ports: number[], stop: Promise<unknown>): Promise<ProbeResult> {
  const result: ProbeResult = { sent: 0, failed: [], passedOn: 0, answers: [], downAt: {} };
  let running = true;
  void stop.finally(() => (running = false));
  let turn = 0;
  const ask = async (port: number, url: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      headers: { accept: 'text/html,application/json', origin: ORIGIN },
    });
    return { status: response.status, body: await response.text() };
  };
  const client = async () => {
    while (running) {
      const index = turn++;
      const url = PATHS[index % PATHS.length]!;
      const first = ports[index % ports.length]!;
      const other = ports[(index + 1) % ports.length]!;
      result.sent++;
      let answered: { status: number; body: string } | undefined;
      let port = first;
      try {
        answered = await ask(first, url);
      } catch {
        result.passedOn++;
        result.downAt[first] ??= Date.now();
        port = other;
        try {
          answered = await ask(other, url);
        } catch (error) {
          result.failed.push(`${url}: no process answered (${String(error)})`);
        }
      }
      if (answered && answered.status !== 200) {
        result.failed.push(`${url} on ${port}: ${answered.status} ${answered.body.slice(0, 200)}`);
      } else if (answered) {
        result.answers.push({ port, release: releaseOf(answered.body), at: Date.now() });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  await Promise.all([client(), client(), client()]);
  return result;
}

function runUpgrade(root: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'bash',
      [UPGRADE, ...args],
      {
        env: {
          PATH: process.env.PATH,
          OG_ROOT: root,
          OG_RESTART: `${process.execPath} ${root}/restart.mjs ${root} {port}`,
          ...env,
        },
      },
      (error, stdout, stderr) =>
        resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.skipIf(!serverUrl)('an upgrade under traffic (scripts/upgrade.sh)', () => {
  let root: string;
  let databaseName: string;
  let ports: [number, number];
  /** A release's build, as `npm run build` leaves it, kept aside until its directory builds. */
  const staged = (name: string) => path.join(root, 'builds', name);

  /** The release's own web app: a page naming it and one hashed asset. */
  function stageBuild(name: string) {
    const dist = path.join(staged(name), 'dist');
    cpSync(path.join(root, 'builds/server'), path.join(dist, 'server'), { recursive: true });
    mkdirSync(path.join(dist, 'web/assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'web/index.html'),
      `<!doctype html><title>release ${name}</title><script src="/assets/app-${name}.js"></script>`,
    );
    writeFileSync(path.join(dist, 'web/assets', `app-${name}.js`), `console.log('${name}')`);
  }

  /** A release unpacked but not built: the build command of the test copies its build in. */
  function unpack(name: string) {
    const dir = path.join(root, 'releases', name);
    mkdirSync(dir, { recursive: true });
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    return { dir, build: `cp -R ${staged(name)}/dist dist` };
  }

  async function pageOf(port: number, url = '/') {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      headers: { accept: 'text/html' },
    });
    return { status: response.status, body: await response.text() };
  }

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(path.join(tmpdir(), 'og-srv-')));
    databaseName = `og_upgrade_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName}`;

    // The server as `npm run build` bundles it, once; every release carries a copy.
    const server = path.join(root, 'builds/server');
    await build({ ...serverBuildOptions, outfile: path.join(server, 'main.mjs') });
    cpSync(path.join(REPO_ROOT, 'src/server/db/migrations'), path.join(server, 'migrations'), {
      recursive: true,
    });
    for (const name of ['r1', 'r2', 'r3', 'r4']) stageBuild(name);

    for (const dir of ['pids', 'logs']) mkdirSync(path.join(root, dir));
    writeFileSync(path.join(root, 'restart.mjs'), RESTART_HELPER);
    // Each process runs `current` as the guide's unit names it, never a release by its name.
    const unit = unitFromDeployDoc(root);
    expect(unit.cwd).toBe(path.join(root, 'current'));
    expect(unit.argv).toContain(path.join(root, 'current/dist/server/main.mjs'));
    // The env file's part of the environment (EnvironmentFile), for this test's database.
    const envFile = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_ORIGIN: ORIGIN,
      DATABASE_URL: url.toString(),
      DATA_DIR: path.join(root, 'data'),
      LOG_LEVEL: 'warn',
    };
    writeFileSync(
      path.join(root, 'unit.json'),
      JSON.stringify({ ...unit, env: { ...envFile, ...unit.env } }),
    );

    // The first install: release r1 built and made current, both processes started from it.
    const first = unpack('r1');
    cpSync(path.join(staged('r1'), 'dist'), path.join(first.dir, 'dist'), { recursive: true });
    symlinkSync(first.dir, path.join(root, 'current'));
    ports = [await freePort(), await freePort()];
    const started = await runUpgrade(root, ['--no-build', first.dir, ...ports.map(String)]);
    expect(started.status, started.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    for (const file of existsSync(`${root}/pids`) ? readdirSync(`${root}/pids`) : []) {
      try {
        process.kill(Number(readFileSync(`${root}/pids/${file}`, 'utf8')), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (databaseName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('fails no request while it builds, switches and restarts the processes one at a time', async () => {
    for (const port of ports) expect(releaseOf((await pageOf(port)).body)).toBe('r1');
    const next = unpack('r2');

    const started = Date.now();
    const upgraded = runUpgrade(root, [next.dir, ...ports.map(String)], { OG_BUILD: next.build });
    const probe = await probeDirect(ports, upgraded);
    const outcome = await upgraded;
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `upgrade (direct, ${ports.length} processes): ${seconds.toFixed(1)} s, ` +
        `${probe.sent} requests, ${probe.failed.length} failed, ` +
        `${probe.passedOn} passed on to the other process`,
    );
    expect(outcome.status, outcome.stdout + outcome.stderr).toBe(0);
    expect(probe.failed).toEqual([]);
    expect(probe.sent).toBeGreaterThan(20);

    // Once the release was switched (the first process was down for its restart, so `current`
    // already named r2), the second still served r1's page: each process keeps the files of the
    // release it started from until it is restarted. (Measured from the first's restart, not
    // from its first r2 answer: the script restarts the second as soon as the first is ready,
    // which a probe may not catch in between.)
    const [firstPort, secondPort] = ports;
    expect(probe.answers.some((a) => a.port === firstPort && a.release === 'r2')).toBe(true);
    const switchedBy = probe.downAt[firstPort!];
    expect(switchedBy).toBeDefined();
    expect(
      probe.answers.some((a) => a.port === secondPort && a.release === 'r1' && a.at > switchedBy!),
    ).toBe(true);

    // Both now serve r2, and still the asset an r1 page open in a browser asks for.
    for (const port of ports) {
      expect(releaseOf((await pageOf(port)).body)).toBe('r2');
      expect((await pageOf(port, '/assets/app-r1.js')).status).toBe(200);
      expect((await pageOf(port, '/assets/app-r2.js')).status).toBe(200);
    }
    expect(realpathSync(path.join(root, 'current'))).toBe(next.dir);
  }, 180_000);

  describe.skipIf(nginxUnavailable() !== undefined)(
    `through the nginx site of docs/DEPLOY.md${nginxUnavailable() ? ` (skipped: ${nginxUnavailable()})` : ''}`,
    () => {
      let nginx: RunningNginx;
      beforeAll(async () => {
        nginx = await startNginxFromDocs({
          upstreamPorts: ports,
          httpPort: await freePort(),
          httpsPort: await freePort(),
        });
      });
      afterAll(async () => {
        await nginx?.stop();
      });

      it('fails no request through nginx while the processes restart one at a time', async () => {
        {
          const next = unpack('r3');
          const upgraded = runUpgrade(root, [next.dir, ...ports.map(String)], {
            OG_BUILD: next.build,
          });
          let running = true;
          void upgraded.finally(() => (running = false));
          let sent = 0;
          const failed: string[] = [];
          let turn = 0;
          const client = async () => {
            while (running) {
              const url = PATHS[turn++ % PATHS.length]!;
              sent++;
              try {
                const answer = await httpsRequest(nginx.httpsPort, 'GET', url, {
                  accept: 'text/html,application/json',
                  origin: ORIGIN,
                });
                if (answer.status !== 200) failed.push(`${url}: ${answer.status}`);
              } catch (error) {
                failed.push(`${url}: ${String(error)}`);
              }
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
          };
          await Promise.all([client(), client(), client()]);
          const outcome = await upgraded;
          console.log(`upgrade (through nginx): ${sent} requests, ${failed.length} failed`);
          expect(outcome.status, outcome.stdout + outcome.stderr).toBe(0);
          expect(failed).toEqual([]);
          for (const port of ports) expect(releaseOf((await pageOf(port)).body)).toBe('r3');
        }
      }, 180_000);

      it('finds a new page’s assets while another process still runs the old release', async () => {
        // The moment between two restarts, held still: the first process runs r4, the
        // second r3. A page from the first names r4's asset, which the second lacks.
        const next = unpack('r4');
        const [first, second] = ports;
        const half = await runUpgrade(root, [next.dir, String(first)], { OG_BUILD: next.build });
        expect(half.status, half.stdout + half.stderr).toBe(0);
        expect(releaseOf((await pageOf(first)).body)).toBe('r4');
        expect(releaseOf((await pageOf(second)).body)).toBe('r3');
        const missing = await fetch(`http://127.0.0.1:${second}/assets/app-r4.js`);
        expect(missing.status).toBe(404);

        // nginx takes turns between the two; a query of its own keeps each from its cache.
        const statuses = [];
        for (const asset of ['app-r4.js', 'app-r3.js']) {
          for (let attempt = 0; attempt < 6; attempt++) {
            const url = `/assets/${asset}?attempt=${attempt}`;
            const answer = await httpsRequest(nginx.httpsPort, 'GET', url, { origin: ORIGIN });
            statuses.push(`${asset} ${answer.status}`);
          }
        }
        console.log(statuses.join(', '));
        expect(statuses.filter((status) => !status.endsWith(' 200'))).toEqual([]);

        const rest = await runUpgrade(root, ['--no-build', next.dir, String(second)]);
        expect(rest.status, rest.stdout + rest.stderr).toBe(0);
        expect(releaseOf((await pageOf(second)).body)).toBe('r4');
      }, 180_000);
    },
  );
});
