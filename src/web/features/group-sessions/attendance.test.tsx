import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GroupSessionView } from '../../../shared/schemas/group-sessions';
import { view } from '../../test/group-session-data';
import { renderApp, signedInAs, type Answer, type Handler } from '../../test/render';

/** 出欠 on a 座談会's page (issue 58 point 4): its alumna marks each seated student. */

const attendee = (
  name: string,
  id: string,
  place: GroupSessionView['mine'],
  attended: boolean | null = null,
) => ({
  studentId: id,
  name,
  university: '慶應義塾大学',
  universityNameEn: null,
  grade: '3年',
  place,
  attended,
  absence: null,
  safeEnd: null,
});

/** Its alumna's view of a 座談会 held: two seated, one waiting. */
function held(overrides: Partial<GroupSessionView> = {}): GroupSessionView {
  return view({
    topics: ['industry_research'],
    startsAt: '2020-12-10T09:00:00.000Z',
    endsAt: '2020-12-10T10:00:00.000Z',
    signUpClosesAt: '2020-12-09T09:00:00.000Z',
    seats: 3,
    seatsLeft: 1,
    state: 'held',
    canJoin: false,
    description: '',
    as: 'host',
    waitingCount: 1,
    attendees: [
      attendee('席 一郎', 'a1', { kind: 'seated' }, true),
      attendee('席 二子', 'a2', { kind: 'seated' }),
      attendee('待ち 三郎', 'a3', { kind: 'waiting', position: 1 }),
    ],
    ...overrides,
  });
}

const ok = (body: unknown): Answer => ({ status: 200, body });

function api(role: string, session: () => GroupSessionView): Handler {
  return (url, init) => {
    if (url.startsWith('/api/auth/session')) return signedInAs(role);
    if (url === '/api/group-sessions/s1' && (init?.method ?? 'GET') === 'GET') return ok(session());
    return ok({});
  };
}

describe('attendance of a held 座談会', () => {
  it('lets its alumna mark each seated student and save them at once', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderApp(
      '/group-sessions/s1',
      api('mentor', () => held()),
    );
    const section = await screen.findByRole('region', { name: '出欠' });
    // Seated students only, with what was recorded before.
    const groups = within(section).getAllByRole('group');
    expect(groups.map((group) => group.querySelector('legend')!.textContent)).toEqual([
      '席 一郎 慶應義塾大学 3年',
      '席 二子 慶應義塾大学 3年',
    ]);
    expect(within(groups[0]!).getByRole('radio', { name: '参加' })).toBeChecked();
    await user.click(within(groups[1]!).getByRole('radio', { name: '欠席' }));
    await user.click(within(section).getByRole('button', { name: '出欠を保存する' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('出欠を保存しました。');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put![0]).toBe('/api/group-sessions/s1/attendance');
    expect(JSON.parse(String(put![1]!.body))).toEqual({
      attendance: [
        { studentId: 'a1', attended: true },
        { studentId: 'a2', attended: false },
      ],
    });
  });

  it('is not there before it starts, nor for a student', async () => {
    renderApp(
      '/group-sessions/s1',
      api('mentor', () => held({ state: 'closed' })),
    );
    expect(await screen.findByRole('heading', { name: '総合商社の仕事を話します' })).toBeVisible();
    expect(screen.queryByRole('region', { name: '出欠' })).toBeNull();
  });
});
