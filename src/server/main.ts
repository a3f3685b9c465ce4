import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { forgetRunningServer, recordRunningServer } from './db/running-server';
import { randomToken } from './lib/secrets';
import { startupWarnings } from './startup-warnings';

async function main() {
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
  // The embedded database is this process's alone: say so, with the backup secret (issue 18).
  const backupToken = config.databaseUrl ? undefined : randomToken();
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
    const anyAddress = config.host === '0.0.0.0' || config.host === '::';
    await recordRunningServer(config.dataDir, {
      pid: process.pid,
      host: anyAddress ? '127.0.0.1' : config.host,
      port,
      backupToken,
    });
  }
  app.log.info(
    `OGコネクト: ${config.appOrigin} (database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, mail: ${config.smtpUrl ? 'SMTP' : 'local outbox'})`,
  );
  for (const warning of startupWarnings(config)) app.log.warn(warning);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
