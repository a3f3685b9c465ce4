import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderApp, signedInAs } from '../../test/render';
import { adminApi, ok } from '../../test/admin-data';

function month(overrides: Record<string, unknown>) {
  return {
    requested: 0,
    agreed: 0,
    decided: 0,
    acceptanceRate: null,
    medianHoursToAnswer: null,
    perMentor: [],
    topFifthShare: null,
    ...overrides,
  };
}

/** Twelve alumni asked in November, the first three most of all; 20 can be asked. */
const NOVEMBER = Array.from({ length: 12 }, (_, i) => ({
  userId: `m${i + 1}`,
  name: `先輩 ${i + 1}`,
  count: i < 3 ? 9 - i : 1,
}));

function student(overrides: Record<string, unknown>) {
  return {
    userId: 's1',
    name: '山田 花子',
    universityName: '早稲田大学',
    universityNameEn: 'Waseda University',
    grade: '3年',
    registeredAt: '2026-10-01T01:00:00.000Z',
    requests: 0,
    lastRequestAt: null,
    ...overrides,
  };
}

const REACH = {
  months: [
    month({ month: '2026-09' }),
    month({
      month: '2026-10',
      requested: 4,
      agreed: 1,
      decided: 2,
      acceptanceRate: 0.5,
      medianHoursToAnswer: 12,
      perMentor: [{ userId: 'm1', name: '先輩 1', count: 4 }],
      topFifthShare: 1,
    }),
    month({
      month: '2026-11',
      requested: 33,
      agreed: 20,
      decided: 25,
      acceptanceRate: 0.8,
      medianHoursToAnswer: 5.5,
      perMentor: NOVEMBER,
      topFifthShare: 0.79,
    }),
    month({
      month: '2026-12',
      requested: 1,
      perMentor: [{ userId: 'm2', name: '先輩 2', count: 1 }],
    }),
  ],
  alumni: 20,
  neverAsked: {
    total: 2,
    items: [
      {
        userId: 'm30',
        name: '静か 恵',
        company: '静か商事',
        lastAskedAt: null,
        acceptingRequests: false,
        registeredAt: '2026-01-05T01:00:00.000Z',
      },
      {
        userId: 'm31',
        name: '以前 真理',
        company: '以前物産',
        lastAskedAt: '2026-08-01T01:00:00.000Z',
        acceptingRequests: true,
        registeredAt: '2025-06-05T01:00:00.000Z',
      },
    ],
  },
  noRequest: { total: 150, items: [student({})] },
  noVisit: {
    total: 1,
    items: [
      student({
        userId: 's2',
        name: '佐藤 一郎',
        universityNameEn: null,
        universityName: '青山大学',
        requests: 3,
        lastRequestAt: '2026-11-20T01:00:00.000Z',
      }),
    ],
  },
};

function reachApi() {
  return adminApi((url) => (url.pathname === '/api/admin/reach' ? ok(REACH) : undefined));
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('/admin/reach (依頼の偏り)', () => {
  it('is for admins only', async () => {
    const { router, fetchMock } = renderApp('/admin/reach', () => signedInAs('mentor'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/admin'))).toBe(false);
  });

  it('shows this month first, and another month when chosen', async () => {
    renderApp('/admin/reach', reachApi());
    expect(await screen.findByRole('heading', { level: 1, name: '依頼の偏り' })).toBeVisible();
    const months = await screen.findByRole('navigation', { name: '表示する月' });
    expect(within(months).getByRole('link', { name: '今月' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('region', { name: '2026年12月の依頼' })).toHaveTextContent('依頼1件');

    await userEvent.click(within(months).getByRole('link', { name: '2026年11月' }));
    const figures = await screen.findByRole('region', { name: '2026年11月の依頼' });
    expect(figures).toHaveTextContent('承諾率80%');
    expect(figures).toHaveTextContent('承諾 20件 ÷ 返答が出た依頼 25件');
    expect(figures).toHaveTextContent('最初の返答までの時間（中央値）5.5時間');
    expect(rowsOf(screen.getByRole('table', { name: '月ごとの承諾率と返答時間の表' }))).toEqual([
      ['2026年9月', '0', '0', 'なし', 'なし'],
      ['2026年10月', '4', '1', '50%', '12時間'],
      ['2026年11月', '33', '20', '80%', '5.5時間'],
      ['2026年12月', '1', '0', 'なし', 'なし'],
    ]);
  });

  it('draws the requests per alumna, most first, with the top fifth’s share and a table of the top', async () => {
    renderApp('/admin/reach?month=2026-11', reachApi());
    const card = await screen.findByRole('region', { name: 'OGごとの依頼数（2026年11月）' });
    expect(card).toHaveTextContent(
      '依頼の多い上位4人（依頼を受けられるOG 20人の2割）が、依頼の79%を受けています。',
    );
    expect(card).toHaveTextContent('この月に依頼のなかったOG: 8人');
    const table = within(card).getByRole('table');
    expect(rowsOf(table)).toHaveLength(10);
    expect(rowsOf(table).slice(0, 2)).toEqual([
      ['先輩 1', '9'],
      ['先輩 2', '8'],
    ]);
    await userEvent.click(within(card).getByRole('button', { name: 'すべて表示（12人）' }));
    expect(rowsOf(table)).toHaveLength(12);
    // The drawing comes in its own chunk, hidden from screen readers (the table says it all).
    const chart = card.querySelector('.admin-chart')!;
    expect(chart).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(chart.querySelector('.skeleton')).toBeNull());
    expect(
      chart.querySelector('.recharts-responsive-container, .recharts-wrapper, svg'),
    ).not.toBeNull();
  });

  it('says so in a month without requests', async () => {
    renderApp('/admin/reach?month=2026-09', reachApi());
    const card = await screen.findByRole('region', { name: 'OGごとの依頼数（2026年9月）' });
    expect(card).toHaveTextContent('この月の依頼はまだありません。');
    expect(card.querySelector('.admin-chart')).toBeNull();
  });

  it('lists who is left out, with 「紹介する」 beside a student and each list as CSV', async () => {
    renderApp('/admin/reach', reachApi());
    const never = await screen.findByRole('region', { name: '60日間依頼のないOG 2人' });
    expect(never).toHaveTextContent('2人');
    expect(rowsOf(within(never).getByRole('table')).map((row) => row.slice(0, 4))).toEqual([
      ['静か 恵', '静か商事', 'なし', '受付停止中'],
      ['以前 真理', '以前物産', expect.stringContaining('2026'), '受付中'],
    ]);
    expect(within(never).getByRole('link', { name: 'CSVをダウンロード' })).toHaveAttribute(
      'href',
      '/api/admin/reach.csv?list=never-asked',
    );

    const noRequest = screen.getByRole('region', { name: '依頼を送っていない学生 150人' });
    expect(noRequest).toHaveTextContent('150人');
    expect(noRequest).toHaveTextContent(
      '150人のうち1人を表示しています。すべてはCSVでご覧ください。',
    );
    expect(
      within(noRequest).getByRole('link', { name: '山田 花子さんをOGに紹介する' }),
    ).toHaveAttribute('href', '/admin/introductions/new?student=s1');
    expect(within(noRequest).getByRole('link', { name: 'CSVをダウンロード' })).toHaveAttribute(
      'href',
      '/api/admin/reach.csv?list=no-request',
    );

    const noVisit = screen.getByRole('region', { name: '訪問が決まっていない学生 1人' });
    expect(rowsOf(within(noVisit).getByRole('table'))[0]!.slice(0, 4)).toEqual([
      '佐藤 一郎',
      '青山大学',
      '3年',
      '3',
    ]);
    expect(
      within(noVisit).getByRole('link', { name: '佐藤 一郎さんをOGに紹介する' }),
    ).toHaveAttribute('href', '/admin/introductions/new?student=s2');
  });

  it('is in the console’s menu', async () => {
    renderApp('/admin/reach', reachApi());
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: '依頼の偏り' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  describe('in English', () => {
    afterEach(async () => {
      await setLanguage('ja');
    });

    it('says it in English, universities and years too', async () => {
      await setLanguage('en');
      renderApp('/admin/reach', reachApi());
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Spread of requests' }),
      ).toBeVisible();
      const noRequest = await screen.findByRole('region', {
        name: 'Students who sent no request 150',
      });
      expect(rowsOf(within(noRequest).getByRole('table'))[0]!.slice(0, 3)).toEqual([
        '山田 花子',
        'Waseda University',
        '3rd year',
      ]);
      expect(
        within(noRequest).getByRole('link', { name: 'Introduce 山田 花子 to a mentor' }),
      ).toBeVisible();
    });
  });
});
