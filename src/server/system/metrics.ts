import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context';
import type { DatabaseHandle } from '../db/client';
import { outboxBacklog } from '../mail/outbox';
import { hasBearerToken, isDirectLoopback } from '../http/bearer';
import { errorBody } from '../http/errors';

/**
 * `GET /metrics` in Prometheus's text format, for an operator's scraper. Each app
 * has its own registry (tests build many apps in one process). What it shows: requests and
 * their latency by route, the mail outbox's backlog, the read caches' hits and misses, whether
 * cache notifications are heard, and the PostgreSQL pool's connections.
 */
export async function registerMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  database: DatabaseHandle,
  isHearingCacheEvents: () => boolean,
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'og_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'og_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, not the URL: ids and queries would make a series per visitor.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  const pending = new Gauge({
    name: 'og_outbox_pending',
    help: 'Mail waiting to be sent.',
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'og_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail waiting to be sent (0 when none waits).',
    registers: [registry],
  });
  const failed = new Gauge({
    name: 'og_outbox_failed',
    help: 'Mail given up on after every attempt.',
    registers: [registry],
  });
  /**
   * Read once per scrape, before the registry is read (prom-client collects gauges side by
   * side, so one gauge cannot fill the others). With the database down the scrape still
   * answers, with the process's own metrics and no outbox figures.
   */
  async function readOutbox() {
    try {
      const backlog = await outboxBacklog(ctx.db);
      pending.set(backlog.pending);
      oldest.set(backlog.oldestPendingSeconds ?? 0);
      failed.set(backlog.failed);
    } catch (error) {
      ctx.logger.warn({ err: error }, 'metrics: the outbox backlog could not be read');
      for (const gauge of [pending, oldest, failed]) gauge.reset();
    }
  }

  const caches = { sessions: ctx.caches.sessions, mentor_list: ctx.caches.mentorList };
  new Counter({
    name: 'og_read_cache_hits_total',
    help: 'Read cache lookups answered from the cache.',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, cache] of Object.entries(caches)) this.inc({ cache: name }, cache.hits);
    },
  });
  new Counter({
    name: 'og_read_cache_misses_total',
    help: 'Read cache lookups that went to the database.',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, cache] of Object.entries(caches)) this.inc({ cache: name }, cache.misses);
    },
  });
  new Gauge({
    name: 'og_cache_notifications_connected',
    help: '1 while cache invalidations from other processes are heard (else caches are off).',
    registers: [registry],
    collect() {
      this.set(isHearingCacheEvents() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'og_db_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, ctx.config.metricsToken)) {
      return reply.code(404).send(errorBody('not-found'));
    }
    await readOutbox();
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

/**
 * A scraper on this machine, straight to the process, or anyone with the token. Everyone else
 * gets the site's 404.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  return hasBearerToken(request, token) || isDirectLoopback(request);
}
