import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import { adminApi, adminUser, calls, MY_ID, ok, refused } from '../../test/admin-data';

const PENDING = adminUser({
  id: '33333333-3333-4333-8333-333333333333',
  email: 'taro@example.com',
  name: '鈴木 太郎',
  role: 'mentor_pending',
  profile: 'mentor',
  mentorUrlParam: 'taro',
  universityName: '早稲田大学',
  universityNameEn: 'Waseda University',
});
const STUDENT = adminUser();
const SELF = adminUser({
  id: MY_ID,
  email: 'admin@example.com',
  name: null,
  role: 'admin',
  profile: null,
  universityName: null,
});

function usersApi(
  users: unknown[],
  write?: (url: URL, method: string, body: unknown) => ReturnType<typeof ok> | undefined,
) {
  return adminApi((url, method, body) => {
    if (url.pathname === '/api/admin/users' && method === 'GET') {
      return ok({ users, nextCursor: null });
    }
    return write?.(url, method, body);
  });
}

/** A no-show claim against the student as the console lists it: answered or not, undecided. */
// As the JSON carries it: dates are strings.
function claimData(overrides: Record<string, unknown> = {}) {
  return {
    visitRequestId: '99999999-9999-4999-8999-999999999991',
    groupSession: null,
    claimantName: '鈴木 陽子',
    meetingAt: '2026-11-20T04:00:00.000Z',
    reason: '',
    claimedAt: '2026-11-20T06:00:00.000Z',
    answer: null,
    answerBy: '2026-11-27T06:00:00.000Z',
    withdrawnAt: null,
    decision: null,
    decidedAt: null,
    counts: false,
    cleared: false,
    ...overrides,
  };
}

function rowOf(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li')!;
}

/** A row's actions are in one menu; opens it and answers its items. */
async function menuOf(row: HTMLElement): Promise<HTMLElement> {
  const details = row.querySelector('details')!;
  if (!details.open) await userEvent.click(within(row).getByText('操作'));
  expect(details).toHaveAttribute('open');
  return within(row).getByRole('group', { name: /さんへの操作$/ });
}

describe('/admin/users', () => {
  it('sends the filters in the address to the API and keeps new ones there', async () => {
    const { fetchMock, router } = renderApp(
      '/admin/users?q=山田&role=mentor_pending&status=active',
      usersApi([STUDENT]),
    );
    await screen.findByRole('heading', { level: 3, name: '山田 花子' });
    const first = calls(fetchMock).find((call) => call.startsWith('GET /api/admin/users'))!;
    const query = new URL(first.slice(4), 'http://localhost').searchParams;
    expect(query.get('q')).toBe('山田');
    expect(query.get('role')).toBe('mentor_pending');
    expect(query.get('status')).toBe('active');
    expect(screen.getByLabelText(/名前またはメールアドレス/)).toHaveValue('山田');
    expect(
      screen.getByLabelText('権限', { selector: '#main form[role=search] select' }),
    ).toHaveValue('mentor_pending');

    await userEvent.selectOptions(screen.getByLabelText('利用状況'), '利用停止');
    await waitFor(() => expect(router.state.location.search).toContain('status=suspended'));
    await waitFor(() =>
      expect(calls(fetchMock).some((call) => call.includes('status=suspended'))).toBe(true),
    );
  });

  it('searches by name or address once typing pauses', async () => {
    const { fetchMock, router } = renderApp('/admin/users', usersApi([STUDENT]));
    await screen.findByRole('heading', { level: 3, name: '山田 花子' });
    // Pasted in one go: typed key by key, a slow machine may pause long enough to search "han".
    await userEvent.click(screen.getByLabelText(/名前またはメールアドレス/));
    await userEvent.paste('hanako');
    await waitFor(() => expect(router.state.location.search).toBe('?q=hanako'));
    const searches = () => calls(fetchMock).filter((call) => call.includes('q='));
    await waitFor(() => expect(searches()).toEqual(['GET /api/admin/users?q=hanako']));
  });

  it('ignores values the API would refuse', async () => {
    const { fetchMock } = renderApp('/admin/users?role=owner&status=maybe', usersApi([]));
    expect(await screen.findByText('まだユーザーはいません。')).toBeVisible();
    expect(calls(fetchMock)).toContain('GET /api/admin/users');
  });

  it('shows each person with role, status and dates', async () => {
    renderApp(
      '/admin/users',
      usersApi([PENDING, adminUser({ suspendedAt: '2026-11-01T00:00:00Z' })]),
    );
    const pending = await screen.findByRole('heading', { level: 3, name: '鈴木 太郎' });
    const row = pending.closest('li')!;
    expect(row).toHaveTextContent('taro@example.com');
    expect(within(row).getByText('OG（承認待ち）', { selector: '.badge' })).toBeVisible();
    expect(within(row).getByText('利用中')).toBeVisible();
    expect(row).toHaveTextContent('早稲田大学');
    expect(within(row).getByRole('link', { name: 'OGページを見る' })).toHaveAttribute(
      'href',
      '/mentor/taro',
    );
    expect(within(rowOf('山田 花子')).getByText('利用停止', { selector: '.badge' })).toBeVisible();
    expect(
      within(await menuOf(rowOf('山田 花子'))).getByRole('button', { name: '利用再開' }),
    ).toBeVisible();
  });

  it('approves an alumnus awaiting approval after confirmation', async () => {
    const { fetchMock } = renderApp(
      '/admin/users',
      usersApi([PENDING], (url, method) =>
        method === 'PUT' && url.pathname === `/api/admin/users/${PENDING.id}/role`
          ? ok({ ...PENDING, role: 'mentor' })
          : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '鈴木 太郎' });
    await userEvent.click(within(rowOf('鈴木 太郎')).getByRole('button', { name: '承認' }));
    const dialog = screen.getByRole('dialog', { name: 'OGとしての承認' });
    expect(dialog).toHaveTextContent('鈴木 太郎さんをOGとして承認します。');
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: '承認する' }));
    expect(await screen.findByText('鈴木 太郎さんをOGとして承認しました。')).toBeVisible();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe(`/api/admin/users/${PENDING.id}/role`);
    expect(JSON.parse(String(put[1]?.body))).toEqual({ role: 'mentor' });
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
  });

  it('changes a role with the select after confirmation', async () => {
    const { fetchMock } = renderApp(
      '/admin/users',
      usersApi([STUDENT], (_url, method) =>
        method === 'PUT' ? ok({ ...STUDENT, role: 'admin' }) : undefined,
      ),
    );
    const row = (await screen.findByRole('heading', { level: 3, name: '山田 花子' })).closest(
      'li',
    )!;
    const select = within(await menuOf(row)).getByLabelText('権限');
    // A student profile allows only the student and admin roles.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['管理者', '学生']);
    await userEvent.selectOptions(select, '管理者');
    await userEvent.click(within(await menuOf(row)).getByRole('button', { name: '権限を変更' }));
    const dialog = screen.getByRole('dialog', { name: '権限の変更' });
    expect(dialog).toHaveTextContent('山田 花子さんの権限を「学生」から「管理者」に変更します。');
    await userEvent.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(
      await screen.findByText('山田 花子さんの権限を「管理者」に変更しました。'),
    ).toBeVisible();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ role: 'admin' });
  });

  it('suspends after a confirmation that says what happens', async () => {
    const { fetchMock } = renderApp(
      '/admin/users',
      usersApi([STUDENT], (url, method) =>
        method === 'POST' && url.pathname.endsWith('/suspend')
          ? ok({ ...STUDENT, suspendedAt: '2026-11-21T00:00:00Z' })
          : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '山田 花子' });
    await userEvent.click(
      within(await menuOf(rowOf('山田 花子'))).getByRole('button', { name: '利用停止' }),
    );
    const dialog = screen.getByRole('dialog', { name: '利用停止の確認' });
    expect(dialog).toHaveTextContent('ログインできなくなり、すべての端末でログアウトされます');
    await userEvent.click(within(dialog).getByRole('button', { name: '利用停止にする' }));
    expect(await screen.findByText('山田 花子さんを利用停止にしました。')).toBeVisible();
    expect(calls(fetchMock)).toContain(`POST /api/admin/users/${STUDENT.id}/suspend`);
  });

  it('shows a refusal in Japanese inside the dialog, which stays open', async () => {
    renderApp(
      '/admin/users',
      usersApi([STUDENT], (_url, method) =>
        method === 'POST' ? refused(409, 'admin/last-admin') : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '山田 花子' });
    await userEvent.click(
      within(await menuOf(rowOf('山田 花子'))).getByRole('button', { name: '利用停止' }),
    );
    const dialog = screen.getByRole('dialog', { name: '利用停止の確認' });
    await userEvent.click(within(dialog).getByRole('button', { name: '利用停止にする' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '最後の管理者は、権限の変更・利用停止・削除・退会ができません。先に別の方を管理者にしてください。',
    );
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('button', { name: '利用停止にする' })).toBeEnabled();
  });

  it('deletes an account after saying it is the same as a withdrawal', async () => {
    const { fetchMock } = renderApp(
      '/admin/users',
      usersApi([STUDENT], (_url, method) => (method === 'DELETE' ? ok({ ok: true }) : undefined)),
    );
    await screen.findByRole('heading', { level: 3, name: '山田 花子' });
    await userEvent.click(
      within(await menuOf(rowOf('山田 花子'))).getByRole('button', { name: 'アカウントを削除' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'アカウント削除の確認' });
    expect(dialog).toHaveTextContent('ご本人が退会した場合と同じく');
    expect(dialog).toHaveTextContent('未登録の招待は期限切れになり');
    // Nothing happens until the address is typed.
    const confirmButton = within(dialog).getByRole('button', { name: '削除する' });
    expect(confirmButton).toBeDisabled();
    const typed = within(dialog).getByLabelText(
      '確認のため、「hanako@aoyama.jp」と入力してください',
    );
    await userEvent.type(typed, 'hanako@aoyama');
    expect(confirmButton).toBeDisabled();
    await userEvent.type(typed, '.jp');
    expect(confirmButton).toBeEnabled();
    expect(calls(fetchMock).some((call) => call.startsWith('DELETE'))).toBe(false);
    await userEvent.click(confirmButton);
    expect(await screen.findByText('山田 花子さんのアカウントを削除しました。')).toBeVisible();
    expect(calls(fetchMock)).toContain(`DELETE /api/admin/users/${STUDENT.id}`);
  });

  it('reinstates at once and says so', async () => {
    const suspended = adminUser({ suspendedAt: '2026-11-01T00:00:00Z' });
    const { fetchMock } = renderApp(
      '/admin/users',
      usersApi([suspended], (_url, method) =>
        method === 'POST' ? ok({ ...suspended, suspendedAt: null }) : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '山田 花子' });
    await userEvent.click(
      within(await menuOf(rowOf('山田 花子'))).getByRole('button', { name: '利用再開' }),
    );
    expect(await screen.findByText('山田 花子さんの利用を再開しました。')).toBeVisible();
    expect(calls(fetchMock)).toContain(`POST /api/admin/users/${STUDENT.id}/reinstate`);
  });

  it('shows an alumna’s visit record and lifts a student’s no-show stop after confirmation', async () => {
    const stopped = adminUser({ requestsStopped: true });
    const { fetchMock } = renderApp(
      '/admin/users',
      usersApi(
        [
          stopped,
          { ...PENDING, visitStats: { received: 5, answered: 4, held: 3, averageRating: 4.5 } },
        ],
        (_url, method) =>
          method === 'POST' ? ok({ ...stopped, requestsStopped: false }) : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '鈴木 太郎' });
    expect(rowOf('鈴木 太郎')).toHaveTextContent(
      '受けた依頼 5件・返答 4件・実施 3件 / 学生の評価（平均）4.5',
    );
    const row = rowOf('山田 花子');
    expect(row).toHaveTextContent('依頼停止中（欠席の報告2回）');
    await userEvent.click(within(row).getByRole('button', { name: '依頼停止を解除' }));
    const dialog = screen.getByRole('dialog', { name: '依頼停止を解除しますか？' });
    expect(dialog).toHaveTextContent('直近90日間にOG訪問に来なかったとの報告が2回数えられた');
    await userEvent.click(within(dialog).getByRole('button', { name: '解除する' }));
    expect(await screen.findByText('山田 花子さんの依頼停止を解除しました。')).toBeVisible();
    expect(calls(fetchMock)).toContain(`POST /api/admin/users/${STUDENT.id}/clear-no-shows`);
  });

  it('shows each no-show claim against a student with its reason, answer, withdrawal and standing', async () => {
    const decided = { decision: 'upheld' as const, decidedAt: '2026-11-25T01:00:00.000Z' };
    const { fetchMock } = renderApp(
      '/admin/users',
      usersApi(
        [
          adminUser({
            requestsStopped: true,
            noShowClaims: [
              claimData({
                claimantName: '佐藤 美咲',
                reason: '受付で30分お待ちしました。',
                answer: { note: '13時に伺いました。', at: '2026-11-21T01:00:00.000Z' },
              }),
              claimData({
                visitRequestId: '99999999-9999-4999-8999-999999999992',
                claimantName: null,
                reason: '',
                counts: true,
              }),
              claimData({
                visitRequestId: '99999999-9999-4999-8999-999999999993',
                reason: '間違えました。',
                withdrawnAt: '2026-11-22T01:00:00.000Z',
              }),
              claimData({
                visitRequestId: '99999999-9999-4999-8999-999999999994',
                counts: true,
                ...decided,
              }),
              claimData({
                visitRequestId: '99999999-9999-4999-8999-999999999995',
                cleared: true,
                ...decided,
              }),
            ],
          }),
        ],
        (url, method) =>
          method === 'POST' && url.pathname.endsWith('/decision') ? ok(adminUser()) : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '山田 花子' });
    const claims = within(rowOf('山田 花子')).getByRole('group', {
      name: '「来なかった」との報告（直近90日）',
    });
    const items = within(claims).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('佐藤 美咲さんからの報告');
    expect(items[0]).toHaveTextContent('理由：受付で30分お待ちしました。');
    expect(items[0]).toHaveTextContent('本人の回答「参加しました」');
    expect(items[0]).toHaveTextContent('13時に伺いました。');
    expect(items[0]).toHaveTextContent(
      '本人が期限内に回答しています。運営者が認めるまで数えられません。',
    );
    expect(items[1]).toHaveTextContent('退会したユーザーからの報告');
    expect(items[1]).toHaveTextContent('理由：記載なし');
    expect(items[1]).toHaveTextContent('本人からの回答はまだありません。');
    expect(items[1]).toHaveTextContent('までに回答がなかったため、数えられています。');
    // A withdrawn claim keeps its reason, and is decided no more.
    expect(items[2]).toHaveTextContent('理由：間違えました。');
    expect(items[2]).toHaveTextContent('報告者が取り下げました');
    expect(within(items[2]!).queryByRole('button')).toBeNull();
    expect(items[3]).toHaveTextContent('運営者が認めました');
    expect(within(items[3]!).queryByRole('button', { name: '報告を認める' })).toBeNull();
    // Upheld after a clearance, about a visit before it: cleared, whatever the decision.
    expect(items[4]).toHaveTextContent('解除済みです。数えられません。');
    expect(items[4]).not.toHaveTextContent('運営者が認めました');

    await userEvent.click(within(items[0]!).getByRole('button', { name: '報告を認める' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        `POST /api/admin/users/${STUDENT.id}/no-show-claims/${claimData().visitRequestId}/decision`,
      ),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/decision'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ decision: 'upheld' });
  });

  it('shows a 座談会’s 欠席 among the claims, decided by its session (decision 0045)', async () => {
    const sessionId = '88888888-8888-4888-8888-888888888881';
    const { fetchMock } = renderApp(
      '/admin/users',
      usersApi(
        [
          adminUser({
            noShowClaims: [
              claimData({
                visitRequestId: null,
                groupSession: { id: sessionId, title: '仕事選びの座談会' },
                answer: { note: '最後までいました。', at: '2026-11-21T01:00:00.000Z' },
              }),
            ],
          }),
        ],
        (url, method) =>
          method === 'POST' && url.pathname.endsWith('/decision') ? ok(adminUser()) : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 3, name: '山田 花子' });
    const claims = within(rowOf('山田 花子')).getByRole('group', {
      name: '「来なかった」との報告（直近90日）',
    });
    const [item] = within(claims).getAllByRole('listitem');
    expect(item).toHaveTextContent('の座談会「仕事選びの座談会」：鈴木 陽子さんが欠席と記録');
    expect(item).toHaveTextContent('最後までいました。');
    await userEvent.click(within(item!).getByRole('button', { name: '報告を認めない' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        `POST /api/admin/users/${STUDENT.id}/group-session-absences/${sessionId}/decision`,
      ),
    );
  });

  it('shows the last grade rollover and undoes it after confirmation', async () => {
    const rollover = {
      id: '77777777-7777-4777-8777-777777777777',
      schoolYear: 2027,
      students: 120,
      createdAt: '2027-03-31T15:05:00.000Z',
      undoneAt: null,
    };
    const { fetchMock } = renderApp(
      '/admin/users',
      usersApi([STUDENT], (url, method) => {
        if (url.pathname === '/api/admin/grade-rollovers') return ok({ rollovers: [rollover] });
        if (method === 'POST') return ok({ ...rollover, undoneAt: '2027-04-02T00:00:00.000Z' });
        return undefined;
      }),
    );
    const card = await screen.findByRole('region', { name: '学年の繰り上げ' });
    expect(
      await within(card).findByText(/2027年度：.*に120人の学年を繰り上げました。/),
    ).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: '元に戻す' }));
    const dialog = screen.getByRole('dialog', { name: '学年の繰り上げを元に戻しますか？' });
    expect(dialog).toHaveTextContent('120人を、元の学年に戻します');
    await userEvent.click(within(dialog).getByRole('button', { name: '元に戻す' }));
    expect(await screen.findByText('2027年度の学年の繰り上げを元に戻しました。')).toBeVisible();
    expect(calls(fetchMock)).toContain(`POST /api/admin/grade-rollovers/${rollover.id}/undo`);
  });

  it('offers no suspension or deletion on the admin’s own account', async () => {
    renderApp('/admin/users', usersApi([SELF, STUDENT]));
    const own = (await screen.findByText('admin@example.com')).closest('li')!;
    expect(within(own).getByText('あなた')).toBeVisible();
    const ownMenu = await menuOf(own);
    expect(within(ownMenu).queryByRole('button', { name: '利用停止' })).toBeNull();
    expect(within(ownMenu).queryByRole('button', { name: 'アカウントを削除' })).toBeNull();
    expect(
      within(await menuOf(rowOf('山田 花子'))).getByRole('button', { name: '利用停止' }),
    ).toBeVisible();
  });

  it('offers approval once: the role list of an alumna awaiting approval has no 「OG」', async () => {
    renderApp('/admin/users', usersApi([PENDING]));
    await screen.findByRole('heading', { level: 3, name: '鈴木 太郎' });
    const row = rowOf('鈴木 太郎');
    expect(within(row).getAllByRole('button', { name: '承認' })).toHaveLength(1);
    const select = within(await menuOf(row)).getByLabelText('権限');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['管理者', 'OG（承認待ち）']);
    // No separate 「管理者にする」: the role list is the one place to change a role.
    expect(within(row).queryByRole('button', { name: /管理者/ })).toBeNull();
  });

  it('loads the next page with the cursor', async () => {
    const { fetchMock } = renderApp(
      '/admin/users',
      adminApi((url) => {
        if (url.pathname !== '/api/admin/users') return undefined;
        return url.searchParams.get('cursor') === 'next-1'
          ? ok({ users: [PENDING], nextCursor: null })
          : ok({ users: [STUDENT], nextCursor: 'next-1' });
      }),
    );
    await screen.findByRole('heading', { level: 3, name: '山田 花子' });
    await userEvent.click(screen.getByRole('button', { name: 'さらに読み込む' }));
    expect(await screen.findByRole('heading', { level: 3, name: '鈴木 太郎' })).toBeVisible();
    expect(calls(fetchMock)).toContain('GET /api/admin/users?cursor=next-1');
    expect(screen.getByText('2件を表示中')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'さらに読み込む' })).toBeNull();
  });

  describe('in English', () => {
    afterEach(async () => {
      await setLanguage('ja');
    });

    it("names each person's university in English where it has an English name", async () => {
      await setLanguage('en');
      renderApp('/admin/users', usersApi([PENDING, STUDENT]));
      const row = (await screen.findByRole('heading', { level: 3, name: '鈴木 太郎' })).closest(
        'li',
      )!;
      expect(row).toHaveTextContent('Waseda University');
      expect(row).not.toHaveTextContent('早稲田大学');
      expect(rowOf('山田 花子')).toHaveTextContent('青山大学');
    });
  });
});
