import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderApp, signedInAs } from '../../test/render';
import { adminApi, ok, refused } from '../../test/admin-data';

const OVERVIEW = {
  students: {
    total: 12,
    byUniversity: [
      { universityName: '青山大学', universityNameEn: null, count: 7 },
      { universityName: '早稲田大学', universityNameEn: 'Waseda University', count: 5 },
    ],
    byGrade: [
      { grade: '1年', count: 0 },
      { grade: '2年', count: 2 },
      { grade: '3年', count: 6 },
      { grade: '4年', count: 4 },
      { grade: '大学院1年', count: 0 },
      { grade: '大学院2年', count: 0 },
    ],
  },
  mentors: {
    total: 40,
    byIndustryCategory: [
      { category: 'IT・通信', count: 15 },
      { category: '金融・保険', count: 25 },
    ],
    byGraduationYear: [
      { year: 2015, count: 10 },
      { year: 2020, count: 30 },
    ],
  },
  invitations: [
    { status: 'pending', count: 3 },
    { status: 'completed', count: 40 },
    { status: 'expired', count: 9 },
  ],
  signUpsPerWeek: [
    { weekStart: '2026-11-09', students: 1, mentors: 0 },
    { weekStart: '2026-11-16', students: 4, mentors: 2 },
  ],
  visits: {
    byMonth: [
      { month: '2026-10', requested: 8, accepted: 5, held: 4, thanked: 3 },
      { month: '2026-11', requested: 6, accepted: 2, held: 1, thanked: 0 },
    ],
    answerRate: 0.8333,
    medianHoursToAnswer: 5.5,
  },
  openReports: 2,
  outbox: { pending: 4, failed: 1, oldestPendingSeconds: 620 },
};

function cellsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('/admin (overview)', () => {
  it.each([
    ['/admin', 'mentor'],
    ['/admin/users', 'student'],
    ['/admin/audit', 'mentor_pending'],
  ])('sends %s for a %s to /unauthorized', async (path, role) => {
    const { router, fetchMock } = renderApp(path, () => signedInAs(role));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/admin'))).toBe(false);
  });

  it('shows the totals and every breakdown as a table with the API numbers', async () => {
    renderApp(
      '/admin',
      adminApi((url) => (url.pathname === '/api/admin/overview' ? ok(OVERVIEW) : undefined)),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '管理画面の概要' })).toBeVisible();
    const totals = await screen.findByRole('region', { name: '登録状況' });
    expect(totals).toHaveTextContent('学生12人');
    expect(totals).toHaveTextContent('OG40人');
    expect(totals).toHaveTextContent('招待中3件');
    expect(totals).toHaveTextContent('送信待ちメール4件最も古いものは10分前から待っています');
    expect(totals).toHaveTextContent('送信失敗メール1件');
    expect(within(totals).getByRole('link', { name: '2件' })).toHaveAttribute(
      'href',
      '/admin/reports?status=open',
    );

    expect(cellsOf(screen.getByRole('table', { name: '大学別の学生数の表' }))).toEqual([
      ['青山大学', '7'],
      ['早稲田大学', '5'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: '学年別の学生数の表' }))[2]).toEqual([
      '3年',
      '6',
    ]);
    expect(cellsOf(screen.getByRole('table', { name: '業界別のOG数の表' }))).toEqual([
      ['IT・通信', '15'],
      ['金融・保険', '25'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: '卒業年別のOG数の表' }))).toEqual([
      ['2015年卒', '10'],
      ['2020年卒', '30'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: '状況別の招待数の表' }))).toEqual([
      ['招待中', '3'],
      ['登録済み', '40'],
      ['期限切れ', '9'],
    ]);
    expect(
      cellsOf(screen.getByRole('table', { name: '週ごとの新規登録数（直近12週）の表' })),
    ).toEqual([
      ['2026/11/09の週', '1', '0'],
      ['2026/11/16の週', '4', '2'],
    ]);
    const visits = screen.getByRole('region', { name: 'OG訪問の状況（直近6か月・依頼した月別）' });
    expect(visits).toHaveTextContent('OGの回答率83%');
    expect(visits).toHaveTextContent('返答までの時間（中央値）5.5時間');
    expect(cellsOf(within(visits).getByRole('table', { name: /OG訪問の状況.*の表/ }))).toEqual([
      ['2026年10月', '8', '5', '4', '3'],
      ['2026年11月', '6', '2', '1', '0'],
    ]);
  });

  it('keeps the charts away from screen readers and the keyboard (the tables say it all)', async () => {
    const { router } = renderApp(
      '/admin',
      adminApi((url) => (url.pathname === '/api/admin/overview' ? ok(OVERVIEW) : undefined)),
    );
    await screen.findByRole('table', { name: '大学別の学生数の表' });
    const charts = document.querySelectorAll('.admin-chart');
    expect(charts).toHaveLength(6);
    for (const chart of charts) {
      expect(chart).toHaveAttribute('aria-hidden', 'true');
      expect(chart.querySelector('[tabindex]:not([tabindex="-1"])')).toBeNull();
    }
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('says on the visits table that it scrolls sideways (issue 34, point 12)', async () => {
    renderApp(
      '/admin',
      adminApi((url) => (url.pathname === '/api/admin/overview' ? ok(OVERVIEW) : undefined)),
    );
    const scroller = await screen.findByRole('region', { name: /^OG訪問の状況.*の表$/ });
    expect(scroller).toHaveAccessibleDescription('表は横にスクロールできます。→');
    expect(scroller).toHaveAttribute('tabindex', '0');
  });

  it('offers the CSV exports as downloads', async () => {
    renderApp(
      '/admin',
      adminApi((url) => (url.pathname === '/api/admin/overview' ? ok(OVERVIEW) : undefined)),
    );
    const students = await screen.findByRole('link', { name: '学生一覧をCSVで出力' });
    expect(students).toHaveAttribute('href', '/api/admin/export/students.csv');
    expect(students).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'OG一覧をCSVで出力' })).toHaveAttribute(
      'href',
      '/api/admin/export/mentors.csv',
    );
    expect(screen.getByRole('link', { name: 'OG訪問の記録をCSVで出力' })).toHaveAttribute(
      'href',
      '/api/admin/export/visits.csv',
    );
  });

  it('says so in Japanese when the numbers cannot be loaded', async () => {
    renderApp(
      '/admin',
      adminApi(() => refused(503, 'unavailable')),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'サービスが一時的に利用できません。',
    );
  });

  it('moves between sections with the admin menu', async () => {
    const { router } = renderApp(
      '/admin',
      adminApi((url) => {
        if (url.pathname === '/api/admin/overview') return ok(OVERVIEW);
        if (url.pathname === '/api/admin/users') return ok({ users: [], nextCursor: null });
        return undefined;
      }),
    );
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: '概要' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(menu).getByRole('link', { name: 'ユーザー' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ユーザー管理' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(within(menu).getByRole('link', { name: 'ユーザー' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  describe('in English', () => {
    afterEach(async () => {
      await setLanguage('ja');
    });

    it('names universities, years and industries in English', async () => {
      await setLanguage('en');
      renderApp(
        '/admin',
        adminApi((url) => (url.pathname === '/api/admin/overview' ? ok(OVERVIEW) : undefined)),
      );
      const universities = await screen.findByRole('table', { name: /Students by university/ });
      // A university without a romanised name keeps its Japanese one.
      expect(cellsOf(universities)).toEqual([
        ['青山大学', '7'],
        ['Waseda University', '5'],
      ]);
      expect(cellsOf(screen.getByRole('table', { name: /Students by year/ }))[2]?.[0]).toBe(
        '3rd year',
      );
      expect(cellsOf(screen.getByRole('table', { name: /OG by industry/ }))).toEqual([
        ['IT & telecoms', '15'],
        ['Finance & insurance', '25'],
      ]);
    });
  });
});
