import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

/**
 * The built web app as the server sends it: assets for a year, pages revalidated, and never a
 * source map (which would hand out our sources), even one left in the folder by another build.
 */
describe('the built web app', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'og-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>OGコネクト</title>');
    const script = 'console.log("app");\n//# sourceMappingURL=app-abc123.js.map\n';
    const map = JSON.stringify({ version: 3, sources: ['../src/web/main.tsx'], mappings: '' });
    await writeFile(path.join(webRoot, 'assets/app-abc123.js'), script);
    await writeFile(path.join(webRoot, 'assets/app-abc123.js.map'), map);
    await writeFile(path.join(webRoot, 'assets/app-abc123.js.map.gz'), gzipSync(map));
    await writeFile(path.join(webRoot, 'sw.js'), 'const VERSION = "v1";\n');
    await writeFile(path.join(webRoot, 'manifest.webmanifest'), '{"name":"OGコネクト"}');
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves the assets for a year and pages as index.html, revalidated', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/mentors', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker and the manifest revalidated, so a release reaches browsers', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('never serves a source map, plain or compressed', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const response = await get('/assets/app-abc123.js.map', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
      expect(response.body).not.toContain('sources');
    }
    expect((await get('/assets/app-abc123.js.map.gz')).statusCode).toBe(404);
  });
});
