// `npm run db:move-to-postgres`: copies the embedded database (DATA_DIR) into the empty
// PostgreSQL database at DATABASE_URL, schema and every row, in one transaction. Stop the
// server first; afterwards start it with DATABASE_URL set. See docs/DEPLOY.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { BackupError } from '../src/server/db/backup';
import { openDatabase } from '../src/server/db/client';
import { moveToPostgres } from '../src/server/db/move';
import { PRIVATE_UMASK } from '../src/server/db/private-files';
import { runningServer } from '../src/server/db/running-server';

async function main() {
  // Bringing the embedded database up to date writes into it: the site's account's alone.
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new BackupError('set DATABASE_URL to the new, empty PostgreSQL database');
  }
  if (runningServer(config.dataDir)) {
    throw new BackupError(`a server runs on ${config.dataDir}: stop it first`);
  }
  const pgliteDir = path.join(config.dataDir, 'pgdata');
  if (!existsSync(pgliteDir)) throw new BackupError(`no embedded database in ${pgliteDir}`);
  const source = await openDatabase({ pgliteDir }, { statementCache: config.pgliteStatementCache });
  const target = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    // An older embedded database is brought up to this version's schema first.
    await source.migrate();
    const copied = await moveToPostgres(source.db, target);
    for (const [table, rows] of Object.entries(copied)) console.log(`  ${table}: ${rows}`);
    console.log('db:move-to-postgres: done. Start the server with DATABASE_URL set.');
  } finally {
    await source.close();
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    `db:move-to-postgres failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
