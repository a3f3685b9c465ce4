import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format';
import { renderApp } from '../../test/render';
import { adminApi, ok } from '../../test/admin-data';

const FEEDBACK = {
  visitRequestId: '44444444-4444-4444-8444-444444444444',
  side: 'student',
  rating: 5,
  comment: '具体的なお話が聞けました。',
  studentName: '山田 太郎',
  mentorName: null,
  meetingAt: '2026-11-20T05:00:00.000Z',
  updatedAt: '2026-11-21T01:00:00.000Z',
};

describe('/admin/feedback', () => {
  it('lists what each side said, a withdrawn person as such, and filters by side', async () => {
    const { fetchMock } = renderApp(
      '/admin/feedback',
      adminApi((url) =>
        url.pathname === '/api/admin/feedback'
          ? ok({ items: [FEEDBACK], nextCursor: null })
          : undefined,
      ),
    );
    const table = await screen.findByRole('table', { name: 'フィードバックの一覧（新しい順）' });
    const cells = within(table).getAllByRole('row')[1]!.querySelectorAll('th, td');
    expect([...cells].map((cell) => cell.textContent)).toEqual([
      formatDate(FEEDBACK.updatedAt),
      '学生',
      '5',
      '具体的なお話が聞けました。',
      `山田 太郎 → 退会したユーザー（${formatDate(FEEDBACK.meetingAt)}）`,
    ]);
    await userEvent.selectOptions(screen.getByLabelText('送った人'), 'OG');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          String(url).includes('/api/admin/feedback?side=mentor'),
        ),
      ).toBe(true),
    );
  });
});
