// `npm run restore FILE`: puts a backup from `npm run backup` back into an empty target: the
// database at DATABASE_URL (a pg_dump file), or DATA_DIR/pgdata (an embedded-database file),
// which must not exist yet. Never over existing data. See docs/DEPLOY.md.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { BackupError, backupKindOf, restorePglite, restorePostgres } from '../src/server/db/backup';
import { PRIVATE_UMASK } from '../src/server/db/private-files';
import { runningServer } from '../src/server/db/running-server';

async function main() {
  // The restored database is the site's account's alone, as the server's own.
  process.umask(PRIVATE_UMASK);
  const file = process.argv[2];
  if (!file) throw new BackupError('usage: npm run restore FILE');
  const config = loadConfig();
  const kind = await backupKindOf(file);
  if (!kind) throw new BackupError(`${file} is not a backup of this site`);
  if (config.databaseUrl) {
    if (kind !== 'postgres') {
      throw new BackupError(
        'this is an embedded-database backup: restore it without DATABASE_URL, then move it with npm run db:move-to-postgres',
      );
    }
    await restorePostgres(file, config.databaseUrl);
    console.log(`restore: ${file} → DATABASE_URL`);
    return;
  }
  if (kind !== 'pglite') {
    throw new BackupError('this is a PostgreSQL backup: set DATABASE_URL to an empty database');
  }
  if (runningServer(config.dataDir)) {
    throw new BackupError(`a server runs on ${config.dataDir}: stop it first`);
  }
  const pgliteDir = path.join(config.dataDir, 'pgdata');
  await restorePglite(new Blob([new Uint8Array(await readFile(file))]), pgliteDir);
  console.log(`restore: ${file} → ${pgliteDir}`);
}

main().catch((error: unknown) => {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
