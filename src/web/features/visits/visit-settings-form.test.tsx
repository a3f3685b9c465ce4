import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MentorProfile } from '../../../shared/schemas/mentors';
import { renderRoutes, type Answer } from '../../test/render';
import { VisitSettingsForm } from './visit-settings-form';

type Settings = MentorProfile['visitSettings'];

const SETTINGS: Settings = {
  acceptingRequests: true,
  monthlyRequestLimit: null,
  contactVisibility: 'signed_in',
  requestsThisMonth: 2,
  autoPaused: false,
};

function renderSettings(
  settings: Settings = SETTINGS,
  put?: Answer,
  { confirmed = true, resend }: { confirmed?: boolean; resend?: Answer } = {},
) {
  const rendered = renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <VisitSettingsForm
            settings={settings}
            contactEmail="hanako@example.com"
            contactEmailConfirmed={confirmed}
          />
        ),
      },
    ],
    '/profile',
    (url, init) => {
      if (url === '/api/mentors/me/visit-settings' && init?.method === 'PUT') {
        return put ?? { status: 200, body: JSON.parse(String(init.body)) as unknown };
      }
      if (url === '/api/mentors/me/contact-email/resend' && init?.method === 'POST') {
        return resend ?? { status: 200, body: { ok: true } };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  const writes = () =>
    rendered.fetchMock.mock.calls
      .filter(([, init]) => init?.method !== undefined && init.method !== 'GET')
      .map(([url, init]) => ({
        call: `${init!.method} ${String(url)}`,
        body: typeof init!.body === 'string' ? (JSON.parse(init!.body) as unknown) : undefined,
      }));
  return { ...rendered, writes };
}

describe('VisitSettingsForm', () => {
  it('starts from the saved settings and this month’s count', async () => {
    renderSettings({
      acceptingRequests: false,
      monthlyRequestLimit: 3,
      contactVisibility: 'accepted',
      requestsThisMonth: 2,
      autoPaused: false,
    });
    expect(await screen.findByRole('heading', { name: 'OG訪問の受付設定' })).toBeVisible();
    expect(screen.getByLabelText('受付を停止する（受付停止）')).toBeChecked();
    expect(screen.getByLabelText('受け付ける')).not.toBeChecked();
    expect(screen.getByLabelText('1か月に受け付ける件数')).toHaveValue('3');
    expect(screen.getByLabelText('1か月に受け付ける件数')).toHaveAccessibleDescription(
      '今月受け付けた依頼：2件（返事をする前に学生が取り下げた依頼は含めません）',
    );
    expect(screen.getByLabelText('依頼を承諾した学生にだけ公開する')).toBeChecked();
    const limits = [...screen.getByLabelText('1か月に受け付ける件数').querySelectorAll('option')];
    expect(limits.map((option) => option.textContent)).toEqual([
      '上限なし',
      '1件まで',
      '2件まで',
      '3件まで',
      '5件まで',
      '10件まで',
      '20件まで',
    ]);
  });

  it('pauses requests, sets a limit and hides the address until accepted', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings();
    await user.click(await screen.findByLabelText('受付を停止する（受付停止）'));
    await user.selectOptions(screen.getByLabelText('1か月に受け付ける件数'), '5件まで');
    await user.click(screen.getByLabelText('依頼を承諾した学生にだけ公開する'));
    await user.click(screen.getByRole('button', { name: '設定を保存' }));

    expect(await screen.findByText('受付設定を保存しました。')).toBeVisible();
    expect(writes()).toEqual([
      {
        call: 'PUT /api/mentors/me/visit-settings',
        body: {
          acceptingRequests: false,
          monthlyRequestLimit: 5,
          contactVisibility: 'accepted',
          contactEmail: 'hanako@example.com',
        },
      },
    ]);
  });

  it('sends no limit as null', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings({
      acceptingRequests: false,
      monthlyRequestLimit: 10,
      contactVisibility: 'accepted',
      requestsThisMonth: 0,
      autoPaused: false,
    });
    await user.click(await screen.findByLabelText('受け付ける'));
    await user.selectOptions(screen.getByLabelText('1か月に受け付ける件数'), '上限なし');
    await user.click(screen.getByLabelText('ログインしているすべての利用者に公開する'));
    await user.click(screen.getByRole('button', { name: '設定を保存' }));

    expect(await screen.findByText('受付設定を保存しました。')).toBeVisible();
    expect(writes()).toEqual([
      {
        call: 'PUT /api/mentors/me/visit-settings',
        body: {
          acceptingRequests: true,
          monthlyRequestLimit: null,
          contactVisibility: 'signed_in',
          contactEmail: 'hanako@example.com',
        },
      },
    ]);
  });

  it('says who sees the address under the chosen setting, and saves another contact address', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings({ ...SETTINGS, contactVisibility: 'accepted' });
    expect(
      await screen.findByText(
        '連絡先は、あなたが依頼を承諾した学生と運営者にだけ表示されます。ほかの学生やOGには表示されません。',
      ),
    ).toBeVisible();
    await user.click(screen.getByLabelText('ログインしているすべての利用者に公開する'));
    expect(
      screen.getByText('連絡先は、ログインしているすべての学生・OGと運営者に表示されます。'),
    ).toBeVisible();
    await user.click(screen.getByLabelText('依頼を承諾した学生にだけ公開する'));

    const address = screen.getByLabelText('連絡先メールアドレス');
    expect(address).toHaveValue('hanako@example.com');
    await user.clear(address);
    await user.type(address, 'not an address');
    await user.click(screen.getByRole('button', { name: '設定を保存' }));
    expect(await screen.findByText('メールアドレスの形式が正しくありません。')).toBeVisible();
    expect(writes()).toEqual([]);

    await user.clear(address);
    await user.type(address, 'Hanako.Work@Example.jp');
    await user.click(screen.getByRole('button', { name: '設定を保存' }));
    expect(await screen.findByText('受付設定を保存しました。')).toBeVisible();
    expect(writes()).toEqual([
      {
        call: 'PUT /api/mentors/me/visit-settings',
        body: {
          acceptingRequests: true,
          monthlyRequestLimit: null,
          contactVisibility: 'accepted',
          contactEmail: 'hanako.work@example.jp',
        },
      },
    ]);
  });

  it('says when saving failed', async () => {
    const user = userEvent.setup();
    renderSettings(SETTINGS, { status: 503, body: { code: 'unavailable', message: '' } });
    await user.click(await screen.findByRole('button', { name: '設定を保存' }));
    const toasts = screen.getByRole('region', { name: '通知' });
    expect(await within(toasts).findByText(/^保存できませんでした。/)).toBeVisible();
    expect(within(toasts).queryByText('受付設定を保存しました。')).toBeNull();
  });

  it('says nothing of confirmation while the contact address is confirmed', async () => {
    renderSettings();
    expect(await screen.findByLabelText('連絡先メールアドレス')).toBeVisible();
    expect(screen.queryByText('確認待ち')).toBeNull();
    expect(screen.queryByRole('button', { name: '確認メールを再送' })).toBeNull();
  });

  it('shows 「確認待ち」 until the contact address is confirmed, and resends its mail', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings(SETTINGS, undefined, { confirmed: false });
    expect(await screen.findByText('確認待ち')).toBeVisible();
    expect(
      screen.getByText(
        /hanako@example\.com に確認メールを送りました。メールのリンクから確認が済むまで、学生には連絡先が表示されません。/,
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: '確認メールを再送' }));
    expect(
      await screen.findByText('hanako@example.com に確認メールを再送しました。'),
    ).toBeVisible();
    expect(writes()).toEqual([
      { call: 'POST /api/mentors/me/contact-email/resend', body: undefined },
    ]);
  });

  it('says when the confirmation mail could not be resent', async () => {
    const user = userEvent.setup();
    renderSettings(SETTINGS, undefined, {
      confirmed: false,
      resend: { status: 429, body: { code: 'auth/too-many-requests', message: '' } },
    });
    await user.click(await screen.findByRole('button', { name: '確認メールを再送' }));
    const toasts = screen.getByRole('region', { name: '通知' });
    expect(await within(toasts).findByText(/^確認メールを送れませんでした。/)).toBeVisible();
  });
});
