import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../../shared/schemas/booking';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';
import type { MentorProfile } from '../../../shared/schemas/mentors';
import { localSlotOf, slotInstant } from '../../../shared/schemas/visit-requests';
import { deskAnswer } from '../../test/desk-data';
import {
  employerRulesData,
  mentorDetailData,
  ONLINE_ONLY_RULES,
  requestPageApi,
} from '../../test/employer-rules-data';
import { renderApp, signedInAs, type Answer, type Handler } from '../../test/render';
import { visitRequestData } from '../../test/visit-data';
import { formatMeetingTime } from '../../lib/meeting-time';

const NOT_FOUND: Answer = { status: 404, body: { code: 'not-found', message: '' } };
const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.now();

/** The instant the API sends for `days` from now at hour:minute, Japan time. */
function instant(days: number, hour: number, minute = 0): string {
  const day = localSlotOf(new Date(NOW + days * DAY_MS)).slice(0, 10);
  const local = `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return slotInstant(local)!.toISOString();
}

function mentorPageApi(rules: EmployerRules | null): Handler {
  return (url) => {
    if (url === '/api/auth/session') return signedInAs('student');
    if (url === '/api/mentors/og1') return { status: 200, body: mentorDetailData(rules) };
    if (url === '/api/desk') return deskAnswer();
    return NOT_FOUND;
  };
}

describe('a student reads her employer’s rules', () => {
  it('on her page: 「この先輩の勤務先のルール」 with each rule and the guidelines', async () => {
    renderApp('/mentor/og1', mentorPageApi(ONLINE_ONLY_RULES));
    const box = within(await screen.findByRole('region', { name: 'この先輩の勤務先のルール' }));
    expect(box.getByText('オンラインのみ')).toBeVisible();
    expect(box.getByText('19:00までに終了')).toBeVisible();
    expect(box.getByText('飲酒なし')).toBeVisible();
    expect(box.getByText(`勤務先の相談窓口：${ONLINE_ONLY_RULES.deskName}`)).toBeVisible();
    expect(box.getByRole('link', { name: 'OG訪問の注意事項を読む' })).toHaveAttribute(
      'href',
      '/visit-guidelines',
    );
  });

  it('shows 対面は社内のみ as such, and no box when she recorded nothing', async () => {
    renderApp('/mentor/og1', mentorPageApi(employerRulesData({ premisesOnly: true })));
    const box = within(await screen.findByRole('region', { name: 'この先輩の勤務先のルール' }));
    expect(box.getByText('対面は勤務先の社内のみ（オンラインも可）')).toBeVisible();
    expect(box.queryByText('オンラインのみ')).toBeNull();
  });

  it('shows no box for an alumna without rules', async () => {
    renderApp('/mentor/og1', mentorPageApi(null));
    expect(await screen.findByRole('heading', { name: '佐藤 美咲', level: 1 })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'この先輩の勤務先のルール' })).toBeNull();
  });

  it('on the request form: the rules, online only chosen with in person not offered, the guidelines', async () => {
    renderApp('/mentor/og1/request', mentorPageApi(ONLINE_ONLY_RULES));
    expect(await screen.findByRole('region', { name: 'この先輩の勤務先のルール' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'オンライン' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '対面' })).toBeDisabled();
    expect(
      screen.getByText('この先輩の勤務先のルールにより、面談はオンラインのみです。'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'OG訪問の注意事項を読む' })).toHaveAttribute(
      'href',
      '/visit-guidelines',
    );
  });

  it('on the request form: a wished time ending after her end time is named under its row', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderApp(
      '/mentor/og1/request',
      mentorPageApi(employerRulesData({ latestEnd: '19:00' })),
    );
    expect(
      await screen.findByText(
        'この先輩の勤務先のルールにより、面談は19:00までに終えます。終わるのがそれより遅い時間は選べません（面談は1時間として数えます）。',
      ),
    ).toBeVisible();
    await user.selectOptions(screen.getByLabelText('目的'), 'company_research');
    await user.type(screen.getByRole('textbox', { name: 'メッセージ' }), 'お話を伺えませんか。');
    // 18:30 would end at 19:30, past her employer's 19:00.
    fireEvent.change(screen.getByLabelText('第1希望'), {
      target: { value: localSlotOf(new Date(instant(3, 18, 30))) },
    });
    await user.click(screen.getByRole('radio', { name: 'オンライン' }));
    await user.click(
      screen.getByRole('checkbox', { name: '安全のためのルールを確認し、守ります' }),
    );
    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));
    expect(await screen.findByText('勤務先のルールに合わないため、選べません。')).toBeVisible();
    expect(screen.getByLabelText('第1希望')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('on the request form without rules: both formats, and still the guidelines', async () => {
    renderApp('/mentor/og1/request', mentorPageApi(null));
    expect(await screen.findByRole('radio', { name: '対面' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'この先輩の勤務先のルール' })).toBeNull();
    expect(screen.getByRole('link', { name: 'OG訪問の注意事項を読む' })).toBeVisible();
  });

  it('on the request: the box for the student, not for her', async () => {
    const request = visitRequestData({ employerRules: ONLINE_ONLY_RULES });
    renderApp(`/visit-requests/${request.id}`, requestPageApi(request));
    const box = within(await screen.findByRole('region', { name: 'この先輩の勤務先のルール' }));
    expect(box.getByText('オンラインのみ')).toBeVisible();
  });
});

describe('an alumna’s answers keep her rules', () => {
  const slots = [instant(3, 10), instant(4, 18, 30)];

  function renderAnswer(rules: EmployerRules, post?: Answer) {
    const request = visitRequestData({
      side: 'mentor',
      meetingFormat: 'in_person',
      preferredSlots: slots,
      employerRules: rules,
    });
    return renderApp(`/visit-requests/${request.id}`, requestPageApi(request, 'mentor', post));
  }

  it('online only: no place but オンライン can be chosen, and the note says why', async () => {
    renderAnswer(ONLINE_ONLY_RULES);
    const form = within(await screen.findByRole('region', { name: '依頼を承諾する' }));
    const places = within(form.getByRole('group', { name: /会う場所の種類/ }));
    expect(places.getByRole('radio', { name: 'オンライン' })).toBeChecked();
    for (const name of ['自分の勤務先（オフィス）', 'カフェなど人目のある場所', '大学', 'その他']) {
      expect(places.getByRole('radio', { name })).toBeDisabled();
    }
    expect(
      places.getByText('勤務先のルール（オンラインのみ）のため、対面は選べません。'),
    ).toBeVisible();
  });

  it('premises only: her office and online, nothing else', async () => {
    renderAnswer(employerRulesData({ premisesOnly: true }));
    const form = within(await screen.findByRole('region', { name: '依頼を承諾する' }));
    expect(form.getByRole('radio', { name: '自分の勤務先（オフィス）' })).toBeEnabled();
    expect(form.getByRole('radio', { name: 'オンライン' })).toBeEnabled();
    expect(form.getByRole('radio', { name: 'カフェなど人目のある場所' })).toBeDisabled();
  });

  it('an end time: a slot that would end later cannot be chosen', async () => {
    renderAnswer(employerRulesData({ latestEnd: '19:00' }));
    const form = within(await screen.findByRole('region', { name: '依頼を承諾する' }));
    // 10:00 ends by 19:00; 18:30 would end at 19:30.
    expect(form.getByRole('radio', { name: formatMeetingTime(slots[0]!) })).toBeEnabled();
    expect(
      form.getByRole('radio', {
        name: `${formatMeetingTime(slots[1]!)} （勤務先のルールの時刻を過ぎます）`,
      }),
    ).toBeDisabled();
    expect(
      form.getByText(
        '勤務先のルール（19:00までに終了）のため、終わるのがそれより遅い時間は選べません。',
      ),
    ).toBeVisible();
  });

  it('shows the server’s refusal by its message if reached anyway', async () => {
    const user = userEvent.setup();
    renderAnswer(employerRulesData(), {
      status: 400,
      body: { code: 'visit/employer-rule-online-only', message: '' },
    });
    const form = within(await screen.findByRole('region', { name: '依頼を承諾する' }));
    await user.click(form.getByRole('radio', { name: formatMeetingTime(slots[0]!) }));
    await user.click(form.getByRole('radio', { name: 'カフェなど人目のある場所' }));
    await user.click(form.getByRole('checkbox', { name: '安全のためのルールを確認し、守ります' }));
    await user.click(form.getByRole('button', { name: '承諾する' }));
    const toasts = screen.getByRole('region', { name: '通知' });
    expect(await within(toasts).findByText(/オンラインでのみ受け付けています/)).toBeVisible();
  });
});

describe('her 予約枠 keep her rules', () => {
  const view: BookingView = {
    bookingEnabled: true,
    slotMinutes: 60,
    noticeHours: 72,
    aheadDays: 30,
    bufferMinutes: 15,
    onHolidays: false,
    autoAccept: false,
    rules: [
      {
        kind: 'weekly',
        weekday: 2,
        day: null,
        start: '10:00',
        end: '12:00',
        meetingFormat: 'in_person',
        placeKind: 'public',
        meetingPlace: null,
      },
    ],
    preview: [],
    previewBlockedBy: null,
    misfits: [],
  };

  function renderBooking(rules: EmployerRules) {
    const profile = { employerRules: rules } as MentorProfile;
    return renderApp('/mentor-profile/booking', (url, init) => {
      if (url === '/api/auth/session') return signedInAs('mentor');
      if (url === '/api/mentors/me') return { status: 200, body: profile };
      if (url === '/api/mentors/me/booking' && init?.method !== 'PUT') {
        return { status: 200, body: view };
      }
      if (url === '/api/mentors/me/booking') return { status: 200, body: view };
      return NOT_FOUND;
    });
  }

  it('online only: in person is not offered, and a saved in-person window is stopped before sending', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderBooking(ONLINE_ONLY_RULES);
    const row = within(await screen.findByRole('group', { name: '毎週の枠 1' }));
    const format = row.getByRole('combobox', { name: '形式' });
    expect(within(format).getByRole('option', { name: '対面' })).toBeDisabled();
    expect(within(format).getByRole('option', { name: 'どちらでも' })).toBeDisabled();
    expect(within(format).getByRole('option', { name: 'オンライン' })).toBeEnabled();
    expect(
      row.getByText('勤務先のルール（オンラインのみ）のため、対面は選べません。'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: '予約枠を保存' }));
    expect(await row.findByText('勤務先のルールに合わないため、選べません。')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    // Online keeps the rule: saved.
    await user.selectOptions(format, 'online');
    await user.click(screen.getByRole('button', { name: '予約枠を保存' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true),
    );
  });

  it('online only: a saved in-person window does not stop her turning booking off', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderBooking(ONLINE_ONLY_RULES);
    await user.click(await screen.findByLabelText('予約枠を公開する'));
    await user.click(screen.getByRole('button', { name: '予約枠を保存' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true),
    );
    expect(screen.queryByText('勤務先のルールに合わないため、選べません。')).toBeNull();
  });

  it('premises only: places other than her office are not offered', async () => {
    renderBooking(employerRulesData({ premisesOnly: true }));
    const row = within(await screen.findByRole('group', { name: '毎週の枠 1' }));
    const place = row.getByRole('combobox', { name: '会う場所の種類' });
    expect(within(place).getByRole('option', { name: '自分の勤務先（オフィス）' })).toBeEnabled();
    expect(within(place).getByRole('option', { name: 'カフェなど人目のある場所' })).toBeDisabled();
  });

  it('an end time: a window ending later is stopped under its end', async () => {
    const user = userEvent.setup();
    renderBooking(employerRulesData({ latestEnd: '11:30' }));
    const row = within(await screen.findByRole('group', { name: '毎週の枠 1' }));
    expect(row.getByLabelText('終了')).toHaveAttribute('max', '11:30');
    await user.click(screen.getByRole('button', { name: '予約枠を保存' }));
    expect(await row.findByText('勤務先のルールに合わないため、選べません。')).toBeVisible();
  });
});
