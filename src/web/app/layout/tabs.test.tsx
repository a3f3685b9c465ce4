import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInAs, type Answer } from '../../test/render';
import { tabsFor } from './tabs';

/** Every call answered as the session, the search with no notes. */
function answer(role: string) {
  return (url: string): Answer =>
    url.startsWith('/api/visit-notes')
      ? { status: 200, body: { items: [], nextCursor: null, total: 0 } }
      : signedInAs(role);
}

describe('the 訪問記録 tab', () => {
  it('is a student\u2019s fourth tab, and no other role\u2019s', () => {
    expect(tabsFor('student').map((tab) => tab.to)).toEqual([
      '/profile',
      '/mentors-list',
      '/visit-requests',
      '/visit-notes',
    ]);
    for (const role of ['mentor', 'mentor_pending', 'admin', undefined] as const) {
      expect(tabsFor(role).map((tab) => tab.to)).not.toContain('/visit-notes');
    }
  });

  it('takes a student to the seminar\u2019s notes', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/profile', answer('student'));
    const nav = (await screen.findAllByRole('navigation', { name: 'メインメニュー' }))[0]!;
    await user.click(within(nav).getByRole('link', { name: '訪問記録' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/visit-notes'));
    expect(
      await screen.findByRole('heading', { name: 'みんなの訪問記録', level: 1 }),
    ).toBeVisible();
  });

  it('is not shown to a mentor, who cannot open the search', async () => {
    const { router } = renderApp('/visit-notes', answer('mentor'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    const nav = (await screen.findAllByRole('navigation', { name: 'メインメニュー' }))[0]!;
    expect(within(nav).queryByRole('link', { name: '訪問記録' })).toBeNull();
  });
});
