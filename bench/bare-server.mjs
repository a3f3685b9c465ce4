/**
 * The baseline: a bare Fastify server with one route per measured endpoint, each answering the
 * JSON that endpoint answered (parsed, so it is serialised on every request like a real
 * answer). It runs like the production server: its own Node process started the same way
 * (plain node, scripts/run-server.mjs's SERVER_ARGS flags), NODE_ENV and LOG_LEVEL from the
 * same environment, same host.
 *
 * Environment: PORT, HOST, LOG_LEVEL, BENCH_PAYLOADS (a JSON file: { name: answerBody }).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const payloads = JSON.parse(readFileSync(process.env.BENCH_PAYLOADS, 'utf8'));
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
for (const [name, body] of Object.entries(payloads)) {
  app.get(`/bare/${name}`, async () => body);
}
app.get('/healthz', async () => ({ status: 'ok' }));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void app.close().then(() => process.exit(0)));
}
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
