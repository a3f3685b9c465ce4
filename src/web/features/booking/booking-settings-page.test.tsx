import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingView } from '../../../shared/schemas/booking';
import { setLanguage } from '../../i18n';
import { renderApp, renderRoutes, signedInAs, type Answer } from '../../test/render';
import { BookingSettingsPage } from './booking-settings-page';

const WEEKLY_TUESDAY: BookingView['rules'][number] = {
  kind: 'weekly',
  weekday: 2,
  day: null,
  start: '10:00',
  end: '12:00',
  meetingFormat: 'online',
  placeKind: null,
  meetingPlace: null,
};

/** Tuesday 3 and Wednesday 4 December 2030, in Japan time (instants as the API sends them). */
const PREVIEW: BookingView['preview'] = [
  { start: '2030-12-03T01:00:00.000Z', end: '2030-12-03T02:00:00.000Z', formats: ['online'] },
  { start: '2030-12-03T02:00:00.000Z', end: '2030-12-03T03:00:00.000Z', formats: ['online'] },
  {
    start: '2030-12-03T23:30:00.000Z',
    end: '2030-12-04T00:30:00.000Z',
    formats: ['online', 'in_person'],
  },
];

const VIEW: BookingView = {
  bookingEnabled: true,
  slotMinutes: 60,
  noticeHours: 72,
  aheadDays: 30,
  bufferMinutes: 15,
  onHolidays: false,
  autoAccept: false,
  rules: [WEEKLY_TUESDAY],
  preview: PREVIEW,
  previewBlockedBy: null,
  misfits: [],
};

const NOT_FOUND: Answer = { status: 404, body: { code: 'not-found', message: '' } };

function renderPage(view: BookingView = VIEW, put?: (body: unknown) => Answer) {
  const rendered = renderRoutes(
    [
      { path: '/mentor-profile/booking', element: <BookingSettingsPage /> },
      { path: '/mentor-profile', element: <p>profile</p> },
      { path: '/visit-requests/:id', element: <p>request</p> },
    ],
    '/mentor-profile/booking',
    (url, init) => {
      if (url !== '/api/mentors/me/booking') return NOT_FOUND;
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as unknown;
        return put ? put(body) : { status: 200, body: view };
      }
      return { status: 200, body: view };
    },
  );
  const puts = () =>
    rendered.fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
  return { ...rendered, puts };
}

/** One row of a list of windows, by its legend (「毎週の枠 1」). */
function row(name: string) {
  return within(screen.getByRole('group', { name }));
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('/mentor-profile/booking', () => {
  it('shows her saved choices, her windows and the next two weeks grouped by day', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: '予約枠の設定', level: 1 })).toBeVisible();
    expect(await screen.findByLabelText('予約枠を公開する')).toBeChecked();
    expect(screen.getByLabelText('1枠の長さ')).toHaveValue('60');
    expect(screen.getByLabelText('予約の受付')).toHaveDisplayValue('72時間前まで');
    expect(screen.getByLabelText('公開する期間')).toHaveDisplayValue('30日先まで');
    expect(screen.getByLabelText('予定の前後の余裕')).toHaveDisplayValue('15分');
    expect(screen.getByLabelText('祝日も受け付ける')).not.toBeChecked();
    expect(screen.getByLabelText('予約を自動で承諾する')).not.toBeChecked();
    expect(row('毎週の枠 1').getByLabelText('曜日')).toHaveDisplayValue('火曜日');
    expect(row('毎週の枠 1').getByLabelText('開始')).toHaveValue('10:00');
    expect(row('毎週の枠 1').getByLabelText('終了')).toHaveValue('12:00');
    expect(row('毎週の枠 1').getByLabelText('形式')).toHaveDisplayValue('オンライン');
    // Online: no place is asked.
    expect(row('毎週の枠 1').queryByLabelText('会う場所の種類')).toBeNull();
    expect(screen.getByText('8:00〜21:00 の間の枠だけです（開始は20:00まで）。')).toBeVisible();

    const preview = within(screen.getByRole('region', { name: '今後2週間の枠' }));
    const days = preview.getAllByRole('heading', { level: 3 });
    expect(days.map((day) => day.textContent)).toEqual(['12/3(火) 2枠', '12/4(水) 1枠']);
    const tuesday = within(days[0]!.closest('li')!);
    expect(tuesday.getByText('10:00〜11:00')).toBeVisible();
    expect(tuesday.getByText('11:00〜12:00')).toBeVisible();
    // 23:30 UTC on the 3rd is 8:30 on the 4th in Japan.
    const wednesday = within(days[1]!.closest('li')!);
    expect(wednesday.getByText('08:30〜09:30')).toBeVisible();
    expect(wednesday.getByText('オンライン・対面')).toBeVisible();
    expect(screen.queryByRole('heading', { name: '今の枠に入らない予定' })).toBeNull();
  });

  it('adds a weekly window in person and sends every choice and window at once', async () => {
    const user = userEvent.setup();
    const saved: BookingView = {
      ...VIEW,
      preview: [PREVIEW[0]!],
      rules: [
        WEEKLY_TUESDAY,
        {
          ...WEEKLY_TUESDAY,
          weekday: 3,
          end: '13:00',
          meetingFormat: 'in_person',
          placeKind: 'public',
          meetingPlace: '新宿駅周辺のカフェ',
        },
      ],
    };
    const { puts } = renderPage(VIEW, () => ({ status: 200, body: saved }));
    await user.click(await screen.findByRole('button', { name: '毎週の枠を追加' }));
    // The new row follows the last: the next day, the same hours.
    const added = row('毎週の枠 2');
    expect(added.getByLabelText('曜日')).toHaveDisplayValue('水曜日');
    expect(added.getByLabelText('開始')).toHaveValue('10:00');
    fireEvent.change(added.getByLabelText('終了'), { target: { value: '13:00' } });
    await user.selectOptions(added.getByLabelText('形式'), '対面');
    await user.selectOptions(added.getByLabelText('会う場所の種類'), 'カフェなど人目のある場所');
    await user.type(added.getByLabelText('場所（任意）'), '新宿駅周辺のカフェ');
    await user.selectOptions(screen.getByLabelText('1枠の長さ'), '45分');
    await user.click(screen.getByLabelText('祝日も受け付ける'));
    await user.click(screen.getByRole('button', { name: '予約枠を保存' }));

    expect(await screen.findByText('予約枠を保存しました。')).toBeVisible();
    expect(puts()).toEqual([
      {
        bookingEnabled: true,
        slotMinutes: 45,
        noticeHours: 72,
        aheadDays: 30,
        bufferMinutes: 15,
        onHolidays: true,
        autoAccept: false,
        rules: [
          { kind: 'weekly', weekday: 2, start: '10:00', end: '12:00', meetingFormat: 'online' },
          {
            kind: 'weekly',
            weekday: 3,
            start: '10:00',
            end: '13:00',
            meetingFormat: 'in_person',
            placeKind: 'public',
            meetingPlace: '新宿駅周辺のカフェ',
          },
        ],
      },
    ]);
    // The preview is the saved answer's.
    const preview = within(screen.getByRole('region', { name: '今後2週間の枠' }));
    await waitFor(() => expect(preview.getAllByRole('heading', { level: 3 })).toHaveLength(1));
  });

  it('removes a window and adds a one-off date and a day off', async () => {
    const user = userEvent.setup();
    const { puts } = renderPage();
    await user.click(await screen.findByRole('button', { name: '毎週の枠 1 を削除' }));
    expect(screen.queryByRole('group', { name: '毎週の枠 1' })).toBeNull();
    expect(screen.getAllByText('まだ登録がありません。')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: '日付を追加' }));
    fireEvent.change(row('特定の日 1').getByLabelText('日付'), {
      target: { value: '2030-12-20' },
    });
    await user.click(screen.getByRole('button', { name: '休みを追加' }));
    fireEvent.change(row('休み 1').getByLabelText('日付'), { target: { value: '2030-12-24' } });
    await user.click(screen.getByRole('button', { name: '予約枠を保存' }));

    expect(await screen.findByText('予約枠を保存しました。')).toBeVisible();
    expect(puts()).toEqual([
      expect.objectContaining({
        rules: [
          {
            kind: 'date',
            day: '2030-12-20',
            start: '10:00',
            end: '12:00',
            meetingFormat: 'online',
          },
          { kind: 'day_off', day: '2030-12-24' },
        ],
      }),
    ]);
  });

  it('checks a window before sending it: hours and an in-person place', async () => {
    const user = userEvent.setup();
    const { puts } = renderPage();
    await screen.findByRole('group', { name: '毎週の枠 1' });
    const first = row('毎週の枠 1');
    fireEvent.change(first.getByLabelText('終了'), { target: { value: '21:30' } });
    await user.selectOptions(first.getByLabelText('形式'), 'どちらでも');
    await user.click(screen.getByRole('button', { name: '予約枠を保存' }));

    expect(
      await first.findByText('8:00〜21:00の間で、開始より後の終了時刻を指定してください。'),
    ).toBeVisible();
    expect(first.getByLabelText('終了')).toHaveAttribute('aria-invalid', 'true');
    expect(first.getByText('対面で会う場所の種類を選んでください。')).toBeVisible();
    expect(puts()).toEqual([]);
  });

  it("puts the server's field error under the field of the row it names", async () => {
    const user = userEvent.setup();
    renderPage(
      {
        ...VIEW,
        rules: [
          WEEKLY_TUESDAY,
          { ...WEEKLY_TUESDAY, kind: 'day_off', weekday: null, day: '2030-12-24', start: null },
          { ...WEEKLY_TUESDAY, kind: 'date', weekday: null, day: '2030-12-20' },
        ],
      },
      () => ({
        status: 400,
        body: {
          code: 'invalid-argument',
          message: '',
          fieldErrors: { 'rules.2.end': 'validation.windowHours' },
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: '予約枠を保存' }));

    const date = row('特定の日 1');
    expect(
      await date.findByText('8:00〜21:00の間で、開始より後の終了時刻を指定してください。'),
    ).toBeVisible();
    expect(date.getByLabelText('終了')).toHaveAttribute('aria-invalid', 'true');
    expect(row('毎週の枠 1').getByLabelText('終了')).not.toHaveAttribute('aria-invalid');
    const toasts = screen.getByRole('region', { name: '通知' });
    expect(
      within(toasts).getByText('保存できませんでした。赤字で示した項目をご確認ください。'),
    ).toBeVisible();
  });

  it('says when saving failed for another reason', async () => {
    const user = userEvent.setup();
    renderPage(VIEW, () => ({ status: 503, body: { code: 'unavailable', message: '' } }));
    await user.click(await screen.findByRole('button', { name: '予約枠を保存' }));
    const toasts = screen.getByRole('region', { name: '通知' });
    expect(await within(toasts).findByText(/^保存できませんでした。/)).toBeVisible();
    expect(within(toasts).queryByText('予約枠を保存しました。')).toBeNull();
  });

  it('asks for the meeting rules to turn 自動で承諾 on, and sends the confirmation', async () => {
    const user = userEvent.setup();
    const { puts } = renderPage(VIEW, (body) => ({
      status: 200,
      body: { ...VIEW, autoAccept: (body as { autoAccept: boolean }).autoAccept },
    }));
    expect(await screen.findByLabelText('予約を自動で承諾する')).not.toBeChecked();
    expect(screen.queryByRole('heading', { name: '安全のためのルール' })).toBeNull();
    await user.click(screen.getByLabelText('予約を自動で承諾する'));
    expect(screen.getByRole('heading', { name: '安全のためのルール' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: '予約枠を保存' }));

    expect(
      await screen.findByText(
        '自動で承諾するには、安全のためのルールを確認してチェックを入れてください。',
      ),
    ).toBeVisible();
    expect(puts()).toEqual([]);

    await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(screen.getByRole('button', { name: '予約枠を保存' }));
    expect(await screen.findByText('予約枠を保存しました。')).toBeVisible();
    expect(puts()).toEqual([expect.objectContaining({ autoAccept: true, rulesConfirmed: true })]);
    // On, and confirmed: the rules are not asked again.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: '安全のためのルール' })).toBeNull(),
    );
  });

  it("shows the server's refusal of 自動で承諾 under the confirmation", async () => {
    const user = userEvent.setup();
    renderPage(VIEW, () => ({
      status: 400,
      body: {
        code: 'invalid-argument',
        message: '',
        fieldErrors: { rulesConfirmed: 'validation.autoAcceptRulesRequired' },
      },
    }));
    await user.click(await screen.findByLabelText('予約を自動で承諾する'));
    await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(screen.getByRole('button', { name: '予約枠を保存' }));
    expect(
      await screen.findByText(
        '自動で承諾するには、安全のためのルールを確認してチェックを入れてください。',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('安全のためのルールを確認し、守ります')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('lists the visits her windows no longer cover, not cancelled, with their requests', async () => {
    renderPage({
      ...VIEW,
      misfits: [
        {
          id: 'r1',
          meetingAt: '2030-12-05T05:00:00.000Z',
          status: 'accepted',
          studentName: '佐藤 花子',
        },
        {
          id: 'r2',
          meetingAt: '2030-12-06T01:00:00.000Z',
          status: 'pending',
          studentName: '鈴木 一郎',
        },
      ],
    });
    const misfits = within(await screen.findByRole('region', { name: '今の枠に入らない予定' }));
    expect(misfits.getByText(/取り消されてはいません/)).toBeVisible();
    expect(
      misfits.getByText(/依頼のページで学生にメッセージを送るか、依頼を取り消して/),
    ).toBeVisible();
    const links = misfits.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/visit-requests/r1',
      '/visit-requests/r2',
    ]);
    expect(links[0]).toHaveTextContent('2030年12月5日(木) 14:00');
    expect(links[0]).toHaveTextContent('佐藤 花子さん');
    expect(links[0]).toHaveTextContent('承諾済み');
    expect(links[1]).toHaveTextContent('鈴木 一郎さん');
    expect(links[1]).toHaveTextContent('返答待ち');
  });

  it.each([
    ['off', '非公開のため、学生には枠が表示されていません。'],
    ['paused', '受付停止中のため、学生には枠が表示されていません。'],
    ['monthly-limit', '今月の上限に達しているため、学生には枠が表示されていません。'],
  ] as const)('says why students see no slot when it is %s', async (blockedBy, text) => {
    renderPage({
      ...VIEW,
      bookingEnabled: blockedBy !== 'off',
      preview: blockedBy === 'off' ? [] : PREVIEW,
      previewBlockedBy: blockedBy,
    });
    const preview = within(await screen.findByRole('region', { name: '今後2週間の枠' }));
    expect(preview.getByText(new RegExp(`^${text}`))).toBeVisible();
    expect(preview.queryByText(/^今後2週間に予約できる枠はありません。/)).toBeNull();
  });

  it('says so when her windows give no slot in the next two weeks', async () => {
    renderPage({ ...VIEW, rules: [], preview: [] });
    const preview = within(await screen.findByRole('region', { name: '今後2週間の枠' }));
    expect(preview.getByText(/^今後2週間に予約できる枠はありません。/)).toBeVisible();
    expect(preview.queryAllByRole('heading', { level: 3 })).toEqual([]);
  });

  it('leaves out dates already past', async () => {
    renderPage({
      ...VIEW,
      rules: [
        { ...WEEKLY_TUESDAY, kind: 'day_off', weekday: null, day: '2020-01-06', start: null },
        { ...WEEKLY_TUESDAY, kind: 'date', weekday: null, day: '2030-12-20' },
      ],
    });
    expect(await screen.findByRole('group', { name: '特定の日 1' })).toBeVisible();
    expect(screen.queryByRole('group', { name: '休み 1' })).toBeNull();
  });

  it('says when her settings cannot be read', async () => {
    renderRoutes(
      [{ path: '/mentor-profile/booking', element: <BookingSettingsPage /> }],
      '/mentor-profile/booking',
      () => ({ status: 500, body: { code: 'internal', message: '' } }),
    );
    expect(
      await screen.findByText(
        '予約枠の設定を読み込めませんでした。ページを再読み込みしてください。',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '← プロフィールに戻る' })).toHaveAttribute(
      'href',
      '/mentor-profile',
    );
  });

  it('reads in English in English mode', async () => {
    await setLanguage('en');
    renderPage({
      ...VIEW,
      misfits: [
        {
          id: 'r1',
          meetingAt: '2030-12-05T05:00:00.000Z',
          status: 'accepted',
          studentName: 'Hana',
        },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Open slot settings', level: 1 })).toBeVisible();
    expect(await screen.findByLabelText('Publish open slots')).toBeChecked();
    expect(screen.getByLabelText('Booking deadline')).toHaveDisplayValue('Up to 72 hours before');
    expect(row('Weekly slot 1').getByLabelText('Day')).toHaveDisplayValue('Tuesday');
    expect(screen.getByRole('button', { name: 'Add a weekly slot' })).toBeVisible();
    const preview = within(
      screen.getByRole('region', { name: 'Your slots for the next two weeks' }),
    );
    expect(preview.getAllByRole('heading', { level: 3 }).map((day) => day.textContent)).toEqual([
      'Tue 12/3 2 open',
      'Wed 12/4 1 open',
    ]);
    expect(preview.getByText('Online or in person')).toBeVisible();
    const misfits = within(screen.getByRole('region', { name: 'Visits outside your slots now' }));
    expect(misfits.getByText(/they were NOT cancelled/)).toBeVisible();
    expect(misfits.getByRole('link')).toHaveTextContent('Accepted');
    expect(document.body.textContent).not.toMatch(/[\u3040-\u30ff]/);
  });
});

describe('the route', () => {
  it('opens for an alumna', async () => {
    renderApp('/mentor-profile/booking', (url) =>
      url === '/api/auth/session'
        ? signedInAs('mentor')
        : url === '/api/mentors/me/booking'
          ? { status: 200, body: VIEW }
          : NOT_FOUND,
    );
    expect(await screen.findByRole('heading', { name: '予約枠の設定', level: 1 })).toBeVisible();
  });

  it.each(['admin', 'student', 'mentor_pending'])('is not for a %s', async (role) => {
    const { router } = renderApp('/mentor-profile/booking', (url) =>
      url === '/api/auth/session' ? signedInAs(role) : NOT_FOUND,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
