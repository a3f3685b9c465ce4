import { useMutation } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { renderRoutes, signedInAs, signedOut } from '../test/render';
import { MailedLinkPage } from './mailed-link-page';

/** A page of a mailed link whose request answers the address, or refuses a used token. */
function LinkPage({ sent, tone }: { sent: string[]; tone?: 'primary' | 'danger' }) {
  const action = useMutation({
    mutationFn: async (token: string) => {
      sent.push(token);
      if (token === 'used') throw new ApiError(400, 'auth/invalid-link');
      return { email: 'new@example.org' };
    },
  });
  return (
    <MailedLinkPage
      title="アドレスの確認"
      noToken="リンクにトークンがありません。"
      lead="ボタンを押すと確認します。"
      action={action}
      label="確認する"
      pendingLabel="確認しています…"
      tone={tone}
      done={({ email }) => `${email} を確認しました。`}
      next={(signedIn) => (signedIn ? <a href="/profile">プロフィールへ</a> : null)}
    />
  );
}

function renderLink(
  path: string,
  { signedIn = false, tone }: { signedIn?: boolean; tone?: 'primary' | 'danger' } = {},
) {
  const sent: string[] = [];
  renderRoutes([{ path: '/confirm', element: <LinkPage sent={sent} tone={tone} /> }], path, () =>
    signedIn ? signedInAs('mentor') : signedOut,
  );
  return sent;
}

describe('MailedLinkPage', () => {
  it('sends the token only when its button is pressed, then says what was done and where next', async () => {
    const sent = renderLink('/confirm?token=abc', { signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'アドレスの確認' })).toBeVisible();
    expect(document.title).toContain('アドレスの確認');
    expect(screen.getByText('ボタンを押すと確認します。')).toBeVisible();
    const button = screen.getByRole('button', { name: '確認する' });
    expect(button).toHaveClass('button-primary');
    expect(sent).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('new@example.org を確認しました。');
    expect(sent).toEqual(['abc']);
    expect(screen.queryByRole('button')).toBeNull();
    expect(await screen.findByRole('link', { name: 'プロフィールへ' })).toBeVisible();
  });

  it('leaves out the way next when there is none for a visitor without a session', async () => {
    renderLink('/confirm?token=abc');
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));
    const done = await screen.findByRole('status');
    expect(screen.queryByRole('link')).toBeNull();
    // Only the message stands below the heading: no empty paragraph for the missing link.
    expect(done.parentElement?.querySelectorAll('p')).toHaveLength(1);
  });

  it('says in the catalogue’s words why a used link did nothing, and keeps its button', async () => {
    renderLink('/confirm?token=used');
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/リンク/);
    expect(screen.getByRole('button', { name: '確認する' })).toBeEnabled();
  });

  it('says a link without a token is wrong and offers no button', () => {
    const sent = renderLink('/confirm');
    expect(screen.getByRole('alert')).toHaveTextContent('リンクにトークンがありません。');
    expect(screen.queryByRole('button')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('marks a button that takes something back as dangerous', () => {
    renderLink('/confirm?token=abc', { tone: 'danger' });
    expect(screen.getByRole('button', { name: '確認する' })).toHaveClass('button-danger');
  });
});
