import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_POLL_INTERVAL_MS } from '../../../shared/constants';
import type { NotificationList } from '../../../shared/schemas/notifications';
import { renderRoutes } from '../../test/render';
import { NotificationBell } from './notification-bell';

const REQUEST = '77777777-7777-4777-8777-777777777777';

function list(unread: number): NotificationList {
  return {
    unread,
    items: [
      {
        id: '88888888-8888-4888-8888-888888888881',
        kind: 'message',
        actorName: '山田 太郎',
        count: 2,
        read: unread === 0,
        createdAt: '2026-11-24T05:00:00.000Z',
        link: `/visit-requests/${REQUEST}`,
      },
      {
        id: '88888888-8888-4888-8888-888888888882',
        kind: 'requested',
        actorName: '山田 太郎',
        count: 1,
        read: true,
        createdAt: '2026-11-23T05:00:00.000Z',
        link: `/visit-requests/${REQUEST}`,
      },
    ],
  };
}

function renderBell() {
  let unread = 2;
  const rendered = renderRoutes(
    [
      { path: '/', element: <NotificationBell /> },
      { path: '/visit-requests/:id', element: <p>request page</p> },
    ],
    '/',
    (url, init) => {
      if (url === '/api/notifications/unread-count') return { status: 200, body: { unread } };
      if (url === '/api/notifications') return { status: 200, body: list(unread) };
      if (init?.method === 'POST') {
        unread = 0;
        return { status: 200, body: { ok: true } };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  return rendered;
}

describe('the bell', () => {
  it('shows the unread count, lists what happened, and marks all read', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderBell();
    const bell = await screen.findByRole('button', { name: 'お知らせ（未読2件）' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    const panel = await screen.findByRole('region', { name: 'お知らせ' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.bell-text')?.textContent)).toEqual([
      '山田 太郎さんから新しいメッセージが2件あります',
      '山田 太郎さんからOG訪問の依頼が届きました',
    ]);
    expect(within(items[0]!).getByText('未読：', { exact: false })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'すべて既読にする' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url) === '/api/notifications/read-all'),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'お知らせ' })).toBeInTheDocument(),
    );
  });

  it('leads to the page of an entry, marking it read, and closes', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderBell();
    await user.click(await screen.findByRole('button', { name: /お知らせ/ }));
    await user.click(await screen.findByRole('link', { name: /新しいメッセージが2件/ }));
    expect(router.state.location.pathname).toBe(`/visit-requests/${REQUEST}`);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url) === '/api/notifications/88888888-8888-4888-8888-888888888881/read',
        ),
      ).toBe(true),
    );
  });

  it('closes on Escape and gives focus back to the bell', async () => {
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: /お知らせ/ });
    await user.click(bell);
    await screen.findByRole('region', { name: 'お知らせ' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'お知らせ' })).toBeNull();
    expect(bell).toHaveFocus();
  });
});

/** An EventSource the test speaks through, as the server's stream would. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | undefined;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  send(unread: number) {
    this.dispatchEvent(new MessageEvent('unread', { data: JSON.stringify({ unread }) }));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.closed = true;
  }
}

describe('the bell without polling', () => {
  it('shows the count the stream sends as it changes, and polls again only when the stream fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('EventSource', FakeEventSource);
    try {
      const { fetchMock } = renderBell();
      await screen.findByRole('button', { name: 'お知らせ（未読2件）' });
      const stream = FakeEventSource.last!;
      expect(stream.url).toBe('/api/notifications/stream');
      const countAsks = () =>
        fetchMock.mock.calls.filter(([url]) => String(url) === '/api/notifications/unread-count')
          .length;

      act(() => stream.send(5));
      expect(await screen.findByRole('button', { name: 'お知らせ（未読5件）' })).toBeVisible();
      const asked = countAsks();
      await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS * 3);
      expect(countAsks()).toBe(asked);

      act(() => stream.fail());
      await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS + 100);
      await waitFor(() => expect(countAsks()).toBeGreaterThan(asked));
    } finally {
      vi.useRealTimers();
    }
  });
});
