import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { japanWallClock } from '../../../shared/constants';
import type {
  GroupSessionCard,
  GroupSessionList,
  GroupSessionView,
} from '../../../shared/schemas/group-sessions';
import { ja } from '../../../shared/messages/ja';
import { bookableMentor } from '../../test/book-slot-data';
import { card, view } from '../../test/group-session-data';
import { renderApp, renderRoutes, signedInAs, type Answer, type Handler } from '../../test/render';
import { CompanyGroupSessions } from '../companies/group-sessions';
import { defaultSignUpClose } from './closing-default';
import { audienceText } from './session-card';

/** 座談会 on screen (issue 58): the list, the form, one 座談会's page, her page and a company's. */

function list(items: GroupSessionCard[], total = items.length): GroupSessionList {
  return { items, total };
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const refused = (status: number, code: string, fieldErrors?: Record<string, string>): Answer => ({
  status,
  body: { code, message: '', ...(fieldErrors ? { fieldErrors } : {}) },
});

/** Answers the session as `role`, then the first route whose test matches; `{}` otherwise. */
function api(
  role: string,
  routes: [(url: string, init: RequestInit | undefined) => boolean, () => Answer][],
): Handler {
  return (url, init) => {
    if (url.startsWith('/api/auth/session')) return signedInAs(role);
    for (const [matches, answer] of routes) if (matches(url, init)) return answer();
    return ok({});
  };
}

const get = (prefix: string) => (url: string, init: RequestInit | undefined) =>
  url.startsWith(prefix) && (init?.method ?? 'GET') === 'GET';
const send = (method: string, path: string) => (url: string, init: RequestInit | undefined) =>
  url === path && init?.method === method;

describe('the 座談会 list', () => {
  it('shows a student the seats left, a full one, and her own place', async () => {
    renderApp(
      '/group-sessions',
      api('student', [
        [
          get('/api/group-sessions'),
          () =>
            ok(
              list([
                card(),
                card({
                  id: 's2',
                  title: '銀行の仕事',
                  state: 'full',
                  seatsLeft: 0,
                  mine: { kind: 'waiting', position: 2 },
                }),
                card({ id: 's3', title: 'メーカーの研究職', mine: { kind: 'seated' } }),
              ]),
            ),
        ],
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '座談会' })).toBeVisible();
    const first = (await screen.findByRole('link', { name: '総合商社の仕事を話します' })).closest(
      'article',
    )!;
    expect(within(first).getByText('残り3席')).toBeVisible();
    expect(within(first).getByText(/鈴木 葵/)).toBeVisible();
    const full = screen.getByRole('link', { name: '銀行の仕事' }).closest('article')!;
    expect(within(full).getByText('満席（キャンセル待ちできます）')).toBeVisible();
    expect(within(full).getByText('キャンセル待ち 2番目')).toBeVisible();
    const seated = screen.getByRole('link', { name: 'メーカーの研究職' }).closest('article')!;
    expect(within(seated).getByText('参加予定')).toBeVisible();
    expect(screen.getByRole('link', { name: '総合商社の仕事を話します' })).toHaveAttribute(
      'href',
      '/group-sessions/s1',
    );
    // A student opens none.
    expect(screen.queryByRole('link', { name: '座談会を開く' })).toBeNull();
  });

  it('asks again by the industry chosen, and pages', async () => {
    const { fetchMock } = renderApp(
      '/group-sessions',
      api('student', [[get('/api/group-sessions'), () => ok(list([card()], 45))]]),
    );
    await userEvent.selectOptions(await screen.findByLabelText('業界'), '商社・流通');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        `/api/group-sessions?industry=${encodeURIComponent('商社・流通')}`,
      ),
    );
    expect(await screen.findByText('1 / 3ページ')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: '次のページ' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        `/api/group-sessions?industry=${encodeURIComponent('商社・流通')}&page=2`,
      ),
    );
    expect(await screen.findByText('2 / 3ページ')).toBeVisible();
  });

  it('says so when there are none', async () => {
    renderApp(
      '/group-sessions',
      api('student', [[get('/api/group-sessions'), () => ok(list([]))]]),
    );
    expect(await screen.findByText('今のところ、申し込める座談会はありません。')).toBeVisible();
  });

  it('shows an alumna her own, with 「座談会を開く」', async () => {
    renderApp(
      '/group-sessions',
      api('mentor', [
        [get('/api/group-sessions/mine'), () => ok(list([card({ title: '私の座談会' })]))],
        [get('/api/group-sessions'), () => ok(list([]))],
      ]),
    );
    const mine = (await screen.findByRole('heading', { name: 'あなたの座談会' })).closest(
      'section',
    )!;
    expect(await within(mine).findByRole('link', { name: '私の座談会' })).toBeVisible();
    expect(screen.getByRole('link', { name: '座談会を開く' })).toHaveAttribute(
      'href',
      '/group-sessions/new',
    );
  });

  it('is in the menu for students', async () => {
    const { router } = renderApp(
      '/group-sessions/s1',
      api('student', [[get('/api/group-sessions/s1'), () => ok(view())]]),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'メニューを開く' }));
    await userEvent.click(await screen.findByRole('link', { name: '座談会' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group-sessions'));
  });
});

/** "YYYY-MM-DDTHH:mm" in Japan time, `days` from now at `time`. */
function localDay(days: number, time: string): string {
  return `${japanWallClock(Date.now() + days * 86_400_000)
    .toISOString()
    .slice(0, 10)}T${time}`;
}

describe('opening a 座談会', () => {
  it('refuses what is missing, then sends the form as the contract reads it', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderApp(
      '/group-sessions/new',
      api('mentor', [
        [send('POST', '/api/group-sessions'), () => ({ status: 201, body: { id: 'new1' } })],
      ]),
    );
    await user.click(await screen.findByRole('button', { name: '座談会を開く' }));
    expect(await screen.findByText('タイトルを入力してください。')).toBeVisible();
    expect(screen.getByText('扱う相談内容を1つ以上選んでください。')).toBeVisible();
    expect(screen.getByText('日時を正しく入力してください。')).toBeVisible();
    expect(screen.getByText('面談の形式を選択してください。')).toBeVisible();
    expect(
      screen.getByText('安全のためのルールを確認し、チェックを入れてください。'),
    ).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('タイトル'), '商社の仕事を話します');
    await user.click(screen.getByRole('checkbox', { name: '業界研究' }));
    const start = localDay(10, '14:00');
    fireEvent.change(screen.getByLabelText('開始日時（日本時間）'), { target: { value: start } });
    // Sign-up closes the day before at 18:00 unless she says otherwise.
    expect(screen.getByLabelText('申込締切（日本時間）')).toHaveValue(`${localDay(9, '18:00')}`);
    await user.selectOptions(screen.getByLabelText('長さ'), '90');
    await user.click(screen.getByRole('radio', { name: '対面' }));
    await user.click(screen.getByRole('radio', { name: '大学' }));
    await user.type(screen.getByLabelText('待ち合わせ場所'), '3号館 301教室');
    const seats = screen.getByLabelText('席数');
    await user.clear(seats);
    await user.type(seats, '21');
    await user.click(screen.getByRole('radio', { name: '学年で限る' }));
    await user.click(screen.getByRole('button', { name: '座談会を開く' }));
    expect(await screen.findByText('席数は2〜20の間で指定してください。')).toBeVisible();
    expect(screen.getByText('対象の学年を1つ以上選んでください。')).toBeVisible();
    await user.clear(seats);
    await user.type(seats, '8');
    await user.click(screen.getByRole('checkbox', { name: '3年' }));
    await user.click(
      screen.getByRole('checkbox', { name: '安全のためのルールを確認し、守ります' }),
    );
    await user.click(screen.getByRole('button', { name: '座談会を開く' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group-sessions/new1'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post![0]).toBe('/api/group-sessions');
    expect(JSON.parse(String(post![1]!.body))).toEqual({
      title: '商社の仕事を話します',
      description: '',
      topics: ['industry_research'],
      startsAt: start,
      minutes: 90,
      meetingFormat: 'in_person',
      placeKind: 'university',
      meetingPlace: '3号館 301教室',
      seats: 8,
      audience: { kind: 'grades', grades: ['3年'] },
      signUpClosesAt: localDay(9, '18:00'),
      safetyRulesConfirmed: true,
    });
  });

  it('shows the server’s refusals: a field’s under it, another plan at that time above the button', async () => {
    const user = userEvent.setup();
    let answer = refused(400, 'invalid-argument', { title: 'validation.groupSessionTitleTooLong' });
    renderApp(
      '/group-sessions/new?mentor=aoi',
      api('admin', [
        [get('/api/mentors/aoi'), () => ok({ name: '鈴木 葵', urlParam: 'aoi' })],
        [send('POST', '/api/group-sessions'), () => answer],
      ]),
    );
    // An admin opens it for the alumna the address names.
    expect(await screen.findByRole('heading', { name: '鈴木 葵さんの座談会を開く' })).toBeVisible();
    await user.type(screen.getByLabelText('タイトル'), '商社・流通');
    await user.click(screen.getByRole('checkbox', { name: '業界研究' }));
    fireEvent.change(screen.getByLabelText('開始日時（日本時間）'), {
      target: { value: localDay(10, '14:00') },
    });
    await user.click(screen.getByRole('radio', { name: 'オンライン' }));
    await user.click(
      screen.getByRole('checkbox', { name: '安全のためのルールを確認し、守ります' }),
    );
    await user.click(screen.getByRole('button', { name: '座談会を開く' }));
    expect(await screen.findByText('タイトルは60文字以内で入力してください。')).toBeVisible();
    answer = refused(409, 'group-session/same-time');
    await user.click(screen.getByRole('button', { name: '座談会を開く' }));
    expect(
      await screen.findByText(/この時間には、ほかのOG訪問か座談会の予定があります。/),
    ).toBeVisible();
  });

  it('is not a student’s to open', async () => {
    const { router } = renderApp('/group-sessions/new', api('student', []));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it('sends the admin’s alumna and the chosen university', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderApp(
      '/group-sessions/new?mentor=aoi',
      api('admin', [
        [get('/api/mentors/aoi'), () => ok({ name: '鈴木 葵', urlParam: 'aoi' })],
        [
          get('/api/universities'),
          () => ok([{ id: 'u-keio', name: '慶應義塾大学', reading: 'けいおう', nameEn: null }]),
        ],
        [send('POST', '/api/group-sessions'), () => ({ status: 201, body: { id: 'n2' } })],
      ]),
    );
    await user.type(await screen.findByLabelText('タイトル'), '金融の仕事');
    await user.click(screen.getByRole('checkbox', { name: '業界研究' }));
    fireEvent.change(screen.getByLabelText('開始日時（日本時間）'), {
      target: { value: localDay(10, '14:00') },
    });
    await user.click(screen.getByRole('radio', { name: 'オンライン' }));
    await user.type(screen.getByLabelText('オンライン会議のURL'), 'https://meet.example.com/abc');
    await user.click(screen.getByRole('radio', { name: '大学で限る' }));
    await user.selectOptions(await screen.findByLabelText('対象の大学'), 'u-keio');
    await user.click(
      screen.getByRole('checkbox', { name: '安全のためのルールを確認し、守ります' }),
    );
    await user.click(screen.getByRole('button', { name: '座談会を開く' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toMatchObject({
      mentorUrlParam: 'aoi',
      meetingFormat: 'online',
      meetingUrl: 'https://meet.example.com/abc',
      audience: { kind: 'university', universityId: 'u-keio' },
    });
    expect(JSON.parse(String(post![1]!.body))).not.toHaveProperty('placeKind');
  });
});

describe('the sign-up closing time offered', () => {
  it('is the day before at 18:00, or an hour before the start when that has passed', () => {
    const now = Date.parse('2026-12-07T03:00:00.000Z'); // 12:00 in Japan
    expect(defaultSignUpClose('2026-12-10T14:00', now)).toBe('2026-12-09T18:00');
    expect(defaultSignUpClose('2026-12-08T10:00', now)).toBe('2026-12-07T18:00');
    expect(defaultSignUpClose('2026-12-07T16:00', now)).toBe('2026-12-07T15:00');
    expect(defaultSignUpClose('2026-12-08T00:30', now)).toBe('2026-12-07T18:00');
    expect(defaultSignUpClose('', now)).toBe('');
  });
});

describe('one 座談会’s page', () => {
  it('takes a seat in one step and shows it at once', async () => {
    let current = view();
    const { fetchMock } = renderApp(
      '/group-sessions/s1',
      api('student', [
        [get('/api/group-sessions/s1'), () => ok(current)],
        [
          send('POST', '/api/group-sessions/s1/seat'),
          () => {
            current = view({ mine: { kind: 'seated' }, seatsLeft: 2 });
            return ok({ mine: { kind: 'seated' } });
          },
        ],
      ]),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: '総合商社の仕事を話します' }),
    ).toBeVisible();
    expect(screen.getByText('商社の一日と、選考で聞かれたことを話します。')).toBeVisible();
    // Online: no safety rules to read before joining.
    expect(screen.queryByRole('heading', { name: '安全のためのルール' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '参加する' }));
    expect(await screen.findByRole('status')).toHaveTextContent('席を確保しました。');
    expect(await screen.findByText('この座談会に参加予定です。')).toBeVisible();
    expect(screen.getByText('定員8名・残り2席')).toBeVisible();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('puts her on the waiting list when full, the rules shown first for one in person', async () => {
    const full = { state: 'full', seatsLeft: 0, meetingFormat: 'in_person', placeKind: 'office' };
    let current = view(full as Partial<GroupSessionView>);
    const { fetchMock } = renderApp(
      '/group-sessions/s1',
      api('student', [
        [get('/api/group-sessions/s1'), () => ok(current)],
        [
          send('POST', '/api/group-sessions/s1/seat'),
          () => {
            current = view({
              ...(full as Partial<GroupSessionView>),
              mine: { kind: 'waiting', position: 3 },
            });
            return ok({ mine: { kind: 'waiting', position: 3 } });
          },
        ],
      ]),
    );
    expect(await screen.findByRole('heading', { name: '安全のためのルール' })).toBeVisible();
    expect(screen.getAllByText('対面・先輩の勤務先')[0]).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル待ちに登録する' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'キャンセル待ちに登録しました（3番目）。',
    );
    // The page read again: what comes next is said once, not by the standing notice as well.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/group-sessions/s1')).toHaveLength(
        2,
      ),
    );
    expect(await screen.findByRole('button', { name: 'キャンセル待ちをやめる' })).toBeVisible();
    expect(screen.getAllByText(/3番目(）。|です)/)).toHaveLength(1);
  });

  it('lets her leave after a confirm', async () => {
    let current = view({ mine: { kind: 'waiting', position: 2 }, state: 'full', seatsLeft: 0 });
    const { fetchMock } = renderApp(
      '/group-sessions/s1',
      api('student', [
        [get('/api/group-sessions/s1'), () => ok(current)],
        [
          send('DELETE', '/api/group-sessions/s1/seat'),
          () => {
            current = view({ state: 'full', seatsLeft: 0 });
            return ok({});
          },
        ],
      ]),
    );
    expect(await screen.findByText(/キャンセル待ちの2番目です。/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル待ちをやめる' }));
    const dialog = await screen.findByRole('dialog', { name: '参加をやめますか？' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(await screen.findByRole('status')).toHaveTextContent('参加をやめました。');
    expect(
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url),
    ).toEqual(['/api/group-sessions/s1/seat']);
    expect(await screen.findByRole('button', { name: 'キャンセル待ちに登録する' })).toBeVisible();
  });

  it.each([
    ['group-session/closed', 409],
    ['group-session/cancelled', 409],
    ['group-session/not-for-you', 403],
    ['group-session/already-joined', 409],
    ['visit/blocked', 403],
    ['visit/students-only', 403],
  ] as const)('says why a seat was refused: %s', async (code, status) => {
    renderApp(
      '/group-sessions/s1',
      api('student', [
        [get('/api/group-sessions/s1'), () => ok(view())],
        [send('POST', '/api/group-sessions/s1/seat'), () => refused(status, code)],
      ]),
    );
    await userEvent.click(await screen.findByRole('button', { name: '参加する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ja.errors[code]);
  });

  it.each(['group-session/closed', 'group-session/not-joined'] as const)(
    'says why leaving was refused: %s',
    async (code) => {
      renderApp(
        '/group-sessions/s1',
        api('student', [
          [get('/api/group-sessions/s1'), () => ok(view({ mine: { kind: 'seated' } }))],
          [send('DELETE', '/api/group-sessions/s1/seat'), () => refused(409, code)],
        ]),
      );
      await userEvent.click(await screen.findByRole('button', { name: '参加をやめる' }));
      const dialog = await screen.findByRole('dialog', { name: '参加をやめますか？' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'やめる' }));
      expect(await screen.findByText(ja.errors[code], { exact: false })).toBeVisible();
    },
  );

  it('shows its alumna who is coming, seated first then waiting in order, and cancels with a reason', async () => {
    const user = userEvent.setup();
    const attendee = (name: string, place: GroupSessionView['mine'], id: string) => ({
      studentId: id,
      name,
      university: '慶應義塾大学',
      universityNameEn: null,
      grade: '3年',
      place,
      attended: null,
      absence: null,
      safeEnd: null,
    });
    let current = view({
      as: 'host',
      waitingCount: 2,
      meetingUrl: 'https://meet.example.com/abc',
      attendees: [
        attendee('待ち 二番', { kind: 'waiting', position: 2 }, 'a1'),
        attendee('席 一郎', { kind: 'seated' }, 'a2'),
        attendee('待ち 一番', { kind: 'waiting', position: 1 }, 'a3'),
      ],
    });
    const { fetchMock } = renderApp(
      '/group-sessions/s1',
      api('mentor', [
        [get('/api/group-sessions/s1'), () => ok(current)],
        [
          send('POST', '/api/group-sessions/s1/cancel'),
          () => {
            current = view({ as: 'host', state: 'cancelled', cancelledReason: '急な出張のため' });
            return ok({});
          },
        ],
      ]),
    );
    const table = await screen.findByRole('table');
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toEqual(['席 一郎', '待ち 一番', '待ち 二番']);
    expect(within(table).getByText('キャンセル待ち1番目')).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://meet.example.com/abc' })).toBeVisible();
    // No seat for her to take.
    expect(screen.queryByRole('button', { name: '参加する' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '中止する' }));
    const dialog = await screen.findByRole('dialog', { name: '座談会を中止しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '中止する' }));
    expect(await within(dialog).findByText('中止の理由を入力してください。')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('中止の理由'), '急な出張のため');
    await user.click(within(dialog).getByRole('button', { name: '中止する' }));
    expect(await screen.findByRole('status')).toHaveTextContent('座談会を中止しました。');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post![0]).toBe('/api/group-sessions/s1/cancel');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ reason: '急な出張のため' });
    expect(await screen.findByText('中止の理由：急な出張のため')).toBeVisible();
  });

  it('shows a student why it was cancelled, with nothing to join', async () => {
    renderApp(
      '/group-sessions/s1',
      api('student', [
        [
          get('/api/group-sessions/s1'),
          () => ok(view({ state: 'cancelled', cancelledReason: '体調不良のため' })),
        ],
      ]),
    );
    expect(await screen.findByText('この座談会は中止になりました。')).toBeVisible();
    expect(screen.getByText('中止の理由：体調不良のため')).toBeVisible();
    expect(screen.queryByRole('button', { name: '参加する' })).toBeNull();
  });

  it('says so to a student it is not for', async () => {
    renderApp(
      '/group-sessions/s9',
      api('student', [[get('/api/group-sessions/s9'), () => refused(404, 'not-found')]]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(ja.errors['not-found']);
  });
});

describe('her page and a company’s', () => {
  it('shows her upcoming 座談会 on her page when she has any', async () => {
    renderApp(
      '/mentor/aoi',
      api('student', [
        [get('/api/mentors/aoi/group-sessions'), () => ok(list([card()]))],
        [
          get('/api/mentors/aoi'),
          () => ok(bookableMentor({ urlParam: 'aoi', name: '鈴木 葵', company: '丸紅' })),
        ],
      ]),
    );
    const section = (await screen.findByRole('heading', { level: 2, name: '座談会' })).closest(
      'section',
    )!;
    expect(within(section).getByRole('link', { name: '総合商社の仕事を話します' })).toBeVisible();
    expect(within(section).getByText('残り3席')).toBeVisible();
  });

  it('shows nothing on her page without any, and an admin the way to open one for her', async () => {
    renderApp(
      '/mentor/aoi',
      api('admin', [
        [get('/api/mentors/aoi/group-sessions'), () => ok(list([]))],
        [
          get('/api/mentors/aoi'),
          () => ok(bookableMentor({ urlParam: 'aoi', name: '鈴木 葵', company: '丸紅' })),
        ],
      ]),
    );
    expect(await screen.findByRole('link', { name: 'この先輩の座談会を開く' })).toHaveAttribute(
      'href',
      '/group-sessions/new?mentor=aoi',
    );
    expect(screen.queryByText('この先輩が開く、これからの座談会です。')).toBeNull();
  });

  it('fills the company page’s place by the company’s name, and shows nothing without any', async () => {
    let items = [card()];
    const routes = [{ path: '/', element: <CompanyGroupSessions company="丸紅" /> }];
    const { fetchMock, unmount } = renderCompanyHook(routes, () => ok(list(items)));
    expect(await screen.findByRole('heading', { name: 'この会社の先輩の座談会' })).toBeVisible();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `/api/group-sessions?company=${encodeURIComponent('丸紅')}`,
    );
    unmount();
    items = [];
    const { fetchMock: second } = renderCompanyHook(routes, () => ok(list(items)));
    await waitFor(() => expect(second).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'この会社の先輩の座談会' })).toBeNull();
  });
});

function renderCompanyHook(routes: Parameters<typeof renderRoutes>[0], answer: () => Answer) {
  const rendered = renderRoutes(routes, '/', (url) =>
    url.startsWith('/api/group-sessions') ? answer() : signedInAs('student'),
  );
  return { ...rendered, unmount: () => document.body.replaceChildren() };
}

describe('who may join, said in the reader’s language', () => {
  it('names a university audience by its English name in English mode', () => {
    const said = ((_key: string, options: { university: string }) =>
      options.university) as unknown as Parameters<typeof audienceText>[0];
    const keio = card({
      audience: {
        kind: 'university',
        universityId: 'u-keio',
        universityName: '慶應義塾大学',
        universityNameEn: 'Keio University',
      },
    });
    expect(audienceText(said, 'en', keio)).toBe('Keio University');
    expect(audienceText(said, 'ja', keio)).toBe('慶應義塾大学');
  });
});
