import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { adminApi, adminUniversity, calls, ok, refused } from '../../test/admin-data';

const AOYAMA = adminUniversity();
const RETIRED = adminUniversity({
  id: 'u-old',
  name: '旧大学',
  domains: ['old.ac.jp', 'mail.old.ac.jp'],
  retiredAt: '2026-01-01T00:00:00.000Z',
  studentCount: 0,
  mentorCount: 2,
});

function universitiesApi(
  write?: (url: URL, method: string, body: unknown) => ReturnType<typeof ok> | undefined,
) {
  return adminApi((url, method, body) => {
    if (url.pathname === '/api/admin/universities' && method === 'GET') {
      return ok([AOYAMA, RETIRED]);
    }
    return write?.(url, method, body);
  });
}

function rowOf(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li')!;
}

function writes(fetchMock: Parameters<typeof calls>[0]) {
  return calls(fetchMock).filter((call) => !call.startsWith('GET'));
}

describe('/admin/universities', () => {
  it('lists universities with domains, counts and status', async () => {
    renderApp('/admin/universities', universitiesApi());
    await screen.findByRole('heading', { level: 3, name: '青山大学' });
    const open = rowOf('青山大学');
    expect(within(open).getByText('募集中')).toBeVisible();
    expect(open).toHaveTextContent('aoyama.jp');
    expect(open).toHaveTextContent('学生7人');
    expect(open).toHaveTextContent('OG3人');
    const retired = rowOf('旧大学');
    expect(within(retired).getByText('停止中')).toBeVisible();
    expect(retired).toHaveTextContent('mail.old.ac.jp');
    expect(within(retired).getByRole('button', { name: '募集を再開' })).toBeVisible();
  });

  it('refuses an invalid domain in Japanese without calling the API', async () => {
    const { fetchMock } = renderApp('/admin/universities', universitiesApi());
    await screen.findByRole('heading', { level: 3, name: '青山大学' });
    await userEvent.type(screen.getByLabelText('大学名'), '新大学');
    const domain = screen.getByLabelText('メールドメイン 1');
    await userEvent.type(domain, 'https://new');
    await userEvent.click(screen.getByRole('button', { name: '追加する' }));
    expect(
      await screen.findByText('ドメイン名の形式で入力してください（例: stu.example.ac.jp）。'),
    ).toBeVisible();
    expect(domain).toHaveAttribute('aria-invalid', 'true');
    expect(writes(fetchMock)).toEqual([]);
  });

  it('refuses the same domain twice and an empty name', async () => {
    const { fetchMock } = renderApp('/admin/universities', universitiesApi());
    await screen.findByRole('heading', { level: 3, name: '青山大学' });
    await userEvent.type(screen.getByLabelText('メールドメイン 1'), 'new.ac.jp');
    await userEvent.click(screen.getByRole('button', { name: 'ドメインを追加' }));
    await userEvent.type(screen.getByLabelText('メールドメイン 2'), 'NEW.ac.jp');
    await userEvent.click(screen.getByRole('button', { name: '追加する' }));
    expect(await screen.findByText('大学名を入力してください。')).toBeVisible();
    expect(screen.getByText('同じドメインが重複しています。')).toBeVisible();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('adds a university with its domains, cleaned as the server would', async () => {
    const { fetchMock } = renderApp(
      '/admin/universities',
      universitiesApi((_url, method, body) =>
        method === 'POST'
          ? ok({ ...adminUniversity({ id: 'u-new', ...(body as object) }) }, 201)
          : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '青山大学' });
    await userEvent.type(screen.getByLabelText('大学名'), ' 新大学 ');
    // A reading for あいうえお順 and an English name.
    await userEvent.type(screen.getByLabelText('ふりがな'), 'シンダイガク');
    await userEvent.type(screen.getByLabelText('英語名'), ' New University ');
    await userEvent.type(screen.getByLabelText('メールドメイン 1'), ' Stu.New.ac.jp ');
    await userEvent.click(screen.getByRole('button', { name: 'ドメインを追加' }));
    await userEvent.type(screen.getByLabelText('メールドメイン 2'), 'new.ac.jp');
    await userEvent.click(screen.getByRole('button', { name: '追加する' }));
    expect(await screen.findByText('「新大学」を追加しました。')).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe('/api/admin/universities');
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      name: '新大学',
      reading: 'しんだいがく',
      nameEn: 'New University',
      domains: ['stu.new.ac.jp', 'new.ac.jp'],
    });
    await waitFor(() => expect(screen.getByLabelText('大学名')).toHaveValue(''));
  });

  it('shows the server’s refusal under the domains', async () => {
    renderApp(
      '/admin/universities',
      universitiesApi((_url, method) =>
        method === 'POST'
          ? refused(409, 'university/domain-taken', {
              domains: 'validation.domainTaken',
            })
          : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '青山大学' });
    await userEvent.type(screen.getByLabelText('大学名'), '新大学');
    await userEvent.type(screen.getByLabelText('メールドメイン 1'), 'aoyama.jp');
    await userEvent.click(screen.getByRole('button', { name: '追加する' }));
    const message = 'このドメインは既に別の大学に登録されています。';
    const fieldError = await screen.findByText(message, { selector: '.field-error' });
    expect(fieldError).toHaveAttribute('role', 'alert');
    expect(
      screen.getByText(`保存できませんでした。${message}`, { selector: '.toast-message' }),
    ).toBeVisible();
  });

  it('edits the name and domains of a university', async () => {
    const { fetchMock } = renderApp(
      '/admin/universities',
      universitiesApi((url, method, body) =>
        method === 'PUT' && url.pathname === '/api/admin/universities/u-aoyama'
          ? ok({ ...AOYAMA, ...(body as object) })
          : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '青山大学' });
    await userEvent.click(within(rowOf('青山大学')).getByRole('button', { name: '編集' }));
    const editor = screen
      .getByRole('heading', { level: 3, name: '「青山大学」の編集' })
      .closest('li')!;
    const name = within(editor).getByLabelText('大学名');
    expect(name).toHaveValue('青山大学');
    expect(within(editor).getByLabelText('メールドメイン 1')).toHaveValue('aoyama.jp');
    await userEvent.clear(name);
    await userEvent.type(name, '青山学園大学');
    await userEvent.click(within(editor).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('「青山学園大学」を保存しました。')).toBeVisible();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    // What was not touched is sent as it was (no reading, no English name: nothing).
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      name: '青山学園大学',
      reading: '',
      nameEn: null,
      domains: ['aoyama.jp'],
    });
  });

  it('retires a university after explaining what that means', async () => {
    const { fetchMock } = renderApp(
      '/admin/universities',
      universitiesApi((_url, method) =>
        method === 'POST' ? ok({ ...AOYAMA, retiredAt: '2026-11-21T00:00:00Z' }) : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '青山大学' });
    await userEvent.click(within(rowOf('青山大学')).getByRole('button', { name: '募集を停止' }));
    const dialog = screen.getByRole('dialog', { name: '募集停止の確認' });
    expect(dialog).toHaveTextContent('学生の新規登録画面');
    expect(dialog).toHaveTextContent(
      '登録済みの学生・OGのプロフィールには、この大学がそのまま残ります。',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '停止する' }));
    expect(await screen.findByText('「青山大学」の募集を停止しました。')).toBeVisible();
    expect(writes(fetchMock)).toEqual(['POST /api/admin/universities/u-aoyama/retire']);
  });

  it('restores a retired university after confirmation', async () => {
    const { fetchMock } = renderApp(
      '/admin/universities',
      universitiesApi((_url, method) =>
        method === 'POST' ? ok({ ...RETIRED, retiredAt: null }) : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '旧大学' });
    await userEvent.click(within(rowOf('旧大学')).getByRole('button', { name: '募集を再開' }));
    const dialog = screen.getByRole('dialog', { name: '募集再開の確認' });
    await userEvent.click(within(dialog).getByRole('button', { name: '再開する' }));
    expect(await screen.findByText('「旧大学」の募集を再開しました。')).toBeVisible();
    expect(writes(fetchMock)).toEqual(['POST /api/admin/universities/u-old/restore']);
  });
});
