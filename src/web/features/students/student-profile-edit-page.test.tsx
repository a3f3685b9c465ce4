import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudentProfile } from '../../../shared/schemas/students';
import { renderRoutes, type Answer, type Handler } from '../../test/render';
import { StudentProfileEditPage } from './student-profile-edit-page';
import { STUDENT_PROFILE } from '../../test/student-data';

const PROFILE = STUDENT_PROFILE;

function renderEdit(handler: Handler) {
  return renderRoutes(
    [
      { path: '/student-profile/edit', element: <StudentProfileEditPage /> },
      { path: '/student-profile', element: <p>profile</p> },
      { path: '/', element: <p>home</p> },
    ],
    '/student-profile/edit',
    handler,
  );
}

function api(put?: Answer | (() => Promise<Answer>), profile: StudentProfile = PROFILE): Handler {
  return (url, init) => {
    if (url === '/api/students/me' && init?.method === 'PUT') {
      if (typeof put === 'function') return put();
      return put ?? { status: 200, body: { ...profile, ...JSON.parse(String(init.body)) } };
    }
    if (url === '/api/students/me') return { status: 200, body: profile };
    return { status: 404, body: { code: 'not-found', message: '' } };
  };
}

function sentBody(fetchMock: ReturnType<typeof renderEdit>['fetchMock']): unknown {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  expect(call).toBeDefined();
  expect(String(call![0])).toBe('/api/students/me');
  return JSON.parse(String(call![1]!.body));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/student-profile/edit', () => {
  it('pre-fills every field and the counter', async () => {
    renderEdit(api());
    expect(await screen.findByLabelText('氏名')).toHaveValue('山田 太郎');
    expect(screen.getByLabelText('学年')).toHaveValue('3年');
    expect(screen.getByLabelText('学部')).toHaveValue('経済学部');
    expect(screen.getByLabelText('学科')).toHaveValue('経済学科');
    expect(screen.getByLabelText('志望業界')).toHaveValue('金融・保険');
    expect(screen.getByLabelText('志望職種')).toHaveValue('営業');
    expect(screen.getByLabelText('自己紹介')).toHaveValue('よろしくお願いします');
    expect(screen.getByText('10 / 1000 文字')).toBeVisible();
    const grades = [...screen.getByLabelText('学年').querySelectorAll('option')]
      .map((o) => o.value)
      .filter(Boolean);
    expect(grades).toEqual(['1年', '2年', '3年', '4年', '大学院1年', '大学院2年', '卒業予定']);
    const industries = [...screen.getByLabelText('志望業界').querySelectorAll('option')].map(
      (o) => o.textContent,
    );
    expect(industries[0]).toBe('選択しない');
    expect(industries).toHaveLength(11);
    expect(screen.getByLabelText('氏名')).toBeRequired();
    expect(screen.getByLabelText('志望業界')).not.toBeRequired();
    expect(screen.getByRole('link', { name: 'キャンセル' })).toHaveAttribute(
      'href',
      '/student-profile',
    );
  });

  it('keeps a desired industry written before the taxonomy selectable', async () => {
    renderEdit(api(undefined, { ...PROFILE, desiredIndustry: '商社', selfIntroduction: null }));
    expect(await screen.findByLabelText('志望業界')).toHaveValue('商社');
    expect(screen.getByLabelText('自己紹介')).toHaveValue('');
    expect(screen.getByText('0 / 1000 文字')).toBeVisible();
  });

  it('warns while typing that the alumna reads contact details masked until she accepts', async () => {
    const user = userEvent.setup();
    renderEdit(api());
    const introduction = await screen.findByLabelText('自己紹介');
    expect(screen.queryByRole('status')).toBeNull();
    await user.type(introduction, ' LINE ID: tanaka01');
    expect(screen.getByRole('status')).toHaveTextContent(
      '依頼が承諾されるまでは、連絡先と思われる部分は「＊＊＊」と表示されます。',
    );
  });

  it('asks for the name and the grade, and nothing else', async () => {
    const { fetchMock } = renderEdit(api());
    const user = userEvent.setup();
    const name = await screen.findByLabelText('氏名');
    await user.clear(name);
    await user.type(name, '   ');
    await user.selectOptions(screen.getByLabelText('学年'), '');
    await user.clear(screen.getByLabelText('学部'));
    await user.selectOptions(screen.getByLabelText('志望業界'), '');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('お名前を入力してください。')).toBeVisible();
    expect(screen.getByText('学年を選択してください。')).toBeVisible();
    expect(screen.getByLabelText('学部')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('refuses a self-introduction over 1000 characters', async () => {
    renderEdit(api());
    const user = userEvent.setup();
    const intro = await screen.findByLabelText('自己紹介');
    await user.clear(intro);
    await user.click(intro);
    await user.paste('あ'.repeat(1001));
    expect(screen.getByText('1001 / 1000 文字')).toHaveClass('field-counter-over');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('自己紹介は1000文字以内で入力してください。')).toBeVisible();
  });

  it('sends the trimmed JSON, emptied fields left out, then says so and returns after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, fetchMock, queryClient } = renderEdit(api());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const name = await screen.findByLabelText('氏名');
    await user.clear(name);
    await user.type(name, ' 山田 花子  ');
    await user.selectOptions(screen.getByLabelText('学年'), '大学院1年');
    await user.clear(screen.getByLabelText('学科'));
    await user.selectOptions(screen.getByLabelText('志望業界'), 'コンサルティング');
    await user.clear(screen.getByLabelText('志望職種'));
    await user.type(screen.getByLabelText('志望職種'), '  ');
    await user.click(screen.getByRole('button', { name: '更新する' }));

    expect(await screen.findByText('プロフィールを更新しました。')).toBeVisible();
    expect(sentBody(fetchMock)).toEqual({
      name: '山田 花子',
      nameReading: 'ヤマダ タロウ',
      grade: '大学院1年',
      faculty: '経済学部',
      desiredIndustry: 'コンサルティング',
      selfIntroduction: 'よろしくお願いします',
    });
    expect(queryClient.getQueryData<StudentProfile>(['students', 'me'])?.name).toBe('山田 花子');

    await vi.advanceTimersByTimeAsync(1_000);
    expect(router.state.location.pathname).toBe('/student-profile/edit');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-profile'));
    expect(screen.getByText('profile')).toBeVisible();
  });

  it('disables the button with a pending label while saving', async () => {
    let answer: (value: Answer) => void = () => {};
    renderEdit(api(() => new Promise<Answer>((resolve) => (answer = resolve))));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '更新する' }));
    expect(await screen.findByRole('button', { name: '更新中…' })).toBeDisabled();
    answer({ status: 200, body: PROFILE });
    expect(await screen.findByText('プロフィールを更新しました。')).toBeVisible();
  });

  it('shows the failure with the API message and keeps what was typed', async () => {
    const { router } = renderEdit(
      api({
        status: 400,
        body: {
          code: 'invalid-argument',
          message: '',
          fieldErrors: { desiredJobType: 'validation.textTooLong' },
        },
      }),
    );
    const user = userEvent.setup();
    const jobType = await screen.findByLabelText('志望職種');
    await user.clear(jobType);
    await user.type(jobType, 'エンジニア');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(
      await screen.findByText(/更新に失敗しました。もう一度お試しください。/),
    ).toHaveTextContent('更新に失敗しました。もう一度お試しください。入力内容に誤りがあります。');
    expect(screen.getByLabelText('志望職種')).toHaveValue('エンジニア');
    expect(screen.getByLabelText('志望職種')).toHaveAccessibleDescription(
      '100文字以内で入力してください。',
    );
    expect(screen.getByRole('button', { name: '更新する' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/student-profile/edit');
  });

  it('tries 4 times 2 s apart, then says the profile is missing and goes home after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, fetchMock } = renderEdit(() => ({
      status: 404,
      body: { code: 'not-found', message: '' },
    }));
    const profileCalls = () => fetchMock.mock.calls.length;
    await waitFor(() => expect(profileCalls()).toBe(1));
    await vi.advanceTimersByTimeAsync(6_000);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'プロフィールが見つかりません。5秒後にホームに戻ります。',
    );
    expect(profileCalls()).toBe(4);
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('loads once the record appears on a later attempt', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    renderEdit((url, init) =>
      ++calls < 3 ? { status: 503, body: { code: 'unavailable', message: '' } } : api()(url, init),
    );
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await screen.findByLabelText('氏名')).toHaveValue('山田 太郎');
    expect(calls).toBe(3);
  });
});
