import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingView } from '../../../shared/schemas/booking';
import type { MentorProfile } from '../../../shared/schemas/mentors';
import { setLanguage } from '../../i18n';
import { renderApp, signedInAs, type Answer } from '../../test/render';
import { ownMentorProfile } from '../../test/mentor-data';

const PROFILE: MentorProfile = ownMentorProfile();

const VIEW: BookingView = {
  bookingEnabled: true,
  slotMinutes: 60,
  noticeHours: 48,
  aheadDays: 14,
  bufferMinutes: 0,
  onHolidays: false,
  autoAccept: false,
  rules: [],
  preview: [
    { start: '2030-12-03T01:00:00.000Z', end: '2030-12-03T02:00:00.000Z', formats: ['online'] },
    { start: '2030-12-04T01:00:00.000Z', end: '2030-12-04T02:00:00.000Z', formats: ['online'] },
  ],
  previewBlockedBy: null,
  misfits: [],
};

const NOT_FOUND: Answer = { status: 404, body: { code: 'not-found', message: '' } };

function renderProfile(view: BookingView, role = 'mentor') {
  return renderApp('/mentor-profile', (url) => {
    if (url === '/api/auth/session') return signedInAs(role);
    if (url === '/api/mentors/me') return { status: 200, body: PROFILE };
    if (url === '/api/mentors/me/booking') return { status: 200, body: view };
    return NOT_FOUND;
  });
}

async function bookingSection() {
  return within(await screen.findByRole('region', { name: '予約枠' }));
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('予約枠 on her profile', () => {
  it('says her slots are published with her next slot, and opens their settings', async () => {
    const user = userEvent.setup();
    const { router } = renderProfile(VIEW);
    const section = await bookingSection();
    expect(await section.findByText('公開中')).toBeVisible();
    expect(section.getByText('次の枠：12/3(火) 10:00')).toBeVisible();
    // Beside her visit settings.
    expect(screen.getByRole('heading', { name: 'OG訪問の受付設定' })).toBeVisible();
    await user.click(section.getByRole('link', { name: '予約枠を設定する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mentor-profile/booking'));
    expect(await screen.findByRole('heading', { name: '予約枠の設定', level: 1 })).toBeVisible();
  });

  it.each([
    [{ ...VIEW, preview: [] }, '公開中', '空きなし'],
    [{ ...VIEW, previewBlockedBy: 'paused' as const }, '公開中', /受付停止中/],
    [{ ...VIEW, previewBlockedBy: 'monthly-limit' as const }, '公開中', '今月の上限に達しています'],
  ])('says when students see no slot (%#)', async (view, badge, detail) => {
    renderProfile(view);
    const section = await bookingSection();
    expect(await section.findByText(badge)).toBeVisible();
    expect(section.getByText(detail)).toBeVisible();
    expect(section.queryByText(/次の枠/)).toBeNull();
  });

  it('says 非公開 when they are not published', async () => {
    renderProfile({ ...VIEW, bookingEnabled: false, preview: [], previewBlockedBy: 'off' });
    const section = await bookingSection();
    expect(await section.findByText('非公開')).toBeVisible();
    expect(section.queryByText('公開中')).toBeNull();
    expect(section.queryByText(/次の枠/)).toBeNull();
  });

  it('reads in English in English mode', async () => {
    await setLanguage('en');
    renderProfile(VIEW);
    const section = within(await screen.findByRole('region', { name: 'Open slots' }));
    expect(await section.findByText('Published')).toBeVisible();
    expect(section.getByText('Next slot: Tue 12/3 10:00')).toBeVisible();
    expect(section.getByRole('link', { name: 'Set up open slots' })).toBeVisible();
  });
});
