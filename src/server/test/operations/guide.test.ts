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
  utimesSync,
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

/**
 * Runs one block (or line) of the page with bash, with `input` on its standard input; with
 * `sh`, as cron runs a crontab line (/bin/sh -c, no options).
 */
function bash(
  script: string,
  env: Record<string, string>,
  input = '',
  shell: 'bash' | 'sh' = 'bash',
): Promise<Outcome> {
  return new Promise((resolve) => {
    // A session of its own, without a terminal: createuser --pwprompt reads the password
    // from standard input when it has no /dev/tty.
    const args = shell === 'bash' ? ['-euo', 'pipefail', '-c', script] : ['-c', script];
    const child = spawn(shell, args, {
      env: { PATH: process.env.PATH!, HOME: tmpdir(), ...env },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A command that never reads its standard input may exit before the input is written:
    // the pipe is then closed (EPIPE), which says nothing about the command.
    child.stdin.on('error', () => undefined);
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
  /** The env file as the test wrote it (the page's, pointed at the test's places). */
  let envText: string;
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
  /** The site's database, or another of the throwaway server's, as the site's role. */
  const siteUrl = (database: string) => {
    const url = new URL(env.DATABASE_URL!);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const asSuperuserQuery = async (text: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      return (await admin.query(text)).rows as Record<string, unknown>[];
    } finally {
      await admin.end();
    }
  };
  /** Rows in each of a database's own tables. */
  const rowCounts = async (database: string) => {
    const client = new pg.Client({ connectionString: siteUrl(database) });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ name: string }>(
        "select tablename as name from pg_tables where schemaname = 'public' order by 1",
      );
      const counts: Record<string, number> = {};
      for (const { name } of tables) {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from "${name}"`,
        );
        counts[name] = rows[0]!.n;
      }
      return counts;
    } finally {
      await client.end();
    }
  };
  const pidOf = (port: number) => Number(readFileSync(`${srv}/pids/${port}`, 'utf8'));
  const releaseOf = (port: number) => realpathSync(`/proc/${pidOf(port)}/cwd`);
  /** `systemctl restart og-connect@{port}`, as the test's helper does it (OG_RESTART). */
  const restartCommand = () => `${process.execPath} ${srv}/restart.mjs ${srv} {port}`;
  /** Both processes run `release` and answer /healthz ready. */
  const expectServing = async (release: string) => {
    for (const port of ports) {
      expect(releaseOf(port)).toBe(release);
      expect(await health(port)).toEqual({
        status: 200,
        body: JSON.stringify({ status: 'ok', database: 'ok' }),
      });
    }
  };

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
    for (const database of ['og', 'og_scratch', 'og_moved']) {
      await admin.query(`drop database if exists ${database} with (force)`);
    }
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
    const role = await asSuperuserQuery(
      `select a.rolpassword is not null as password, pg_get_userbyid(d.datdba) as owner
         from pg_authid a, pg_database d where a.rolname = 'og' and d.datname = 'og'`,
    );
    expect(role).toEqual([{ password: true, owner: 'og' }]);

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
    envText = local(envFile!, root, ports)
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
      const started = await bash(restartCommand().replace('{port}', String(port)), {});
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
      OG_RESTART: restartCommand(),
      OG_BUILD: `ln -s ${REPO_ROOT}/node_modules node_modules && npm run build`,
    });
    expect(upgraded.status, upgraded.stdout + upgraded.stderr).toBe(0);

    const now = realpathSync(`${srv}/current`);
    expect(now).not.toBe(first[0]);
    expect(path.dirname(now)).toBe(path.join(srv, 'releases'));
    expect(readlinkSync(`${srv}/current`)).toBe(now);
    await expectServing(now);
    for (const port of ports) {
      const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
    }
    // The data stayed: the demo people are still there.
    expect(await people()).toBeGreaterThan(10);
  }, 600_000);
  it('rolls back to the first release with the command of "Rolling back"', async () => {
    const [, rollback] = blocksUnder('## Upgrades', 'sh');
    expect(rollback).toContain('upgrade.sh --no-build');
    // Both releases are clones of one commit: the first knows the schema, so it may run.
    const first = realpathSync(
      local(/\/srv\/og-connect\/releases\/\S+/.exec(rollback!)![0], root, ports),
    );
    expect(realpathSync(`${srv}/current`)).not.toBe(first);

    const rolledBack = await bash(local(rollback!, root, ports), {
      OG_ROOT: srv,
      OG_RESTART: restartCommand(),
    });
    expect(rolledBack.status, rolledBack.stdout + rolledBack.stderr).toBe(0);
    expect(realpathSync(`${srv}/current`)).toBe(first);
    await expectServing(first);
  }, 300_000);

  it('refuses an unknown host with 421, as "Before opening" checks', async () => {
    const [check] = blocksUnder('## Before opening', 'sh');
    expect(check).toContain("-H 'Host: example.com'");
    const answered = await bash(
      local(check!, root, ports).replace('127.0.0.1:3000', `127.0.0.1:${ports[0]}`),
      {},
    );
    expect(answered.status, answered.stderr).toBe(0);
    expect(answered.stdout.trim()).toBe('421');
  });

  it('backs up with the crontab line and the service of "Backups", and the file restores into a scratch database', async () => {
    const backups = path.join(root, 'backups');
    const listed = () => readdirSync(backups).filter((name) => name.startsWith('og-backup-'));
    // `mkdir -p /var/backups/og-connect` (the chown to og: the test is the site's account).
    mkdirSync(backups, { recursive: true });
    // One kept for more than two weeks, which the line's `find` removes.
    const old = path.join(backups, 'og-backup-20260101-033000.pgdump');
    writeFileSync(old, '');
    const longAgo = new Date(Date.now() - 20 * 86_400_000);
    utimesSync(old, longAgo, longAgo);

    // The crontab line without its schedule, as cron runs it: /bin/sh, nothing of the test's
    // environment but PATH and HOME (the env file gives the rest).
    const [cron] = blocksUnder('## Backups', 'cron');
    const line = local(cron!.trim(), root, ports).replace(/^(\S+\s+){5}/, '');
    // The processes keep running (a nightly backup is taken while the site serves), and their
    // timers may write meanwhile: the counts around the backup say which tables held still.
    const beforeBackup = await rowCounts('og');
    const ran = await bash(line, {}, '', 'sh');
    const afterBackup = await rowCounts('og');
    expect(ran.status, ran.stdout + ran.stderr).toBe(0);
    expect(existsSync(old)).toBe(false);
    const [nightly] = listed();
    expect(listed()).toEqual([expect.stringMatching(/^og-backup-\d{8}-\d{6}\.pgdump$/)]);

    // The service: its ExecStart and ExecStartPost in its directory with the env file's
    // variables, as systemd runs them (no shell globbing; ${BACKUP_DIR} from the environment).
    const [service] = blocksUnder('## Backups', 'ini');
    const value = (key: string) =>
      local(new RegExp(`^${key}=(.*)$`, 'm').exec(service!)![1]!, root, ports);
    expect(value('EnvironmentFile')).toBe(path.join(root, 'etc/og-connect.env'));
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // a file name per second
    for (const key of ['ExecStart', 'ExecStartPost']) {
      const started = await bash(`cd ${value('WorkingDirectory')} && set -f && ${value(key)}`, env);
      expect(started.status, `${key}: ${started.stdout}${started.stderr}`).toBe(0);
    }
    expect(listed()).toHaveLength(2);

    // "Its file restored into a scratch database": the same rows in every table.
    await asSuperuserQuery('create database og_scratch owner og');
    const restored = await bash(`cd ${srv}/current && npm run restore ${backups}/${nightly}`, {
      ...env,
      DATABASE_URL: siteUrl('og_scratch'),
    });
    expect(restored.status, restored.stdout + restored.stderr).toBe(0);
    const scratch = await rowCounts('og_scratch');
    expect(Object.keys(scratch)).toEqual(Object.keys(beforeBackup));
    const held = Object.keys(beforeBackup).filter((t) => beforeBackup[t] === afterBackup[t]);
    // The people and their visits are never a timer's to add: they must be among those compared.
    expect(held).toEqual(
      expect.arrayContaining(['users', 'students', 'mentors', 'visit_requests']),
    );
    expect(Object.fromEntries(held.map((t) => [t, scratch[t]]))).toEqual(
      Object.fromEntries(held.map((t) => [t, beforeBackup[t]])),
    );
    expect(scratch.users).toBeGreaterThan(10);
  }, 300_000);

  it('moves an embedded site to PostgreSQL with the commands of "From the embedded database to PostgreSQL"', async () => {
    // An embedded site: the env file without DATABASE_URL, its data in DATA_DIR (as "systemd"
    // says), seeded with the command of "A fresh install".
    const embeddedEnv = path.join(root, 'etc/og-connect-embedded.env');
    const dataDir = path.join(root, 'var/lib/og-connect');
    writeFileSync(
      embeddedEnv,
      `${envText.replace(/^DATABASE_URL=.*\n/m, '')}\nDATA_DIR=${dataDir}\n`,
    );
    const asEmbedded = (text: string) =>
      local(text.replaceAll('/etc/og-connect.env', embeddedEnv), root, ports);
    const [, , , seed] = blocksUnder(
      '### A fresh install: the account, the database role and the database',
      'sh',
    );
    const seeded = await bash(asEmbedded(seed!), {});
    expect(seeded.status, seeded.stdout + seeded.stderr).toBe(0);
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(true);

    const [move] = blocksUnder('## From the embedded database to PostgreSQL', 'sh');
    expect(move).toContain('npm run db:move-to-postgres');
    // The role exists (a fresh install made it); the database is new. No process to stop:
    // nothing runs on the embedded data here. The throwaway server in place of localhost.
    const script = asEmbedded(move!)
      .replace(/^systemctl stop .*\n/m, '')
      .replaceAll('sudo -u postgres ', '')
      .replace(/ og(\s+#[^\n]*)?\n/, ' og_moved$1\n')
      .replace('postgres://og:secret@localhost/og', siteUrl('og_moved'));
    expect(script).toContain('og_moved');
    expect(script).not.toContain('systemctl');
    const moved = await bash(script, asSuperuser);
    expect(moved.status, moved.stdout + moved.stderr).toBe(0);
    // The backup it took "just in case" is the embedded one, in BACKUP_DIR.
    expect(
      readdirSync(path.join(root, 'backups')).some((name) => name.endsWith('.pglite.tar.gz')),
    ).toBe(true);
    const [owner] = await asSuperuserQuery(
      "select pg_get_userbyid(datdba) as owner from pg_database where datname = 'og_moved'",
    );
    expect(owner).toEqual({ owner: 'og' });
    expect((await rowCounts('og_moved')).users).toBeGreaterThan(10);
  }, 600_000);
});
