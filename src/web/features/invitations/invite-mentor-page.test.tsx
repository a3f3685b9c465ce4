import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderApp, signedInAs } from '../../test/render';

afterEach(async () => {
  await setLanguage('ja');
});

/** A row as the server answers it: the code and its link for an admin only. */
function invitation(email: string, status: 'pending' | 'expired', asSeenBy = 'mentor') {
  return {
    id: email,
    email,
    status,
    role: 'mentor',
    createdAt: '2026-11-20T01:00:00.000Z',
    expiresAt: '2026-11-27T01:00:00.000Z',
    ...(asSeenBy === 'admin'
      ? {
          inviteCode: 'ABC234',
          invitationUrl: `http://localhost:3000/mentor-register?email=${email}&code=ABC234`,
        }
      : {}),
  };
}

function history(remaining: number | null, rows = [invitation('a@example.com', 'pending')]) {
  return {
    status: 200,
    body: { invitations: rows, quota: { limit: remaining === null ? null : 3, remaining } },
  };
}

function api(historyAnswer: ReturnType<typeof history>, role = 'mentor') {
  return (url: string) => (url.includes('/api/invitations') ? historyAnswer : signedInAs(role));
}

describe('/invite-mentor', () => {
  it('shows the remaining quota and the history with status badges', async () => {
    renderApp(
      '/invite-mentor',
      api(
        history(2, [
          invitation('a@example.com', 'pending'),
          invitation('b@example.com', 'expired'),
        ]),
      ),
    );
    expect(await screen.findByText('残り招待枠：2 / 3 件')).toBeVisible();
    const rows = screen.getAllByRole('listitem').filter((li) => li.className === 'invitation-row');
    expect(within(rows[0]!).getByText('未登録')).toBeVisible();
    expect(within(rows[1]!).getByText('期限切れ')).toBeVisible();
  });

  it('shows an alumna no invitation code nor link to copy, and says the mail carries them', async () => {
    renderApp('/invite-mentor', api(history(2)));
    const shown = await screen.findByRole('region', { name: '招待履歴' });
    expect(
      await within(shown).findByText(
        '登録用のリンクと招待コードは、招待した方へのメールにのみ記載しています。',
      ),
    ).toBeVisible();
    expect(within(shown).getByText('a@example.com')).toBeVisible();
    expect(within(shown).queryByText('招待コード')).toBeNull();
    expect(within(shown).queryByText('ABC234')).toBeNull();
    expect(within(shown).queryByRole('button', { name: 'URLをコピー' })).toBeNull();
  });

  it('shows an admin the code and the link to copy', async () => {
    renderApp(
      '/invite-mentor',
      api(history(null, [invitation('a@example.com', 'pending', 'admin')]), 'admin'),
    );
    const shown = await screen.findByRole('region', { name: '招待履歴' });
    expect(await within(shown).findByText('ABC234')).toBeVisible();
    expect(within(shown).getByRole('button', { name: 'URLをコピー' })).toBeVisible();
    expect(
      within(shown).queryByText(
        '登録用のリンクと招待コードは、招待した方へのメールにのみ記載しています。',
      ),
    ).toBeNull();
  });

  it('says so in English too', async () => {
    await setLanguage('en');
    renderApp('/invite-mentor', api(history(2)));
    expect(
      await screen.findByText(
        'The registration link and the invitation code are only in the email to the person you invited.',
      ),
    ).toBeVisible();
  });

  it('disables the form when no invitation is left', async () => {
    renderApp('/invite-mentor', api(history(0)));
    expect(
      await screen.findByText('招待できるのは3件までです。招待中の方の登録をお待ちください。'),
    ).toBeVisible();
    expect(screen.getByLabelText('招待する方のメールアドレス')).toBeDisabled();
    expect(screen.getByRole('button', { name: '招待を作成' })).toBeDisabled();
  });

  it('lets admins choose the role; mentors do not see the choice', async () => {
    renderApp('/invite-mentor', api(history(null), 'admin'));
    expect(await screen.findByText('管理者は招待件数の上限がありません。')).toBeVisible();
    expect(screen.getByLabelText('登録後の権限')).toBeVisible();
  });

  it('refuses to copy an expired URL and asks to copy by hand when the clipboard fails', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(
      '/invite-mentor',
      api(
        history(null, [
          invitation('a@example.com', 'pending', 'admin'),
          invitation('b@example.com', 'expired', 'admin'),
        ]),
        'admin',
      ),
    );
    const buttons = await screen.findAllByRole('button', { name: 'URLをコピー' });
    expect(buttons[1]).toBeDisabled();
    expect(screen.getByText('期限切れの招待URLはコピーできません。')).toBeVisible();
    await userEvent.click(buttons[0]!);
    expect(writeText).toHaveBeenCalledWith(
      'http://localhost:3000/mentor-register?email=a@example.com&code=ABC234',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('手動でコピーしてください');
  });

  it('shows a mentor-side refusal from the server in Japanese', async () => {
    renderApp('/invite-mentor', (url, init) => {
      if (url.includes('/api/invitations') && init?.method === 'POST') {
        return { status: 409, body: { code: 'invitation/already-invited', message: '' } };
      }
      return api(history(2))(url);
    });
    await userEvent.type(
      await screen.findByLabelText('招待する方のメールアドレス'),
      'x@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: '招待を作成' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'このメールアドレスには既に招待を送信しています。',
    );
  });
});
