import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { capture } from './support/capture';
import { expect, signInAs, test, type Page } from './support/test';
import { signInMentor, slot } from './support/visits';

/** A demo alumna (scripts/seed-demo.ts) no other spec signs in with. */
const ALUMNA = 'og04@demo.example.jp';

async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test("is installable: Chromium's own checks of the manifest, icons and worker pass", async ({
  page,
}) => {
  await page.goto('/login');
  await workerReady(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito, which Chromium never installs from; nothing else.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    short_name: 'OGコネクト',
    lang: 'ja',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0b57d0',
  });
  const icons = [
    ...manifest.icons.map((icon) => icon.src),
    (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!,
  ];
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const answer = await page.request.get(icon);
    expect(answer.headers()['content-type'], icon).toBe('image/png');
  }
});

/**
 * The site behind a proxy the test can take away: Chromium's offline emulation does not reach a
 * service worker's own requests, a closed port does. Cookies are per host, not per port, so a
 * sign-in on the site holds through the proxy.
 */
async function startProxy(upstream: URL, port = 0) {
  const proxy = http.createServer((request, reply) => {
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers: {
          ...request.headers,
          host: upstream.host,
          ...(request.headers.origin ? { origin: upstream.origin } : {}),
        },
      },
      (answer) => {
        reply.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(reply);
      },
    );
    forward.on('error', () => reply.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((listening) => proxy.listen(port, '127.0.0.1', listening));
  const stop = () =>
    new Promise<void>((closed) => {
      proxy.closeAllConnections();
      proxy.close(() => closed());
    });
  return { origin: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, stop };
}

test('offline, opens from its cache and says it is offline, keeps no personal data, and recovers', async ({
  page,
  baseURL,
}) => {
  const upstream = new URL(baseURL!);
  await signInAs(page, ALUMNA);
  let proxy = await startProxy(upstream);
  const origin = proxy.origin;
  const profileHeading = page.getByRole('heading', { name: 'OGプロフィール', exact: true });

  await page.goto(`${origin}/profile`);
  await expect(profileHeading).toBeVisible();
  await workerReady(page);
  await page.reload();
  await expect(profileHeading).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The site stops answering: the app still opens (from the worker's cache), and says so.
  await proxy.stop();
  await page.goto(`${origin}/mentors-list`);
  await expect(page.getByRole('heading', { name: 'サーバーに接続できません' })).toBeVisible();
  await expect(page).toHaveURL(`${origin}/mentors-list`);
  // The browser knows it has no connection (Chromium's emulation applies to a page already
  // open, not to one the worker serves): the page says it is offline.
  await page.context().setOffline(true);
  await expect(page.getByRole('heading', { name: 'オフラインです' })).toBeVisible();
  await capture(page, 'offline-page');

  // What the worker keeps: the app and its files, never an API answer.
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
  expect(cached).toContain('/index.html');
  expect(cached).toContain('/manifest.webmanifest');
  expect(cached.filter((path) => !/^\/(assets|icons)\/|^\/[\w.-]+$/.test(path))).toEqual([]);
  expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);

  // Back online: the page appears by itself, the alumna still signed in.
  proxy = await startProxy(upstream, Number(new URL(origin).port));
  await page.context().setOffline(false);
  await expect(page.getByRole('heading', { name: 'オフラインです' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'サーバーに接続できません' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'OG一覧' })).toBeVisible();
  await proxy.stop();
});

test('a push shows a notification with its title, and opening it opens its page', async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(page, ALUMNA);
  await page.goto('/profile');
  await workerReady(page);
  await context.grantPermissions(['notifications']);

  // The choice on /profile, as the alumna sees it before pressing anything.
  const section = page.getByRole('region', { name: 'プッシュ通知' });
  await expect(
    section.getByText('このブラウザではプッシュ通知を受け取っていません。'),
  ).toBeVisible();
  await expect(section.getByRole('button', { name: 'このブラウザで受け取る' })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const file = test.info().outputPath(`push-settings-${width}.png`);
    await section.screenshot({ path: file });
    await test.info().attach(`push-settings-${width}`, { path: file, contentType: 'image/png' });
  }

  // Chromium here reaches no push service: the push is handed to the worker as one would be.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((found) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((candidate) => !candidate.isDeleted);
      if (live) found(live.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const push = { title: '山田 太郎さんからOG訪問の依頼が届きました', url: '/visit-requests' };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: await registration,
    data: JSON.stringify(push),
  });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((notification) => ({
        title: notification.title,
        data: notification.data as unknown,
        icon: new URL(notification.icon).pathname,
      }));
    });
  // The worker is woken for the push: on a busy machine that takes longer than a poll's 10 s.
  await expect
    .poll(shown, { timeout: 30_000 })
    .toEqual([{ title: push.title, data: { url: push.url }, icon: '/icons/icon-192.png' }]);

  // Opening it (the click Chromium would deliver): the open tab goes to the push's page.
  const worker = context.serviceWorkers()[0]!;
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
    };
    const NotificationEvent = Reflect.get(self, 'NotificationEvent') as new (
      type: string,
      init: { notification: Notification },
    ) => Event;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(
      new NotificationEvent('notificationclick', { notification: notification! }),
    );
  });
  await expect(page).toHaveURL(/\/visit-requests$/);
  await expect.poll(shown).toEqual([]);

  // The browser renews the subscription (Chromium here has no push service to do it): the worker
  // hands the new one to the server, which keeps it for this session in place of the old.
  const endpoint = (name: string) =>
    `https://fcm.googleapis.com/fcm/send/e2e-${name}-${Date.now()}`;
  const keys = (letter: string) => ({ p256dh: `B${letter.repeat(86)}`, auth: letter.repeat(22) });
  const old = { endpoint: endpoint('old'), keys: keys('o') };
  const renewed = { endpoint: endpoint('new'), keys: keys('n') };
  const saved = await page.request.put('/api/me/push', {
    headers: { origin: new URL(baseURL!).origin },
    data: old,
  });
  expect(saved.status()).toBe(200);
  await worker.evaluate(
    ({ old, renewed }) => {
      const subscription = (json: typeof old) => ({ endpoint: json.endpoint, toJSON: () => json });
      const change = new Event('pushsubscriptionchange') as Event & { waitUntil?: unknown };
      Object.assign(change, {
        oldSubscription: subscription(old),
        newSubscription: subscription(renewed),
        waitUntil: (work: Promise<unknown>) => void work,
      });
      self.dispatchEvent(change);
    },
    { old, renewed },
  );
  const subscribed = async (json: { endpoint: string }) =>
    (
      (await (
        await page.request.get(`/api/me/push?endpoint=${encodeURIComponent(json.endpoint)}`)
      ).json()) as { subscribed: boolean }
    ).subscribed;
  await expect.poll(() => subscribed(renewed)).toBe(true);
  expect(await subscribed(old)).toBe(false);
});

/** A student and an alumna in no other journey: the visit agreed here is theirs alone. */
const STUDENT = 'student13@stu.hosei.ac.jp';
const VISIT_MENTOR = 'og40@demo.example.jp';
const PLACE = '東京駅丸の内北口の改札前';

/** Everything the site keeps in this browser's storage and caches, by key or path. */
function keptOnDevice(page: Page) {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        paths.push(new URL(request.url).pathname);
      }
    }
    return { storage: Object.keys(localStorage), cached: paths };
  });
}

test("offline, a cold start shows the student's coming visit; after sign-out nothing of it is left", async ({
  browser,
  baseURL,
}, testInfo) => {
  const upstream = new URL(baseURL!);
  // The alumna agrees a visit for the day after tomorrow, with its place, as her page would.
  const { mentorContext, mentorPage } = await signInMentor(browser, VISIT_MENTOR);
  const { urlParam } = (await (await mentorPage.request.get('/api/mentors/me')).json()) as {
    urlParam: string;
  };

  // A browser profile on disk, closed and opened again: its worker and caches outlive a restart.
  const profile = await mkdtemp(path.join(tmpdir(), 'og-offline-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      ...testInfo.project.use,
      baseURL,
      locale: 'ja-JP',
    });
  let context: BrowserContext = await launch();
  let page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(() => localStorage.setItem('privacyNoticeSeen', 'true'));
  await signInAs(page, STUDENT);
  const writes = { headers: { origin: upstream.origin } };
  const sent = await page.request.post('/api/visit-requests', {
    ...writes,
    data: {
      mentorUrlParam: urlParam,
      purpose: 'career_advice',
      message: '入社後の働き方についてお話を伺いたいです。',
      preferredSlots: [slot(2, 15)],
      meetingFormat: 'in_person',
      safetyRulesConfirmed: true,
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const accepted = await mentorPage.request.post(`/api/visit-requests/${id}/accept`, {
    headers: { origin: upstream.origin },
    data: { slotIndex: 0, safetyRulesConfirmed: true, placeKind: 'public', meetingPlace: PLACE },
  });
  expect(accepted.status()).toBe(200);
  await mentorContext.close();

  // Through a proxy the test can take away: the worker takes the page, which then keeps the
  // day's details (and the page that shows them) on the device.
  let proxy = await startProxy(upstream);
  const origin = proxy.origin;
  await page.goto(`${origin}/visit-requests`);
  await workerReady(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: '送った依頼' })).toBeVisible();
  await expect
    .poll(async () => (await keptOnDevice(page)).cached.some((file) => /saved-visits/.test(file)))
    .toBe(true);
  expect((await keptOnDevice(page)).storage).toContain('dayDetails');
  await context.close();

  // A cold start with no site to reach: the app opens from the worker and shows the visit.
  await proxy.stop();
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${origin}/visit-requests`);
  await expect(page.getByRole('heading', { name: 'サーバーに接続できません' })).toBeVisible();
  const saved = page.getByRole('region', { name: 'これからのOG訪問' });
  await expect(saved.getByText(PLACE)).toBeVisible();
  await expect(saved.getByText('困ったときの相談窓口')).toBeVisible();
  await capture(page, 'offline-saved-visits');
  // No API answer is in a cache: the details are in the page's storage, the student's only.
  expect((await keptOnDevice(page)).cached.filter((file) => file.startsWith('/api'))).toEqual([]);

  // Back online, she signs out: nothing of the visit stays on the device.
  proxy = await startProxy(upstream, Number(new URL(origin).port));
  await page.reload();
  await page.getByRole('button', { name: 'メニューを開く' }).click();
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await keptOnDevice(page)).storage).not.toContain('dayDetails');
  await proxy.stop();
  await page.goto(`${origin}/visit-requests`);
  await expect(page.getByRole('heading', { name: 'サーバーに接続できません' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'これからのOG訪問' })).toHaveCount(0);
  await expect(page.getByText(PLACE)).toHaveCount(0);
  await context.close();
  await rm(profile, { recursive: true, force: true });
});
