import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayDetails } from '../../../shared/schemas/day-details';
import { dayDetailsStore } from '../../lib/day-details-store';
import { renderApp, signedInAs, signedOut, type Handler } from '../../test/render';

const HOUR_MS = 60 * 60 * 1000;

function details(userId = 'u1', meetingAt = new Date(Date.now() + 3 * HOUR_MS)): DayDetails {
  return {
    userId,
    visits: [
      {
        id: '0b8f0e3e-0000-4000-8000-000000000001',
        side: 'student',
        meetingAt: meetingAt.toISOString(),
        meetingFormat: 'in_person',
        meetingPlace: '新宿駅東口のカフェ',
        meetingUrl: null,
        other: { name: '佐藤 花子', withdrawn: false, contactEmail: 'hanako@example.net' },
      },
    ],
    desk: {
      desk: {
        name: 'キャリア支援室',
        email: 'soudan@example.ac.jp',
        phone: '03-1234-5678',
        hours: '',
        note: '',
      },
      inquiryUrl: 'https://example.ac.jp/inquiry',
    },
  };
}

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe("the day's details offline", () => {
  it('opened with no connection, shows the coming visit and the desk this device keeps', async () => {
    dayDetailsStore.save(details());
    onlineManager.setOnline(false);
    const { fetchMock } = renderApp('/visit-requests', () => signedInAs('student'));
    expect(await screen.findByRole('heading', { name: 'オフラインです' })).toBeVisible();
    const saved = await screen.findByRole('region', { name: 'これからのOG訪問' });
    expect(within(saved).getByText('新宿駅東口のカフェ')).toBeVisible();
    expect(within(saved).getByText('佐藤 花子')).toBeVisible();
    expect(within(saved).getByRole('link', { name: 'hanako@example.net' })).toHaveAttribute(
      'href',
      'mailto:hanako@example.net',
    );
    expect(within(saved).getByText('キャリア支援室')).toBeVisible();
    expect(within(saved).getByRole('link', { name: '03-1234-5678' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves out a visit that has ended', async () => {
    dayDetailsStore.save(details('u1', new Date(Date.now() - 2 * HOUR_MS)));
    onlineManager.setOnline(false);
    renderApp('/visit-requests', () => signedInAs('student'));
    expect(await screen.findByRole('heading', { name: 'オフラインです' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'これからのOG訪問' })).not.toBeInTheDocument();
    expect(screen.queryByText('新宿駅東口のカフェ')).not.toBeInTheDocument();
  });

  it('are gone once the site says nobody is signed in (signed out elsewhere, or timed out)', async () => {
    dayDetailsStore.save(details());
    renderApp('/login', () => signedOut);
    await waitFor(() => expect(dayDetailsStore.read()).toBeNull());
    expect(localStorage.getItem('dayDetails')).toBeNull();
  });

  it('are gone when another account is signed in on this browser', async () => {
    dayDetailsStore.save(details('someone-else'));
    const answers: Handler = (url) =>
      url === '/api/auth/session' ? signedInAs('student') : { status: 200, body: {} };
    renderApp('/profile', answers);
    await waitFor(() => expect(dayDetailsStore.read()).toBeNull());
  });

  it('are gone from an open page when another tab signs out', async () => {
    dayDetailsStore.save(details());
    onlineManager.setOnline(false);
    renderApp('/visit-requests', () => signedInAs('student'));
    expect(await screen.findByRole('region', { name: 'これからのOG訪問' })).toBeVisible();
    // The other tab's sign-out empties the shared storage; this tab hears of it.
    act(() => {
      localStorage.removeItem('dayDetails');
      window.dispatchEvent(new StorageEvent('storage', { key: 'dayDetails' }));
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'これからのOG訪問' })).not.toBeInTheDocument(),
    );
  });

  it('are kept while a signed-in student uses a site that opens offline', async () => {
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        // A worker controls the page (push is not offered here: no registration to offer it on).
        serviceWorker: { controller: {}, getRegistration: () => Promise.resolve(undefined) },
      }),
    );
    const answers: Handler = (url) =>
      url === '/api/auth/session'
        ? signedInAs('student')
        : url === '/api/visit-requests/day-details'
          ? { status: 200, body: details() }
          : { status: 200, body: {} };
    const { fetchMock } = renderApp('/profile', answers);
    await waitFor(() => expect(dayDetailsStore.read()?.visits).toHaveLength(1));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/visit-requests/day-details',
    );
  });

  it('are not asked for where the site cannot open offline (no service worker)', async () => {
    const { fetchMock } = renderApp('/profile', (url) =>
      url === '/api/auth/session' ? signedInAs('student') : { status: 200, body: {} },
    );
    await screen.findAllByRole('navigation', { name: 'メインメニュー' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(
      '/api/visit-requests/day-details',
    );
  });
});

describe('a page that needs the connection, opened offline', () => {
  it('says so, with the way to the kept visits, instead of a loading placeholder', async () => {
    dayDetailsStore.save(details());
    const { router } = renderApp('/profile', (url) =>
      url === '/api/auth/session' ? signedInAs('student') : { status: 200, body: {} },
    );
    await screen.findAllByRole('navigation', { name: 'メインメニュー' });
    onlineManager.setOnline(false);
    await act(() => router.navigate('/visit-requests'));
    expect(
      await screen.findByText(
        'このページの表示にはインターネット接続が必要です。接続が戻ると自動で表示します。',
      ),
    ).toBeVisible();
    await act(async () => {
      screen
        .getByRole('link', { name: 'これからのOG訪問（この端末に保存した予定）を見る' })
        .click();
    });
    expect(await screen.findByText('新宿駅東口のカフェ')).toBeVisible();
    expect(router.state.location.pathname).toBe('/saved-visits');
  });
});
