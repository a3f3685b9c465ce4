import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
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
  const app = await buildApp(config);
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Ctrl-C reaches both this process and a wrapper that forwards it: close once.
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `OGコネクト: ${config.appOrigin} (database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, mail: ${config.smtpUrl ? 'SMTP' : 'local outbox'})`,
  );
  for (const warning of startupWarnings(config)) app.log.warn(warning);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
