import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signedInAs, signedOut, type Answer } from '../../test/render';
import { ContactEmailConfirmPage } from './contact-email-confirm-page';

/** The page of the link mailed to an alumna's contact address (issue 32, point 9). */

function posts(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([url, init]) => ({
      url: String(url),
      body: JSON.parse(String((init as RequestInit).body)) as unknown,
    }));
}

function renderLink(path: string, answer: Answer, signedIn = false) {
  return renderRoutes(
    [{ path: '/contact-email/confirm', element: <ContactEmailConfirmPage /> }],
    path,
    (url) => (url === '/api/auth/session' ? (signedIn ? signedInAs('mentor') : signedOut) : answer),
  );
}

describe('the contact address’s link', () => {
  it('confirms only when the button is pressed (a mail scanner opening it does nothing)', async () => {
    const { fetchMock } = renderLink(
      '/contact-email/confirm?token=abc',
      { status: 200, body: { email: 'work@example.org' } },
      true,
    );
    const button = await screen.findByRole('button', { name: '確認する' });
    expect(posts(fetchMock)).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      '連絡先メールアドレス work@example.org を確認しました。',
    );
    expect(posts(fetchMock)).toEqual([
      { url: '/api/contact-email/confirm', body: { token: 'abc' } },
    ]);
    expect(screen.getByRole('link', { name: 'プロフィールへ' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('says when the link no longer works', async () => {
    renderLink('/contact-email/confirm?token=old', {
      status: 400,
      body: { code: 'auth/invalid-link', message: '' },
    });
    await userEvent.click(await screen.findByRole('button', { name: '確認する' }));
    expect(await screen.findByRole('alert')).toBeVisible();
  });

  it('says when the link has no token', async () => {
    renderLink('/contact-email/confirm', { status: 404, body: { code: 'not-found', message: '' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('リンクが正しくありません。');
    expect(screen.queryByRole('button', { name: '確認する' })).toBeNull();
  });
});
