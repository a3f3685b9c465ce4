import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAIL_LOG_DAYS, RETENTION_DAYS } from '../../../shared/constants';
import { renderApp, signedInAs, signedOut } from '../../test/render';

function listApi(url: string) {
  if (url.includes('/api/mentors')) return { status: 200, body: { items: [], nextCursor: null } };
  if (url.includes('/api/universities')) return { status: 200, body: [] };
  return signedInAs('student');
}

describe('privacy notice', () => {
  it('shows once after sign-in and remembers the confirmation for every tab', async () => {
    localStorage.removeItem('privacyNoticeSeen');
    renderApp('/mentors-list', listApi);
    const dialog = await screen.findByRole('dialog', { name: '個人情報の取り扱いについて' });
    expect(dialog).toHaveTextContent('第三者に提供することはありません');
    await userEvent.click(screen.getByRole('button', { name: '確認しました' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(localStorage.getItem('privacyNoticeSeen')).toBe('true');
  });

  it('does not show again in a new tab or a link opened from a mail in the same sign-in', async () => {
    localStorage.removeItem('privacyNoticeSeen');
    renderApp('/mentors-list', listApi);
    await userEvent.click(await screen.findByRole('button', { name: '確認しました' }));
    cleanup();
    // A new tab: its session storage starts empty, the browser's local storage is shared.
    sessionStorage.clear();
    renderApp('/visit-requests', (url) =>
      url.includes('/api/visit-requests')
        ? { status: 200, body: { items: [], awaitingReply: 0 } }
        : listApi(url),
    );
    expect(await screen.findByText('まだ依頼を送っていません。', { exact: false })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: '個人情報の取り扱いについて' })).toBeNull();
  });

  it('shows again after signing out and in', async () => {
    localStorage.setItem('privacyNoticeSeen', 'true');
    renderApp('/login', () => signedOut);
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('privacyNoticeSeen')).toBeNull());
    cleanup();
    renderApp('/mentors-list', listApi);
    expect(await screen.findByRole('dialog', { name: '個人情報の取り扱いについて' })).toBeVisible();
  });

  it('shows again when another user signs in where one was', async () => {
    localStorage.setItem('privacyNoticeSeen', 'true');
    let session = signedInAs('student');
    const { queryClient } = renderApp('/mentors-list', (url) =>
      url.includes('/api/auth/session') ? session : listApi(url),
    );
    expect(await screen.findByText('まだOGが登録されていません。')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: '個人情報の取り扱いについて' })).toBeNull();
    session = {
      ...session,
      body: { ...session.body, user: { ...session.body.user, id: 'u2', email: 'u2@example.com' } },
    };
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('dialog', { name: '個人情報の取り扱いについて' })).toBeVisible();
  });

  it('closes when confirmed in another tab', async () => {
    localStorage.removeItem('privacyNoticeSeen');
    renderApp('/mentors-list', listApi);
    const dialog = await screen.findByRole('dialog', { name: '個人情報の取り扱いについて' });
    localStorage.setItem('privacyNoticeSeen', 'true');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'privacyNoticeSeen', newValue: 'true' }),
    );
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
  });

  it('is not shown before sign-in', async () => {
    localStorage.removeItem('privacyNoticeSeen');
    renderApp('/login', () => signedOut);
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: '個人情報の取り扱いについて' })).toBeNull();
  });

  it('states what a withdrawal keeps and the retention period from the one constant', async () => {
    localStorage.removeItem('privacyNoticeSeen');
    renderApp('/mentors-list', listApi);
    const dialog = await screen.findByRole('dialog', { name: '個人情報の取り扱いについて' });
    expect(dialog).toHaveTextContent('「退会したユーザー」と表示されます');
    expect(dialog).toHaveTextContent(`対応を終えてから${RETENTION_DAYS}日間保管し`);
    expect(dialog).toHaveTextContent(`届かなかったときの確認のため${MAIL_LOG_DAYS}日間保管し`);
    expect(dialog.textContent).not.toContain('{{');
  });
});
