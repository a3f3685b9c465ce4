import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildServer, serverBundle } from '../build-server.mjs';
import { repoRoot, SERVER_ARGS, SERVER_ENV } from '../run-server.mjs';
import { startPostgresCluster, type PostgresCluster } from '../../src/server/test/postgres-cluster';
import { startSmtp, type TestSmtp } from '../../src/server/test/smtp';
import type { SentMail } from './types';

/** Sessions last a day idle in the simulation, the longest the site allows (docs/SIMULATION.md). */
export const SIMULATED_IDLE_MS = 24 * 60 * 60 * 1000;

/**
 * The world the simulated year runs in: the real server (two processes on one throwaway
 * PostgreSQL, or one on a fresh PGlite), an SMTP sink, and the sim routes of each process
 * (the contract: GET/POST /_dev/sim/clock, /quiesce, /tick, /query).
 */

export type DatabaseKind = 'postgres' | 'pglite';

export interface ServerProcess {
  name: string;
  /** Set while the driver itself kills it (a fault), so that its exit is not a crash. */
  killing?: boolean;
  port: number;
  url: string;
  child: ChildProcess | undefined;
  output: string[];
  /** The simulated clock it was started with (a restart resumes at the database's). */
  startClock: string;
}

export interface WorldOptions {
  db: DatabaseKind;
  /** The simulated start, ISO. */
  from: string;
  /** The first of the ports this world's processes take (two for PostgreSQL). */
  basePort: number;
  adminEmails: string[];
  /** Where PGlite's data dir and other temp files go. */
  tempDir: string;
}

/** A mail as `src/server/test/app.ts`'s helpers read it, with its links. */
export interface SinkMail extends SentMail {
  links: string[];
}

const LINK = /https?:\/\/[^\s<>"')\]]+/g;

/** Whether the built bundle is missing or older than its sources: build it then. */
function bundleStale(): boolean {
  if (!existsSync(serverBundle)) return true;
  const built = statSync(serverBundle).mtimeMs;
  for (const dir of ['src/server', 'src/shared']) {
    for (const entry of readdirSync(path.join(repoRoot, dir), {
      recursive: true,
      withFileTypes: true,
    })) {
      if (entry.isFile() && statSync(path.join(entry.parentPath, entry.name)).mtimeMs > built)
        return true;
    }
  }
  return false;
}

export async function ensureBundle(): Promise<void> {
  if (bundleStale()) await buildServer();
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class World {
  readonly processes: ServerProcess[] = [];
  readonly mails: SinkMail[] = [];
  /** Processes that exited without being killed: each a finding, with its last output. */
  readonly crashes: {
    process: string;
    code: number | null;
    signal: string | null;
    output: string;
  }[] = [];
  readonly origin: string;
  /** Whether the server answers the sim routes (false until sim mode is on main). */
  simMode = true;
  private smtpSink: TestSmtp | undefined;
  private cluster: PostgresCluster | undefined;
  private pool: pg.Pool | undefined;
  private databaseUrl: string | undefined;
  private dropDatabase: (() => Promise<void>) | undefined;
  private dataDir: string | undefined;
  private mailTimer: NodeJS.Timeout | undefined;
  private mailIndex = 0;
  private closing = false;

  constructor(readonly options: WorldOptions) {
    this.origin = `http://localhost:${options.basePort}`;
  }

  get smtp(): TestSmtp {
    if (!this.smtpSink) throw new Error('world not started');
    return this.smtpSink;
  }

  /** The cluster, when this world owns one (a blip may stop and start it). */
  get postgresCluster(): PostgresCluster | undefined {
    return this.cluster;
  }

  async start(): Promise<void> {
    await ensureBundle();
    this.smtpSink = await startSmtp();
    this.mailTimer = setInterval(() => this.collectMail(), 25);
    if (this.options.db === 'postgres') {
      const serverUrl = process.env.TEST_DATABASE_URL;
      let base: string;
      if (serverUrl) {
        base = serverUrl;
      } else {
        this.cluster = await startPostgresCluster();
        base = this.cluster.url('postgres');
      }
      const name = `og_sim_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(base);
      url.pathname = `/${name}`;
      this.databaseUrl = url.toString();
      if (serverUrl) {
        this.dropDatabase = async () => {
          const cleanup = new pg.Client({ connectionString: serverUrl });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name} with (force)`);
          await cleanup.end();
        };
      }
      this.pool = new pg.Pool({ connectionString: this.databaseUrl, max: 2 });
      // A blip ends the pool's idle connections too: the next query opens another.
      this.pool.on('error', () => {});
      this.addProcess('a', this.options.basePort);
      this.addProcess('b', this.options.basePort + 1);
      // One first, so that the second finds the schema migrated (as a rolling start would).
      await this.launch(this.processes[0]!);
      await this.launch(this.processes[1]!);
    } else {
      this.dataDir = path.join(this.options.tempDir, `pglite-${randomBytes(4).toString('hex')}`);
      mkdirSync(this.dataDir, { recursive: true });
      this.addProcess('a', this.options.basePort);
      await this.launch(this.processes[0]!);
    }
    this.simMode =
      (await this.rawCall(this.processes[0]!, 'GET', '/_dev/sim/clock')).status === 200;
  }

  private addProcess(name: string, port: number) {
    this.processes.push({
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      child: undefined,
      output: [],
      startClock: this.options.from,
    });
  }

  live(): ServerProcess[] {
    return this.processes.filter((server) => this.isAlive(server));
  }

  isAlive(server: ServerProcess): boolean {
    return !!server.child && server.child.exitCode === null && server.child.signalCode === null;
  }

  /** Starts (or restarts) a process at `clock` and waits until it answers /healthz. */
  async launch(server: ServerProcess, clock = server.startClock): Promise<void> {
    server.startClock = clock;
    server.output.length = 0;
    const env: Record<string, string> = {
      ...SERVER_ENV,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(server.port),
      APP_ORIGIN: this.origin,
      SMTP_URL: `smtp://127.0.0.1:${this.smtp.port}`,
      ADMIN_EMAILS: this.options.adminEmails.join(','),
      LOG_LEVEL: 'error',
      SIMULATED_CLOCK: clock,
      MAIL_POLL_MS: '200',
      SMTP_TIMEOUT_SECONDS: '1',
      READ_CACHE_SECONDS: '1',
      // A day, the longest the site allows: a person who comes back within a day keeps her
      // session (the hour's default would have most actions sign in again, doubling the calls).
      SESSION_IDLE_MINUTES: String(SIMULATED_IDLE_MS / 60_000),
    };
    if (this.databaseUrl) env.DATABASE_URL = this.databaseUrl;
    if (this.dataDir) env.DATA_DIR = this.dataDir;
    const child = spawn(process.execPath, SERVER_ARGS, {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      server.output.push(chunk.toString());
      if (server.output.length > 200) server.output.shift();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    server.child = child;
    child.once('exit', (code, signal) => {
      if (server.killing || this.closing) return;
      this.crashes.push({
        process: server.name,
        code,
        signal,
        output: server.output.join('').slice(-4000),
      });
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(
          `process ${server.name} exited (${child.exitCode}):\n${server.output.join('')}`,
        );
      }
      try {
        if ((await fetch(`${server.url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(`process ${server.name} not healthy:\n${server.output.join('')}`);
      await sleep(50);
    }
  }

  /** SIGKILL: no shutdown, no drain, as a crash or an OOM kill. */
  async kill(server: ServerProcess): Promise<void> {
    const child = server.child;
    if (!child || !this.isAlive(server)) return;
    server.killing = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    server.killing = false;
  }

  /** A call on a sim route (or any route) of one process, from 127.0.0.1, no session. */
  async rawCall(
    server: ServerProcess,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    try {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = text;
      }
      return { status: response.status, json };
    } catch {
      return { status: 0, json: undefined };
    }
  }

  /** Moves one process's clock (and the database's) forward to `at`; a no-op without sim mode. */
  async setClock(server: ServerProcess, at: number): Promise<number> {
    if (!this.simMode) return 200;
    const answer = await this.rawCall(server, 'POST', '/_dev/sim/clock', {
      now: new Date(at).toISOString(),
    });
    // Already there or later (a restart resumed at the database's time): time never goes back.
    if (answer.status === 409) return 200;
    return answer.status;
  }

  /**
   * Waits until the process has sent every message due now. Without sim mode: until the sink
   * has received nothing new for a moment.
   */
  async quiesce(server: ServerProcess): Promise<number> {
    if (this.simMode) return (await this.rawCall(server, 'POST', '/_dev/sim/quiesce')).status;
    let seen = this.smtp.received.length;
    let still = 0;
    while (still < 3) {
      await sleep(60);
      const now = this.smtp.received.length;
      still = now === seen ? still + 1 : 0;
      seen = now;
    }
    return 200;
  }

  async tick(server: ServerProcess): Promise<{ status: number; passes: Record<string, number> }> {
    if (!this.simMode) return { status: 200, passes: {} };
    const answer = await this.rawCall(server, 'POST', '/_dev/sim/tick');
    const passes = (answer.json as { passes?: Record<string, number> } | undefined)?.passes ?? {};
    return { status: answer.status, passes };
  }

  /** A read-only query on the shared database: `pg` on PostgreSQL, the sim route on PGlite. */
  async query<T extends Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
  ): Promise<T[]> {
    if (this.pool) {
      for (let attempt = 1; ; attempt++) {
        try {
          const client = await this.pool.connect();
          try {
            await client.query('begin read only');
            const result = await client.query(sql, params);
            await client.query('commit');
            return result.rows as T[];
          } finally {
            client.release(true);
          }
        } catch (error) {
          if (attempt >= 5) throw error;
          await sleep(500 * attempt);
        }
      }
    }
    const server = this.live()[0];
    if (!server || !this.simMode) throw new Error('no database to query (no sim mode)');
    const answer = await this.rawCall(server, 'POST', '/_dev/sim/query', { sql, params });
    if (answer.status !== 200)
      throw new Error(`/_dev/sim/query: ${answer.status} ${JSON.stringify(answer.json)}`);
    return (answer.json as { rows: T[] }).rows;
  }

  /** Every backend of the database but this driver's own ends (a PostgreSQL blip). */
  async terminateBackends(): Promise<number> {
    if (!this.pool || !this.databaseUrl) return 0;
    const name = new URL(this.databaseUrl).pathname.slice(1);
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      const result = await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return result.rowCount ?? 0;
    } finally {
      await client.end();
    }
  }

  /** Reads what the sink received since the last call into `mails` (with the time it came). */
  collectMail(): void {
    const received = this.smtpSink?.received ?? [];
    while (this.mailIndex < received.length) {
      const { to, mail } = received[this.mailIndex++]!;
      const text = mail.text ?? '';
      const html = typeof mail.html === 'string' ? mail.html : '';
      this.mails.push({
        messageId: mail.messageId ?? '',
        to: to[0] ?? '',
        subject: mail.subject ?? '',
        text,
        at: Date.now(),
        links: [...new Set([...(text.match(LINK) ?? []), ...(html.match(LINK) ?? [])])].map(
          (link) => link.replace(/&amp;/g, '&').replace(/[.,、。]+$/, ''),
        ),
      });
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.mailTimer) clearInterval(this.mailTimer);
    for (const server of this.processes) await this.kill(server);
    await this.pool?.end().catch(() => {});
    await this.dropDatabase?.().catch(() => {});
    await this.cluster?.destroy();
    await this.smtpSink?.close();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
