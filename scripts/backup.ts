// `npm run backup [-- --out DIR]`: a consistent backup of everything the site keeps (the
// database, icons included) into DIR (default: BACKUP_DIR, else DATA_DIR/backups). PostgreSQL
// (DATABASE_URL) with pg_dump; the embedded database through the running server, or from its
// files when no server runs on them. See docs/DEPLOY.md for scheduling and restoring.
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { BackupError, backupFileName, backUpPostgres } from '../src/server/db/backup';
import { openDatabase } from '../src/server/db/client';
import { backupDirOf, PRIVATE_DIR_MODE, PRIVATE_UMASK } from '../src/server/db/private-files';
import { runningServer, type RunningServer } from '../src/server/db/running-server';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/**
 * GET /internal/backup from the server holding the database, naming it `localhost` in Host
 * whatever address it listens on: the server answers that route only to a loopback name
 * (fetch cannot set Host, so node:http).
 */
function askRunningServer(server: RunningServer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const headers = {
      host: `localhost:${server.port}`,
      authorization: `Bearer ${server.backupToken}`,
    };
    http
      .get(
        { host: server.host, port: server.port, path: '/internal/backup', headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            if (response.statusCode === 200) return resolve(Buffer.concat(chunks));
            const status = String(response.statusCode);
            reject(new BackupError(`the running server (pid ${server.pid}) answered ${status}`));
          });
        },
      )
      .on('error', reject);
  });
}

async function embeddedBackup(dataDir: string): Promise<Buffer> {
  const server = runningServer(dataDir);
  if (server) {
    if (server.port === 0) {
      throw new BackupError(
        `the server (pid ${server.pid}) is starting: run the backup again shortly`,
      );
    }
    return askRunningServer(server);
  }
  const pgliteDir = path.join(dataDir, 'pgdata');
  if (!existsSync(pgliteDir)) throw new BackupError(`no database in ${pgliteDir}`);
  const handle = await openDatabase({ pgliteDir });
  try {
    return Buffer.from(await (await handle.dumpEmbedded!()).arrayBuffer());
  } finally {
    await handle.close();
  }
}

async function main() {
  // Every file this writes is the owner's alone, from its first byte.
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  const outDir = path.resolve(option('--out') ?? backupDirOf(config.dataDir));
  await mkdir(outDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = path.join(outDir, backupFileName(config.databaseUrl ? 'postgres' : 'pglite'));
  if (config.databaseUrl) {
    await backUpPostgres(config.databaseUrl, file);
    await chmod(file, 0o600);
  } else {
    await writeFile(file, await embeddedBackup(config.dataDir), { mode: 0o600 });
  }
  const { size } = await stat(file);
  console.log(`backup: ${file} (${(size / 1024 / 1024).toFixed(1)} MB)`);
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
