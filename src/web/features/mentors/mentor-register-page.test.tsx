import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOut } from '../../test/render';

const UNIVERSITIES = [{ id: 'keio', name: '慶應義塾大学', domains: ['keio.jp'] }];

function api(lookup: { status: number; body: unknown }) {
  return (url: string) => {
    if (url.includes('/api/invitations/lookup')) return lookup;
    if (url.includes('/api/universities')) return { status: 200, body: UNIVERSITIES };
    return signedOut;
  };
}

const valid = { status: 200, body: { email: 'og@example.com', role: 'mentor' } };

describe('/mentor-register', () => {
  it.each([
    [404, 'invitation/invalid-or-used', 'この招待は無効か、既に使用されています'],
    [410, 'invitation/expired', '招待の有効期限が切れています'],
    [500, 'internal', '招待の確認中にエラーが発生しました。'],
  ])('shows the invalid state for %s %s with a link to /login', async (status, code, text) => {
    renderApp(
      '/mentor-register?email=og%40example.com&code=ABC234',
      api({ status, body: { code, message: '' } }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
  });

  it('needs the code in the link', async () => {
    renderApp('/mentor-register?email=og%40example.com', api(valid));
    expect(await screen.findByRole('alert')).toHaveTextContent('招待リンクが正しくありません');
  });

  it('asks for the address on the older ?code= link and checks the pair', async () => {
    const { fetchMock } = renderApp('/mentor-register?code=ABC234', (url: string) => {
      if (url.includes('/api/invitations/lookup')) {
        return url.includes('email=og%40example.com')
          ? valid
          : { status: 404, body: { code: 'invitation/invalid-or-used', message: '' } };
      }
      return api(valid)(url);
    });
    const lookups = () =>
      fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/lookup'));
    const address = await screen.findByLabelText('招待されたメールアドレス');
    expect(address).toHaveAttribute('type', 'email');
    // The code alone is never sent: nothing could come back about the invitee.
    expect(lookups()).toEqual([]);
    expect(screen.queryByText(/og@example\.com/)).toBeNull();

    await userEvent.type(address, 'og@example.com, eve@example.com');
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));
    expect(await screen.findByText('メールアドレスの形式が正しくありません。')).toBeVisible();
    expect(lookups()).toEqual([]);

    await userEvent.clear(address);
    await userEvent.type(address, 'wrong@example.com');
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));
    expect(await screen.findByText(/この招待は無効か、既に使用されています/)).toBeVisible();
    expect(lookups()).toHaveLength(1);
    expect(lookups()[0]).toContain('email=wrong%40example.com');
    expect(lookups()[0]).toContain('code=ABC234');

    const again = screen.getByLabelText('招待されたメールアドレス');
    await userEvent.clear(again);
    await userEvent.type(again, 'OG@example.com');
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));
    expect(await screen.findByText('招待されたメールアドレス：og@example.com')).toBeVisible();
    // The form says who will see the address.
    expect(screen.getByText(/あなたが依頼を承諾した学生と運営者にだけ表示されます/)).toBeVisible();
    expect(lookups().at(-1)).toContain('email=og%40example.com');
    expect(await screen.findByRole('button', { name: '登録する' })).toBeVisible();
  });

  it('offers years from next year (a student graduating next March) down to 1960, subcategories after a category, and counts the message', async () => {
    renderApp('/mentor-register?email=og%40example.com&code=ABC234', api(valid));
    const year = await screen.findByLabelText('卒業年');
    const years = [...year.querySelectorAll('option')].map((o) => o.value).filter(Boolean);
    expect(years[0]).toBe(String(new Date().getFullYear() + 1));
    expect(years.at(-1)).toBe('1960');
    expect(screen.queryByLabelText('業界の詳細')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('業界'), '金融・保険');
    expect(screen.getByLabelText('業界の詳細')).toBeRequired();
    await userEvent.selectOptions(screen.getByLabelText('業界'), 'その他');
    expect(screen.getByLabelText('業界の詳細')).not.toBeRequired();
    await userEvent.type(screen.getByLabelText('学生へのひとことメッセージ'), 'あいうえお');
    expect(screen.getByText('5 / 140 文字')).toBeVisible();
  });

  it('gives every empty field its own message, the image included', async () => {
    renderApp('/mentor-register?email=og%40example.com&code=ABC234', api(valid));
    await userEvent.click(await screen.findByRole('button', { name: '登録する' }));
    for (const text of [
      'お名前を入力してください。',
      '大学を選択してください。',
      '卒業年を選択してください。',
      '業界を選択してください。',
      '会社名を入力してください。',
      '学生へのメッセージを入力してください。',
      'プロフィール画像を選択してください。',
    ]) {
      expect(await screen.findByText(text)).toBeVisible();
    }
  });
});
