import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueMail, outboxBacklog } from '../mail/outbox';
import { createTestApp, type TestApp } from '../test/app';
import { insertStudent, cookieFor } from '../test/factories/mentors';

const TOKEN = 'metrics-token-0123456789';

/** One sample's value from the text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN, readCacheMs: 60_000, sessionCacheMs: 60_000 });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  function scrape(options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
    return t.app.inject({ method: 'GET', url: '/metrics', ...options });
  }

  it('answers a scraper on this machine in Prometheus text format', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('# TYPE og_http_requests_total counter');
    expect(response.body).toContain('# TYPE og_http_request_duration_seconds histogram');
    expect(response.body).toContain('process_resident_memory_bytes');
  });

  it('answers anyone else only with the token, and a proxied request as anyone else', async () => {
    const outside = { remoteAddress: '203.0.113.7' };
    expect((await scrape(outside)).statusCode).toBe(404);
    expect(
      (await scrape({ ...outside, headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(404);
    expect(
      (await scrape({ ...outside, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(200);
    // Through a proxy on this machine every visitor would look local.
    expect((await scrape({ headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(404);
    const refused = await scrape(outside);
    expect(refused.json()).toMatchObject({ code: 'not-found' });
  });

  it('counts requests by route pattern and status, never by the URL', async () => {
    const { user } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, user.id);
    for (const id of ['a', 'b']) {
      await t.app.inject({ method: 'GET', url: `/api/mentors/${id}`, headers: { cookie } });
    }
    const text = (await scrape()).body;
    expect(
      sample(
        text,
        'og_http_requests_total{method="GET",route="/api/mentors/:urlParam",status="404"}',
      ),
    ).toBe(2);
    expect(text).not.toContain('/api/mentors/a');
  });

  it('reports the outbox backlog and the read caches', async () => {
    // The app's worker, which the queued mail would wake, stays asleep: the message waits.
    vi.spyOn(t.app.ctx.outbox, 'kick').mockImplementation(() => {});
    await enqueueMail(t.app.ctx.db, {
      to: 'waiting@example.com',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    });
    const { user } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, user.id);
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'GET', url: '/api/mentors', headers: { cookie } });
    }
    const backlog = await outboxBacklog(t.app.ctx.db);
    expect(backlog.pending).toBeGreaterThanOrEqual(1);
    // The first scrape already has this scrape's figures (not the previous one's).
    const text = (await scrape()).body;
    expect(sample(text, 'og_outbox_pending')).toBe(backlog.pending);
    expect(sample(text, 'og_outbox_failed')).toBe(backlog.failed);
    expect(sample(text, 'og_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(
      backlog.oldestPendingSeconds!,
    );
    expect(sample(text, 'og_read_cache_hits_total{cache="mentor_list"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'og_read_cache_misses_total{cache="mentor_list"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'og_cache_notifications_connected')).toBe(1);
  });
});
