import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import type { Handler } from '../../test/render';
import { renderApp, signedInAs, signedOut } from '../../test/render';

/**
 * A student registration's link shows what was entered, to be confirmed
 * (corrected) or cancelled by the owner of the address; other links sign in as before.
 */
const EMAIL = 'hanako@akane.waseda.jp';
const PAGE = '/auth/verify-email?token=TOKEN-1';
const ENTERED = {
  email: EMAIL,
  name: '他人 太郎',
  nameReading: 'たにん たろう',
  studentNumber: 'X9999999',
  universityName: '早稲田大学',
  universityNameEn: 'Waseda University',
  faculty: '商学部',
  department: '経営学科',
  grade: '2年',
};

interface Call {
  url: string;
  body: Record<string, unknown> | undefined;
}

/** The API as the server answers a registration link, recording every POST. */
function registrationApi(
  calls: Call[],
  overrides: Partial<Record<string, () => { status: number; body: unknown }>> = {},
): Handler {
  let signedIn = false;
  return (url, init) => {
    const body = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : undefined;
    if (init?.method === 'POST') calls.push({ url, body });
    const path = new URL(url, 'http://localhost').pathname;
    const override = overrides[path];
    if (override) return override();
    if (path === '/api/auth/session') return signedIn ? signedInAs('student') : signedOut;
    if (path === '/api/registrations/student/link') {
      return body?.email === EMAIL
        ? { status: 200, body: { registration: ENTERED } }
        : { status: 400, body: { code: 'auth/email-mismatch', message: 'x' } };
    }
    if (path === '/api/registrations/student/confirm') {
      signedIn = true;
      return { status: 200, body: { ok: true } };
    }
    if (path === '/api/registrations/student/cancel') return { status: 200, body: { ok: true } };
    return { status: 200, body: [] };
  };
}

beforeEach(() => {
  localStorage.setItem('emailForSignIn', EMAIL);
});
afterEach(() => {
  localStorage.clear();
});

describe('/auth/verify-email with a registration link', () => {
  it('shows the entered details, takes a corrected student number and signs in', async () => {
    const calls: Call[] = [];
    const { router } = renderApp(PAGE, registrationApi(calls));

    expect(await screen.findByRole('heading', { name: '登録内容の確認' })).toBeVisible();
    for (const value of [EMAIL, '早稲田大学', '2年']) {
      expect(screen.getByText(value, { exact: true })).toBeVisible();
    }
    expect(screen.getByLabelText('氏名')).toHaveValue('他人 太郎');
    expect(screen.getByLabelText('学部')).toHaveValue('商学部');
    expect(screen.getByLabelText('学科')).toHaveValue('経営学科');
    const number = screen.getByLabelText('学籍番号');
    expect(number).toHaveValue('X9999999');
    // Opening the page only read the registration.
    expect(calls.map((call) => call.url)).toEqual(['/api/registrations/student/link']);
    expect(calls[0]!.body).toEqual({ token: 'TOKEN-1', email: EMAIL });

    await userEvent.clear(number);
    await userEvent.type(number, '1Y23A999');
    await userEvent.click(screen.getByRole('button', { name: 'この内容で登録を完了する' }));

    await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth/verify-email'));
    const confirm = calls.find((call) => call.url.endsWith('/confirm'));
    expect(confirm?.body).toEqual({
      token: 'TOKEN-1',
      email: EMAIL,
      name: '他人 太郎',
      // Kept as katakana, whichever kana the form had.
      nameReading: 'タニン タロウ',
      studentNumber: '1Y23A999',
      faculty: '商学部',
      department: '経営学科',
    });
    expect(localStorage.getItem('emailForSignIn')).toBeNull();
  });

  it('names the university and year in English in English mode', async () => {
    await setLanguage('en');
    try {
      renderApp(PAGE, registrationApi([]));
      expect(await screen.findByText('Waseda University', { exact: true })).toBeVisible();
      expect(screen.getByText('2nd year', { exact: true })).toBeVisible();
      expect(screen.queryByText('早稲田大学')).toBeNull();
    } finally {
      await setLanguage('ja');
    }
  });

  it('refuses an emptied field before sending, and shows the server’s field errors', async () => {
    const calls: Call[] = [];
    renderApp(
      PAGE,
      registrationApi(calls, {
        '/api/registrations/student/confirm': () => ({
          status: 400,
          body: {
            code: 'invalid-argument',
            message: 'x',
            fieldErrors: { faculty: 'validation.textTooLong' },
          },
        }),
      }),
    );
    const name = await screen.findByLabelText('氏名');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'この内容で登録を完了する' }));
    expect(await screen.findByText('お名前を入力してください。')).toBeVisible();
    expect(calls.some((call) => call.url.endsWith('/confirm'))).toBe(false);

    await userEvent.type(name, '持主 花子');
    await userEvent.click(screen.getByRole('button', { name: 'この内容で登録を完了する' }));
    expect(await screen.findByText(/100文字以内/)).toBeVisible();
    expect(screen.getByRole('heading', { name: '登録内容の確認' })).toBeVisible();
  });

  it('"これは私の登録ではありません" cancels it and offers registration', async () => {
    const calls: Call[] = [];
    renderApp(PAGE, registrationApi(calls));
    await userEvent.click(
      await screen.findByRole('button', { name: 'これは私の登録ではありません' }),
    );
    expect(await screen.findByRole('heading', { name: '登録を取り消しました' })).toBeVisible();
    expect(screen.getByRole('link', { name: '学生登録の画面へ' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(calls.find((call) => call.url.endsWith('/cancel'))?.body).toEqual({
      token: 'TOKEN-1',
      email: EMAIL,
    });
    expect(calls.some((call) => call.url.endsWith('/confirm'))).toBe(false);
    expect(localStorage.getItem('emailForSignIn')).toBeNull();
  });

  it('asks another browser for the address before showing anything', async () => {
    localStorage.clear();
    const calls: Call[] = [];
    renderApp(PAGE, registrationApi(calls));
    await userEvent.type(await screen.findByLabelText('メールアドレス'), EMAIL);
    await userEvent.click(screen.getByRole('button', { name: 'ログインする' }));
    expect(await screen.findByRole('heading', { name: '登録内容の確認' })).toBeVisible();
    expect(screen.getByLabelText('学籍番号')).toHaveValue('X9999999');
  });
});

describe('/auth/verify-email with a sign-in link', () => {
  it('signs in at once, as before', async () => {
    const calls: Call[] = [];
    let signedIn = false;
    const { router } = renderApp(PAGE, (url, init) => {
      if (init?.method === 'POST') calls.push({ url, body: undefined });
      if (url.includes('/registrations/student/link')) {
        return { status: 200, body: { registration: null } };
      }
      if (url.includes('/api/auth/complete-link')) {
        signedIn = true;
        return { status: 200, body: { ok: true } };
      }
      if (url.includes('/api/auth/session')) return signedIn ? signedInAs('mentor') : signedOut;
      return { status: 200, body: [] };
    });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth/verify-email'));
    expect(calls.map((call) => call.url)).toEqual([
      '/api/registrations/student/link',
      '/api/auth/complete-link',
    ]);
    expect(screen.queryByRole('heading', { name: '登録内容の確認' })).toBeNull();
  });
});

describe('/auth/verify-email with a link that can no longer be used', () => {
  it('says so at once in a browser that did not ask for it, without asking for the address', async () => {
    localStorage.clear();
    const calls: Call[] = [];
    renderApp(
      PAGE,
      registrationApi(calls, {
        '/api/auth/link-status': () => ({ status: 200, body: { usable: false } }),
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/無効|期限/);
    expect(screen.queryByLabelText('メールアドレス')).toBeNull();
    expect(screen.getByRole('link', { name: /ログイン/ })).toHaveAttribute('href', '/login');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/link-status']);
    expect(calls[0]!.body).toEqual({ token: 'TOKEN-1' });
  });

  it('asks for the address when the link is still usable', async () => {
    localStorage.clear();
    const calls: Call[] = [];
    renderApp(
      PAGE,
      registrationApi(calls, {
        '/api/auth/link-status': () => ({ status: 200, body: { usable: true } }),
      }),
    );
    expect(await screen.findByLabelText('メールアドレス')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('/auth/verify-email with an invited alumna’s confirmation link', () => {
  const ALUMNA = 'yuki.takahashi@example.co.jp';
  const MENTOR_PAGE = '/auth/verify-email?token=TOKEN-2&for=mentor-registration';

  /** The API as the server answers her link in a browser that did not send the form. */
  function mentorLinkApi(calls: Call[], usable = true): Handler {
    let signedIn = false;
    return (url, init) => {
      const body = init?.body
        ? (JSON.parse(String(init.body)) as Record<string, unknown>)
        : undefined;
      if (init?.method === 'POST') calls.push({ url, body });
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/auth/session') return signedIn ? signedInAs('mentor') : signedOut;
      if (path === '/api/auth/link-status') return { status: 200, body: { usable } };
      if (path === '/api/registrations/student/link') {
        return { status: 200, body: { registration: null } };
      }
      if (path === '/api/auth/complete-link') {
        signedIn = true;
        return { status: 200, body: { ok: true } };
      }
      return { status: 200, body: [] };
    };
  }

  it('says in another browser that it confirms her OG registration, not that a login completes', async () => {
    localStorage.clear();
    const calls: Call[] = [];
    const { router } = renderApp(MENTOR_PAGE, mentorLinkApi(calls));
    expect(await screen.findByRole('heading', { name: 'OG登録の確認' })).toBeVisible();
    expect(screen.queryByText('ログインを完了しています')).toBeNull();
    expect(await screen.findByText(/OG登録のフォームを送信していない/)).toBeVisible();
    expect(document.title).toMatch(/^OG登録の確認/);
    await userEvent.type(screen.getByLabelText('メールアドレス'), ALUMNA);
    await userEvent.click(screen.getByRole('button', { name: '確認して登録を完了する' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth/verify-email'));
    expect(calls.at(-1)).toEqual({
      url: '/api/auth/complete-link',
      body: { token: 'TOKEN-2', email: ALUMNA },
    });
  });

  it('says what to do when it has expired', async () => {
    localStorage.clear();
    renderApp(MENTOR_PAGE, mentorLinkApi([], false));
    expect(await screen.findByRole('heading', { name: 'OG登録の確認' })).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /有効期限が切れたか、すでに使われています。ログイン画面で/,
    );
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
  });

  it('says the same in English', async () => {
    localStorage.clear();
    await setLanguage('en');
    try {
      renderApp(MENTOR_PAGE, mentorLinkApi([]));
      expect(
        await screen.findByRole('heading', { name: 'Confirm your mentor registration' }),
      ).toBeVisible();
      expect(await screen.findByText(/mentor registration form was not sent/)).toBeVisible();
      expect(
        screen.getByRole('button', { name: 'Confirm and complete registration' }),
      ).toBeVisible();
    } finally {
      await setLanguage('ja');
    }
  });

  it('keeps a sign-in link’s own words', async () => {
    localStorage.clear();
    renderApp(PAGE, mentorLinkApi([]));
    expect(await screen.findByRole('heading', { name: 'ログインを完了しています' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'ログインする' })).toBeVisible();
  });
});
