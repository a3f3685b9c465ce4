import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { adminApi, ok, refused } from '../../test/admin-data';
import { DESK, deskAnswer, INQUIRY_URL } from '../../test/desk-data';

type Write = (body: Record<string, string>) => ReturnType<typeof ok> | undefined;

function deskApi(desk: typeof DESK | null, write?: Write) {
  return adminApi((url, method, body) => {
    if (url.pathname === '/api/desk' && method === 'GET') return deskAnswer(desk);
    if (url.pathname === '/api/admin/desk' && method === 'PUT') {
      return write?.(body as Record<string, string>);
    }
    return undefined;
  });
}

function puts(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
}

function preview() {
  return screen.getByRole('region', { name: 'サイトでの表示' });
}

describe('/admin/desk', () => {
  it('sets the desk while none is set: the form sends what the server applies, the toast and the preview follow', async () => {
    const { fetchMock } = renderApp(
      '/admin/desk',
      deskApi(null, (body) => ok({ desk: body, inquiryUrl: INQUIRY_URL })),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '相談窓口' })).toBeVisible();
    expect(screen.getByText(/いまは設定されていません。/)).toBeVisible();
    expect(
      await within(preview()).findByRole('link', { name: /お問い合わせフォーム/ }),
    ).toHaveAttribute('href', INQUIRY_URL);
    expect(screen.getByRole('link', { name: '相談窓口' })).toHaveAttribute('aria-current', 'page');

    await userEvent.type(screen.getByLabelText('窓口の名前'), ` ${DESK.name} `);
    await userEvent.type(screen.getByLabelText('メールアドレス'), 'Soudan@Career.Example.ac.jp');
    await userEvent.type(screen.getByLabelText('電話番号'), '０３ー１２３４ー５６７８');
    await userEvent.type(screen.getByLabelText('受付時間'), DESK.hours);
    // The number typed in 全角 shows as it will be saved once the field is left, and says so.
    const phone = screen.getByLabelText('電話番号');
    expect(phone).toHaveValue('03-1234-5678');
    expect(phone.closest('.field')!.querySelector('.field-status')).toHaveTextContent(
      '全角の英数字・記号を半角に直しました。',
    );
    await userEvent.type(screen.getByLabelText('補足'), DESK.note);
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('相談窓口を保存しました。')).toBeVisible();
    expect(puts(fetchMock)).toEqual([DESK]);
    await waitFor(() => expect(screen.getByLabelText('電話番号')).toHaveValue('03-1234-5678'));
    expect(within(preview()).getByText(DESK.name)).toBeVisible();
    expect(within(preview()).getByRole('link', { name: DESK.email })).toBeVisible();
  });

  it('refuses a bad phone number and a desk without a way to reach it, sending nothing', async () => {
    const { fetchMock } = renderApp('/admin/desk', deskApi(null));
    await userEvent.type(await screen.findByLabelText('窓口の名前'), '相談窓口');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(
      await screen.findByText(/メールアドレスか電話番号のどちらかを入力してください/),
    ).toBeVisible();
    expect(screen.getByLabelText('メールアドレス')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('電話番号'), '03-1234');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText(/電話番号は数字と「-」「\+」「\(\)」で/)).toBeVisible();
    expect(puts(fetchMock)).toEqual([]);
  });

  it('shows the server’s field errors under their fields, with the toast', async () => {
    renderApp(
      '/admin/desk',
      deskApi(DESK, () => refused(400, 'invalid-argument', { email: 'validation.emailInvalid' })),
    );
    const email = await screen.findByLabelText('メールアドレス');
    expect(email).toHaveValue(DESK.email);
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    const message = 'メールアドレスの形式が正しくありません。';
    expect(await screen.findByText(message, { selector: '.field-error' })).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText(/^保存できませんでした。/, { selector: '.toast-message' }),
    ).toBeVisible();
  });

  it('unsets the desk when every field is emptied', async () => {
    const { fetchMock } = renderApp(
      '/admin/desk',
      deskApi(DESK, () => ok({ desk: null, inquiryUrl: INQUIRY_URL })),
    );
    for (const label of ['窓口の名前', 'メールアドレス', '電話番号', '受付時間', '補足']) {
      await userEvent.clear(await screen.findByLabelText(label));
    }
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText(/相談窓口の設定を外しました。/)).toBeVisible();
    expect(puts(fetchMock)).toEqual([{ name: '', email: '', phone: '', hours: '', note: '' }]);
    expect(
      await within(preview()).findByRole('link', { name: /お問い合わせフォーム/ }),
    ).toBeVisible();
  });
});
