import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderApp, signedInAs, type Handler } from '../../test/render';

/** Invitations that sound like the seminar (issue 56, point 4), on /invite-mentor. */
afterEach(async () => {
  await setLanguage('ja');
});

const SEMINAR = { seminar: { name: '山田ゼミ', leaderName: '山田 花子 先生' } };

function api(role: string, sent: { url: string; body: unknown }[] = []): Handler {
  return (url, init) => {
    if (init?.method === 'POST') {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      if (url.endsWith('/api/admin/invitations/bulk')) {
        return {
          status: 200,
          body: {
            results: [
              { line: 'new@example.com', outcome: 'sent' },
              { line: 'waiting@example.com', outcome: 'already-invited' },
              { line: 'member@example.com', outcome: 'already-member' },
              { line: 'nonsense', outcome: 'invalid' },
            ],
          },
        };
      }
      return {
        status: 201,
        body: {
          id: 'i1',
          email: 'guest@example.com',
          status: 'pending',
          role: 'mentor',
          createdAt: '2026-11-20T01:00:00.000Z',
          expiresAt: '2026-11-27T01:00:00.000Z',
        },
      };
    }
    if (url.includes('/api/seminar')) return { status: 200, body: SEMINAR };
    if (url.includes('/api/invitations')) {
      const quota =
        role === 'admin' ? { limit: null, remaining: null } : { limit: 3, remaining: 3 };
      return { status: 200, body: { invitations: [], quota } };
    }
    return signedInAs(role);
  };
}

describe('the invitation’s voice', () => {
  it('sends the inviter’s personal line, warns that contacts are masked, and names the seminar', async () => {
    const sent: { url: string; body: unknown }[] = [];
    renderApp('/invite-mentor', api('mentor', sent));
    expect(
      await screen.findByText(
        '招待メールには「山田ゼミ（山田 花子 先生）」からの招待と書かれます。',
      ),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText('招待する方のメールアドレス'), 'guest@example.com');
    const line = screen.getByLabelText('ひとこと（任意）');
    await userEvent.type(line, '連絡は 090-1234-5678 まで');
    expect(
      screen.getByText(
        '連絡先（電話番号・メールアドレス・SNSのIDやURL）は、招待メールでは伏せ字になります。',
      ),
    ).toBeVisible();
    await userEvent.clear(line);
    await userEvent.type(line, 'ゼミの後輩に会ってください');
    await userEvent.click(screen.getByRole('button', { name: '招待を作成' }));
    expect(
      await screen.findByText('guest@example.com さんに招待メールを送信しました。'),
    ).toBeVisible();
    expect(sent).toEqual([
      {
        url: '/api/invitations',
        body: { email: 'guest@example.com', message: 'ゼミの後輩に会ってください' },
      },
    ]);
  });

  it('lets an admin invite a list and says what became of each address', async () => {
    const sent: { url: string; body: unknown }[] = [];
    renderApp('/invite-mentor', api('admin', sent));
    const section = await screen.findByRole('region', { name: 'まとめて招待' });
    await userEvent.type(
      within(section).getByLabelText('メールアドレス（1行に1件）'),
      'new@example.com{enter}waiting@example.com{enter}member@example.com{enter}nonsense',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'まとめて招待する' }));
    const result = await within(section).findByRole('status');
    expect(result).toHaveTextContent('1件に送信しました（全4件）。');
    const rows = within(result).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'new@example.com送信しました',
      'waiting@example.com招待中です（送っていません）',
      'member@example.com登録済みです（送っていません）',
      'nonsenseメールアドレスではありません',
    ]);
    expect(sent).toEqual([
      {
        url: '/api/admin/invitations/bulk',
        body: {
          addresses: 'new@example.com\nwaiting@example.com\nmember@example.com\nnonsense',
          role: 'mentor',
        },
      },
    ]);
  });

  it('refuses a list of more than 30 lines before sending', async () => {
    const sent: { url: string; body: unknown }[] = [];
    renderApp('/invite-mentor', api('admin', sent));
    const section = await screen.findByRole('region', { name: 'まとめて招待' });
    const box = within(section).getByLabelText('メールアドレス（1行に1件）');
    await userEvent.click(box);
    await userEvent.paste(Array.from({ length: 31 }, (_, i) => `a${i}@example.com`).join('\n'));
    await userEvent.click(within(section).getByRole('button', { name: 'まとめて招待する' }));
    expect(
      await within(section).findByText('一度に招待できるのは30件までです。分けて送ってください。'),
    ).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('offers no list to an alumna', async () => {
    renderApp('/invite-mentor', api('mentor'));
    await screen.findByLabelText('招待する方のメールアドレス');
    expect(screen.queryByRole('region', { name: 'まとめて招待' })).toBeNull();
  });
});
