import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../shared/messages/en';
import { ja } from '../../shared/messages/ja';
import { outbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { nextIp } from '../test/factories/mentors';
import { parseHost } from '../lib/loopback';

/**
 * Only our own host name is served (DNS rebinding): a page of another site whose name was
 * rebound to 127.0.0.1 sends its own name in Host, and reaches nothing: not a page, not the
 * API, not the local mailbox that would have let it sign in as an admin.
 */
const BACKUP_TOKEN = 'backup-secret-0123456789abcdef';
const METRICS_TOKEN = 'metrics-token-0123456789';
let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'og-web-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>OGコネクト</title>');
});
afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

const asPage = { accept: 'text/html,application/xhtml+xml' };

describe('on a site whose APP_ORIGIN is on this machine (http://localhost:3000)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, host: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, ...headers }, remoteAddress: '127.0.0.1' });

  it('refuses another name on a page, an API route and /_dev/mail, before any of them', async () => {
    const page = await get('/mentors', 'evil.example', asPage);
    expect(page.statusCode).toBe(421);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.body).toContain(ja.errors['http/unknown-host']);
    expect(page.body).toContain(en.errors['http/unknown-host']);

    for (const url of ['/api/config', '/api/auth/session', '/_dev/mail', '/no-such-page']) {
      const response = await get(url, 'evil.example:3000');
      expect(response.statusCode, url).toBe(421);
      expect(response.json(), url).toEqual({
        code: 'http/unknown-host',
        message: ja.errors['http/unknown-host'],
      });
    }
  });

  it('changes nothing for a write from a rebound page, whose Origin matches its Host', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email: 'student@example.com' },
      headers: { host: 'evil.example:3000', origin: 'http://evil.example:3000' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(421);
    expect(await t.app.ctx.db.select().from(outbox)).toEqual([]);
  });

  it('serves loopback names on any port, and APP_ORIGIN’s host', async () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:8080',
      'LOCALHOST',
    ]) {
      expect((await get('/api/config', host)).statusCode, host).toBe(200);
      expect((await get('/_dev/mail', host)).statusCode, host).toBe(200);
    }
    expect((await get('/mentors', '127.0.0.1:3100', asPage)).statusCode).toBe(200);
  });

  it('refuses a malformed Host, and look-alikes of ours', async () => {
    for (const host of [
      'localhost.evil.example',
      'evil.localhost',
      '127.0.0.2',
      'user@localhost',
      'localhost:3000:1',
      'localhost/x',
    ]) {
      expect((await get('/api/config', host)).statusCode, JSON.stringify(host)).toBe(421);
    }
  });

  it('answers the health check whatever the name (a load balancer may ask by address)', async () => {
    expect((await get('/healthz', '10.0.0.5:3000')).statusCode).toBe(200);
  });
});

describe('on a public site (APP_ORIGIN https://og.example.jp, behind one proxy)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(
      {
        appOrigin: 'https://og.example.jp',
        trustProxy: 1,
        metricsToken: METRICS_TOKEN,
        webRoot,
      },
      { backupToken: BACKUP_TOKEN },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (
    url: string,
    host: string,
    headers: Record<string, string> = {},
    remoteAddress = '127.0.0.1',
  ) => t.app.inject({ method: 'GET', url, headers: { host, ...headers }, remoteAddress });

  it('serves its own host name, as nginx passes it or with the default port', async () => {
    for (const host of ['og.example.jp', 'og.example.jp:443', 'OG.Example.JP']) {
      expect((await get('/api/config', host)).statusCode, host).toBe(200);
    }
    expect((await get('/mentors', 'og.example.jp', asPage)).statusCode).toBe(200);
    expect((await get('/api/config', 'og.example.jp:8443')).statusCode).toBe(421);
    expect((await get('/api/config', 'evil.example', asPage)).statusCode).toBe(421);
  });

  it('reads Host as sent, never X-Forwarded-Host, even from a trusted proxy', async () => {
    const response = await get('/api/config', 'evil.example', {
      'x-forwarded-host': 'og.example.jp',
      'x-forwarded-for': '203.0.113.4',
    });
    expect(response.statusCode).toBe(421);
  });

  it('keeps the routes for this machine to a loopback name, even from a loopback client', async () => {
    const bearer = { authorization: `Bearer ${BACKUP_TOKEN}` };
    for (const host of ['og.example.jp', 'og.example.jp:443']) {
      expect((await get('/_dev/mail', host)).statusCode, host).toBe(404);
      expect((await get('/metrics', host)).statusCode, host).toBe(404);
      expect((await get('/internal/backup', host, bearer)).statusCode, host).toBe(404);
    }
    expect((await get('/_dev/mail', '127.0.0.1:3000')).statusCode).toBe(200);
    expect((await get('/metrics', 'localhost:3000')).statusCode).toBe(200);
    // A scraper elsewhere with the token names the site: that is what the token is for.
    const scraper = { authorization: `Bearer ${METRICS_TOKEN}` };
    expect((await get('/metrics', 'og.example.jp', scraper, '198.51.100.8')).statusCode).toBe(200);
    // A scraper on the private network asks the process by its address (docs/DEPLOY.md): the
    // token decides there; without it, that name reaches nothing.
    expect((await get('/metrics', '10.0.0.5:3000', scraper, '10.0.0.9')).statusCode).toBe(200);
    expect((await get('/metrics', '10.0.0.5:3000', {}, '10.0.0.9')).statusCode).toBe(404);
    expect((await get('/metrics', '10.0.0.5:3000', {}, '127.0.0.1')).statusCode).toBe(404);
  });
});

describe('parseHost', () => {
  it('splits name and port, lower-cased, and refuses anything else', () => {
    expect(parseHost('Og.Example.JP.')).toEqual({ name: 'og.example.jp', port: undefined });
    expect(parseHost('[::1]:8080')).toEqual({ name: '[::1]', port: '8080' });
    expect(parseHost('127.0.0.1:3000')).toEqual({ name: '127.0.0.1', port: '3000' });
    for (const bad of [undefined, '', ':80', 'a b', 'a@b', 'a:b', '[::1', 'x:123456']) {
      expect(parseHost(bad), String(bad)).toBeUndefined();
    }
  });
});
