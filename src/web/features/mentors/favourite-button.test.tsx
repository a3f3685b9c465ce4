import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { FavouriteButton } from './favourite-button';

interface Options {
  role?: string;
  favourite?: boolean;
  /** The answer to PUT and DELETE; a promise holds the answer back until the test says. */
  write?: () => Answer | Promise<Answer>;
}

function renderButton({ role = 'student', favourite = false, write }: Options = {}) {
  const rendered = renderRoutes(
    [
      {
        path: '/mentor/:urlParam',
        element: <FavouriteButton urlParam="og 1" favourite={favourite} />,
      },
    ],
    '/mentor/og1',
    (url, init) => {
      if (url.startsWith('/api/auth/session')) return signedInAs(role);
      if (url.startsWith('/api/favourites/') && init?.method !== undefined) {
        return write ? write() : { status: 200, body: { ok: true } };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  const writes = () =>
    rendered.fetchMock.mock.calls
      .filter(([url]) => String(url).startsWith('/api/favourites/'))
      .map(([url, init]) => `${init?.method} ${String(url)}`);
  return { ...rendered, writes };
}

describe('FavouriteButton', () => {
  it('bookmarks with PUT and shows the new state before the answer', async () => {
    const user = userEvent.setup();
    let answer: (value: Answer) => void = () => {};
    const { writes } = renderButton({
      write: () => new Promise<Answer>((resolve) => (answer = resolve)),
    });
    const button = await screen.findByRole('button', { name: /お気に入りに追加/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('☆');

    await user.click(button);
    // Optimistic: pressed at once, while the server has not answered yet.
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveTextContent('★お気に入り済み');
    expect(writes()).toEqual(['PUT /api/favourites/og%201']);
    answer({ status: 200, body: { ok: true } });
  });

  it('removes a favourite with DELETE', async () => {
    const user = userEvent.setup();
    const { writes } = renderButton({ favourite: true });
    const button = await screen.findByRole('button', { name: /お気に入り済み/ });
    expect(button).toHaveAttribute('aria-pressed', 'true');

    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('お気に入りに追加');
    await waitFor(() => expect(writes()).toEqual(['DELETE /api/favourites/og%201']));
  });

  it('updates the favourites and the detail page at once, then refreshes the favourites list', async () => {
    const user = userEvent.setup();
    const { queryClient, writes } = renderButton();
    const detailKey = ['mentors', 'detail', 'og 1'];
    const favouritesListKey = ['mentors', 'list', { favourites: '1' }];
    const wholeListKey = ['mentors', 'list', {}];
    queryClient.setQueryData(['favourites'], { urlParams: ['og9'] });
    queryClient.setQueryData(detailKey, { urlParam: 'og 1', viewer: { favourite: false } });
    queryClient.setQueryData(favouritesListKey, { pages: [], pageParams: [] });
    queryClient.setQueryData(wholeListKey, { pages: [], pageParams: [] });

    await user.click(await screen.findByRole('button', { name: /お気に入りに追加/ }));
    expect(queryClient.getQueryData(['favourites'])).toEqual({ urlParams: ['og 1', 'og9'] });
    expect(queryClient.getQueryData(detailKey)).toMatchObject({ viewer: { favourite: true } });
    await waitFor(() => expect(writes()).toHaveLength(1));
    await waitFor(() =>
      expect(queryClient.getQueryState(favouritesListKey)?.isInvalidated).toBe(true),
    );
    expect(queryClient.getQueryState(['favourites'])?.isInvalidated).toBe(true);
    // The whole list does not depend on the caller's favourites.
    expect(queryClient.getQueryState(wholeListKey)?.isInvalidated).toBe(false);
  });

  it('puts the star back and says so when the change fails', async () => {
    const user = userEvent.setup();
    renderButton({ write: () => ({ status: 500, body: { code: 'internal', message: '' } }) });
    const button = await screen.findByRole('button', { name: /お気に入りに追加/ });

    await user.click(button);
    expect(
      await screen.findByText(
        'お気に入りを更新できませんでした。時間をおいて、もう一度お試しください。',
      ),
    ).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('is there for alumni awaiting approval, and not for alumni or admins', async () => {
    renderButton({ role: 'mentor_pending' });
    expect(await screen.findByRole('button', { name: /お気に入りに追加/ })).toBeInTheDocument();
  });

  it.each(['mentor', 'admin'])('is not shown to %s', async (role) => {
    const { queryClient } = renderButton({ role });
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toBeDefined());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
