import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { formatMeetingTime } from '../../lib/meeting-time';
import { renderApp } from '../../test/render';
import { adminApi, calls, ok } from '../../test/admin-data';

function visit(overrides: Record<string, unknown> = {}) {
  return {
    meetingAt: '2030-01-15T01:00:00.000Z',
    studentName: '山田 花子',
    mentorName: '佐藤 美咲',
    meetingFormat: 'in_person',
    placeKind: 'public',
    placeOther: null,
    studentRulesConfirmedAt: '2029-12-20T01:00:00.000Z',
    mentorRulesConfirmedAt: '2029-12-21T01:00:00.000Z',
    safeEndAskedAt: null,
    safeEndConfirmedAt: null,
    ...overrides,
  };
}

const UPCOMING = [
  visit(),
  visit({
    meetingAt: '2030-01-16T06:30:00.000Z',
    studentName: null,
    placeKind: 'other',
    placeOther: '大学近くの図書館',
    mentorRulesConfirmedAt: null,
  }),
  visit({
    meetingAt: '2030-01-17T06:30:00.000Z',
    mentorName: null,
    meetingFormat: 'online',
    placeKind: 'online',
    studentRulesConfirmedAt: null,
  }),
];

const RECENT = [
  visit({
    meetingAt: '2020-05-02T05:00:00.000Z',
    placeKind: 'office',
    safeEndAskedAt: '2020-05-02T07:00:00.000Z',
    safeEndConfirmedAt: '2020-05-02T08:00:00.000Z',
  }),
  visit({
    meetingAt: '2020-05-01T05:00:00.000Z',
    placeKind: null,
    studentRulesConfirmedAt: null,
    mentorRulesConfirmedAt: null,
    safeEndAskedAt: '2020-05-01T07:00:00.000Z',
  }),
];

function visitsApi(upcoming: unknown[] = UPCOMING, recent: unknown[] = RECENT) {
  return adminApi((url) => {
    if (url.pathname !== '/api/admin/visits') return undefined;
    return ok({
      visits: url.searchParams.get('tab') === 'recent' ? recent : upcoming,
      nextCursor: null,
    });
  });
}

function cellsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('/admin/visits', () => {
  afterEach(async () => {
    window.innerWidth = 1024;
    await setLanguage('ja');
  });

  it('lists the upcoming visits with names, Japan time, the kind of place and the confirmations', async () => {
    const { fetchMock } = renderApp('/admin/visits', visitsApi());
    const table = await screen.findByRole('table', { name: 'これからのOG訪問（日時の近い順）' });
    expect(cellsOf(table)).toEqual([
      [
        formatMeetingTime('2030-01-15T01:00:00.000Z'),
        '山田 花子',
        '佐藤 美咲',
        'カフェなどの公共の場所',
        '双方確認済み',
        '訪問後に確認',
      ],
      [
        formatMeetingTime('2030-01-16T06:30:00.000Z'),
        '退会したユーザー',
        '佐藤 美咲',
        'その他（大学近くの図書館）',
        'OGが未確認',
        '訪問後に確認',
      ],
      [
        formatMeetingTime('2030-01-17T06:30:00.000Z'),
        '山田 花子',
        '退会したユーザー',
        'オンライン',
        '学生が未確認',
        '対象外（オンライン）',
      ],
    ]);
    // Japan time whatever the reader's zone: 01:00 UTC is 10:00 in Tokyo.
    expect(cellsOf(table)[0]![0]).toContain('10:00');
    expect(calls(fetchMock)).toContain('GET /api/admin/visits?tab=upcoming');
    expect(screen.getByRole('link', { name: 'これからの訪問' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'この一覧をCSVで出力' })).toHaveAttribute(
      'href',
      '/api/admin/visits.csv?tab=upcoming',
    );
    expect(screen.getByRole('link', { name: 'OG訪問の予定' })).toHaveAttribute(
      'href',
      '/admin/visits',
    );
  });

  it('switches to the recent visits, with whether each ended well', async () => {
    const { fetchMock, router } = renderApp('/admin/visits', visitsApi());
    await screen.findByRole('table', { name: 'これからのOG訪問（日時の近い順）' });
    await userEvent.click(screen.getByRole('link', { name: '最近の訪問（過去30日）' }));
    const table = await screen.findByRole('table', { name: '最近のOG訪問（新しい順）' });
    expect(router.state.location.search).toBe('?tab=recent');
    expect(calls(fetchMock)).toContain('GET /api/admin/visits?tab=recent');
    expect(cellsOf(table)).toEqual([
      [
        formatMeetingTime('2020-05-02T05:00:00.000Z'),
        '山田 花子',
        '佐藤 美咲',
        'OGの勤務先',
        '双方確認済み',
        '無事に終了',
      ],
      [
        formatMeetingTime('2020-05-01T05:00:00.000Z'),
        '山田 花子',
        '佐藤 美咲',
        '未設定（対面）',
        '双方未確認',
        '確認待ち',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'この一覧をCSVで出力' })).toHaveAttribute(
      'href',
      '/api/admin/visits.csv?tab=recent',
    );
  });

  it('says when a tab has no visits', async () => {
    renderApp('/admin/visits', visitsApi([], []));
    expect(await screen.findByText('予定されているOG訪問はありません。')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: '最近の訪問（過去30日）' }));
    expect(await screen.findByText('過去30日間に行われたOG訪問はありません。')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('becomes one card per visit at 375 px, each value under its column’s name', async () => {
    window.innerWidth = 375;
    renderApp('/admin/visits', visitsApi());
    const table = await screen.findByRole('table', { name: 'これからのOG訪問（日時の近い順）' });
    expect(table).toHaveClass('stacked-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const labels = [...row.querySelectorAll('th, td')].map((cell) =>
        cell.getAttribute('data-label'),
      );
      expect(labels).toEqual(headers);
    }
    // The stacked table is a card list below 640 px (jsdom applies no media queries).
    const css = readFileSync('src/web/features/admin/admin.css', 'utf8');
    expect(css).toMatch(/@media \(max-width: 640px\) \{\s*\.stacked-table thead/);
    expect(table.closest('.admin-table-scroll')).toHaveAttribute('role', 'region');
  });

  it('reads in English', async () => {
    await setLanguage('en');
    renderApp('/admin/visits?tab=recent', visitsApi());
    const table = await screen.findByRole('table', { name: 'Recent visits (newest first)' });
    expect(cellsOf(table)[1]!.slice(1)).toEqual([
      '山田 花子',
      '佐藤 美咲',
      'Not set (In person)',
      'Neither confirmed',
      'Awaiting answer',
    ]);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export this list as CSV' })).toBeVisible(),
    );
  });
});
