import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { formatMeetingTime } from '../../lib/meeting-time';
import { renderApp } from '../../test/render';
import { adminApi, calls, ok } from '../../test/admin-data';

function session(overrides: Record<string, unknown> = {}) {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: '商社の仕事を話す座談会',
    mentorName: '佐藤 美咲',
    mentorUrlParam: 'sato-misaki',
    startsAt: '2030-01-15T06:00:00.000Z',
    endsAt: '2030-01-15T07:00:00.000Z',
    meetingFormat: 'online',
    seats: 8,
    seated: 3,
    waiting: 2,
    attended: 0,
    absent: 0,
    unrecorded: 3,
    cancelledAt: null,
    cancelledReason: null,
    ...overrides,
  };
}

const UPCOMING = [session()];
const PAST = [
  session({
    id: '22222222-2222-4222-8222-222222222222',
    startsAt: '2020-05-02T05:00:00.000Z',
    meetingFormat: 'in_person',
    seated: 4,
    waiting: 0,
    attended: 2,
    absent: 1,
    unrecorded: 1,
  }),
  session({
    id: '33333333-3333-4333-8333-333333333333',
    startsAt: '2020-05-01T05:00:00.000Z',
    seated: 0,
    waiting: 0,
    unrecorded: 0,
    cancelledAt: '2020-04-30T05:00:00.000Z',
    cancelledReason: '体調不良のため',
  }),
];

function sessionsApi(upcoming: unknown[] = UPCOMING, past: unknown[] = PAST) {
  return adminApi((url) => {
    if (url.pathname !== '/api/admin/group-sessions') return undefined;
    return ok({
      items: url.searchParams.get('tab') === 'past' ? past : upcoming,
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

describe('/admin/group-sessions', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('lists the upcoming ones with seats, the waiting list, and links to each and its alumna', async () => {
    const { fetchMock } = renderApp('/admin/group-sessions', sessionsApi());
    const table = await screen.findByRole('table', { name: 'これからの座談会（日時の近い順）' });
    expect(cellsOf(table)).toEqual([
      [
        formatMeetingTime('2030-01-15T06:00:00.000Z'),
        '商社の仕事を話す座談会',
        '佐藤 美咲',
        'オンライン',
        '3 / 8席',
        '2人',
        '参加 0・欠席 0・未記録 3',
        '予定どおり',
      ],
    ]);
    expect(calls(fetchMock)).toContain('GET /api/admin/group-sessions?tab=upcoming');
    expect(within(table).getByRole('link', { name: '商社の仕事を話す座談会' })).toHaveAttribute(
      'href',
      '/group-sessions/11111111-1111-4111-8111-111111111111',
    );
    expect(within(table).getByRole('link', { name: '佐藤 美咲' })).toHaveAttribute(
      'href',
      '/mentor/sato-misaki',
    );
    expect(screen.getByRole('link', { name: 'CSVをダウンロード' })).toHaveAttribute(
      'href',
      '/api/admin/group-sessions.csv?tab=upcoming',
    );
    // In the console's navigation.
    expect(screen.getByRole('link', { name: '座談会' })).toHaveAttribute(
      'href',
      '/admin/group-sessions',
    );
  });

  it('switches to those held, with attendance and the cancelled ones marked', async () => {
    const { fetchMock, router } = renderApp('/admin/group-sessions', sessionsApi());
    await screen.findByRole('table', { name: 'これからの座談会（日時の近い順）' });
    await userEvent.click(screen.getByRole('link', { name: '開催済み' }));
    const table = await screen.findByRole('table', { name: '開催日時を過ぎた座談会（新しい順）' });
    expect(router.state.location.search).toBe('?tab=past');
    expect(calls(fetchMock)).toContain('GET /api/admin/group-sessions?tab=past');
    const rows = cellsOf(table);
    expect(rows[0]!.slice(3)).toEqual([
      '対面',
      '4 / 8席',
      '0人',
      '参加 2・欠席 1・未記録 1',
      '予定どおり',
    ]);
    expect(rows[1]![7]).toBe('中止 中止の理由：体調不良のため');
    expect(screen.getByRole('link', { name: 'CSVをダウンロード' })).toHaveAttribute(
      'href',
      '/api/admin/group-sessions.csv?tab=past',
    );
  });

  it('says when a tab has none', async () => {
    renderApp('/admin/group-sessions', sessionsApi([], []));
    expect(await screen.findByText('予定されている座談会はありません。')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens the form for an alumna by her URL name', async () => {
    const { router } = renderApp('/admin/group-sessions', sessionsApi());
    const field = await screen.findByRole('textbox', { name: 'OGのURL名' });
    const open = screen.getByRole('button', { name: '座談会を開く' });
    expect(open).toBeDisabled();
    await userEvent.type(field, ' sato-misaki ');
    await userEvent.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe('/group-sessions/new'));
    expect(router.state.location.search).toBe('?mentor=sato-misaki');
  });

  it('reads in English', async () => {
    await setLanguage('en');
    renderApp('/admin/group-sessions?tab=past', sessionsApi());
    const table = await screen.findByRole('table', {
      name: 'Group sessions whose time has passed (latest first)',
    });
    expect(cellsOf(table)[0]!.slice(3)).toEqual([
      'In person',
      '4 / 8 seats',
      '0',
      'Attended 2 · absent 1 · not recorded 1',
      'As planned',
    ]);
    expect(cellsOf(table)[1]![7]).toBe('Cancelled Reason: 体調不良のため');
  });
});
