import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StudentProfile } from '../../../shared/schemas/students';
import { setLanguage } from '../../i18n';
import { renderRoutes, type Handler } from '../../test/render';
import { StudentProfilePage } from './student-profile-page';
import { STUDENT_PROFILE } from '../../test/student-data';

const PROFILE: StudentProfile = {
  ...STUDENT_PROFILE,
  desiredJobType: null,
  selfIntroduction: null,
};

const api: Handler = (url) =>
  url === '/api/students/me'
    ? { status: 200, body: PROFILE }
    : { status: 404, body: { code: 'not-found', message: '' } };

function valueOf(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

function renderProfile() {
  renderRoutes(
    [{ path: '/student-profile', element: <StudentProfilePage /> }],
    '/student-profile',
    api,
  );
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('/student-profile', () => {
  it('shows the profile as saved, with 未設定 for what is empty', async () => {
    renderProfile();
    expect(await screen.findByText('慶應義塾大学')).toBeVisible();
    expect(valueOf('志望業界')).toBe('金融・保険');
    expect(valueOf('学年')).toBe('3年');
    expect(valueOf('志望職種')).toBe('未設定');
  });

  it('names the university, year and industry in English in English mode', async () => {
    await setLanguage('en');
    renderProfile();
    expect(await screen.findByText('Keio University')).toBeVisible();
    expect(screen.queryByText('慶應義塾大学')).toBeNull();
    expect(valueOf('Desired industry')).toBe('Finance & insurance');
    expect(valueOf('Year')).toBe('3rd year');
  });
});
