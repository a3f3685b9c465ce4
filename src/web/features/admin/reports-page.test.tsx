import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInAs } from '../../test/render';
import { adminApi, calls, ok, refused } from '../../test/admin-data';
import { formatDate } from '../../lib/format';

function adminReport(overrides: Record<string, unknown> = {}) {
  return {
    id: '77777777-7777-4777-8777-777777777777',
    reporter: { id: 'u5', label: '山田 花子（学生）', email: 'hanako@aoyama.jp' },
    reported: {
      id: 'u6',
      label: '佐藤 美咲（OG）',
      email: 'misaki@example.com',
      suspended: false,
    },
    reason: 'solicitation',
    details: '面談のあと、投資の勧誘をされました。',
    visit: {
      studentName: '山田 花子',
      mentorName: '佐藤 美咲',
      meetingAt: '2026-12-03T05:00:00.000Z',
      requestedAt: '2026-11-20T01:00:00.000Z',
    },
    messageBody: null,
    status: 'open',
    createdAt: '2026-11-21T01:00:00.000Z',
    note: null,
    resolution: null,
    ...overrides,
  };
}

const OPEN = adminReport();
const RESOLVED = adminReport({
  id: '99999999-9999-4999-8999-999999999999',
  reporter: null,
  reported: { id: null, label: '高橋 翔（学生）', email: null, suspended: false },
  reason: 'harassment',
  details: '失礼なメッセージ',
  visit: {
    studentName: null,
    mentorName: '鈴木 彩',
    meetingAt: null,
    requestedAt: '2026-11-19T01:00:00.000Z',
  },
  status: 'resolved',
  note: '注意しました。',
  resolution: {
    resolvedBy: { id: 'u1', email: 'admin@example.com' },
    resolvedAt: '2026-11-22T01:00:00.000Z',
  },
});

function reportsApi(
  write?: (url: URL, method: string, body: unknown) => ReturnType<typeof ok> | undefined,
  holds: unknown[] = [],
) {
  return adminApi((url, method, body) => {
    if (url.pathname === '/api/admin/reports' && method === 'GET') {
      return ok({ reports: [OPEN, RESOLVED], nextCursor: null });
    }
    if (url.pathname === '/api/admin/registration-holds' && method === 'GET') return ok(holds);
    return write?.(url, method, body);
  });
}

function rowOf(label: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name: label }).closest('li')!;
}

describe('/admin/reports', () => {
  it('is for admins only', async () => {
    const { router, fetchMock } = renderApp('/admin/reports', () => signedInAs('mentor'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/admin'))).toBe(false);
  });

  it('lists each report with who, why, when and what happened', async () => {
    renderApp('/admin/reports', reportsApi());
    await screen.findByRole('heading', { level: 3, name: '佐藤 美咲（OG）' });
    expect(screen.getByRole('link', { name: '通報' })).toHaveAttribute('aria-current', 'page');

    const open = rowOf('佐藤 美咲（OG）');
    expect(within(open).getByText('未対応')).toBeVisible();
    expect(within(open).getByText('勧誘・営業（宗教・ネットワークビジネスなど）')).toBeVisible();
    expect(open).toHaveTextContent('通報した人山田 花子（学生）hanako@aoyama.jp');
    expect(open).toHaveTextContent('面談のあと、投資の勧誘をされました。');
    // The request is named by its two people and the visit's time, never by its id.
    expect(open).toHaveTextContent(
      `関連するOG訪問山田 花子さん と 佐藤 美咲さんの OG訪問（${formatDate('2026-12-03T05:00:00.000Z')}）`,
    );
    expect(open).not.toHaveTextContent('8888');
    expect(open).toHaveTextContent('対応メモメモなし');
    expect(within(open).getByRole('link', { name: 'ユーザー管理で開く' })).toHaveAttribute(
      'href',
      '/admin/users?q=misaki%40example.com',
    );
    expect(within(open).getByRole('button', { name: '対応済みにする' })).toBeVisible();

    const resolved = rowOf('高橋 翔（学生）');
    expect(within(resolved).getByText('対応済み')).toBeVisible();
    expect(within(resolved).getByText('退会済み')).toBeVisible();
    expect(resolved).toHaveTextContent('通報した人退会済みのユーザー');
    expect(resolved).toHaveTextContent('対応した管理者admin@example.com');
    expect(resolved).toHaveTextContent('対応メモ注意しました。');
    // No time was agreed: the day the request was sent; the withdrawn student as elsewhere.
    expect(resolved).toHaveTextContent(
      `退会したユーザー と 鈴木 彩さんの OG訪問の依頼（${formatDate('2026-11-19T01:00:00.000Z')}に依頼・日時は未定）`,
    );
    expect(within(resolved).queryByRole('link')).toBeNull();
    expect(within(resolved).queryByRole('button', { name: '対応済みにする' })).toBeNull();
    expect(within(resolved).getByRole('button', { name: 'メモを変更' })).toBeVisible();
    expect(within(resolved).getByRole('button', { name: '未対応に戻す' })).toBeVisible();
  });

  it('sends the status filter to the API', async () => {
    const { fetchMock, router } = renderApp('/admin/reports?status=open', reportsApi());
    await screen.findByRole('heading', { level: 3, name: '佐藤 美咲（OG）' });
    expect(calls(fetchMock)).toContain('GET /api/admin/reports?status=open');
    await userEvent.selectOptions(screen.getByLabelText('対応状況'), '対応済み');
    await waitFor(() =>
      expect(calls(fetchMock)).toContain('GET /api/admin/reports?status=resolved'),
    );
    expect(router.state.location.search).toBe('?status=resolved');
  });

  it('shows a reported message, and the request’s thread only when asked (each reading audited)', async () => {
    const reported = adminReport({ messageBody: '飲みに行きましょう' });
    const { fetchMock } = renderApp(
      '/admin/reports',
      adminApi((url, method) => {
        if (url.pathname === '/api/admin/reports' && method === 'GET') {
          return ok({ reports: [reported], nextCursor: null });
        }
        if (url.pathname === '/api/admin/registration-holds') return ok([]);
        if (url.pathname === `/api/admin/reports/${reported.id}/thread`) {
          return ok({
            messages: [
              {
                id: 'm1',
                clientId: 'c1',
                side: 'mentor',
                body: '飲みに行きましょう',
                masked: false,
                createdAt: '2026-11-21T01:00:00.000Z',
              },
            ],
          });
        }
        return undefined;
      }),
    );
    const row = await screen.findByRole('heading', { level: 3, name: '佐藤 美咲（OG）' });
    const item = row.closest('li')!;
    expect(within(item).getByText('通報されたメッセージ')).toBeVisible();
    const threadCalls = () => calls(fetchMock).filter((call) => call.endsWith('/thread'));
    expect(threadCalls()).toEqual([]);
    await userEvent.click(within(item).getByRole('button', { name: 'この依頼のメッセージを表示' }));
    const thread = await within(item).findByRole('region', { name: 'この依頼のメッセージ' });
    expect(thread).toHaveTextContent('OG');
    expect(thread).toHaveTextContent('飲みに行きましょう');
    expect(threadCalls()).toHaveLength(1);
  });

  it('resolves a report with a note after confirmation', async () => {
    const writes: unknown[] = [];
    const { fetchMock } = renderApp(
      '/admin/reports',
      reportsApi((url, method, body) => {
        // Only writes: the header's bell asks for its count too.
        if (method !== 'GET') writes.push(body);
        return method === 'POST' && url.pathname === `/api/admin/reports/${OPEN.id}/resolve`
          ? ok({ ...OPEN, status: 'resolved' })
          : refused(404, 'not-found');
      }),
    );
    await screen.findByRole('heading', { level: 3, name: '佐藤 美咲（OG）' });
    await userEvent.click(
      within(rowOf('佐藤 美咲（OG）')).getByRole('button', { name: '対応済みにする' }),
    );
    const dialog = screen.getByRole('dialog', { name: '通報を対応済みにする' });
    expect(dialog).toHaveTextContent('佐藤 美咲（OG）についての通報を対応済みにします。');
    await userEvent.type(within(dialog).getByLabelText('対応メモ（任意）'), '利用停止にしました。');
    expect(within(dialog).getByText('10 / 500 文字')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: '対応済みにする' }));
    expect(
      await screen.findByText('佐藤 美咲（OG）についての通報を対応済みにしました。'),
    ).toBeVisible();
    expect(calls(fetchMock)).toContain(`POST /api/admin/reports/${OPEN.id}/resolve`);
    expect(writes).toEqual([{ note: '利用停止にしました。' }]);
  });

  it('changes the note of a handled report, starting from the note as it is', async () => {
    const writes: unknown[] = [];
    renderApp(
      '/admin/reports',
      reportsApi((url, method, body) => {
        if (method !== 'GET') writes.push(body);
        return method === 'PUT' && url.pathname === `/api/admin/reports/${RESOLVED.id}/note`
          ? ok({ ...RESOLVED, note: '注意しました。再発なし。' })
          : refused(404, 'not-found');
      }),
    );
    await screen.findByRole('heading', { level: 3, name: '高橋 翔（学生）' });
    await userEvent.click(
      within(rowOf('高橋 翔（学生）')).getByRole('button', { name: 'メモを変更' }),
    );
    const dialog = screen.getByRole('dialog', { name: '通報の対応メモ' });
    const field = within(dialog).getByLabelText('対応メモ');
    expect(field).toHaveValue('注意しました。');
    await userEvent.type(field, '再発なし。');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(
      await screen.findByText('高橋 翔（学生）についての通報のメモを保存しました。'),
    ).toBeVisible();
    expect(writes).toEqual([{ note: '注意しました。再発なし。' }]);
  });

  it('writes a note on an open report without handling it', async () => {
    const writes: string[] = [];
    const { fetchMock } = renderApp(
      '/admin/reports',
      reportsApi((url, method, body) => {
        if (method !== 'GET') writes.push(`${method} ${url.pathname} ${JSON.stringify(body)}`);
        return method === 'PUT' ? ok({ ...OPEN, note: '確認中' }) : refused(404, 'not-found');
      }),
    );
    await screen.findByRole('heading', { level: 3, name: '佐藤 美咲（OG）' });
    await userEvent.click(
      within(rowOf('佐藤 美咲（OG）')).getByRole('button', { name: 'メモを書く' }),
    );
    const dialog = screen.getByRole('dialog', { name: '通報の対応メモ' });
    await userEvent.type(within(dialog).getByLabelText('対応メモ'), '確認中');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存する' }));
    await screen.findByText('佐藤 美咲（OG）についての通報のメモを保存しました。');
    expect(writes).toEqual([`PUT /api/admin/reports/${OPEN.id}/note {"note":"確認中"}`]);
    expect(calls(fetchMock)).not.toContain(`POST /api/admin/reports/${OPEN.id}/resolve`);
  });

  it('reopens a handled report after confirmation', async () => {
    const { fetchMock } = renderApp(
      '/admin/reports',
      reportsApi((url, method) =>
        method === 'POST' && url.pathname === `/api/admin/reports/${RESOLVED.id}/reopen`
          ? ok({ ...RESOLVED, status: 'open', resolution: null })
          : refused(404, 'not-found'),
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '高橋 翔（学生）' });
    await userEvent.click(
      within(rowOf('高橋 翔（学生）')).getByRole('button', { name: '未対応に戻す' }),
    );
    const dialog = screen.getByRole('dialog', { name: '通報を未対応に戻す' });
    expect(dialog).toHaveTextContent('対応メモはそのまま残ります。');
    await userEvent.click(within(dialog).getByRole('button', { name: '未対応に戻す' }));
    expect(
      await screen.findByText('高橋 翔（学生）についての通報を未対応に戻しました。'),
    ).toBeVisible();
    expect(calls(fetchMock)).toContain(`POST /api/admin/reports/${RESOLVED.id}/reopen`);
  });

  it('says in the dialog when another admin resolved it first', async () => {
    renderApp(
      '/admin/reports',
      reportsApi((_url, method) =>
        method === 'POST' ? refused(409, 'report/not-open') : refused(404, 'not-found'),
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '佐藤 美咲（OG）' });
    await userEvent.click(
      within(rowOf('佐藤 美咲（OG）')).getByRole('button', { name: '対応済みにする' }),
    );
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '対応済みにする' }));
    expect(
      await within(dialog).findByText('操作できませんでした。この通報はすでに対応済みです。'),
    ).toBeVisible();
  });

  it('lists the registration holds and clears one after confirmation', async () => {
    const hold = {
      id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      email: 'left@akane.waseda.jp',
      reason: 'report',
      label: '高橋 翔（学生）',
      createdAt: '2026-11-22T01:00:00.000Z',
      clearedAt: null,
      clearedByEmail: null,
    };
    const { fetchMock } = renderApp(
      '/admin/reports',
      reportsApi(
        (url, method) =>
          url.pathname === `/api/admin/registration-holds/${hold.id}/clear` && method === 'POST'
            ? ok({ ok: true })
            : undefined,
        [hold],
      ),
    );
    const row = (
      await screen.findByRole('heading', { level: 3, name: 'left@akane.waseda.jp' })
    ).closest('li')!;
    expect(within(row).getByText('制限中')).toBeVisible();
    expect(within(row).getByText('通報への対応中')).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: '制限を解除する' }));
    const dialog = await screen.findByRole('dialog', { name: '再登録の制限の解除' });
    await userEvent.click(within(dialog).getByRole('button', { name: '解除する' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(`POST /api/admin/registration-holds/${hold.id}/clear`),
    );
  });
});
