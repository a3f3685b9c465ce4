import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderApp, signedInAs, signedOut } from '../../test/render';

describe('/login', () => {
  it('asks for an address before sending anything', async () => {
    const { fetchMock } = renderApp('/login', () => signedOut);
    await userEvent.click(await screen.findByRole('button', { name: 'ログインリンクを送信' }));
    expect(await screen.findByText('メールアドレスを入力してください。')).toBeVisible();
    await userEvent.type(screen.getByLabelText('メールアドレス'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'ログインリンクを送信' }));
    expect(await screen.findByText('メールアドレスの形式が正しくありません。')).toBeVisible();
    expect(screen.getByLabelText('メールアドレス')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('login-link'))).toBe(false);
  });

  it('focuses the invalid address and checks it again as it is corrected', async () => {
    renderApp('/login', () => signedOut);
    await userEvent.click(await screen.findByRole('button', { name: 'ログインリンクを送信' }));
    const email = screen.getByLabelText('メールアドレス');
    await waitFor(() => expect(email).toHaveFocus());
    await userEvent.type(email, 'student@example.com');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('メールアドレスを入力してください。')).toBeNull();
  });

  it('shows the not-registered message for an unknown address', async () => {
    renderApp('/login', (url) =>
      url.includes('login-link')
        ? { status: 404, body: { code: 'auth/user-not-found', message: '' } }
        : signedOut,
    );
    await userEvent.type(await screen.findByLabelText('メールアドレス'), 'who@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'ログインリンクを送信' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'このメールアドレスは登録されていません',
    );
  });

  it('confirms the link was sent, remembers the address, and offers the code field', async () => {
    renderApp('/login', (url) =>
      url.includes('login-link') ? { status: 200, body: { ok: true } } : signedOut,
    );
    await userEvent.type(await screen.findByLabelText('メールアドレス'), 'Student@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'ログインリンクを送信' }));
    expect(
      await screen.findByRole('heading', { name: 'ログインリンクを送信しました' }),
    ).toBeVisible();
    expect(screen.getByText(/student@example\.com 宛てに/)).toBeVisible();
    expect(localStorage.getItem('emailForSignIn')).toBe('student@example.com');
    expect(screen.getByLabelText('確認コード（6桁）')).toBeVisible();
  });

  it('shows an address and a code typed in 全角 half-width once left, and sends them so', async () => {
    const { fetchMock } = renderApp('/login', (url) =>
      url.includes('login-link') || url.includes('complete-code')
        ? { status: 200, body: { ok: true } }
        : signedOut,
    );
    const email = await screen.findByLabelText('メールアドレス');
    await userEvent.type(email, 'ｓｔｕｄｅｎｔ＠ｅｘａｍｐｌｅ．ｃｏｍ');
    await userEvent.tab();
    expect(email).toHaveValue('student@example.com');
    expect(email.closest('.field')!.querySelector('.field-status')).toHaveTextContent(
      '全角の英数字・記号を半角に直しました。',
    );
    await userEvent.click(screen.getByRole('button', { name: 'ログインリンクを送信' }));
    expect(await screen.findByText(/student@example\.com 宛てに/)).toBeVisible();

    const code = await screen.findByLabelText('確認コード（6桁）');
    await userEvent.type(code, '１２３４５６');
    await userEvent.tab();
    expect(code).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'コードでログイン' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('complete-code'))).toBe(
        true,
      ),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('complete-code'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      email: 'student@example.com',
      code: '123456',
    });
  });

  // Issue 56: the note used to appear as the field was left, which a tap on the button does on
  // its press, so the button moved 28 px before the release and the first tap sent nothing.
  it('says the change while 全角 is typed, so leaving the field by the button changes no height', async () => {
    renderApp('/login', (url) =>
      url.includes('login-link') ? { status: 200, body: { ok: true } } : signedOut,
    );
    const email = await screen.findByLabelText('メールアドレス');
    const line = () => email.closest('.field')!.querySelector('.field-status')!;
    const shown = () =>
      [...line().querySelectorAll('span span:not(.field-status-off)')].map((s) => s.textContent);
    expect(line()).toBeEmptyDOMElement();
    await userEvent.type(email, 'ｓｔｕｄｅｎｔ＠ｅｘａｍｐｌｅ．ｃｏｍ');
    // Before the field is left, the line is there, holding both sayings in one cell.
    expect(shown()).toEqual(['全角の英数字・記号は半角に直します。']);
    expect(line()).toHaveTextContent('全角の英数字・記号を半角に直しました。');
    await userEvent.click(screen.getByRole('button', { name: 'ログインリンクを送信' }));
    expect(await screen.findByText(/student@example\.com 宛てに/)).toBeVisible();
  });

  // Asked again while a link lives, the server sends no new mail and answers the same; the
  // page says what to do either way, and whether the address exists stays untold.
  it('says a mail sent in the last 10 minutes is not sent again, and where its code works', async () => {
    renderApp('/login', (url) =>
      url.includes('login-link') ? { status: 200, body: { ok: true } } : signedOut,
    );
    await userEvent.type(await screen.findByLabelText('メールアドレス'), 'owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'ログインリンクを送信' }));
    expect(
      await screen.findByText(
        '10分以内にログイン用のメールをお送りしている場合は、新しいメールは届きません。お手元の最新のメールのリンクを開いてください。',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        '確認コードは、このブラウザで送信を依頼したメールのものだけが使えます。コードが使えない場合は、メールのリンクを開いてください。リンクはどの端末でも使えます。',
      ),
    ).toBeVisible();
  });

  describe('in English', () => {
    afterEach(async () => {
      await setLanguage('ja');
    });

    it('says the same after sending', async () => {
      await setLanguage('en');
      renderApp('/login', (url) =>
        url.includes('login-link') ? { status: 200, body: { ok: true } } : signedOut,
      );
      await userEvent.type(await screen.findByLabelText('Email address'), 'owner@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Send login link' }));
      expect(
        await screen.findByText(
          'If a login email was already sent to this address in the last 10 minutes, no new one is sent: open the link in the newest email you have.',
        ),
      ).toBeVisible();
      expect(
        screen.getByText(/The code works only for an email requested in this browser\./),
      ).toBeVisible();
    });
  });

  it('shows the session-timeout notice for ?timeout=true', async () => {
    renderApp('/login?timeout=true', () => signedOut);
    expect(await screen.findByText(/一定時間操作がなかったため/)).toBeVisible();
  });

  it('sends a signed-in visitor to /', async () => {
    const { router } = renderApp('/login', () => signedInAs('student'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mentors-list'));
  });
});
