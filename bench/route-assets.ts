import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';

/** Flags that work on this machine kind (no GPU, no sandbox, nothing fetched in the background). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's chromium unless CHROME_PATH says otherwise: no browser is ever downloaded. */
export function defaultChromiumPath(): string {
  return process.env.CHROME_PATH ?? '/usr/bin/chromium';
}

export interface RouteAssetFile {
  url: string;
  type: 'js' | 'css';
  gzipBytes: number;
}

export interface RouteAssets {
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: RouteAssetFile[];
}

export interface MeasureRouteAssetsOptions {
  baseUrl: string;
  path: string;
  /** A session cookie, for routes behind sign-in. */
  cookie?: { name: string; value: string };
  chromiumPath?: string;
}

function assetType(resourceType: string, contentType: string): RouteAssetFile['type'] | null {
  if (resourceType === 'stylesheet' || contentType.includes('text/css')) return 'css';
  if (resourceType === 'script' || contentType.includes('javascript')) return 'js';
  return null;
}

/**
 * What a first visit to `path` downloads: every same-origin script and stylesheet (module
 * preloads and chunks loaded after the first render included) until the network is idle.
 * Each file counts as the gzip size (level 9) of its decoded body, so the figure is the same
 * whether or not the server compressed it.
 */
export async function measureRouteAssets(options: MeasureRouteAssetsOptions): Promise<RouteAssets> {
  const origin = new URL(options.baseUrl).origin;
  const browser = await chromium.launch({
    executablePath: options.chromiumPath ?? defaultChromiumPath(),
    args: CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext();
    if (options.cookie) {
      await context.addCookies([{ ...options.cookie, url: origin }]);
    }
    const page = await context.newPage();
    const pending: Promise<RouteAssetFile>[] = [];
    const failed: string[] = [];
    const onResponse = (response: Response) => {
      const url = response.url();
      if (new URL(url).origin !== origin) return;
      const type = assetType(
        response.request().resourceType(),
        response.headers()['content-type'] ?? '',
      );
      if (!type) return;
      // A missing file would make the route look small: say so instead of measuring.
      if (!response.ok()) {
        failed.push(`${response.status()} ${url}`);
        return;
      }
      pending.push(
        response.body().then((body) => ({
          url,
          type,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        })),
      );
    };
    page.on('response', onResponse);
    const target = new URL(options.path, origin);
    await page.goto(target.href, { waitUntil: 'networkidle' });
    // The route's own chunk loads after the shell: wait for its heading, then for the network
    // to settle again, so nothing the first visit needs arrives after the count.
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    // Sent elsewhere (a missing or expired session sends to /login): not the route asked for.
    const landed = new URL(page.url()).pathname;
    if (landed !== target.pathname) {
      throw new Error(`${options.path} ended on ${landed}: its assets were not measured`);
    }
    if (failed.length > 0) {
      throw new Error(`assets of ${options.path} failed to load:\n${failed.join('\n')}`);
    }
    const seen = new Set<string>();
    const files: RouteAssetFile[] = [];
    for (const file of await Promise.all(pending)) {
      if (seen.has(file.url)) continue;
      seen.add(file.url);
      files.push(file);
    }
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const total = (type: RouteAssetFile['type']) =>
      files.filter((file) => file.type === type).reduce((sum, file) => sum + file.gzipBytes, 0);
    return { jsGzipBytes: total('js'), cssGzipBytes: total('css'), files };
  } finally {
    await browser.close();
  }
}

/** One line per file, largest first: what a failed budget shows. */
export function describeRouteAssets(assets: RouteAssets): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  return [
    `JS ${kb(assets.jsGzipBytes)}, CSS ${kb(assets.cssGzipBytes)} (gzip -9, 1 kB = 1024 B)`,
    ...assets.files.map(
      (file) => `  ${file.type.padEnd(3)} ${kb(file.gzipBytes).padStart(9)}  ${file.url}`,
    ),
  ].join('\n');
}
