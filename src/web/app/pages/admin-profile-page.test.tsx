import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MentorProfile } from '../../../shared/schemas/mentors';
import { renderApp, signedInAs, type Handler } from '../../test/render';
import { NO_RICHER_PROFILE } from '../../test/mentor-data';
import { NO_EMPLOYER_RULES } from '../../../shared/schemas/employer-rules';

const PROFILE: MentorProfile = {
  urlParam: 'u1',
  name: '管理 花子',
  universityId: 'keio',
  faculty: null,
  universityName: '慶應義塾大学',
  graduationYear: 2012,
  industry: '金融・保険 - 証券',
  company: '野村證券',
  message: '気軽にどうぞ',
  iconUrl: null,
  contactEmail: 'admin@example.com',
  contactEmailConfirmed: true,
  accepting: true,
  lastActive: null,
  ...NO_RICHER_PROFILE,
  companyReading: null,
  heldVisits: 0,
  employerRules: NO_EMPLOYER_RULES,
  visitSettings: {
    contactVisibility: 'accepted',
    acceptingRequests: true,
    monthlyRequestLimit: null,
    requestsThisMonth: 0,
    autoPaused: false,
  },
};

function api(mentorProfile: 'none' | 'present'): Handler {
  return (url) => {
    if (url.includes('/api/auth/session')) return signedInAs('admin');
    if (url.includes('/api/mentors/me') && mentorProfile === 'present') {
      return { status: 200, body: PROFILE };
    }
    return { status: 404, body: { code: 'not-found', message: '' } };
  };
}

describe('/profile for an admin', () => {
  // The page's modules are transformed on their first import, inside the router's lazy load: on
  // a loaded machine that once took longer than a find's 5 s. Imported here first, outside any
  // find's clock, the finds wait for the page alone.
  beforeAll(async () => {
    await import('./profile-page');
  }, 60_000);

  it('shows what an admin can do at once, after one question, without 「見つかりません」', async () => {
    const { fetchMock } = renderApp('/profile', api('none'));
    expect(await screen.findByRole('heading', { name: '管理者メニュー', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: /^ユーザー：/ })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(screen.getByRole('link', { name: /^監査ログ：/ })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
    expect(screen.getByRole('link', { name: /^OG招待：/ })).toHaveAttribute(
      'href',
      '/invite-mentor',
    );
    expect(await screen.findByText('OGとしてのプロフィールは登録されていません。')).toBeVisible();
    expect(screen.queryByText(/見つかりません/)).toBeNull();
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/mentors/me'));
    expect(asked).toHaveLength(1);
  });

  it('shows an admin who is also an alumna her alumni profile below the menu', async () => {
    renderApp('/profile', api('present'));
    expect(await screen.findByRole('heading', { name: '管理者メニュー', level: 1 })).toBeVisible();
    expect(await screen.findByText('管理 花子')).toBeVisible();
    expect(screen.queryByText('OGとしてのプロフィールは登録されていません。')).toBeNull();
  });

  it('lands an admin on the console from /, where sign-in leads', async () => {
    const { router } = renderApp('/', api('none'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
