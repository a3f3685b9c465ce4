import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { renderRoutes } from '../test/render';
import { ProfileLoadFailedCard } from './load-failed-card';

function renderCard(error: unknown) {
  return renderRoutes(
    [
      { path: '/', element: <p>ホーム</p> },
      {
        path: '/profile',
        element: (
          <ProfileLoadFailedCard
            title="プロフィール"
            error={error}
            notFound="見つかりません。5秒後にホームに戻ります。"
            loadFailed="読み込めませんでした。"
          />
        ),
      },
    ],
    '/profile',
    () => ({ status: 200, body: {} }),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ProfileLoadFailedCard', () => {
  it('says the own profile is not found and goes home after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderCard(new ApiError(404, 'not-found'));
    expect(screen.getByRole('heading', { level: 1, name: 'プロフィール' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      '見つかりません。5秒後にホームに戻ります。',
    );
    await vi.advanceTimersByTimeAsync(4_000);
    expect(router.state.location.pathname).toBe('/profile');
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says any other failure, and stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderCard(new ApiError(500, 'internal'));
    expect(screen.getByRole('alert')).toHaveTextContent('読み込めませんでした。');
    await vi.advanceTimersByTimeAsync(6_000);
    expect(router.state.location.pathname).toBe('/profile');
  });
});
