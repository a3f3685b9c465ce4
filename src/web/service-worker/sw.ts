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
  event.waitUntil(
    caches.keys().then(async (names) => {
      const older = names.filter((name) => name.startsWith('og-') && name !== CACHE);
      // The old version's files go once no page uses them (this runs only then).
      await Promise.all(older.map((name) => caches.delete(name)));
      // The very first worker takes the open pages at once, so the code they load next is
      // kept for offline too; a new version waits for the next open instead (see above).
      if (older.length === 0) await worker.clients.claim();
    }),
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
    event.respondWith(cacheFirst(request, event));
  }
});

/**
 * A page: from the server whenever it answers (a new version is seen at once); offline, or
 * when only a proxy answered (nginx's 502 to 504 with no app process behind it), the shell from
 * the cache, whatever the address: the app routes it, and says what is wrong.
 */
async function networkFirst(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
  if (response.status < 500) return response;
  return (await caches.match(SHELL)) ?? response;
}

/** A static file: from the cache, else from the server and kept (a page's lazily loaded code). */
async function cacheFirst(request: Request, event: FetchEvent): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
  }
  return response;
}

/** What the server pushes (src/server/notifications/push): a title and the page it is about. */
interface PushContent {
  title: string;
  url: string;
}

function pushContentOf(data: PushMessageData | null): PushContent {
  try {
    const content = data?.json() as Partial<PushContent> | undefined;
    if (typeof content?.title === 'string' && typeof content.url === 'string') {
      return { title: content.title, url: content.url };
    }
  } catch {
    // Not ours, or garbled: the fallback below still tells the person to look.
  }
  return { title: 'OGコネクト', url: '/' };
}

/**
 * A push (docs/PRODUCT.md §14): shown as a notification with the site's icon. One per page, so
 * a second push about the same request replaces the first instead of piling up.
 */
worker.addEventListener('push', (event) => {
  const { title, url } = pushContentOf(event.data);
  event.waitUntil(
    worker.registration.showNotification(title, {
      icon: '/icons/icon-192.png',
      // Android draws the badge from its transparency alone: white letters on nothing.
      badge: '/icons/badge-96.png',
      lang: 'ja',
      tag: url,
      data: { url },
    }),
  );
});

/** The event a browser fires when it renewed the push subscription (not in TypeScript's lib). */
interface SubscriptionChange extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

/**
 * The browser renewed the push subscription (its push service moved it, or its keys expired):
 * the server keeps the new one in place of the old (POST /api/push/renewal), the old one's
 * secret proving the change, as no page and perhaps no session is there. Given no new one, the
 * worker subscribes again with the old one's key. Given no old one, nothing says which it
 * replaces: the person's next visit to /profile offers push again.
 */
worker.addEventListener('pushsubscriptionchange', (event: Event) => {
  const change = event as SubscriptionChange;
  change.waitUntil(renewSubscription(change.oldSubscription, change.newSubscription));
});

async function renewSubscription(old: PushSubscription | null, renewed: PushSubscription | null) {
  const auth = old?.toJSON().keys?.auth;
  if (!old || !auth) return;
  const subscription =
    renewed ??
    (await worker.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: old.options.applicationServerKey,
    }));
  await fetch('/api/push/renewal', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      old: { endpoint: old.endpoint, auth },
      subscription: subscription.toJSON(),
    }),
  });
}

/**
 * Opening a notification opens its page: in a tab of the site already open (focused and sent
 * there), else in a new one. Only a page of this site, whatever the push said.
 */
worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const asked = new URL(
    String((event.notification.data as { url?: unknown } | null)?.url ?? '/'),
    worker.location.origin,
  );
  const url = asked.origin === worker.location.origin ? asked.href : worker.location.origin + '/';
  event.waitUntil(
    worker.clients.matchAll({ type: 'window' }).then(async (tabs) => {
      // Brought forward first, while the click still allows it; then sent to the page (drafts
      // of messages and requests are kept in the tab's storage and survive the move).
      const tab = tabs.find((candidate) => candidate.focused) ?? tabs[0];
      if (tab) {
        // Asked at once (a click allows it only briefly); the move does not wait on it.
        const focused = tab.focus().catch(() => undefined);
        try {
          await tab.navigate(url);
          await focused;
          return;
        } catch {
          // A tab that cannot be brought forward or sent elsewhere: a new one instead.
        }
      }
      await worker.clients.openWindow(url);
    }),
  );
});
