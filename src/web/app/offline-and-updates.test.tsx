import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, renderRoutes, signedInAs, signedOut } from '../test/render';
import { RouteError } from './pages/offline-page';
import { openedNewVersion, runningScript } from './service-worker';

afterEach(() => onlineManager.setOnline(true));

describe('offline, and a server that does not answer', () => {
  it('shows a signed-in page offline as the offline page, then the page once the connection is back', async () => {
    onlineManager.setOnline(false);
    const { router, fetchMock } = renderApp('/profile', () => signedInAs('mentor'));
    expect(await screen.findByRole('heading', { name: 'オフラインです' })).toBeVisible();
    // Not sent to /login: offline says nothing of who is signed in.
    expect(router.state.location.pathname).toBe('/profile');
    expect(fetchMock).not.toHaveBeenCalled();

    onlineManager.setOnline(true);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'オフラインです' })).not.toBeInTheDocument(),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/session')).toBe(true);
  });

  it('keeps a signed-in page on screen when the connection drops and the session is asked again', async () => {
    const { queryClient } = renderApp('/profile', () => signedInAs('mentor'));
    expect(
      (await screen.findAllByRole('navigation', { name: 'メインメニュー' }))[0],
    ).toBeInTheDocument();
    onlineManager.setOnline(false);
    void queryClient.invalidateQueries({ queryKey: ['session'] });
    expect(
      await screen.findByText('オフラインです。接続が戻ると最新の内容に更新します。'),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'オフラインです' })).not.toBeInTheDocument();
  });

  it('says the server could not be reached when the session check fails, rather than asking to sign in', async () => {
    const { router } = renderApp('/mentors-list', () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByRole('heading', { name: 'サーバーに接続できません' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/mentors-list');
  });

  it('tells a page already shown that the connection dropped, and stops saying so when it is back', async () => {
    renderApp('/login', () => signedOut);
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeVisible();
    expect(screen.queryByText(/オフラインです。接続が戻ると/)).not.toBeInTheDocument();
    onlineManager.setOnline(false);
    expect(
      await screen.findByText('オフラインです。接続が戻ると最新の内容に更新します。'),
    ).toBeVisible();
    onlineManager.setOnline(true);
    await waitFor(() =>
      expect(screen.queryByText(/オフラインです。接続が戻ると/)).not.toBeInTheDocument(),
    );
  });

  it.each([
    [true, 'ページを表示できませんでした'],
    [false, 'オフラインです'],
  ])('shows a page whose code did not download (online: %s) as "%s"', async (online, heading) => {
    onlineManager.setOnline(online);
    renderRoutes(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          hydrateFallbackElement: null,
          lazy: async () => {
            throw new TypeError('Failed to fetch dynamically imported module');
          },
        },
      ],
      '/',
      () => signedOut,
    );
    expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeVisible();
  });
});

describe('a new version of the site', () => {
  it('is told once, on the first open after an update, not on the first open ever', () => {
    expect(openedNewVersion('/assets/index-AAAA.js')).toBe(false);
    expect(openedNewVersion('/assets/index-AAAA.js')).toBe(false);
    expect(openedNewVersion('/assets/index-BBBB.js')).toBe(true);
    expect(openedNewVersion('/assets/index-BBBB.js')).toBe(false);
  });

  it('says so in a toast when the app opens', async () => {
    localStorage.setItem('appVersion', '/assets/index-older.js');
    renderApp('/login', () => signedOut);
    expect(await screen.findByText('サイトを新しいバージョンに更新しました。')).toBeVisible();
  });

  it('says nothing when the version is the one opened last time', async () => {
    localStorage.setItem('appVersion', runningScript);
    renderApp('/login', () => signedOut);
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeVisible();
    expect(screen.queryByText('サイトを新しいバージョンに更新しました。')).not.toBeInTheDocument();
  });
});
