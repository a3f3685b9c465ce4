import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInAs } from '../../test/render';

const PROFILE = {
  name: '山田 花子',
  studentNumber: 'A1',
  universityId: 'waseda',
  universityName: '早稲田大学',
  faculty: '商学部',
  department: '経営学科',
  grade: '3年',
  contactEmail: 's@akane.waseda.jp',
  desiredIndustry: null,
  desiredJobType: null,
  selfIntroduction: null,
  email: 's@akane.waseda.jp',
};

describe('focus after navigation', () => {
  it('moves focus to the new page heading when a tab is followed', async () => {
    renderApp('/mentors-list', (url) => {
      if (url.includes('/api/mentors'))
        return { status: 200, body: { items: [], nextCursor: null } };
      if (url.includes('/api/universities')) return { status: 200, body: [] };
      if (url.includes('/api/students/me')) return { status: 200, body: PROFILE };
      return signedInAs('student');
    });
    const tab = (await screen.findAllByRole('link', { name: 'プロフィール' }))[0]!;
    await userEvent.click(tab);
    const heading = await screen.findByRole('heading', { level: 1, name: '学生プロフィール' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('moves focus to the heading of a page that shows it only once its data has come', async () => {
    renderApp('/mentors-list', async (url) => {
      if (url.includes('/api/mentors'))
        return { status: 200, body: { items: [], nextCursor: null } };
      if (url.includes('/api/universities')) return { status: 200, body: [] };
      if (url.includes('/api/students/me')) {
        // Slower than a frame: the skeleton is what the page shows first.
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { status: 200, body: PROFILE };
      }
      return signedInAs('student');
    });
    const tab = (await screen.findAllByRole('link', { name: 'プロフィール' }))[0]!;
    await userEvent.click(tab);
    const heading = await screen.findByRole('heading', { level: 1, name: '学生プロフィール' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
