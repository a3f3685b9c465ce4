/**
 * The service worker (docs/PRODUCT.md §14, decision 0032): the app shell and its static files
 * from a cache, so the site opens offline and says so; nothing else. API answers (anything
 * personal) are never touched: the worker lets them go to the network as if it were not there.
 *
 * Built by the `serviceWorker` plugin of vite.config.ts, which puts in front of this file the
 * build's VERSION and the PRECACHE list (the shell: index.html, the first page's script and
 * style, the icons). Every build with other files is a new worker; it takes over when the
 * tabs of the old one are closed (the next open), as a browser does without being told
 * otherwise, so a page never mixes two versions' files.
 */

declare const VERSION: string;
declare const PRECACHE: readonly string[];

const worker = self as unknown as ServiceWorkerGlobalScope;
const CACHE = `og-${VERSION}`;
/** The page every navigation falls back to offline: the app, which then shows that it is. */
const SHELL = '/index.html';
/** Hashed by the build: a file's content never changes under its name. */
const IMMUTABLE = /^\/assets\//;
/** Never from a cache: the API, the development mail outbox, health and metrics. */
const NEVER = /^\/(?:api|_dev|healthz|metrics)(?:\/|$)/;

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...PRECACHE])));
});

worker.addEventListener('activate', (event) => {
  // The old version's files go once no page uses them (this runs only then).
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('og-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request));
  } else if (IMMUTABLE.test(url.pathname) || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

/**
 * A page: from the server whenever it answers (a new version is seen at once); offline, the
 * shell from the cache, whatever the address (the app routes it, and says it is offline).
 */
async function networkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

/** A static file: from the cache, else from the server and kept (a page's lazily loaded code). */
async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}
