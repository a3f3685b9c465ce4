import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GraduationStatus } from '../../../shared/schemas/graduation';
import { renderApp, signedInAs, signedOut, type Handler } from '../../test/render';
import { STUDENT_PROFILE } from '../../test/student-data';

/** Graduating into OG on screen (docs/PRODUCT.md §4): the section, the form, the link's page. */

function status(overrides: Partial<GraduationStatus> = {}): GraduationStatus {
  return {
    eligible: true,
    pendingEmail: null,
    prefill: {
      name: '山田 太郎',
      nameReading: 'ヤマダ タロウ',
      universityId: 'keio',
      universityName: '慶應義塾大学',
      universityNameEn: 'Keio University',
      faculty: '経済学部',
      graduationYear: 2027,
    },
    ...overrides,
  };
}

function api(graduation: GraduationStatus): Handler {
  return (url) => {
    if (url.includes('/api/auth/session')) return signedInAs('student');
    if (url.includes('/api/graduation')) return { status: 200, body: graduation };
    if (url.includes('/api/students/me')) return { status: 200, body: STUDENT_PROFILE };
    return { status: 200, body: {} };
  };
}

describe('graduating into OG', () => {
  it('offers the way on /profile to a student who may apply, and starts the form from the profile', async () => {
    sessionStorage.setItem('privacyNoticeSeen', 'true');
    renderApp('/profile', api(status()));
    const link = await screen.findByRole('link', { name: 'OG登録を申請する' });
    expect(link).toHaveAttribute('href', '/graduation');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'OG登録の申請' })).toBeVisible();
    expect(screen.getByLabelText('氏名')).toHaveValue('山田 太郎');
    expect(screen.getByLabelText('フリガナ', { exact: true })).toHaveValue('ヤマダ タロウ');
    expect(screen.getByLabelText('出身大学')).toHaveValue('keio');
    expect(screen.getByLabelText('卒業年')).toHaveValue('2027');
    expect(screen.getByText(/出身大学は学生登録の大学（慶應義塾大学）になります/)).toBeVisible();
  });

  it('starts 出身学部 from her 学部 as a student (issue 57: 同じ学部の先輩)', async () => {
    renderApp('/graduation', api(status()));
    expect(await screen.findByLabelText('出身学部')).toHaveValue('経済学部');
  });

  it('asks for the personal address and the photo before sending anything', async () => {
    const { fetchMock } = renderApp('/graduation', api(status()));
    await userEvent.click(
      await screen.findByRole('button', { name: '確認メールを送って申請する' }),
    );
    expect(await screen.findByText('メールアドレスを入力してください。')).toBeVisible();
    expect(screen.getByText('プロフィール画像を選択してください。')).toBeVisible();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toEqual([]);
  });

  it('offers a student graduating next March exactly next year as 入社年, and takes it', async () => {
    const nextYear = new Date().getFullYear() + 1;
    const graduating = status();
    graduating.prefill.graduationYear = nextYear;
    renderApp('/graduation', api(graduating));
    const joined = await screen.findByLabelText('入社年');
    const years = [...joined.querySelectorAll('option')].map((o) => o.value).filter(Boolean);
    expect(years).toEqual([String(nextYear)]);
    await userEvent.selectOptions(joined, String(nextYear));
    await userEvent.click(screen.getByRole('button', { name: '確認メールを送って申請する' }));
    expect(await screen.findByText('メールアドレスを入力してください。')).toBeVisible();
    // The year offered is not refused.
    expect(screen.queryByText(/入社年は|入社年を選択/)).toBeNull();
  });

  it('says where the link went while it waits', async () => {
    renderApp('/graduation', api(status({ pendingEmail: 'me@example.com' })));
    expect(await screen.findByText(/me@example\.com に確認メールを送っています/)).toBeVisible();
  });

  it('tells a 3年 student who may apply', async () => {
    renderApp('/graduation', api(status({ eligible: false })));
    expect(
      await screen.findByText(/OG登録の申請は、4年生・大学院2年生・卒業予定の方/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: '確認メールを送って申請する' })).toBeNull();
  });

  it('confirms the address from the link only when its button is pressed', async () => {
    const { fetchMock } = renderApp('/graduation/confirm?token=TOKEN-1', (url, init) => {
      if (url.includes('/api/graduation/confirm')) {
        return { status: 200, body: { email: 'me@example.com' } };
      }
      return init?.method === 'POST' ? { status: 500, body: {} } : signedOut;
    });
    const button = await screen.findByRole('button', { name: 'アドレスを確定して申請する' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/confirm'))).toBe(false);
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      '申請を受け付けました。今後は me@example.com でログインします。',
    );
    const confirm = fetchMock.mock.calls.find(([url]) => String(url).includes('/confirm'));
    expect(JSON.parse(String(confirm![1]!.body))).toEqual({ token: 'TOKEN-1' });
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
  });
});
