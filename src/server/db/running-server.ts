import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded PGlite database belongs to one process at a time. While the server
 * runs on it, it says so in DATA_DIR/server.json (readable by its owner only), with where it
 * listens and a secret for GET /internal/backup: `npm run backup` asks the running server for
 * the copy instead of opening the files under it, and the other commands refuse to open them.
 */
export interface RunningServer {
  pid: number;
  host: string;
  /** 0 while the server is starting (it holds the database before it listens). */
  port: number;
  backupToken: string;
}

export function runningServerFile(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}

export async function recordRunningServer(dataDir: string, server: RunningServer) {
  await writeFile(runningServerFile(dataDir), JSON.stringify(server), { mode: 0o600 });
}

export async function forgetRunningServer(dataDir: string) {
  await rm(runningServerFile(dataDir), { force: true });
}

/** The server running on this data directory, if its process is still alive. */
export function runningServer(dataDir: string): RunningServer | undefined {
  const file = runningServerFile(dataDir);
  if (!existsSync(file)) return undefined;
  let server: RunningServer;
  try {
    server = JSON.parse(readFileSync(file, 'utf8')) as RunningServer;
  } catch {
    return undefined;
  }
  try {
    process.kill(server.pid, 0);
    return server;
  } catch (error) {
    // EPERM: alive, but another user's; ESRCH: gone (a crash left the file behind).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? server : undefined;
  }
}
