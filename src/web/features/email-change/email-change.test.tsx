import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signedInAs, signedOut, type Answer } from '../../test/render';
import { EmailChangeConfirmPage, EmailChangeUndoPage } from './email-change-page';
import { EmailChangeSection } from './email-change-section';

/** The /profile section and the pages of the two mailed links (docs/PRODUCT.md §3). */

function posts(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([url, init]) => ({
      url: String(url),
      body: JSON.parse(String((init as RequestInit).body)) as unknown,
    }));
}

function renderSection(answer: Answer) {
  return renderRoutes([{ path: '/profile', element: <EmailChangeSection /> }], '/profile', (url) =>
    url === '/api/auth/session' ? signedInAs('student') : answer,
  );
}

describe('the sign-in address on /profile', () => {
  it('sends the confirmation mail and says where it went', async () => {
    const { fetchMock } = renderSection({ status: 200, body: { email: 'new@akane.waseda.jp' } });
    expect(await screen.findByText('現在のアドレス：student@example.com')).toBeVisible();
    expect(screen.getByText(/在籍する大学のメールアドレスにだけ変更できます/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('新しいメールアドレス'), 'New@akane.waseda.jp');
    await userEvent.click(screen.getByRole('button', { name: '確認メールを送る' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'new@akane.waseda.jp に確認メールを送りました。',
    );
    expect(posts(fetchMock)).toEqual([
      { url: '/api/me/email-change', body: { email: 'new@akane.waseda.jp' } },
    ]);
  });

  it('shows the server’s reason under the field', async () => {
    renderSection({
      status: 400,
      body: {
        code: 'invalid-argument',
        message: '',
        fieldErrors: { email: 'validation.emailChangeUniversityOnly' },
      },
    });
    await userEvent.type(await screen.findByLabelText('新しいメールアドレス'), 'me@gmail.com');
    await userEvent.click(screen.getByRole('button', { name: '確認メールを送る' }));
    expect(
      await screen.findByText(/学生の方は、在籍する大学のメールアドレスにだけ変更できます。/, {
        selector: '.field-error',
      }),
    ).toBeVisible();
  });

  it('says why a second change waits for the week of the first’s undo link', async () => {
    renderSection({ status: 409, body: { code: 'email-change/undo-open', message: '' } });
    await userEvent.type(await screen.findByLabelText('新しいメールアドレス'), 'b@akane.waseda.jp');
    await userEvent.click(screen.getByRole('button', { name: '確認メールを送る' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /メールアドレスの変更後7日間は、変更前のアドレスから変更を取り消せる期間のため/,
    );
  });
});

describe('the mailed links', () => {
  function renderLink(path: string, answer: Answer) {
    return renderRoutes(
      [
        { path: '/email-change', element: <EmailChangeConfirmPage /> },
        { path: '/email-change/undo', element: <EmailChangeUndoPage /> },
      ],
      path,
      (url) => (url === '/api/auth/session' ? signedOut : answer),
    );
  }

  it('change the address only when the button is pressed', async () => {
    const { fetchMock } = renderLink('/email-change?token=abc', {
      status: 200,
      body: { email: 'new@example.com' },
    });
    const button = await screen.findByRole('button', { name: 'メールアドレスを変更する' });
    expect(posts(fetchMock)).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'ログイン用メールアドレスを new@example.com に変更しました。',
    );
    expect(posts(fetchMock)).toEqual([
      { url: '/api/email-change/confirm', body: { token: 'abc' } },
    ]);
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
  });

  it('say when a link no longer works', async () => {
    renderLink('/email-change/undo?token=old', {
      status: 400,
      body: { code: 'auth/invalid-link', message: '' },
    });
    await userEvent.click(await screen.findByRole('button', { name: '変更を取り消す' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeVisible());
    expect(screen.getByRole('alert').textContent).not.toBe('');
  });

  it('say so when the old address is now another account’s', async () => {
    renderLink('/email-change/undo?token=old', {
      status: 409,
      body: { code: 'email-change/undo-address-taken', message: '' },
    });
    await userEvent.click(await screen.findByRole('button', { name: '変更を取り消す' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '元のメールアドレスは現在ほかのアカウントで使われているため、元に戻せませんでした。',
    );
  });

  it('say so when the token is missing', async () => {
    renderLink('/email-change', { status: 200, body: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent('リンクが正しくありません。');
  });
});
