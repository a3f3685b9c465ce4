/**
 * Server processes for the benchmark: started the way production starts them, waited for
 * through /healthz, measured (RSS from /proc) and stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { repoRoot } from '../scripts/run-server.mjs';

export interface RunningServer {
  url: string;
  pid: number;
  /** Resident memory of the server process, in bytes. */
  rssBytes(): number;
  stop(): Promise<void>;
}

export async function waitForHealthy(url: string, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) {
      throw new Error(`${child.spawnargs.join(' ')} exited with ${child.exitCode}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url}/healthz not healthy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitForPortFree(url: string) {
  for (let tries = 0; tries < 500; tries++) {
    try {
      await fetch(`${url}/healthz`);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} still answers after the server was stopped`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kib ? Number(kib) * 1024 : Number.NaN;
}

/**
 * The CPU time a process has used, user and system, in seconds: utime and stime of
 * /proc/<pid>/stat, in clock ticks (100 a second on Linux; a ratio of two readings is what
 * counts). Read after the name's closing parenthesis, as a name may hold spaces.
 */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the whole line; the rest starts at field 3.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time the whole machine has spent busy (every core, every process: /proc/stat's first
 * line less idle and I/O wait), in seconds: what the bench's two processes used of it, and what
 * others on the machine took meanwhile.
 */
export function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal: all but idle and iowait are work.
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / CLOCK_TICKS_PER_SECOND;
}

/** `node <args>` with `env`; output is dropped unless BENCH_VERBOSE is set. */
export async function startNodeServer(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<RunningServer> {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: process.env.BENCH_VERBOSE ? 'inherit' : ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(url, 60_000, child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    rssBytes: () => rssOf(child.pid!),
    stop: () => stopProcess(child),
  };
}

/**
 * Milliseconds from running `npm start` to the first healthy /healthz answer (the spawn
 * included), then the process tree is stopped.
 */
export async function timeNpmStart(env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    await waitForHealthy(`http://127.0.0.1:${port}`, 60_000, child);
    return performance.now() - started;
  } finally {
    // npm, scripts/start.mjs and the server form one process group.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // The server may close its database after npm has gone: wait until nothing answers.
    await waitForPortFree(`http://127.0.0.1:${port}`);
  }
}
