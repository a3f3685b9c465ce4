import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VisitNote, VisitNoteSummary } from '../../../shared/schemas/visit-notes';
import { adminApi, calls, ok, refused } from '../../test/admin-data';
import { renderApp } from '../../test/render';

function note(overrides: Partial<VisitNote> = {}): VisitNote {
  return {
    id: 'n1',
    visitRequestId: 'r1',
    groupSession: null,
    company: '野村證券',
    industry: '金融・保険 - 証券',
    jobType: null,
    visitedMonth: '2026-10',
    fiscalYear: 2026,
    qa: [{ question: '入社の決め手は？', answer: '人の良さです。' }],
    advice: '早めに動きましょう。',
    sharing: 'shared',
    showName: false,
    mentor: { name: null, joinedYear: 2015, urlParam: null, gone: false },
    author: { name: '佐藤 美咲', grade: '3年' },
    authorNamed: true,
    mentorComment: null,
    hidden: null,
    masked: false,
    mine: false,
    offeredAt: '2026-11-02T01:00:00.000Z',
    sharedAt: '2026-11-03T01:00:00.000Z',
    updatedAt: '2026-11-03T01:00:00.000Z',
    ...overrides,
  };
}

const SUMMARY: VisitNoteSummary = {
  shared: 12,
  hidden: 1,
  waiting: 3,
  byCompany: [
    { company: '野村證券', count: 5 },
    { company: 'A&B商事', count: 2 },
  ],
  byYear: [
    { fiscalYear: 2026, count: 9 },
    { fiscalYear: 2025, count: 3 },
  ],
};

const HIDDEN = note({
  id: 'n2',
  company: '三井物産',
  hidden: { reason: '個人を特定できる内容が含まれていました。', at: '2026-11-05T01:00:00.000Z' },
});

/** Hidden, then rewritten by its author and consented to again by the alumna. */
const REWRITTEN = note({
  id: 'n3',
  company: '住友商事',
  hidden: { reason: '連絡先が書かれていました。', at: '2026-11-05T01:00:00.000Z' },
  updatedAt: '2026-11-06T01:00:00.000Z',
});

function renderPage(
  path = '/admin/visit-notes',
  act: (url: URL, body: unknown) => ReturnType<typeof ok> = () => ok(note()),
) {
  return renderApp(
    path,
    adminApi((url, method, body) => {
      if (url.pathname === '/api/admin/visit-notes/summary') return ok(SUMMARY);
      if (url.pathname === '/api/admin/visit-notes') {
        const items = url.searchParams.get('state') === 'hidden' ? [HIDDEN, REWRITTEN] : [note()];
        return ok({ items, nextCursor: null, total: items.length });
      }
      if (method === 'POST') return act(url, body);
      return undefined;
    }),
  );
}

const posts = (fetchMock: Parameters<typeof calls>[0]) =>
  calls(fetchMock).filter((call) => call.startsWith('POST'));

describe('/admin/visit-notes', () => {
  it('is a console tab', async () => {
    renderPage('/admin');
    const nav = within(await screen.findByRole('navigation', { name: '管理メニュー' }));
    expect(nav.getByRole('link', { name: '訪問記録' })).toHaveAttribute(
      'href',
      '/admin/visit-notes',
    );
  });

  it('sums the notes up, each count leading to the search, and offers the exports', async () => {
    renderPage();
    const totals = within(await screen.findByRole('region', { name: '共有の状況' }));
    expect(totals.getByText('共有中').nextElementSibling).toHaveTextContent('12件');
    expect(totals.getByText('非表示').nextElementSibling).toHaveTextContent('1件');
    expect(totals.getByText('OGの確認待ち').nextElementSibling).toHaveTextContent('3件');

    const byCompany = within(screen.getByRole('region', { name: '会社別の記録' }));
    const companyRows = byCompany.getAllByRole('row').slice(1);
    expect(companyRows.map((row) => row.textContent)).toEqual(['野村證券5件', 'A&B商事2件']);
    expect(byCompany.getByRole('link', { name: 'A&B商事の記録 2件を見る' })).toHaveAttribute(
      'href',
      '/visit-notes?company=A%26B%E5%95%86%E4%BA%8B',
    );
    const byYear = within(screen.getByRole('region', { name: '年度別の記録' }));
    expect(byYear.getByRole('link', { name: '2025年度の記録 3件を見る' })).toHaveAttribute(
      'href',
      '/visit-notes?year=2025',
    );

    expect(screen.getByRole('link', { name: 'CSVで書き出す' })).toHaveAttribute(
      'href',
      '/api/admin/export/visit-notes.csv',
    );
    expect(screen.getByRole('link', { name: 'Markdownで書き出す' })).toHaveAttribute(
      'href',
      '/api/admin/export/visit-notes.md',
    );
  });

  it('lists the shared notes, each readable when unfolded', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    const list = within(await screen.findByRole('region', { name: '記録の一覧' }));
    // The row's own heading (the note's, inside, shows once unfolded).
    const [title] = await list.findAllByRole('heading', { name: '野村證券', level: 3 });
    expect(title).toBeVisible();
    expect(list.getAllByText('金融・保険・2015年入社のOG')[0]).toBeVisible();
    expect(list.getByText('人の良さです。')).not.toBeVisible();
    await user.click(list.getByText('記録の内容を読む'));
    expect(list.getByText('人の良さです。')).toBeVisible();
    expect(calls(fetchMock)).toContain('GET /api/admin/visit-notes?state=shared');
  });

  it('hides a note only with a reason, which it sends', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage('/admin/visit-notes', () =>
      refused(400, 'validation', { reason: 'validation.visitNoteHideReasonTooLong' }),
    );
    const list = within(await screen.findByRole('region', { name: '記録の一覧' }));
    await user.click(await list.findByRole('button', { name: '非表示にする' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'この記録を非表示にしますか？' }),
    );
    expect(
      dialog.getByText(/記録を書いた学生には、下に書いた理由とともに知らせが届きます/),
    ).toBeVisible();
    await user.click(dialog.getByRole('button', { name: '非表示にする' }));
    expect(await dialog.findByText('非表示にする理由を書いてください。')).toBeVisible();
    expect(posts(fetchMock)).toEqual([]);

    await user.type(dialog.getByLabelText('非表示にする理由'), '個人が特定できます。');
    await user.click(dialog.getByRole('button', { name: '非表示にする' }));
    await waitFor(() => expect(posts(fetchMock)).toEqual(['POST /api/admin/visit-notes/n1/hide']));
    const body = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body;
    expect(JSON.parse(String(body))).toEqual({ reason: '個人が特定できます。' });
    // The server's word on the reason, on the field.
    expect(await dialog.findByText('理由は500文字以内で入力してください。')).toBeVisible();
  });

  it('shows the hidden notes with their reason, and shows one again once confirmed', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage('/admin/visit-notes?state=hidden', () =>
      ok({ ...HIDDEN, hidden: null }),
    );
    const list = within(await screen.findByRole('region', { name: '記録の一覧' }));
    expect(list.getByRole('link', { name: '非表示' })).toHaveAttribute('aria-current', 'page');
    expect(await list.findByText('個人を特定できる内容が含まれていました。')).toBeVisible();
    expect(list.queryByRole('button', { name: '非表示にする' })).toBeNull();
    // Only the note rewritten since it was hidden says so.
    const updated = list.getAllByText(/非表示にした後に記録が更新されています/);
    expect(updated).toHaveLength(1);
    expect(updated[0]!.closest('li')).toHaveTextContent('住友商事');
    await user.click(list.getAllByRole('button', { name: '表示に戻す' })[0]!);
    const dialog = within(
      await screen.findByRole('dialog', { name: 'この記録を表示に戻しますか？' }),
    );
    expect(posts(fetchMock)).toEqual([]);
    await user.click(dialog.getByRole('button', { name: '表示に戻す' }));
    await waitFor(() =>
      expect(posts(fetchMock)).toEqual(['POST /api/admin/visit-notes/n2/restore']),
    );
    expect(await screen.findByText('「三井物産」の記録を表示に戻しました。')).toBeVisible();
  });

  it('searches by keyword within the chosen state', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage('/admin/visit-notes?state=hidden');
    await user.type(await screen.findByRole('searchbox', { name: 'キーワード' }), '商社');
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        'GET /api/admin/visit-notes?state=hidden&q=%E5%95%86%E7%A4%BE',
      ),
    );
  });
});
