import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signedInAs } from '../../test/render';
import { BlockedUsersSection } from './blocked-users-section';

const BLOCKED = [
  { userId: 'b1', label: '佐藤 美咲（OG）', blockedAt: '2026-11-20T01:00:00.000Z' },
  { userId: 'b2', label: '高橋 翔（学生）', blockedAt: '2026-11-10T01:00:00.000Z' },
];

function renderSection(initial: typeof BLOCKED) {
  let list = initial;
  return renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <>
            <h1>プロフィール</h1>
            <BlockedUsersSection />
          </>
        ),
      },
    ],
    '/profile',
    (url, init) => {
      if (url.startsWith('/api/auth/session')) return signedInAs('student');
      if (url === '/api/blocks') return { status: 200, body: list };
      if (url.startsWith('/api/blocks/') && init?.method === 'DELETE') {
        list = list.filter((entry) => !url.endsWith(`/${entry.userId}`));
        return { status: 200, body: { blocked: false, cancelledRequests: 0 } };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

describe('BlockedUsersSection (on /profile)', () => {
  it('lists the people blocked and lifts a block', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSection(BLOCKED);
    const section = await screen.findByRole('region', { name: 'ブロック中のユーザー' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.blocked-name')?.textContent)).toEqual([
      '佐藤 美咲（OG）',
      '高橋 翔（学生）',
    ]);
    await user.click(within(rows[0]!).getByRole('button', { name: 'ブロックを解除' }));
    expect(await screen.findByText('佐藤 美咲（OG）のブロックを解除しました。')).toBeVisible();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url) === '/api/blocks/b1' && init?.method === 'DELETE',
      ),
    ).toBe(true);
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
  });

  it('shows nothing while nobody is blocked', async () => {
    const { fetchMock } = renderSection([]);
    await screen.findByRole('heading', { name: 'プロフィール' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/blocks')).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'ブロック中のユーザー' })).toBeNull();
  });
});
