import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GroupSessionView } from '../../../shared/schemas/group-sessions';
import type { NoShowClaim } from '../../../shared/schemas/visit-requests';
import { view } from '../../test/group-session-data';
import { renderApp, signedInAs, type Answer, type Handler } from '../../test/render';

/**
 * After a 座談会 (issue 58 point 4): a student's 欠席 read and answered as a visit's no-show
 * claim, 「無事に終わりましたか」 after an in-person one, and what its alumna and the admins read.
 */

const ok = (body: unknown): Answer => ({ status: 200, body });

function claim(overrides: Partial<NoShowClaim> = {}): NoShowClaim {
  return {
    reason: '',
    claimedAt: '2026-12-06T12:00:00.000Z',
    answer: null,
    withdrawnAt: null,
    answerBy: '2026-12-13T12:00:00.000Z',
    decision: null,
    counts: false,
    cleared: false,
    ...overrides,
  };
}

function held(overrides: Partial<GroupSessionView> = {}): GroupSessionView {
  return view({
    state: 'held',
    canJoin: false,
    meetingFormat: 'in_person',
    placeKind: 'public',
    mine: { kind: 'seated' },
    ...overrides,
  });
}

function api(role: string, session: () => GroupSessionView): Handler {
  return (url, init) => {
    if (url.startsWith('/api/auth/session')) return signedInAs(role);
    if (url === '/api/group-sessions/s1' && (init?.method ?? 'GET') === 'GET') return ok(session());
    return ok({});
  };
}

const posts = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('a student after a 座談会', () => {
  it('reads a 欠席 recorded of her as a visit’s claim, and answers 「参加しました」 once', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderApp(
      '/group-sessions/s1',
      api('student', () =>
        held({
          after: { absence: claim(), noShowsCounted: 0, safeEnd: null, hostId: 'h1' },
        }),
      ),
    );
    const notice = await screen.findByRole('region', { name: '「来なかった」との報告' });
    expect(notice).toHaveTextContent('鈴木 葵さんが、この座談会をあなたが欠席したと記録しました');
    expect(notice).toHaveTextContent('までに「参加しました」と回答すると');
    expect(notice).toHaveTextContent('現在、あなたについて数えられている報告は0回です');
    await user.type(
      within(notice).getByLabelText(/参加したときの様子/),
      '最初から最後までいました',
    );
    await user.click(within(notice).getByRole('button', { name: '「参加しました」と回答する' }));
    expect(await screen.findByText('「参加しました」と回答しました。')).toBeVisible();
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe('/api/group-sessions/s1/absence-answer');
    expect(JSON.parse(String(init!.body))).toEqual({ note: '最初から最後までいました' });
  });

  it('shows her answer, and a withdrawn 欠席 without the form', async () => {
    renderApp(
      '/group-sessions/s1',
      api('student', () =>
        held({
          after: {
            absence: claim({
              answer: { note: 'いました', at: '2026-12-06T13:00:00.000Z' },
              withdrawnAt: '2026-12-06T14:00:00.000Z',
            }),
            noShowsCounted: 0,
            safeEnd: null,
            hostId: 'h1',
          },
        }),
      ),
    );
    const notice = await screen.findByRole('region', { name: '「来なかった」との報告' });
    expect(notice).toHaveTextContent('この報告を取り下げました');
    expect(notice).toHaveTextContent('いました');
    expect(within(notice).queryByRole('button')).toBeNull();
  });

  it('is asked 「無事に終わりましたか」 and answers with one tap', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderApp(
      '/group-sessions/s1',
      api('student', () =>
        held({
          after: {
            absence: null,
            noShowsCounted: 0,
            safeEnd: { askedAt: '2026-12-06T13:00:00.000Z', confirmedAt: null },
            hostId: 'h1',
          },
        }),
      ),
    );
    const box = await screen.findByRole('region', { name: '無事に終わりましたか' });
    expect(box).toHaveTextContent('鈴木 葵さんの座談会は無事に終わりましたか');
    expect(within(box).getByRole('button', { name: '困ったことがあった' })).toBeVisible();
    await user.click(within(box).getByRole('button', { name: '無事に終わりました' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]![0]).toBe('/api/group-sessions/s1/safe-end');
  });
});

describe('its alumna and the admins after a 座談会', () => {
  function attendee(overrides: Partial<NonNullable<GroupSessionView['attendees']>[number]>) {
    return {
      studentId: 'a1',
      name: '席 一郎',
      university: '慶應義塾大学',
      universityNameEn: null,
      grade: '3年',
      place: { kind: 'seated' as const },
      attended: true,
      absence: null,
      safeEnd: null,
      ...overrides,
    };
  }

  it('shows the student’s answer and a withdrawal, and 欠席 cannot be chosen again', async () => {
    renderApp(
      '/group-sessions/s1',
      api('mentor', () =>
        held({
          as: 'host',
          mine: { kind: 'none' },
          attendees: [
            attendee({
              absence: claim({ withdrawnAt: '2026-12-06T14:00:00.000Z' }),
            }),
            attendee({
              studentId: 'a2',
              name: '席 二子',
              attended: false,
              absence: claim({ answer: { note: 'いました', at: '2026-12-06T13:00:00.000Z' } }),
            }),
          ],
        }),
      ),
    );
    const section = await screen.findByRole('region', { name: '出欠' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('欠席の記録は取り下げ済みです');
    expect(within(items[0]!).getByRole('radio', { name: '欠席' })).toBeDisabled();
    expect(items[1]).toHaveTextContent('「参加しました」と回答');
    expect(items[1]).toHaveTextContent('いました');
    expect(within(items[1]!).getByRole('radio', { name: '欠席' })).toBeEnabled();
  });

  it('shows the admins each student’s reply to 「無事に終わりましたか」', async () => {
    renderApp(
      '/group-sessions/s1',
      api('admin', () =>
        held({
          as: 'admin',
          mine: { kind: 'none' },
          attendees: [
            attendee({ safeEnd: { askedAt: '2026-12-06T13:00:00.000Z', confirmedAt: null } }),
            attendee({
              studentId: 'a2',
              name: '席 二子',
              safeEnd: {
                askedAt: '2026-12-06T13:00:00.000Z',
                confirmedAt: '2026-12-06T14:00:00.000Z',
              },
            }),
          ],
        }),
      ),
    );
    const section = await screen.findByRole('region', { name: '出欠' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('「無事に終わりましたか」への返事はまだありません。');
    expect(items[1]).toHaveTextContent('無事に終わったと返事がありました');
  });
});
