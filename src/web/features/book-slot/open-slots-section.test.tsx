import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenSlot } from '../../../shared/schemas/booking';
import type { MentorViewer } from '../../../shared/schemas/mentors';
import { setLanguage } from '../../i18n';
import { bookableMentor, openSlot } from '../../test/book-slot-data';
import { deskAnswer } from '../../test/desk-data';
import { renderRoutes, signedInAs } from '../../test/render';
import { MentorDetailPage } from '../mentors/mentor-detail-page';

function renderDetail(slots: OpenSlot[], viewer: Partial<MentorViewer> = {}) {
  return renderRoutes(
    [
      { path: '/mentor/:urlParam', element: <MentorDetailPage /> },
      { path: '/mentor/:urlParam/book', element: <p>booking page</p> },
      { path: '/mentor/:urlParam/request', element: <p>request form</p> },
    ],
    '/mentor/og1',
    (url) => {
      if (url === '/api/mentors/og1') return { status: 200, body: bookableMentor({}, viewer) };
      if (url === '/api/mentors/og1/slots') return { status: 200, body: { slots } };
      if (url === '/api/desk') return deskAnswer();
      if (url === '/api/auth/session') return signedInAs('student');
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

/** The day headings of the section, and each day's slot buttons as they read. */
function daysShown(section: HTMLElement) {
  return within(section)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => ({
      day: heading.textContent,
      times: within(heading.parentElement!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    }));
}

async function slotsSection() {
  return (await screen.findByRole('heading', { name: '空き枠から予約' })).closest('section')!;
}

describe('her page: 空き枠から予約 (issue 37, point 2)', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('lists her next open slots by day in Japan time, each leading to the booking page', async () => {
    const user = userEvent.setup();
    const { router } = renderDetail([
      openSlot('2026-12-03T10:00', ['online']),
      openSlot('2026-12-03T14:30', ['in_person']),
      openSlot('2026-12-04T09:00'),
    ]);
    const section = await slotsSection();
    expect(daysShown(section)).toEqual([
      { day: '12月3日(木)', times: ['10:00オンライン', '14:30対面'] },
      { day: '12月4日(金)', times: ['09:00'] },
    ]);
    const link = within(section).getByRole('link', {
      name: '12月3日(木) 10:00〜11:00（オンライン）を予約する',
    });
    expect(link).toHaveAttribute(
      'href',
      `/mentor/og1/book?slot=${encodeURIComponent('2026-12-03T01:00:00.000Z')}`,
    );
    await user.click(link);
    expect(await screen.findByText('booking page')).toBeVisible();
    expect(router.state.location.search).toBe('?slot=2026-12-03T01%3A00%3A00.000Z');
  });

  it('keeps the request with three times, as the way to other times (point 4)', async () => {
    renderDetail([openSlot('2026-12-03T10:00')]);
    await slotsSection();
    expect(
      screen.getByText('空き枠にない日時を希望するときは、希望日時を3つまで送って依頼できます。'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'ほかの日時で依頼する' })).toHaveAttribute(
      'href',
      '/mentor/og1/request',
    );
  });

  it('shows the first three days and the rest under 「もっと見る」', async () => {
    const user = userEvent.setup();
    renderDetail(['01', '02', '04', '07', '08'].map((day) => openSlot(`2026-12-${day}T10:00`)));
    const section = await slotsSection();
    expect(daysShown(section).map((shown) => shown.day)).toEqual([
      '12月1日(火)',
      '12月2日(水)',
      '12月4日(金)',
    ]);
    await user.click(within(section).getByRole('button', { name: 'もっと見る（あと2日分）' }));
    expect(daysShown(section).map((shown) => shown.day)).toEqual([
      '12月1日(火)',
      '12月2日(水)',
      '12月4日(金)',
      '12月7日(月)',
      '12月8日(火)',
    ]);
    expect(within(section).queryByRole('button', { name: /もっと見る/ })).toBeNull();
  });

  it('says the days and times in English mode, still in Japan time', async () => {
    await setLanguage('en');
    renderDetail([openSlot('2026-12-03T10:00', ['online'])]);
    const section = (await screen.findByRole('heading', { name: 'Book an open slot' })).closest(
      'section',
    )!;
    expect(daysShown(section)).toEqual([{ day: 'Thu, December 3', times: ['10:00Online'] }]);
    expect(
      within(section).getByRole('link', { name: 'Book Thu, December 3 10:00–11:00 (Online)' }),
    ).toBeVisible();
  });

  it('offers only the request, as before, when she has no open slot', async () => {
    renderDetail([]);
    expect(await screen.findByRole('link', { name: 'OG訪問を依頼する' })).toHaveAttribute(
      'href',
      '/mentor/og1/request',
    );
    expect(screen.queryByRole('heading', { name: '空き枠から予約' })).toBeNull();
  });

  it('asks nothing of her slots for a student who may not ask her now', async () => {
    const { fetchMock } = renderDetail([openSlot('2026-12-03T10:00')], {
      visitUnavailable: 'not-accepting',
    });
    expect(await screen.findByText('現在、OG訪問の依頼を受け付けていません。')).toBeVisible();
    expect(screen.queryByRole('heading', { name: '空き枠から予約' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(
      '/api/mentors/og1/slots',
    );
  });
});

describe('her slots in a browser outside Japan (the day New York leaves summer time)', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('groups and says them by the Japanese day and time', async () => {
    process.env.TZ = 'America/New_York';
    // 1 November 2026: New York's clocks go back at 2:00 (06:00 UTC, 15:00 in Japan).
    renderDetail([
      openSlot('2026-11-01T09:00'),
      openSlot('2026-11-01T15:00'),
      openSlot('2026-11-01T16:00'),
      // Still 1 November in New York (19:00), the 2nd in Japan.
      openSlot('2026-11-02T09:00'),
    ]);
    const section = await slotsSection();
    expect(daysShown(section)).toEqual([
      { day: '11月1日(日)', times: ['09:00', '15:00', '16:00'] },
      { day: '11月2日(月)', times: ['09:00'] },
    ]);
    expect(
      within(section).getByRole('link', {
        name: '11月1日(日) 15:00〜16:00（オンライン・対面）を予約する',
      }),
    ).toBeVisible();
  });
});
