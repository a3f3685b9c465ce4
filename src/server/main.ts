import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { backupDirOf, keepDataPrivate, PRIVATE_DIR_MODE, PRIVATE_UMASK } from './db/private-files';
import { forgetRunningServer, recordRunningServer, runningServer } from './db/running-server';
import { SchemaError } from './db/schema-upgrade';
import { randomToken } from './lib/secrets';
import { startupWarnings } from './startup-warnings';

async function main() {
  // Every file the server creates (the database, server.json) is its own account's alone from
  // its first byte, whatever umask it was started with.
  process.umask(PRIVATE_UMASK);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The embedded database is this process's alone: say so before opening it, with the
  // backup secret, and refuse a data directory another live server holds.
  const backupToken = config.databaseUrl ? undefined : randomToken();
  const server = { pid: process.pid, host: connectHost(config.host), port: 0, backupToken };
  if (backupToken) {
    const holder = runningServer(config.dataDir);
    if (holder && holder.pid !== process.pid) {
      console.error(`Another server (pid ${holder.pid}) runs on ${config.dataDir}; stop it first.`);
      process.exit(1);
    }
    await mkdir(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    await recordRunningServer(config.dataDir, { ...server, backupToken });
  }
  // What an older version (or a wider umask) left open to other accounts, closed before the
  // database is opened; said once the log is there.
  const fileWarnings = keepDataPrivate(config.dataDir, backupDirOf(config.dataDir));
  const app = await buildApp(config, { backupToken });
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Ctrl-C reaches both this process and a wrapper that forwards it: close once.
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void app
        .close()
        .then(() => (backupToken ? forgetRunningServer(config.dataDir) : undefined))
        .then(() => process.exit(0));
    });
  }
  await app.listen({ host: config.host, port: config.port });
  if (backupToken) {
    const { port } = app.server.address() as AddressInfo;
    await recordRunningServer(config.dataDir, { ...server, port, backupToken });
  }
  app.log.info(
    `OGコネクト: ${config.appOrigin} (database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, mail: ${config.smtpUrl ? 'SMTP' : 'local outbox'})`,
  );
  for (const warning of [...fileWarnings, ...startupWarnings(config)]) app.log.warn(warning);
}

/** Where a command on this machine reaches the server: any-address binds answer on loopback. */
function connectHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
}

main().catch((error: unknown) => {
  // A schema this release must not run against says so in a sentence, not a stack trace.
  console.error(error instanceof SchemaError ? error.message : error);
  process.exit(1);
});
