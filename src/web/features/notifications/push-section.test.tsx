import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { dropPushOfOthers } from './push-api';
import { PushOffer } from './push-offer';
import { PushSection } from './push-section';

/**
 * The push choice on /profile against a browser's push API (stubbed: jsdom has none) and the
 * server's answers: the permission is asked only on the button, and what the browser made is
 * what the server gets.
 */

const PUBLIC_KEY = 'B' + 'A'.repeat(86);
const endpoint = 'https://fcm.googleapis.com/fcm/send/this-browser';
const keys = { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) };

let current: PushSubscription | null;
let serverHas: boolean;
const requestPermission = vi.fn<() => Promise<NotificationPermission>>();
const subscribe = vi.fn();
const unsubscribe = vi.fn();
const sent: { method: string; body: unknown }[] = [];
/** The order the server's and the browser's parts happen in. */
const steps: string[] = [];

function browserSubscription() {
  return {
    endpoint,
    toJSON: () => ({ endpoint, keys }),
    unsubscribe,
  } as unknown as PushSubscription;
}

function stubBrowser({ permission = 'default' as NotificationPermission, push = true } = {}) {
  const registration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: subscribe.mockImplementation(async () => {
        current = browserSubscription();
        return current;
      }),
    },
  };
  unsubscribe.mockImplementation(async () => {
    steps.push('browser unsubscribed');
    current = null;
    return true;
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  if (push) vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission });
}

function renderSection(element = <PushSection />) {
  return renderRoutes([{ path: '/', element }], '/', (url, init) => {
    const method = init?.method ?? 'GET';
    if (!url.startsWith('/api/me/push')) return { status: 404, body: { code: 'not-found' } };
    if (method === 'GET') {
      const asked = new URL(url, 'http://localhost').searchParams.get('endpoint');
      return {
        status: 200,
        body: { publicKey: PUBLIC_KEY, subscribed: serverHas && asked === endpoint },
      };
    }
    sent.push({ method, body: JSON.parse(String(init?.body)) });
    steps.push(`server ${method}`);
    serverHas = method === 'PUT';
    return { status: 200, body: { ok: true } };
  });
}

beforeEach(() => {
  localStorage.clear();
  current = null;
  serverHas = false;
  sent.length = 0;
  steps.length = 0;
  requestPermission.mockReset().mockResolvedValue('granted');
  subscribe.mockReset();
  unsubscribe.mockReset();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("another account's subscription in this browser", () => {
  it('is dropped when the server does not know it for the person signed in, and kept when it does', async () => {
    stubBrowser({ permission: 'granted' });
    const answers: boolean[] = [false, true];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ publicKey: PUBLIC_KEY, subscribed: answers.shift() })),
    );
    await dropPushOfOthers(browserSubscription());
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    await dropPushOfOthers(browserSubscription());
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe('push notifications on /profile', () => {
  it('asks the browser only when the button is pressed, then hands the server what the browser made', async () => {
    stubBrowser();
    renderSection();
    expect(
      await screen.findByText('このブラウザではプッシュ通知を受け取っていません。'),
    ).toBeVisible();
    expect(requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'このブラウザで受け取る' }));
    expect(await screen.findByText('このブラウザでプッシュ通知を受け取っています。')).toBeVisible();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const [options] = subscribe.mock.calls[0] as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(sent).toEqual([{ method: 'PUT', body: { endpoint, keys } }]);
    expect(
      await screen.findByText('このブラウザでプッシュ通知を受け取るようにしました。'),
    ).toBeVisible();
  });

  it('turns it off: the server forgets this browser, then the browser unsubscribes', async () => {
    stubBrowser({ permission: 'granted' });
    current = browserSubscription();
    serverHas = true;
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'このブラウザでは受け取らない' }),
    );
    expect(
      await screen.findByText('このブラウザではプッシュ通知を受け取っていません。'),
    ).toBeVisible();
    expect(sent).toEqual([{ method: 'DELETE', body: { endpoint } }]);
    expect(steps).toEqual(['server DELETE', 'browser unsubscribed']);
  });

  it('shows off for a browser subscribed but no longer known to the server (signed out since)', async () => {
    stubBrowser({ permission: 'granted' });
    current = browserSubscription();
    renderSection();
    expect(
      await screen.findByText('このブラウザではプッシュ通知を受け取っていません。'),
    ).toBeVisible();
  });

  it('changes nothing when the person does not allow notifications', async () => {
    stubBrowser();
    requestPermission.mockResolvedValue('denied');
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'このブラウザで受け取る' }));
    expect(
      await screen.findByText('通知が許可されなかったため、プッシュ通知はオンになっていません。'),
    ).toBeVisible();
    expect(subscribe).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('says what to do, not to try later, when the browser will not subscribe (a private window)', async () => {
    stubBrowser();
    renderSection();
    subscribe.mockRejectedValue(new DOMException('Registration failed', 'AbortError'));
    await userEvent.click(await screen.findByRole('button', { name: 'このブラウザで受け取る' }));
    expect(await screen.findByText(/プライベートブラウズのウィンドウ/)).toBeVisible();
    expect(screen.queryByText(/しばらくしてから再度お試しください/)).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says how to unblock notifications the browser blocks, and offers no button', async () => {
    stubBrowser({ permission: 'denied' });
    renderSection();
    expect(await screen.findByText(/ブラウザの設定でブロックされています/)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so where the browser has no push (and how on an iPhone)', async () => {
    stubBrowser({ push: false });
    renderSection();
    expect(await screen.findByText(/ホーム画面に追加/)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('push offered where it helps (issue 56)', () => {
  it('is offered after a request is sent, turns push on in one tap, and is not offered again', async () => {
    stubBrowser();
    renderSection(<PushOffer reason="sent" />);
    expect(
      await screen.findByText('先輩から返事が届いたら、この端末にすぐ通知します。'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: '通知を受け取る' }));
    expect(
      await screen.findByText('このブラウザでプッシュ通知を受け取るようにしました。'),
    ).toBeVisible();
    expect(sent).toEqual([{ method: 'PUT', body: { endpoint, keys } }]);
    expect(screen.queryByRole('button', { name: '通知を受け取る' })).toBeNull();
    cleanup();

    // Pushed no more, turned off on /profile later: the offer does not come back.
    current = null;
    serverHas = false;
    renderSection(<PushOffer reason="accepted" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('お知らせをこの端末でも受け取りますか？')).toBeNull();
  });

  it('goes away on 今はしない, saying where to turn it on, and stays away', async () => {
    stubBrowser();
    renderSection(<PushOffer reason="accepted" />);
    await userEvent.click(await screen.findByRole('button', { name: '今はしない' }));
    expect(
      await screen.findByText('あとから「プロフィール」の「プッシュ通知」でいつでも設定できます。'),
    ).toBeVisible();
    expect(screen.queryByText('お知らせをこの端末でも受け取りますか？')).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
    cleanup();
    renderSection(<PushOffer reason="accepted" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('お知らせをこの端末でも受け取りますか？')).toBeNull();
  });

  it('is not offered where push is blocked, already on, or cannot work', async () => {
    for (const setUp of [
      () => stubBrowser({ permission: 'denied' }),
      () => {
        stubBrowser({ permission: 'granted' });
        current = browserSubscription();
        serverHas = true;
      },
      () => stubBrowser({ push: false }),
    ]) {
      setUp();
      renderSection(<PushOffer reason="sent" />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText('お知らせをこの端末でも受け取りますか？')).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
