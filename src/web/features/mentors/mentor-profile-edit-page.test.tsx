import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MentorProfile } from '../../../shared/schemas/mentors';
import { renderRoutes, type Answer, type Handler } from '../../test/render';
import { MentorProfileEditPage } from './mentor-profile-edit-page';
import { ownMentorProfile } from '../../test/mentor-data';

const UNIVERSITIES = [
  { id: 'keio', name: '慶應義塾大学', domains: ['keio.jp'] },
  { id: 'waseda', name: '早稲田大学', domains: ['waseda.jp'] },
];

const PROFILE: MentorProfile = ownMentorProfile({
  iconUrl: '/api/icons/u1.jpg',
  nameReading: 'ヤマダ ハナコ',
});

function renderEdit(handler: Handler) {
  return renderRoutes(
    [
      { path: '/mentor-profile/edit', element: <MentorProfileEditPage /> },
      { path: '/mentor-profile', element: <p>profile</p> },
      { path: '/', element: <p>home</p> },
    ],
    '/mentor-profile/edit',
    handler,
  );
}

function api(put: Answer | (() => Promise<Answer>) = ok(true)): Handler {
  return (url, init) => {
    if (url.includes('/api/universities')) return { status: 200, body: UNIVERSITIES };
    if (url.includes('/api/mentors/me') && init?.method === 'PUT') {
      return typeof put === 'function' ? put() : put;
    }
    if (url.includes('/api/mentors/me')) return { status: 200, body: PROFILE };
    return { status: 404, body: { code: 'not-found', message: '' } };
  };
}

function ok(imageUpdated: boolean): Answer {
  return { status: 200, body: { imageUpdated } };
}

function sentForm(fetchMock: ReturnType<typeof renderEdit>['fetchMock']): FormData {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  expect(call).toBeDefined();
  expect(String(call![0])).toBe('/api/mentors/me');
  return call![1]!.body as FormData;
}

const pngFile = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'icon.png', { type: 'image/png' });

beforeEach(() => {
  // jsdom cannot decode or draw images: the picker's resize runs against these stand-ins.
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 1200, height: 900, close: vi.fn() })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        fillRect: vi.fn(),
        drawImage: vi.fn(),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) =>
    callback(new Blob(['jpeg-bytes'], { type: type ?? 'image/png' })),
  );
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

describe('/mentor-profile/edit', () => {
  it('pre-fills every field, the counter and the current image', async () => {
    renderEdit(api());
    expect(await screen.findByLabelText('氏名')).toHaveValue('山田 花子');
    expect(screen.getByLabelText('出身大学')).toHaveValue('keio');
    expect(screen.getByLabelText('卒業年')).toHaveValue('2015');
    expect(screen.getByLabelText('業界')).toHaveValue('金融・保険');
    expect(screen.getByLabelText('業界の詳細')).toHaveValue('証券');
    expect(screen.getByLabelText('会社名・所属')).toHaveValue('野村證券');
    expect(screen.getByLabelText('学生へのひとことメッセージ')).toHaveValue('気軽にどうぞ');
    expect(screen.getByText('6 / 140 文字')).toBeVisible();
    expect(screen.getByRole('img', { name: '現在のプロフィール画像' })).toHaveAttribute(
      'src',
      '/api/icons/u1.jpg',
    );
    const years = [...screen.getByLabelText('卒業年').querySelectorAll('option')]
      .map((o) => o.value)
      .filter(Boolean);
    expect(years[0]).toBe(String(new Date().getFullYear() + 1));
    expect(years.at(-1)).toBe('1960');
    // 入社年 is offered from the graduation year up to next year: exactly what the rule accepts.
    const joined = [...screen.getByLabelText('入社年').querySelectorAll('option')]
      .map((o) => o.value)
      .filter(Boolean);
    expect(joined[0]).toBe(String(new Date().getFullYear() + 1));
    expect(joined.at(-1)).toBe('2015');
    expect(screen.getByLabelText('プロフィール画像（変更する場合のみ）')).not.toBeRequired();
    expect(screen.getByRole('link', { name: 'キャンセル' })).toHaveAttribute(
      'href',
      '/mentor-profile',
    );
  });

  it.each([
    ['その他', 'その他', ''],
    ['ゲーム', 'IT・通信', 'ゲーム'],
  ])('pre-fills the industry stored as %s', async (industry, category, subcategory) => {
    renderEdit((url, init) =>
      url.includes('/api/mentors/me') && init?.method !== 'PUT'
        ? { status: 200, body: { ...PROFILE, industry } }
        : api()(url, init),
    );
    expect(await screen.findByLabelText('業界')).toHaveValue(category);
    expect(screen.getByLabelText('業界の詳細')).toHaveValue(subcategory);
  });

  it('gives every emptied field its own message and sends nothing', async () => {
    const { fetchMock } = renderEdit(api());
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('氏名'));
    await user.type(screen.getByLabelText('氏名'), '   ');
    await user.selectOptions(screen.getByLabelText('出身大学'), '');
    await user.selectOptions(screen.getByLabelText('卒業年'), '');
    await user.selectOptions(screen.getByLabelText('業界'), '');
    await user.clear(screen.getByLabelText('会社名・所属'));
    await user.clear(screen.getByLabelText('学生へのひとことメッセージ'));
    await user.type(screen.getByLabelText('学生へのひとことメッセージ'), '  ');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    for (const text of [
      'お名前を入力してください。',
      '大学を選択してください。',
      '卒業年を選択してください。',
      '業界を選択してください。',
      '会社名を入力してください。',
      '学生へのメッセージを入力してください。',
    ]) {
      expect(await screen.findByText(text)).toBeVisible();
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('asks for the subcategory again after the category changes', async () => {
    renderEdit(api());
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('業界'), 'IT・通信');
    expect(screen.getByLabelText('業界の詳細')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('業界の詳細を選択してください。')).toBeVisible();
  });

  it('lets a 入社年 go when a later graduation year no longer allows it', async () => {
    renderEdit(api());
    const graduation = await screen.findByLabelText('卒業年');
    const joined = screen.getByLabelText('入社年');
    await userEvent.selectOptions(joined, '2016');
    await userEvent.selectOptions(graduation, '2018');
    expect(joined).toHaveValue('');
    expect(within(joined).queryByRole('option', { name: '2017年' })).toBeNull();
    // A graduation year that still allows the 入社年 keeps it.
    await userEvent.selectOptions(joined, '2019');
    await userEvent.selectOptions(graduation, '2012');
    expect(joined).toHaveValue('2019');
  });

  it('sends the trimmed fields as multipart PUT, then says so and returns after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, fetchMock } = renderEdit(api());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const name = await screen.findByLabelText('氏名');
    await user.clear(name);
    await user.type(name, '  佐藤 花子 ');
    await user.selectOptions(screen.getByLabelText('出身大学'), 'waseda');
    await user.selectOptions(screen.getByLabelText('卒業年'), '2010');
    await user.selectOptions(screen.getByLabelText('業界'), 'その他');
    await user.clear(screen.getByLabelText('会社名・所属'));
    await user.type(screen.getByLabelText('会社名・所属'), '三井不動産');
    await user.clear(screen.getByLabelText('フリガナ'));
    await user.type(screen.getByLabelText('フリガナ'), 'さとう はなこ');
    // The optional fields: the company's reading, 職種, 入社年, 相談できること.
    await user.type(screen.getByLabelText('会社名のフリガナ（任意）'), 'みついふどうさん');
    await user.selectOptions(screen.getByLabelText('職種'), 'sales');
    await user.selectOptions(screen.getByLabelText('入社年'), '2010');
    const topics = screen.getByRole('group', { name: '相談できること' });
    await user.click(within(topics).getByLabelText('社会人生活'));
    await user.click(within(topics).getByLabelText('ES添削'));
    await user.type(screen.getByLabelText('相談できること（自由記述）'), '転勤の話も。');
    await user.click(screen.getByRole('button', { name: '更新する' }));

    expect(await screen.findByText('プロフィールを更新しました。')).toBeVisible();
    const form = sentForm(fetchMock);
    expect(Object.fromEntries(form.entries())).toEqual({
      name: '佐藤 花子',
      universityId: 'waseda',
      graduationYear: '2010',
      industryCategory: 'その他',
      industrySubcategory: '',
      company: '三井不動産',
      companyReading: 'ミツイフドウサン',
      message: '気軽にどうぞ',
      nameReading: 'サトウ ハナコ',
      jobType: 'sales',
      joinedYear: '2010',
      // One field, in the list's fixed order.
      topics: 'es_review,working_life',
      topicsNote: '転勤の話も。',
    });
    expect(form.has('image')).toBe(false);
    // The own profile is read again for the profile page.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(
          ([url, init]) => String(url) === '/api/mentors/me' && init?.method === 'GET',
        ),
      ).toHaveLength(2),
    );

    await vi.advanceTimersByTimeAsync(1_000);
    expect(router.state.location.pathname).toBe('/mentor-profile/edit');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mentor-profile'));
    expect(screen.getByText('profile')).toBeVisible();
  });

  it('disables the button with a pending label while saving', async () => {
    let answer: (value: Answer) => void = () => {};
    renderEdit(api(() => new Promise<Answer>((resolve) => (answer = resolve))));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '更新する' }));
    const button = await screen.findByRole('button', { name: '更新中…' });
    expect(button).toBeDisabled();
    answer(ok(false));
    expect(await screen.findByText('プロフィールを更新しました。')).toBeVisible();
  });

  it('shows the failure with the API message and keeps what was typed', async () => {
    const { router } = renderEdit(api({ status: 500, body: { code: 'internal', message: '' } }));
    const user = userEvent.setup();
    const company = await screen.findByLabelText('会社名・所属');
    await user.clear(company);
    await user.type(company, '新しい会社');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(
      await screen.findByText(/更新に失敗しました。もう一度お試しください。/),
    ).toHaveTextContent(
      '更新に失敗しました。もう一度お試しください。データベースエラーが発生しました。',
    );
    expect(screen.getByLabelText('会社名・所属')).toHaveValue('新しい会社');
    expect(screen.getByRole('button', { name: '更新する' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/mentor-profile/edit');
  });

  it("puts the server's field errors under their fields, the image's under the picker", async () => {
    renderEdit(
      api({
        status: 400,
        body: {
          code: 'upload/not-an-image',
          message: '',
          fieldErrors: { image: 'validation.imageNotImage', company: 'validation.textTooLong' },
        },
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText('プロフィール画像（変更する場合のみ）'),
      pngFile(),
    );
    await screen.findByRole('img', { name: 'プロフィール画像のプレビュー' });
    await user.click(screen.getByRole('button', { name: '更新する' }));
    const picker = screen.getByLabelText('プロフィール画像（変更する場合のみ）');
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(/画像ファイルを選択してください。$/),
    );
    expect(screen.getByLabelText('会社名・所属')).toHaveAccessibleDescription(
      '100文字以内で入力してください。',
    );
  });

  it('sends a new image and says when only the text was saved, then still returns', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, fetchMock } = renderEdit(api(ok(false)));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
    await user.upload(
      await screen.findByLabelText('プロフィール画像（変更する場合のみ）'),
      pngFile(),
    );
    expect(await screen.findByRole('img', { name: 'プロフィール画像のプレビュー' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: '更新する' }));

    expect(
      await screen.findByText(/プロフィールの内容は保存しましたが、画像は更新できませんでした。/),
    ).toBeVisible();
    const image = sentForm(fetchMock).get('image');
    expect(image).toBeInstanceOf(Blob);
    expect((image as Blob).type).toBe('image/jpeg');
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mentor-profile'));
  });

  it('refuses a file that is not an image and sends no image', async () => {
    const { fetchMock } = renderEdit(api());
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText('プロフィール画像（変更する場合のみ）'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('画像ファイルを選択してください。')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('プロフィールを更新しました。')).toBeVisible();
    expect(sentForm(fetchMock).has('image')).toBe(false);
  });

  it('tries 4 times 2 s apart, then says the profile is missing and goes home after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, fetchMock } = renderEdit((url, init) =>
      url.includes('/api/mentors/me')
        ? { status: 404, body: { code: 'not-found', message: '' } }
        : api()(url, init),
    );
    const profileCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url) === '/api/mentors/me').length;
    await waitFor(() => expect(profileCalls()).toBe(1));
    await vi.advanceTimersByTimeAsync(6_000);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'プロフィールが見つかりません。5秒後にホームに戻ります。',
    );
    expect(profileCalls()).toBe(4);
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('does not retry a permission error', async () => {
    const { fetchMock } = renderEdit((url, init) =>
      url.includes('/api/mentors/me')
        ? { status: 403, body: { code: 'permission-denied', message: '' } }
        : api()(url, init),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'プロフィール情報の取得に失敗しました。',
    );
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/mentors/me')).toHaveLength(
      1,
    );
  });
});
