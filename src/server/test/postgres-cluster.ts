import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A throwaway PostgreSQL cluster that a test owns (and may stop and start again), the way
 * scripts/with-postgres.sh makes one: initdb in a temp dir, a free loopback port, and as root
 * initdb/pg_ctl run as the `postgres` user through runuser (initdb refuses root).
 */

const run = promisify(execFile);

interface Binaries {
  initdb: string;
  pgCtl: string;
}

function findBinaries(): Binaries | undefined {
  const dirs: string[] = [];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir) dirs.push(dir);
  // Debian keeps the server binaries off PATH: newest major version first.
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) dirs.push(path.join(debian, version, 'bin'));
  }
  for (const dir of dirs) {
    const initdb = path.join(dir, 'initdb');
    const pgCtl = path.join(dir, 'pg_ctl');
    if (existsSync(initdb) && existsSync(pgCtl)) return { initdb, pgCtl };
  }
  return undefined;
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function postgresUid(): number | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('postgres:'));
    return line ? Number(line.split(':')[2]) : undefined;
  } catch {
    return undefined;
  }
}

/** Why no cluster can be made here (undefined when one can). */
export function postgresClusterUnavailable(): string | undefined {
  if (!findBinaries()) {
    return 'no initdb/pg_ctl (on PATH or under /usr/lib/postgresql/*/bin): apt-get install -y postgresql';
  }
  if (isRoot() && postgresUid() === undefined) {
    return "running as root but there is no 'postgres' user to own the cluster";
  }
  return undefined;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface PostgresCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:PORT/<database> */
  url(database?: string): string;
  /** Stops the server (`fast` ends sessions and rolls back; `immediate` is a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it if it runs and removes its files; safe to call twice. */
  destroy(): Promise<void>;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const binaries = findBinaries();
  const reason = postgresClusterUnavailable();
  if (!binaries || reason) throw new Error(`no PostgreSQL cluster: ${reason}`);
  // Under /tmp: the socket path must stay short and the postgres user must reach it.
  const dir = mkdtempSync('/tmp/og-pg-cluster-');
  const dataDir = path.join(dir, 'data');
  const asPostgres = isRoot() ? ['runuser', '-u', 'postgres', '--'] : [];
  if (isRoot()) chownSync(dir, postgresUid()!, -1);

  const exec = async (binary: string, args: string[]) => {
    const [command, ...rest] = [...asPostgres, binary, ...args];
    // The postgres user may not enter the caller's working directory: run from the temp dir.
    await run(command!, rest, { cwd: dir, timeout: 30_000 });
  };
  const pgCtl = (args: string[]) => exec(binaries.pgCtl, ['-D', dataDir, ...args]);

  let port = 0;
  const start = () =>
    pgCtl([
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  const running = () => existsSync(path.join(dataDir, 'postmaster.pid'));

  try {
    await exec(binaries.initdb, [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    // A port found free can be taken before the server binds it: try a few times.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await start();
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: (mode = 'fast') => pgCtl(['-m', mode, '-w', 'stop']),
    start,
    destroy: async () => {
      if (!existsSync(dir)) return;
      if (running()) await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
