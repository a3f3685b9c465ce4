import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { adminApi, adminInvitation, calls, ok, refused } from '../../test/admin-data';

const PENDING = adminInvitation();
const EXPIRED = adminInvitation({
  id: '44444444-4444-4444-8444-444444444444',
  email: 'late@example.com',
  status: 'expired',
  role: 'mentor_pending',
  inviter: null,
  expiredAt: '2026-11-27T01:00:00.000Z',
});
const REVOKED = adminInvitation({
  id: '55555555-5555-4555-8555-555555555555',
  email: 'revoked@example.com',
  status: 'expired',
  revoked: true,
  inviter: { id: 'u9', email: 'inviter@example.com', name: null },
});
const COMPLETED = adminInvitation({
  id: '66666666-6666-4666-8666-666666666666',
  email: 'done@example.com',
  status: 'completed',
  completedAt: '2026-11-22T03:00:00.000Z',
});

function invitationsApi(write?: (url: URL, method: string) => ReturnType<typeof ok> | undefined) {
  return adminApi((url, method) => {
    if (url.pathname === '/api/admin/invitations' && method === 'GET') {
      return ok({ invitations: [PENDING, EXPIRED, REVOKED, COMPLETED], nextCursor: null });
    }
    return write?.(url, method);
  });
}

function rowOf(email: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name: email }).closest('li')!;
}

describe('/admin/invitations', () => {
  it('shows each invitation with its status, inviter and dates', async () => {
    renderApp('/admin/invitations', invitationsApi());
    await screen.findByRole('heading', { level: 3, name: 'og@example.com' });
    const pending = rowOf('og@example.com');
    expect(within(pending).getByText('招待中')).toBeVisible();
    expect(pending).toHaveTextContent('招待した人佐藤 一郎');
    expect(pending).toHaveTextContent('ABC234');
    expect(within(pending).getByRole('button', { name: '取り消す' })).toBeVisible();
    expect(within(pending).queryByRole('button', { name: '再送する' })).toBeNull();

    const expired = rowOf('late@example.com');
    expect(within(expired).getByText('期限切れ')).toBeVisible();
    expect(within(expired).getByText('OG（承認待ち）')).toBeVisible();
    expect(expired).toHaveTextContent('招待した人退会済み');
    expect(within(expired).getByRole('button', { name: '再送する' })).toBeVisible();

    const revoked = rowOf('revoked@example.com');
    expect(within(revoked).getByText('取り消し済み')).toBeVisible();
    expect(revoked).toHaveTextContent('招待した人inviter@example.com');

    const completed = rowOf('done@example.com');
    expect(within(completed).getByText('登録済み')).toBeVisible();
    expect(completed).toHaveTextContent('登録日');
    expect(within(completed).queryByRole('button')).toBeNull();
  });

  it('sends the status filter and the search to the API', async () => {
    const { fetchMock, router } = renderApp('/admin/invitations?status=pending', invitationsApi());
    await screen.findByRole('heading', { level: 3, name: 'og@example.com' });
    expect(calls(fetchMock)).toContain('GET /api/admin/invitations?status=pending');
    await userEvent.selectOptions(screen.getByLabelText('状況'), '期限切れ');
    await userEvent.type(screen.getByLabelText(/メールアドレスまたは招待した人/), 'late');
    await waitFor(() =>
      expect(calls(fetchMock)).toContain('GET /api/admin/invitations?q=late&status=expired'),
    );
    expect(router.state.location.search).toBe('?status=expired&q=late');
  });

  it('revokes a pending invitation after confirmation', async () => {
    const { fetchMock } = renderApp(
      '/admin/invitations',
      invitationsApi((url, method) =>
        method === 'POST' && url.pathname.endsWith('/revoke')
          ? ok({ ...PENDING, status: 'expired', revoked: true })
          : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: 'og@example.com' });
    await userEvent.click(
      within(rowOf('og@example.com')).getByRole('button', { name: '取り消す' }),
    );
    const dialog = screen.getByRole('dialog', { name: '招待の取り消し' });
    expect(dialog).toHaveTextContent('招待メールのリンクとコードは使えなくなります');
    await userEvent.click(within(dialog).getByRole('button', { name: '取り消す' }));
    expect(await screen.findByText('og@example.com 宛ての招待を取り消しました。')).toBeVisible();
    expect(calls(fetchMock)).toContain(`POST /api/admin/invitations/${PENDING.id}/revoke`);
  });

  it('resends an expired invitation and names the address', async () => {
    const { fetchMock } = renderApp(
      '/admin/invitations',
      invitationsApi((url, method) =>
        method === 'POST' && url.pathname.endsWith('/resend')
          ? ok({ ...EXPIRED, id: 'new', status: 'pending' }, 201)
          : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: 'late@example.com' });
    await userEvent.click(
      within(rowOf('late@example.com')).getByRole('button', { name: '再送する' }),
    );
    expect(
      await screen.findByText('late@example.com 宛てに新しい招待メールを送信しました。'),
    ).toBeVisible();
    expect(calls(fetchMock)).toContain(`POST /api/admin/invitations/${EXPIRED.id}/resend`);
  });

  it('says in Japanese why a resend was refused', async () => {
    renderApp(
      '/admin/invitations',
      invitationsApi((_url, method) =>
        method === 'POST' ? refused(409, 'invitation/already-registered-as-mentor') : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: 'late@example.com' });
    await userEvent.click(
      within(rowOf('late@example.com')).getByRole('button', { name: '再送する' }),
    );
    expect(
      await screen.findByText(
        '操作できませんでした。このメールアドレスは既にOGとして登録されています。',
      ),
    ).toBeVisible();
  });
});
