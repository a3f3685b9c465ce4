// `npm run backup [-- --out DIR]`: a consistent backup of everything the site keeps (the
// database, icons included) into DIR (default: BACKUP_DIR, else DATA_DIR/backups). PostgreSQL
// (DATABASE_URL) with pg_dump; the embedded database through the running server, or from its
// files when no server runs on them. See docs/DEPLOY.md for scheduling and restoring.
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { BackupError, backupFileName, backUpPostgres } from '../src/server/db/backup';
import { openDatabase } from '../src/server/db/client';
import { runningServer } from '../src/server/db/running-server';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function embeddedBackup(dataDir: string): Promise<Buffer> {
  const server = runningServer(dataDir);
  if (server) {
    if (server.port === 0) {
      throw new BackupError(
        `the server (pid ${server.pid}) is starting: run the backup again shortly`,
      );
    }
    const host = server.host.includes(':') ? `[${server.host}]` : server.host;
    const response = await fetch(`http://${host}:${server.port}/internal/backup`, {
      headers: { authorization: `Bearer ${server.backupToken}` },
    });
    if (!response.ok) {
      throw new BackupError(`the running server (pid ${server.pid}) answered ${response.status}`);
    }
    return Buffer.from(await response.arrayBuffer());
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
  process.umask(0o077);
  const config = loadConfig();
  const outDir = path.resolve(
    option('--out') ?? process.env.BACKUP_DIR ?? path.join(config.dataDir, 'backups'),
  );
  await mkdir(outDir, { recursive: true, mode: 0o700 });
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
