import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RETENTION_DAYS } from '../../../shared/constants';
import { renderApp, signedInAs, signedOut } from '../../test/render';

function listApi(url: string) {
  if (url.includes('/api/mentors')) return { status: 200, body: { items: [], nextCursor: null } };
  if (url.includes('/api/universities')) return { status: 200, body: [] };
  return signedInAs('student');
}

describe('privacy notice', () => {
  it('shows once per browser session after sign-in and remembers the confirmation', async () => {
    sessionStorage.removeItem('privacyNoticeSeen');
    renderApp('/mentors-list', listApi);
    const dialog = await screen.findByRole('dialog', { name: '個人情報の取り扱いについて' });
    expect(dialog).toHaveTextContent('第三者に提供することはありません');
    await userEvent.click(screen.getByRole('button', { name: '確認しました' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(sessionStorage.getItem('privacyNoticeSeen')).toBe('true');
  });

  it('does not show again in the same session', async () => {
    sessionStorage.setItem('privacyNoticeSeen', 'true');
    renderApp('/mentors-list', listApi);
    expect(await screen.findByText('まだOGが登録されていません。')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: '個人情報の取り扱いについて' })).toBeNull();
  });

  it('is not shown before sign-in', async () => {
    sessionStorage.removeItem('privacyNoticeSeen');
    renderApp('/login', () => signedOut);
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: '個人情報の取り扱いについて' })).toBeNull();
  });

  it('states what a withdrawal keeps and the retention period from the one constant', async () => {
    sessionStorage.removeItem('privacyNoticeSeen');
    renderApp('/mentors-list', listApi);
    const dialog = await screen.findByRole('dialog', { name: '個人情報の取り扱いについて' });
    expect(dialog).toHaveTextContent('「退会したユーザー」と表示されます');
    expect(dialog).toHaveTextContent(`対応を終えてから${RETENTION_DAYS}日間保管し`);
    expect(dialog.textContent).not.toContain('{{');
  });
});
