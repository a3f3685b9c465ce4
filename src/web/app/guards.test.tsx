import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterSignIn } from '../lib/browser-storage';
import { renderApp, signedInAs, signedOut } from '../test/render';

describe('route guards', () => {
  it('sends a signed-out visitor to /login with "login required"', async () => {
    const { router } = renderApp('/mentors-list', () => signedOut);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('ログインが必要です。')).toBeVisible();
  });

  it('remembers the page a signed-out visitor asked for, to open it after sign-in', async () => {
    const { router } = renderApp('/visit-requests/abc?from=mail', () => signedOut);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(afterSignIn.take()).toBe('/visit-requests/abc?from=mail');
  });

  it('sends an idle-expired session to /login?timeout=true', async () => {
    const { router } = renderApp('/profile', () => ({
      status: 200,
      body: { user: null, timedOut: true },
    }));
    await waitFor(() => expect(router.state.location.search).toBe('?timeout=true'));
  });

  it('sends an unverified account to /verify-email', async () => {
    const { router } = renderApp('/mentors-list', () => signedInAs('mentor', false));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
  });

  it.each([
    ['/admin', 'mentor'],
    ['/invite-mentor', 'student'],
    ['/mentor-profile', 'student'],
    ['/student-profile/edit', 'mentor'],
  ])('sends %s for a %s to /unauthorized', async (path, role) => {
    const { router } = renderApp(path, () => signedInAs(role));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(await screen.findByRole('heading', { name: 'アクセス権限がありません' })).toBeVisible();
  });

  it.each([
    ['mentor', '/profile'],
    ['student', '/mentors-list'],
    ['admin', '/admin'],
  ])('sends a %s from / to %s', async (role, target) => {
    const { router } = renderApp('/', () => signedInAs(role));
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it('sends unknown paths to /', async () => {
    const { router } = renderApp('/no/such/page', () => signedInAs('student'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mentors-list'));
  });

  it('shows each role its tabs', async () => {
    renderApp('/mentors-list', () => signedInAs('mentor'));
    const nav = (await screen.findAllByRole('navigation', { name: 'メインメニュー' }))[0]!;
    expect(nav).toHaveTextContent('プロフィール');
    expect(nav).toHaveTextContent('OG招待');
    expect(nav).not.toHaveTextContent('管理');
  });
});
