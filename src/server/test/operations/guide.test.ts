import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksUnder, REPO_ROOT, RESTART_HELPER, unitFromDeployDoc } from '../deploy-doc';
import { freePort } from '../postgres-cluster';
import { startSmtp, type TestSmtp } from '../smtp';

/**
 * docs/DEPLOY.md followed as written, from a fresh install to the first upgrade: its command
 * blocks are cut out of the page and run by bash, changed only where a test must (each change
 * below says why, and the page lists them under "A fresh install"). A command edited on the
 * page is the command this test runs.
 *
 * Runs in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL), on a clone of this
 * repository's committed HEAD.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const isRepository = existsSync(path.join(REPO_ROOT, '.git'));
const PASSWORD = 'secret';

interface Outcome {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs one block (or line) of the page with bash, with `input` on its standard input. */
function bash(script: string, env: Record<string, string>, input = ''): Promise<Outcome> {
  return new Promise((resolve) => {
    // A session of its own, without a terminal: createuser --pwprompt reads the password
    // from standard input when it has no /dev/tty.
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      env: { PATH: process.env.PATH!, HOME: tmpdir(), ...env },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(input);
    child.on('close', (code) => resolve({ status: code ?? 1, stdout, stderr }));
  });
}

/** The page's text with the machine's places put where the test has them. */
function local(text: string, root: string, ports: number[]) {
  return text
    .replaceAll('/srv/og-connect', path.join(root, 'srv/og-connect'))
    .replaceAll('/etc/og-connect.env', path.join(root, 'etc/og-connect.env'))
    .replaceAll('/var/backups/og-connect', path.join(root, 'backups'))
    .replaceAll('3000 3001', ports.join(' '));
}

/** An env file as systemd reads it: NAME=value lines, a value in double quotes unquoted. */
function readEnvFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => {
      const at = line.indexOf('=');
      const value = line.slice(at + 1);
      return [line.slice(0, at), value.replace(/^"(.*)"$/, '$1')] as const;
    });
  return Object.fromEntries(entries);
}

async function health(port: number) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}

async function waitHealthy(port: number, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const answer = await health(port);
    if (answer.status === 200 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!serverUrl || !isRepository)('docs/DEPLOY.md followed as written', () => {
  let root: string;
  let srv: string;
  let ports: number[];
  let smtp: TestSmtp;
  let env: Record<string, string>;
  const cluster = new URL(serverUrl ?? 'postgres://localhost');
  /** Connects as the throwaway server's superuser, as `sudo -u postgres` does on a real one. */
  const asSuperuser = {
    PGHOST: cluster.hostname,
    PGPORT: cluster.port,
    PGUSER: decodeURIComponent(cluster.username),
  };
  const asSite = () => new pg.Client({ connectionString: env.DATABASE_URL });
  /** How many accounts the site's database holds, read as the site's role. */
  const people = async () => {
    const client = asSite();
    await client.connect();
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from users',
    );
    await client.end();
    return rows[0]!.count;
  };
  const pidOf = (port: number) => Number(readFileSync(`${srv}/pids/${port}`, 'utf8'));
  const releaseOf = (port: number) => realpathSync(`/proc/${pidOf(port)}/cwd`);

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(path.join(tmpdir(), 'og-guide-')));
    srv = path.join(root, 'srv/og-connect');
    ports = [await freePort(), await freePort()];
    smtp = await startSmtp();
    env = {};
  });

  afterAll(async () => {
    for (const file of existsSync(`${srv}/pids`) ? readdirSync(`${srv}/pids`) : []) {
      try {
        process.kill(Number(readFileSync(`${srv}/pids/${file}`, 'utf8')), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await smtp?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('drop database if exists og with (force)');
    await admin.query('drop role if exists og');
    await admin.end();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('creates the role and the database, builds the first release and starts two processes on it', async () => {
    const [database, account, release] = blocksUnder(
      '### A fresh install: the account, the database role and the database',
      'sh',
    );
    expect(account).toContain('useradd');

    // The database: as the server's superuser instead of through sudo; the password typed twice.
    const created = await bash(
      database!.replaceAll('sudo -u postgres ', ''),
      asSuperuser,
      `${PASSWORD}\n${PASSWORD}\n`,
    );
    expect(created.status, created.stderr).toBe(0);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const role = await admin.query<{ password: boolean; owner: string }>(
      `select a.rolpassword is not null as password, pg_get_userbyid(d.datdba) as owner
         from pg_authid a, pg_database d where a.rolname = 'og' and d.datname = 'og'`,
    );
    await admin.end();
    expect(role.rows).toEqual([{ password: true, owner: 'og' }]);

    // The release: a clone of this repository; its packages linked, not downloaded (npm ci).
    const script = local(release!, root, ports)
      .replace(/https:\/\/git\.example\.jp\/og-connect\.git/, REPO_ROOT)
      .replace('npm ci', `ln -s ${REPO_ROOT}/node_modules node_modules`);
    expect(script).toContain(`git clone ${REPO_ROOT} `);
    const built = await bash(script, {});
    expect(built.status, built.stdout + built.stderr).toBe(0);
    expect(existsSync(`${srv}/current/dist/web/index.html`)).toBe(true);

    // The env file as the page has it, pointed at this server, this role and the test's mail.
    const [envFile] = blocksUnder('## The shape', 'sh');
    const url = new URL(serverUrl!);
    url.username = 'og';
    url.password = PASSWORD;
    url.pathname = '/og';
    const envText = local(envFile!, root, ports)
      .replace(/^DATABASE_URL=.*$/m, `DATABASE_URL=${url.toString()}`)
      .replace(/^SMTP_URL=.*$/m, `SMTP_URL=smtp://127.0.0.1:${smtp.port}`);
    mkdirSync(path.join(root, 'etc'));
    writeFileSync(path.join(root, 'etc/og-connect.env'), envText);
    env = readEnvFile(envText);
    expect(env).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: '1' });

    // `systemctl enable --now og-connect@3000 og-connect@3001`, as the unit runs them.
    const unit = unitFromDeployDoc(srv);
    for (const dir of ['pids', 'logs']) mkdirSync(path.join(srv, dir));
    writeFileSync(path.join(srv, 'restart.mjs'), RESTART_HELPER);
    writeFileSync(
      path.join(srv, 'unit.json'),
      JSON.stringify({ ...unit, env: { PATH: process.env.PATH, ...env, ...unit.env } }),
    );
    for (const port of ports) {
      const started = await bash(`${process.execPath} ${srv}/restart.mjs ${srv} ${port}`, {});
      expect(started.status, started.stderr).toBe(0);
    }
    for (const port of ports) {
      const answer = await waitHealthy(port);
      expect(answer, readFileSync(`${srv}/logs/${port}.log`, 'utf8')).toEqual({
        status: 200,
        body: JSON.stringify({ status: 'ok', database: 'ok' }),
      });
    }

    // The first process created the tables, as the site's role: it owns them.
    const client = asSite();
    await client.connect();
    const owners = await client.query<{ tableowner: string }>(
      "select distinct tableowner from pg_tables where schemaname = 'public'",
    );
    const encoding = await client.query<{ encoding: string }>(
      'select pg_encoding_to_char(encoding) as encoding from pg_database where datname = current_database()',
    );
    await client.end();
    expect(owners.rows).toEqual([{ tableowner: 'og' }]);
    expect(encoding.rows[0]?.encoding).toBe('UTF8');
  }, 600_000);

  it('seeds the demo data only with --force under NODE_ENV=production', async () => {
    const [, , , seed] = blocksUnder(
      '### A fresh install: the account, the database role and the database',
      'sh',
    );
    const command = local(seed!, root, ports);
    expect(command).toContain('npm run seed:demo -- --force');
    const before = await people();

    const refused = await bash(command.replace(' -- --force', ''), {});
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('--force');
    expect(await people()).toBe(before);

    const seeded = await bash(command, {});
    expect(seeded.status, seeded.stdout + seeded.stderr).toBe(0);
    expect(await people()).toBeGreaterThan(before + 10);
  }, 300_000);

  it('upgrades to a new clone with the commands of "Upgrades", one process at a time', async () => {
    const [upgrade] = blocksUnder('## Upgrades', 'sh');
    const first = ports.map(releaseOf);
    expect(first[0]).toBe(realpathSync(`${srv}/current`));

    // systemctl restart stands in for the test's restart helper; the build links the packages.
    const upgraded = await bash(local(upgrade!, root, ports), {
      OG_ROOT: srv,
      OG_RESTART: `${process.execPath} ${srv}/restart.mjs ${srv} {port}`,
      OG_BUILD: `ln -s ${REPO_ROOT}/node_modules node_modules && npm run build`,
    });
    expect(upgraded.status, upgraded.stdout + upgraded.stderr).toBe(0);

    const now = realpathSync(`${srv}/current`);
    expect(now).not.toBe(first[0]);
    expect(path.dirname(now)).toBe(path.join(srv, 'releases'));
    expect(readlinkSync(`${srv}/current`)).toBe(now);
    for (const port of ports) {
      expect(releaseOf(port)).toBe(now);
      expect(await health(port)).toEqual({
        status: 200,
        body: JSON.stringify({ status: 'ok', database: 'ok' }),
      });
      const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
    }
    // The data stayed: the demo people are still there.
    expect(await people()).toBeGreaterThan(10);
  }, 600_000);
});
