import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOut } from '../../test/render';

const UNIVERSITIES = [
  { id: 'waseda', name: '早稲田大学', domains: ['akane.waseda.jp', 'fuji.waseda.jp'] },
  { id: 'keio', name: '慶應義塾大学', domains: ['keio.jp'] },
];

function api(overrides: Record<string, { status: number; body: unknown }> = {}) {
  return (url: string) => {
    for (const [path, answer] of Object.entries(overrides)) if (url.includes(path)) return answer;
    if (url.includes('/api/universities')) return { status: 200, body: UNIVERSITIES };
    return signedOut;
  };
}

const MISMATCH = '選択した大学のメールアドレスを使用してください。';

async function fillAllBut(email: string) {
  await userEvent.type(await screen.findByLabelText('氏名'), '山田 花子');
  await userEvent.type(screen.getByLabelText('フリガナ'), 'やまだ はなこ');
  await userEvent.type(screen.getByLabelText('学籍番号'), 'A123');
  await userEvent.selectOptions(screen.getByLabelText('大学'), 'waseda');
  await userEvent.type(screen.getByLabelText('学部'), '商学部');
  await userEvent.type(screen.getByLabelText('学科'), '経営学科');
  await userEvent.selectOptions(screen.getByLabelText('学年'), '大学院1年');
  await userEvent.type(screen.getByLabelText('大学のメールアドレス'), email);
}

/** The line under a field that says what leaving it changed. */
function statusOf(field: HTMLElement) {
  return field.closest('.field')!.querySelector('.field-status');
}

describe('/register', () => {
  it('offers grades 1年 to 大学院2年 and keeps the address disabled until a university is chosen', async () => {
    renderApp('/register', api());
    const grade = await screen.findByLabelText('学年');
    expect([...grade.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '学年を選択してください',
      '1年',
      '2年',
      '3年',
      '4年',
      '大学院1年',
      '大学院2年',
    ]);
    expect(screen.getByLabelText('大学のメールアドレス')).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('大学'), 'keio');
    expect(screen.getByLabelText('大学のメールアドレス')).toBeEnabled();
  });

  it('says 「いずれか」 only for a university with several domains, and names the one domain otherwise', async () => {
    renderApp('/register', api());
    await userEvent.selectOptions(await screen.findByLabelText('大学'), 'keio');
    expect(screen.getByLabelText('大学のメールアドレス')).toHaveAccessibleDescription(
      '@keio.jp で終わる大学のアドレスを入力してください。',
    );
    await userEvent.selectOptions(screen.getByLabelText('大学'), 'waseda');
    expect(screen.getByLabelText('大学のメールアドレス')).toHaveAccessibleDescription(
      '@akane.waseda.jp、@fuji.waseda.jp のいずれかのアドレスを入力してください。',
    );
  });

  it('checks the domain after typing stops, and again when the university changes', async () => {
    renderApp('/register', api());
    await userEvent.selectOptions(await screen.findByLabelText('大学'), 'waseda');
    await userEvent.type(screen.getByLabelText('大学のメールアドレス'), 'hanako@keio.jp');
    expect(await screen.findByText(MISMATCH)).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('大学'), 'keio');
    await waitFor(() => expect(screen.queryByText(MISMATCH)).toBeNull());
    await userEvent.selectOptions(screen.getByLabelText('大学'), 'waseda');
    expect(await screen.findByText(MISMATCH)).toBeVisible();
  });

  it('asks for consent in the terms dialog and sends only after "agree and continue"', async () => {
    const { fetchMock } = renderApp(
      '/register',
      api({ '/api/registrations/student': { status: 200, body: { ok: true } } }),
    );
    await fillAllBut('Hanako@AKANE.waseda.jp');
    // Hiragana typed shows as katakana once the field is left.
    expect(screen.getByLabelText('フリガナ')).toHaveValue('ヤマダ ハナコ');
    await userEvent.click(screen.getByRole('button', { name: '利用規約を確認して登録する' }));
    const posted = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('registrations'));
    expect(await screen.findByRole('button', { name: '同意して続ける' })).toBeVisible();
    expect(posted()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '同意して続ける' }));
    expect(await screen.findByRole('heading', { name: '確認メールを送信しました' })).toBeVisible();
    const body = JSON.parse(String(posted()[0]![1]!.body));
    expect(body).toMatchObject({
      email: 'hanako@akane.waseda.jp',
      nameReading: 'ヤマダ ハナコ',
      grade: '大学院1年',
      termsAccepted: true,
      universityId: 'waseda',
    });
    expect(localStorage.getItem('emailForSignIn')).toBe('hanako@akane.waseda.jp');
    expect(JSON.parse(localStorage.getItem('pendingSignup')!)).toMatchObject({
      email: 'hanako@akane.waseda.jp',
      role: 'student',
      userData: { name: '山田 花子' },
    });
  });

  it('shows what was typed in 全角 half-width once left, and refuses emoji in the name', async () => {
    const { fetchMock } = renderApp(
      '/register',
      api({ '/api/registrations/student': { status: 200, body: { ok: true } } }),
    );
    await fillAllBut('ｈａｎａｋｏ＠ａｋａｎｅ．ｗａｓｅｄａ．ｊｐ');
    await userEvent.tab();
    const email = screen.getByLabelText('大学のメールアドレス');
    expect(email).toHaveValue('hanako@akane.waseda.jp');
    expect(statusOf(email)).toHaveTextContent('全角の英数字・記号を半角に直しました。');
    const number = screen.getByLabelText('学籍番号');
    expect(statusOf(number)).toBeEmptyDOMElement();
    await userEvent.clear(number);
    await userEvent.type(number, 'Ａ１２３－ｂ');
    await userEvent.tab();
    expect(number).toHaveValue('A123-b');
    expect(statusOf(number)).toHaveTextContent('全角の英数字・記号を半角に直しました。');

    const name = screen.getByLabelText('氏名');
    await userEvent.type(name, '🌸');
    await userEvent.click(screen.getByRole('button', { name: '利用規約を確認して登録する' }));
    expect(
      await screen.findByText('お名前に絵文字は使えません。絵文字を除いて入力してください。'),
    ).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(name);
    await userEvent.type(name, '山田 花子');
    await userEvent.click(screen.getByRole('button', { name: '利用規約を確認して登録する' }));
    await userEvent.click(await screen.findByRole('button', { name: '同意して続ける' }));
    expect(await screen.findByRole('heading', { name: '確認メールを送信しました' })).toBeVisible();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('registrations'))!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      name: '山田 花子',
      studentNumber: 'A123-b',
      email: 'hanako@akane.waseda.jp',
    });
  });

  it('shows the already-registered message from the server', async () => {
    renderApp(
      '/register',
      api({
        '/api/registrations/student': {
          status: 409,
          body: { code: 'auth/email-already-in-use', message: '' },
        },
      }),
    );
    await fillAllBut('hanako@akane.waseda.jp');
    await userEvent.click(screen.getByRole('button', { name: '利用規約を確認して登録する' }));
    await userEvent.click(await screen.findByRole('button', { name: '同意して続ける' }));
    expect(await screen.findByText('このメールアドレスは既に登録されています。')).toBeVisible();
  });

  it('says when the universities cannot be loaded', async () => {
    renderApp(
      '/register',
      api({ '/api/universities': { status: 500, body: { code: 'internal', message: '' } } }),
    );
    expect(
      await screen.findByText('大学データの読み込みに失敗しました。再読み込みしてください。'),
    ).toBeVisible();
  });
});
