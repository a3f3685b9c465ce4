import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionKey } from '../../../shared/audit-actions';
import { i18n, loadLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import { adminApi, calls, ok } from '../../test/admin-data';
import { adminTextsReady } from './texts';

const ENTRIES = [
  {
    id: 'a3',
    actor: { id: 'u1', email: 'admin@example.com', name: null },
    action: 'admin.user.role',
    targetType: 'user',
    targetId: '33333333-3333-4333-8333-333333333333',
    targetName: null,
    details: { from: 'mentor_pending', to: 'mentor' },
    createdAt: '2026-11-21T05:00:00.000Z',
  },
  {
    id: 'a2',
    actor: null,
    action: 'account.withdraw',
    targetType: 'user',
    targetId: 'gone',
    targetName: null,
    details: null,
    createdAt: '2026-11-20T05:00:00.000Z',
  },
  {
    id: 'a1',
    actor: null,
    action: 'admin.bootstrap',
    targetType: null,
    targetId: null,
    targetName: null,
    details: { count: 1 },
    createdAt: '2026-11-01T05:00:00.000Z',
  },
  {
    id: 'a0',
    actor: { id: 'u2', email: 'x@example.com', name: null },
    action: 'custom.unknown',
    targetType: 'widget',
    targetId: 'w1',
    targetName: null,
    details: { nested: { a: 1 } },
    createdAt: '2026-10-01T05:00:00.000Z',
  },
];

const ACTIONS = ['admin.user.role', 'account.withdraw', 'admin.bootstrap', 'custom.unknown'];

function auditApi() {
  return adminApi((url) =>
    url.pathname === '/api/admin/audit'
      ? ok({ entries: ENTRIES, nextCursor: null, actions: ACTIONS })
      : undefined,
  );
}

describe('/admin/audit', () => {
  it('has a Japanese and an English label for every recorded action', async () => {
    // The console's texts are downloaded with it, each language when first shown.
    await adminTextsReady;
    await Promise.all([loadLanguage('ja'), loadLanguage('en')]);
    for (const lang of ['ja', 'en']) {
      const missing = AUDIT_ACTIONS.filter(
        (action) => !i18n.exists(auditActionKey(action), { lng: lang }),
      );
      expect({ lang, missing }).toEqual({ lang, missing: [] });
    }
  });

  it('shows entries newest first with actor, action label, target and details', async () => {
    renderApp('/admin/audit', auditApi());
    const table = await screen.findByRole('table', { name: '監査ログ（新しい順）' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('admin@example.com');
    expect(rows[0]).toHaveTextContent('権限の変更');
    expect(rows[0]).toHaveTextContent('ユーザー 33333333-3333-4333-8333-333333333333');
    expect(rows[0]).toHaveTextContent('変更前: OG（承認待ち）');
    expect(rows[0]).toHaveTextContent('変更後: OG');
    expect(rows[1]).toHaveTextContent('退会済みユーザー');
    expect(rows[1]).toHaveTextContent('退会');
    expect(rows[2]).toHaveTextContent('システム');
    expect(rows[2]).toHaveTextContent('管理者の初期設定');
    // No label in the catalogue: the raw name, and the raw target type.
    expect(rows[3]).toHaveTextContent('custom.unknown');
    expect(rows[3]).toHaveTextContent('widget w1');
    expect(rows[3]).toHaveTextContent('nested: {"a":1}');
  });

  it('reads recorded codes in words: a report reason and corrected fields', async () => {
    const entries = [
      {
        id: 'r1',
        actor: { id: 'u3', email: 'student@example.ac.jp', name: '通報 花子' },
        action: 'safety.report',
        targetType: 'user',
        targetId: '44444444-4444-4444-8444-444444444444',
        targetName: '相手 太郎',
        details: { reason: 'harassment' },
        createdAt: '2026-11-22T05:00:00.000Z',
      },
      {
        id: 'r0',
        actor: { id: 'u4', email: 'new@example.ac.jp', name: null },
        action: 'registration.student-completed',
        targetType: 'user',
        targetId: 'u4',
        targetName: null,
        details: { corrected: ['name', 'studentNumber'] },
        createdAt: '2026-11-21T05:00:00.000Z',
      },
    ];
    renderApp(
      '/admin/audit',
      adminApi((url) =>
        url.pathname === '/api/admin/audit'
          ? ok({ entries, nextCursor: null, actions: [] })
          : undefined,
      ),
    );
    const table = await screen.findByRole('table', { name: '監査ログ（新しい順）' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('通報の理由: ハラスメント・不快な言動');
    expect(rows[0]).not.toHaveTextContent('harassment');
    expect(rows[1]).toHaveTextContent('確認時に修正された項目: 氏名、学籍番号');
    expect(rows[1]).not.toHaveTextContent('studentNumber');
  });

  it('names people by name, the id on hover', async () => {
    const entries = [
      {
        id: 'n1',
        actor: { id: 'u3', email: 'student@example.ac.jp', name: '通報 花子' },
        action: 'safety.report',
        targetType: 'user',
        targetId: '44444444-4444-4444-8444-444444444444',
        targetName: '相手 太郎',
        details: null,
        createdAt: '2026-11-22T05:00:00.000Z',
      },
    ];
    renderApp(
      '/admin/audit',
      adminApi((url) =>
        url.pathname === '/api/admin/audit'
          ? ok({ entries, nextCursor: null, actions: [] })
          : undefined,
      ),
    );
    const table = await screen.findByRole('table', { name: '監査ログ（新しい順）' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('通報 花子student@example.ac.jp');
    expect(row).toHaveTextContent('ユーザー 相手 太郎');
    expect(row).not.toHaveTextContent('44444444');
    expect(within(row!).getByText('相手 太郎').closest('[title]')).toHaveAttribute(
      'title',
      '44444444-4444-4444-8444-444444444444',
    );
    // Each cell names its column for the phone layout.
    expect(within(row!).getByText('相手 太郎').closest('td')).toHaveAttribute('data-label', '対象');
  });

  it('filters by actor address and by action', async () => {
    const { fetchMock, router } = renderApp('/admin/audit', auditApi());
    await screen.findByRole('table', { name: '監査ログ（新しい順）' });
    const select = screen.getByLabelText('操作');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['すべて', '権限の変更', '退会', '管理者の初期設定', 'custom.unknown']);
    await userEvent.selectOptions(select, '権限の変更');
    await userEvent.type(screen.getByLabelText(/実行した人のメールアドレス/), 'admin@');
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        'GET /api/admin/audit?actor=admin%40&action=admin.user.role',
      ),
    );
    expect(router.state.location.search).toBe('?action=admin.user.role&actor=admin%40');
  });

  it('starts from the filters in the address', async () => {
    const { fetchMock } = renderApp(
      '/admin/audit?actor=x%40example.com&action=custom.unknown',
      auditApi(),
    );
    await screen.findByRole('table', { name: '監査ログ（新しい順）' });
    expect(calls(fetchMock)).toContain(
      'GET /api/admin/audit?actor=x%40example.com&action=custom.unknown',
    );
    expect(screen.getByLabelText(/実行した人のメールアドレス/)).toHaveValue('x@example.com');
    expect(screen.getByLabelText('操作')).toHaveValue('custom.unknown');
  });
});
