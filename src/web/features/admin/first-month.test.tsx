import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { adminApi, ok } from '../../test/admin-data';
import { deskAnswer } from '../../test/desk-data';

/**
 * The console in a new seminar's first month (issue 56): the setup list the admin lands on,
 * the overview's numbers before its charts, the desk form's rule beside both its fields.
 */

const OVERVIEW = {
  students: { total: 12, byUniversity: [], byGrade: [{ grade: '3年', count: 6 }] },
  mentors: { total: 40, byIndustryCategory: [], byGraduationYear: [] },
  invitations: [{ status: 'pending', count: 3 }],
  signUpsPerWeek: [{ weekStart: '2026-11-16', students: 4, mentors: 2 }],
  visits: { byMonth: [], answerRate: null, medianHoursToAnswer: null },
  openReports: 0,
  outbox: { pending: 0, failed: 0, oldestPendingSeconds: null },
};

function setupApi(setup: { desk: boolean; seminar: boolean; invitations: boolean }) {
  const saved: unknown[] = [];
  const handler = adminApi((url, method, body) => {
    if (url.pathname === '/api/admin/setup') return ok(setup);
    if (url.pathname === '/api/seminar') return ok({ seminar: null });
    if (url.pathname === '/api/admin/seminar' && method === 'PUT') {
      saved.push(body);
      setup.seminar = true;
      return ok({ seminar: body });
    }
    if (url.pathname === '/api/admin/overview') return ok(OVERVIEW);
    if (url.pathname === '/api/admin/visits/unconfirmed') return ok({ items: [], more: false });
    return undefined;
  });
  return { handler, saved };
}

describe('the first admin’s setup list', () => {
  it('is where an admin lands while the seminar is not set up, each step ticked when done', async () => {
    const { handler, saved } = setupApi({ desk: true, seminar: false, invitations: false });
    const { router } = renderApp('/', handler);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/setup'));
    expect(await screen.findByRole('heading', { level: 1, name: 'はじめの設定' })).toBeVisible();
    const steps = screen
      .getAllByRole('listitem')
      .filter((li) => li.className.includes('setup-step'));
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      '相談窓口を設定する 済み',
      'ゼミの名前を設定する 未設定',
      '最初のOGを招待する 未設定',
    ]);
    expect(within(steps[0]!).getByRole('link', { name: '開く' })).toHaveAttribute(
      'href',
      '/admin/desk',
    );
    expect(within(steps[2]!).getByRole('link', { name: '開く' })).toHaveAttribute(
      'href',
      '/invite-mentor',
    );

    // The seminar's name is set right there; a name with no teacher is refused first.
    await userEvent.type(await within(steps[1]!).findByLabelText('ゼミの名前'), '山田ゼミ');
    await userEvent.click(within(steps[1]!).getByRole('button', { name: '保存する' }));
    expect(
      await within(steps[1]!).findByText(
        'ゼミの名前と一緒に、先生か運営者の名前を入力してください。',
      ),
    ).toBeVisible();
    await userEvent.type(within(steps[1]!).getByLabelText('先生・運営者の名前'), '山田 花子 先生');
    await userEvent.click(within(steps[1]!).getByRole('button', { name: '保存する' }));
    await waitFor(() =>
      expect(within(steps[1]!).getByRole('heading')).toHaveTextContent('ゼミの名前を設定する 済み'),
    );
    expect(saved).toEqual([{ name: '山田ゼミ', leaderName: '山田 花子 先生' }]);
  });

  it('is passed by once every step is done: the admin lands on the overview', async () => {
    const { handler } = setupApi({ desk: true, seminar: true, invitations: true });
    const { router } = renderApp('/', handler);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});

describe('the overview', () => {
  it('shows its numbers and tables while the charts are still loading', async () => {
    // The drawings come in a chunk of their own, which the page asks for only once it shows
    // (a vi.mock holding them back would hold them back for every file of this worker).
    const page = readFileSync(path.join(import.meta.dirname, 'overview-page.tsx'), 'utf8');
    expect(page).not.toMatch(/^import[^;]*'\.\/overview-charts'/m);
    expect(page).toMatch(/import\('\.\/overview-charts'\)/);
    const { handler } = setupApi({ desk: true, seminar: true, invitations: true });
    renderApp('/admin', handler);
    const totals = await screen.findByRole('region', { name: '登録状況' });
    expect(totals).toHaveTextContent('学生12人');
    expect(await screen.findByRole('table', { name: '学年別の学生数の表' })).toHaveTextContent(
      '3年6',
    );
  });
});

describe('the desk form', () => {
  it('says its rule once, in the group of both fields it concerns', async () => {
    renderApp(
      '/admin/desk',
      adminApi((url) => (url.pathname === '/api/desk' ? deskAnswer(null) : undefined)),
    );
    const group = await screen.findByRole('group', { name: '連絡先' });
    expect(group).toHaveAccessibleDescription(
      'メールアドレスか電話番号のどちらかは必要です（両方でも構いません）。',
    );
    expect(within(group).getByLabelText('メールアドレス')).toBeVisible();
    expect(within(group).getByLabelText(/電話番号/)).toBeVisible();
    expect(screen.getAllByText(/どちらかは必要です/)).toHaveLength(1);
  });
});
