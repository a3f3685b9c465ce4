import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signedInAs, signedOut } from '../../test/render';

afterEach(() => {
  vi.useRealTimers();
});

describe('/verify-email', () => {
  it('shows the address, and moves on by itself once the link was followed elsewhere', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let verified = false;
    const { router } = renderApp('/verify-email', () => signedInAs('mentor', verified));
    expect(await screen.findByText(/mentor@example\.com 宛てに確認用のリンク/)).toBeVisible();
    verified = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('lets the resend button work only after the 60-second countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = renderApp('/verify-email', (url) =>
      url.includes('resend') ? { status: 200, body: { ok: true } } : signedInAs('mentor', false),
    );
    const button = await screen.findByRole('button', { name: /再送信まで 60 秒/ });
    expect(button).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    const resend = await screen.findByRole('button', { name: '確認メールを再送信' });
    expect(resend).toBeEnabled();
    await userEvent.click(resend);
    expect(await screen.findByText('確認メールを再送信しました。')).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('resend-verification'))).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: /再送信まで/ })).toBeDisabled();
  });

  it('signs out and goes home with the back-to-home button', async () => {
    let signedIn = true;
    const { router, fetchMock } = renderApp('/verify-email', (url) => {
      if (url.includes('logout')) {
        signedIn = false;
        return { status: 200, body: { ok: true } };
      }
      return signedIn ? signedInAs('mentor', false) : signedOut;
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'ホームへ戻る（ログアウト）' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/auth/logout'))).toBe(
      true,
    );
  });

  it('sends a visitor neither signed in nor waiting on a mail to /login', async () => {
    const { router } = renderApp('/verify-email', (url) =>
      url.includes('verification-status')
        ? { status: 200, body: { status: 'none', email: null } }
        : signedOut,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  // The browser that sent the alumni form waits without a session.
  it('waits without a session, and asks to sign in once verified in another browser', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 'waiting';
    const { router } = renderApp('/verify-email', (url) =>
      url.includes('verification-status')
        ? { status: 200, body: { status, email: 'invitee@example.com' } }
        : signedOut,
    );
    expect(await screen.findByText(/invitee@example\.com 宛てに確認用のリンク/)).toBeVisible();
    status = 'verified';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(await screen.findByRole('link', { name: 'ログインへ進む' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'invitee@example.com の確認が完了しました',
    );
    expect(router.state.location.pathname).toBe('/verify-email');
  });
});
