import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import {
  localSlotOf,
  slotInstant,
  type VisitRequest,
} from '../../../shared/schemas/visit-requests';
import { renderRoutes, type Answer } from '../../test/render';
import { formatMeetingTime } from '../../lib/meeting-time';
import { visitRequestData } from '../../test/visit-data';
import { DESK, deskAnswer, INQUIRY_URL } from '../../test/desk-data';
import { VisitRequestPage } from './visit-request-page';

const REQUEST_ID = '44444444-4444-4444-8444-444444444444';
const API = `/api/visit-requests/${REQUEST_ID}`;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Read once, so that a slot written twice in a test is the same even across midnight. */
const NOW = Date.now();

/** "YYYY-MM-DDTHH:mm" in Japan time, `days` from now at `hour`:00. */
function slot(days: number, hour: number): string {
  const day = localSlotOf(new Date(NOW + days * DAY_MS)).slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

/** The instant the API sends for a slot. */
function instant(days: number, hour: number): string {
  return slotInstant(slot(days, hour))!.toISOString();
}

const SLOTS = [instant(3, 10), instant(4, 14), instant(6, 18)];

function visitRequest(overrides: Partial<VisitRequest> = {}): VisitRequest {
  return visitRequestData({ id: REQUEST_ID, preferredSlots: SLOTS, ...overrides });
}

interface Options {
  /** What GET answers; the request as given is the default. */
  get?: Answer;
  /** What GET /api/desk answers; no desk set by default. */
  desk?: Answer;
  /** What a POST to accept, decline or cancel answers; `{ ok: true }` by default. */
  post?: Answer;
}

function renderRequest(request: VisitRequest, { get, post, desk }: Options = {}) {
  const rendered = renderRoutes(
    [
      { path: '/visit-requests/:id', element: <VisitRequestPage /> },
      { path: '/visit-requests', element: <p>list</p> },
    ],
    `/visit-requests/${REQUEST_ID}`,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === API) return get ?? { status: 200, body: request };
      if (method === 'GET' && url === '/api/desk') return desk ?? deskAnswer(null);
      // The thread below the request: empty here (threads/visit-thread.test.tsx tests it).
      if (method === 'GET' && url === `${API}/messages`) {
        return {
          status: 200,
          body: { messages: [], closedReason: null, masksContacts: true, readAt: null },
        };
      }
      if (method === 'POST' && url.startsWith(`${API}/`)) {
        return post ?? { status: 200, body: { ok: true } };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  const writes = () =>
    rendered.fetchMock.mock.calls
      .filter(([, init]) => init?.method !== undefined && init.method !== 'GET')
      // The thread marks itself read as it shows: not a change to the request.
      .filter(([url]) => !String(url).endsWith('/messages/read'))
      .map(([url, init]) => ({
        call: `${init!.method} ${String(url)}`,
        body: typeof init!.body === 'string' ? (JSON.parse(init!.body) as unknown) : undefined,
      }));
  return { ...rendered, writes };
}

const mentorSide = (overrides: Partial<VisitRequest> = {}) =>
  visitRequest({ side: 'mentor', ...overrides });

function acceptForm() {
  return screen.getByRole('region', { name: '依頼を承諾する' });
}

describe('/visit-requests/:id, the student side', () => {
  it('waits for the answer and offers to cancel, not to accept', async () => {
    renderRequest(visitRequest());
    expect(await screen.findByText(/佐藤 美咲さんの返答をお待ちください。/)).toBeVisible();
    expect(screen.getByText('返答待ち')).toBeVisible();
    expect(screen.getByRole('button', { name: '依頼を取り消す' })).toBeVisible();
    expect(screen.queryByRole('region', { name: '依頼を承諾する' })).toBeNull();
    expect(screen.queryByRole('button', { name: '承諾する' })).toBeNull();
    expect(screen.queryByRole('button', { name: '辞退する' })).toBeNull();
    expect(screen.getByRole('link', { name: '佐藤 美咲' })).toHaveAttribute('href', '/mentor/og1');
    expect(screen.getByText('連絡先は依頼が承諾されると表示されます。')).toBeVisible();
    expect(screen.getByRole('link', { name: /依頼の一覧に戻る/ })).toHaveAttribute(
      'href',
      '/visit-requests',
    );
    const slots = within(screen.getByText('希望日時').nextElementSibling as HTMLElement);
    expect(slots.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      SLOTS.map(formatMeetingTime),
    );
  });

  it('cancels with the reason given', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(visitRequest());
    await user.click(await screen.findByRole('button', { name: '依頼を取り消す' }));
    // Cancelling asks for confirmation in a dialog.
    const form = screen.getByRole('dialog', { name: '依頼を取り消す' });
    expect(form).toHaveTextContent(
      '取り消すと相手にメールでお知らせします。取り消した依頼は元に戻せません。',
    );
    expect(writes()).toEqual([]);
    await user.type(within(form).getByLabelText('取り消しの理由（任意）'), '予定が入りました。');
    await user.click(within(form).getByRole('button', { name: '取り消す' }));

    expect(await screen.findByText('依頼を取り消しました。')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toEqual([
      { call: `POST ${API}/cancel`, body: { message: '予定が入りました。' } },
    ]);
  });

  it('says in the dialog why a cancellation failed, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderRequest(visitRequest(), {
      post: { status: 409, body: { code: 'visit/not-open', message: '' } },
    });
    await user.click(await screen.findByRole('button', { name: '依頼を取り消す' }));
    const dialog = screen.getByRole('dialog', { name: '依頼を取り消す' });
    await user.type(within(dialog).getByLabelText('取り消しの理由（任意）'), '急用です。');
    await user.click(within(dialog).getByRole('button', { name: '取り消す' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '取り消せませんでした。この依頼はすでに承諾・辞退・取り消しのいずれかが済んでいるため、操作できません。',
    );
    expect(within(dialog).getByLabelText('取り消しの理由（任意）')).toHaveValue('急用です。');
  });

  it('closes the cancel form without sending anything', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(visitRequest());
    await user.click(await screen.findByRole('button', { name: '依頼を取り消す' }));
    await user.click(screen.getByRole('button', { name: '戻る' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '依頼を取り消す' })).toBeVisible();
    expect(writes()).toEqual([]);
  });

  it('says that both sides confirmed the rules, and when, in Japan time', async () => {
    renderRequest(
      visitRequest({
        status: 'accepted',
        meetingAt: '2099-05-09T23:00:00.000Z',
        meetingFormat: 'in_person',
        placeKind: 'public',
        rulesConfirmed: { student: '2026-11-26T05:05:00.000Z', mentor: '2026-11-27T00:30:00.000Z' },
      }),
    );
    const line = await screen.findByText('学生 11月26日 14:05／OG 11月27日 9:30');
    expect(line.closest('div')).toHaveTextContent('ルールの確認');
    expect(screen.getByText('会う場所の種類').nextElementSibling).toHaveTextContent(
      'カフェなど人目のある場所',
    );
  });

  it('says nothing of the rules on a request agreed before they were stored', async () => {
    renderRequest(visitRequest({ status: 'accepted', meetingAt: '2099-05-09T23:00:00.000Z' }));
    await screen.findByRole('region', { name: 'OG訪問の日時が決まりました' });
    expect(screen.queryByText('ルールの確認')).toBeNull();
    expect(screen.queryByText('会う場所の種類')).toBeNull();
  });

  it('shows the agreed time in Japan time and the address once accepted', async () => {
    renderRequest(
      visitRequest({
        status: 'accepted',
        meetingAt: '2099-05-09T23:00:00.000Z',
        responseMessage: '渋谷駅の改札でお待ちしています。',
        respondedAt: '2026-11-21T01:00:00.000Z',
        mentor: { ...visitRequest().mentor, contactEmail: 'og1@example.com' },
      }),
    );
    // The booked visit leads: when, how, and what to do next.
    const booked = await screen.findByRole('region', { name: 'OG訪問の日時が決まりました' });
    expect(booked).toHaveTextContent('2099年5月10日(日) 08:00');
    expect(booked).toHaveTextContent('オンライン');
    expect(
      within(booked)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '下のメッセージで佐藤 美咲さんに、お礼と当日の確認の連絡をしましょう。',
      'オンライン会議のURLは、OGが設定するとこのページに表示されます（メールでもお知らせします）。',
      '当日は安全のためのルールを守ってください。予定が変わったときは、早めに相手に連絡してください。',
    ]);
    expect(screen.getByText('承諾済み')).toBeVisible();
    expect(screen.queryByText(/返答をお待ちください/)).toBeNull();
    expect(screen.getByRole('link', { name: 'og1@example.com' })).toHaveAttribute(
      'href',
      'mailto:og1@example.com',
    );
    expect(
      screen.getByText('連絡先はOG訪問の連絡にのみ使用し、第三者へ共有しないでください。'),
    ).toBeVisible();
    expect(screen.queryByText('連絡先は依頼が承諾されると表示されます。')).toBeNull();
    expect(screen.getByText('OGからのメッセージ').nextElementSibling).toHaveTextContent(
      '渋谷駅の改札でお待ちしています。',
    );
    // Still ahead: either side may call it off, from a quiet button after the facts.
    const cancel = screen.getByRole('button', { name: 'この予定を取り消す' });
    expect(cancel).toHaveClass('button-secondary');
    expect(cancel).not.toHaveClass('button-danger');
    expect(booked.compareDocumentPosition(cancel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers no cancel once the agreed meeting has passed', async () => {
    renderRequest(visitRequest({ status: 'accepted', meetingAt: '2025-05-09T23:00:00.000Z' }));
    expect((await screen.findByText('決定した日時')).nextElementSibling).toHaveTextContent(
      '2025年5月10日(土) 08:00',
    );
    expect(screen.queryByRole('button', { name: '依頼を取り消す' })).toBeNull();
  });

  it('says who cancelled and why', async () => {
    renderRequest(
      visitRequest({
        status: 'cancelled',
        cancelledBy: 'mentor',
        cancelMessage: '出張が入りました。',
        cancelledAt: '2026-11-21T01:00:00.000Z',
      }),
    );
    // At the top of the page (visit-request-live.test.tsx has the rest of it).
    const notice = (await screen.findByText('OGが取り消しました。')).closest('section');
    expect(notice).toHaveTextContent('OGが取り消しました。取り消しの理由出張が入りました。');
    expect(screen.getByText('取り消し')).toBeVisible();
    expect(screen.queryByRole('button', { name: '依頼を取り消す' })).toBeNull();
  });

  it('says a request it cannot read is not found', async () => {
    renderRequest(visitRequest(), {
      get: { status: 404, body: { code: 'not-found', message: '' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('依頼が見つかりません。');
    expect(screen.getByRole('heading', { name: 'OG訪問の依頼' })).toBeVisible();
    expect(screen.getByRole('link', { name: /依頼の一覧に戻る/ })).toHaveAttribute(
      'href',
      '/visit-requests',
    );
  });
});

describe('/visit-requests/:id, the alumna side', () => {
  it('shows the accept form with the student and no address yet', async () => {
    renderRequest(mentorSide());
    expect(await screen.findByText(/内容を確認し、承諾または辞退してください。/)).toBeVisible();
    expect(screen.getByText('依頼した学生').nextElementSibling).toHaveTextContent(
      '山田 太郎（慶應義塾大学・3年）',
    );
    expect(screen.getByText('連絡先は依頼が承諾されると表示されます。')).toBeVisible();
    const form = acceptForm();
    // Three times and 「別の日時を提案する」, then the five kinds of place (online chosen, as asked).
    expect(within(form).getAllByRole('radio')).toHaveLength(9);
    expect(within(form).getByRole('radio', { name: 'オンライン' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: formatMeetingTime(SLOTS[0]!) })).toBeEnabled();
    expect(within(form).getByRole('radio', { name: '別の日時を提案する' })).toBeEnabled();
    expect(within(form).queryByLabelText('提案する日時')).toBeNull();
    expect(screen.getByRole('button', { name: '辞退する' })).toBeVisible();
  });

  it("puts the student's message and profile first, then her answer", async () => {
    renderRequest(
      mentorSide({
        student: { ...visitRequest().student, selfIntroduction: 'テニス部の主将をしています。' },
      }),
    );
    const facts = await screen.findByRole('region', { name: '依頼の内容' });
    const before = (a: Element, b: Element) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(before(facts, acceptForm())).toBeTruthy();
    expect(before(facts, screen.getByRole('button', { name: '辞退する' }))).toBeTruthy();
    expect(within(facts).getByText('メッセージ')).toBeVisible();
    expect(within(facts).getByText('テニス部の主将をしています。')).toBeVisible();
    // Once, not again below the thread.
    expect(screen.getAllByText('依頼した学生')).toHaveLength(1);
  });

  it('asks for a slot and the rules before accepting, then accepts the slot chosen', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(mentorSide());
    await screen.findByRole('region', { name: '依頼を承諾する' });
    const form = acceptForm();
    await user.click(within(form).getByRole('button', { name: '承諾する' }));
    expect(
      await within(form).findByText('希望日時から1つ選ぶか、別の日時を提案してください。'),
    ).toBeVisible();
    expect(
      within(form).getByLabelText('安全のためのルールを確認し、守ります'),
    ).toHaveAccessibleDescription('安全のためのルールを確認し、チェックを入れてください。');
    expect(writes()).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: formatMeetingTime(SLOTS[1]!) }));
    await user.type(
      within(form).getByLabelText('学生へのメッセージ（任意）'),
      'Zoomで話しましょう。',
    );
    await user.click(within(form).getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(within(form).getByRole('button', { name: '承諾する' }));

    expect(
      await screen.findByText('依頼を承諾しました。学生にメールでお知らせしました。'),
    ).toBeVisible();
    expect(writes()).toEqual([
      {
        call: `POST ${API}/accept`,
        body: {
          slotIndex: 1,
          message: 'Zoomで話しましょう。',
          placeKind: 'online',
          safetyRulesConfirmed: true,
        },
      },
    ]);
  });

  it('accepts a booking of one of her slots with the rules box and one tap: the time is chosen', async () => {
    const user = userEvent.setup();
    const start = SLOTS[0]!;
    const { writes } = renderRequest(
      mentorSide({
        preferredSlots: [start],
        bookedUntil: new Date(new Date(start).getTime() + 60 * 60 * 1000).toISOString(),
      }),
    );
    await screen.findByRole('region', { name: '依頼を承諾する' });
    const form = acceptForm();
    expect(within(form).getByRole('radio', { name: formatMeetingTime(start) })).toBeChecked();
    await user.click(within(form).getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(within(form).getByRole('button', { name: '承諾する' }));
    expect(
      await screen.findByText('依頼を承諾しました。学生にメールでお知らせしました。'),
    ).toBeVisible();
    expect(writes()).toEqual([
      {
        call: `POST ${API}/accept`,
        body: { slotIndex: 0, message: '', placeKind: 'online', safetyRulesConfirmed: true },
      },
    ]);
  });

  it('keeps a slot that has passed from being chosen', async () => {
    const past = instant(-2, 10);
    renderRequest(mentorSide({ preferredSlots: [past, SLOTS[1]!] }));
    await screen.findByRole('region', { name: '依頼を承諾する' });
    const pastRadio = within(acceptForm()).getByRole('radio', {
      name: `${formatMeetingTime(past)} （過ぎています）`,
    });
    expect(pastRadio).toBeDisabled();
    expect(
      within(acceptForm()).getByRole('radio', { name: formatMeetingTime(SLOTS[1]!) }),
    ).toBeEnabled();
  });

  it('proposes another time only once it is a valid one (a proposal, not a booking)', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(mentorSide());
    await screen.findByRole('region', { name: '依頼を承諾する' });
    const form = acceptForm();
    await user.click(within(form).getByRole('radio', { name: '別の日時を提案する' }));
    // The student's acceptance of her time agrees the visit: she confirms the rules here too,
    // and the button says what it does.
    expect(within(form).getByLabelText('安全のためのルールを確認し、守ります')).toBeVisible();
    expect(within(form).queryByRole('button', { name: '承諾する' })).toBeNull();
    const proposed = within(form).getByLabelText('候補1');
    expect(within(form).getByRole('group', { name: '提案する日時' })).toHaveAccessibleDescription(
      expect.stringContaining('相手がその中から1つ選んで承諾すると、日時が決まります。'),
    );

    await user.click(within(form).getByRole('button', { name: '日時を提案する' }));
    await waitFor(() =>
      expect(proposed).toHaveAccessibleDescription(
        expect.stringContaining('提案する日時を入力してください。'),
      ),
    );
    fireEvent.change(proposed, { target: { value: slot(5, 21) } });
    await user.click(within(form).getByRole('button', { name: '日時を提案する' }));
    await waitFor(() =>
      expect(proposed).toHaveAccessibleDescription(
        expect.stringContaining(
          '面談の開始時刻は8:00〜20:00の間で指定してください（深夜の面談はできません）。',
        ),
      ),
    );
    expect(writes()).toEqual([]);

    fireEvent.change(proposed, { target: { value: slot(5, 19) } });
    await user.click(within(form).getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(within(form).getByRole('button', { name: '日時を提案する' }));
    expect(
      await screen.findByText('日時を提案しました。相手にメールでお知らせしました。'),
    ).toBeVisible();
    expect(writes()).toEqual([
      {
        call: `POST ${API}/propose`,
        body: {
          proposedTimes: [slot(5, 19)],
          message: '',
          placeKind: 'online',
          safetyRulesConfirmed: true,
        },
      },
    ]);
  });

  it('declines with an optional message', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(mentorSide());
    await user.click(await screen.findByRole('button', { name: '辞退する' }));
    const form = screen.getByRole('form', { name: '依頼を辞退する' });
    await user.type(
      within(form).getByLabelText('学生へのメッセージ（任意）'),
      '今月は都合がつきません。',
    );
    expect(within(form).getByText('12 / 500 文字')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: '辞退する' }));

    expect(
      await screen.findByText('依頼を辞退しました。学生にメールでお知らせしました。'),
    ).toBeVisible();
    expect(writes()).toEqual([
      { call: `POST ${API}/decline`, body: { message: '今月は都合がつきません。' } },
    ]);
  });

  it('shows why the server refused to accept', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(mentorSide(), {
      post: { status: 409, body: { code: 'visit/not-open', message: '' } },
    });
    await screen.findByRole('region', { name: '依頼を承諾する' });
    const form = acceptForm();
    await user.click(within(form).getByRole('radio', { name: formatMeetingTime(SLOTS[0]!) }));
    await user.click(within(form).getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(within(form).getByRole('button', { name: '承諾する' }));
    expect(
      await within(screen.getByRole('region', { name: '通知' })).findByText(
        '承諾できませんでした。この依頼はすでに承諾・辞退・取り消しのいずれかが済んでいるため、操作できません。',
      ),
    ).toBeVisible();
    expect(writes()).toHaveLength(1);
  });

  it("shows the student's address once accepted", async () => {
    renderRequest(
      mentorSide({
        status: 'accepted',
        meetingAt: SLOTS[0]!,
        student: { ...visitRequest().student, contactEmail: 'taro@keio.jp' },
      }),
    );
    expect(await screen.findByRole('link', { name: 'taro@keio.jp' })).toHaveAttribute(
      'href',
      'mailto:taro@keio.jp',
    );
    expect(screen.queryByRole('region', { name: '依頼を承諾する' })).toBeNull();
    const booked = screen.getByRole('region', { name: 'OG訪問の日時が決まりました' });
    expect(booked).toHaveTextContent(formatMeetingTime(SLOTS[0]!));
    expect(within(booked).getAllByRole('listitem')[0]).toHaveTextContent(
      '上の欄にオンライン会議のURLを設定してください。学生にはメールでお知らせします。',
    );
  });
});

describe('the student as the alumna sees them', () => {
  it('shows what the student wrote about themselves, leaving out what is empty', async () => {
    renderRequest(
      mentorSide({
        student: {
          ...visitRequest().student,
          desiredIndustry: '総合商社',
          desiredJobType: null,
          selfIntroduction: 'テニス部の主将をしています。',
        },
      }),
    );
    expect((await screen.findByText('学部・学科')).nextElementSibling).toHaveTextContent(
      '経済学部 経済学科',
    );
    expect(screen.getByText('志望業界').nextElementSibling).toHaveTextContent('総合商社');
    expect(screen.getByText('自己紹介').nextElementSibling).toHaveTextContent(
      'テニス部の主将をしています。',
    );
    expect(screen.queryByText('志望職種')).toBeNull();
    expect(screen.queryByText('学籍番号')).toBeNull();
  });

  it('names the desired industry in English in English mode', async () => {
    await setLanguage('en');
    try {
      renderRequest(
        mentorSide({ student: { ...visitRequest().student, desiredIndustry: '総合商社' } }),
      );
      expect((await screen.findByText('Desired industry')).nextElementSibling).toHaveTextContent(
        'General trading companies',
      );
    } finally {
      await setLanguage('ja');
    }
  });
});

describe('proposals of another time', () => {
  const PROPOSED = instant(8, 19);

  it('the student sees the alumna\u2019s proposal and accepts it, confirming the rules', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(
      visitRequest({
        awaiting: 'student',
        proposal: { times: [PROPOSED], by: 'mentor', message: '夜なら空いています。' },
        proposalsLeft: 2,
      }),
    );
    expect(
      await screen.findByText(
        /佐藤 美咲さんから別の日時の提案が届いています。提案された日時で承諾するか、別の日時を提案してください。/,
      ),
    ).toBeVisible();
    expect(screen.getByText('日時調整中')).toBeVisible();
    const panel = screen.getByRole('region', { name: '提案された日時' });
    expect(panel).toHaveTextContent(formatMeetingTime(PROPOSED));
    expect(panel).toHaveTextContent('夜なら空いています。');
    expect(screen.getByText('あと2回まで日時を提案できます（双方の合計）。')).toBeVisible();
    // A student's acceptance carries no message.
    expect(screen.queryByLabelText('学生へのメッセージ（任意）')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'この日時で承諾する' }));
    expect(
      await screen.findByText('安全のためのルールを確認し、チェックを入れてください。'),
    ).toBeVisible();
    expect(writes()).toEqual([]);
    await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(screen.getByRole('button', { name: 'この日時で承諾する' }));
    expect(
      await screen.findByText('日時が決まりました。相手にメールでお知らせしました。'),
    ).toBeVisible();
    expect(writes()).toEqual([
      {
        call: `POST ${API}/accept-proposal`,
        body: { time: PROPOSED, safetyRulesConfirmed: true },
      },
    ]);
  });

  it('the student proposes another time instead', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(
      visitRequest({
        awaiting: 'student',
        proposal: { times: [PROPOSED], by: 'mentor', message: null },
        proposalsLeft: 2,
      }),
    );
    await user.click(await screen.findByRole('button', { name: '別の日時を提案する' }));
    const form = screen.getByRole('form', { name: '別の日時を提案する' });
    fireEvent.change(within(form).getByLabelText('候補1'), {
      target: { value: slot(9, 10) },
    });
    await user.type(within(form).getByLabelText('相手へのメッセージ（任意）'), '午前が希望です。');
    await user.click(within(form).getByRole('button', { name: '日時を提案する' }));
    expect(
      await screen.findByText('日時を提案しました。相手にメールでお知らせしました。'),
    ).toBeVisible();
    expect(writes()).toEqual([
      {
        call: `POST ${API}/propose`,
        body: { proposedTimes: [slot(9, 10)], message: '午前が希望です。' },
      },
    ]);
  });

  it('with no proposals left, only accepting (or cancelling) remains', async () => {
    renderRequest(
      visitRequest({
        awaiting: 'student',
        proposal: { times: [PROPOSED], by: 'mentor', message: null },
        proposalsLeft: 0,
      }),
    );
    expect(
      await screen.findByText(
        '日時の提案は上限に達しました。提案された日時で承諾するか、依頼を取り消してください。',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: '別の日時を提案する' })).toBeNull();
    expect(screen.getByRole('button', { name: 'この日時で承諾する' })).toBeVisible();
  });

  it('says when the proposed time has passed', async () => {
    const user = userEvent.setup();
    renderRequest(
      visitRequest({
        awaiting: 'student',
        proposal: { times: [PROPOSED], by: 'mentor', message: null },
      }),
      {
        post: {
          status: 400,
          body: {
            code: 'invalid-argument',
            message: '',
            fieldErrors: { time: 'validation.visitProposalPast' },
          },
        },
      },
    );
    await user.click(await screen.findByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(screen.getByRole('button', { name: 'この日時で承諾する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '提案された日時は過ぎています。別の日時を提案してください。',
    );
  });

  it('the alumna who proposed waits for the student, and may still decline', async () => {
    renderRequest(
      mentorSide({
        awaiting: 'student',
        proposal: { times: [PROPOSED], by: 'mentor', message: null },
        proposalsLeft: 2,
      }),
    );
    expect(
      await screen.findByText(/あなたが提案した日時について、学生の返答をお待ちください。/),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'あなたが提案した日時' })).toHaveTextContent(
      formatMeetingTime(PROPOSED),
    );
    expect(screen.queryByRole('region', { name: '依頼を承諾する' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'この日時で承諾する' })).toBeNull();
    expect(screen.getByRole('button', { name: '辞退する' })).toBeVisible();
  });

  it('the alumna accepts the student\u2019s counter-proposal with a message', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(
      mentorSide({
        meetingFormat: 'in_person',
        awaiting: 'mentor',
        proposal: { times: [PROPOSED], by: 'student', message: '午前が希望です。' },
        proposalsLeft: 1,
      }),
    );
    expect(await screen.findByText(/学生から別の日時の提案が届いています。/)).toBeVisible();
    // Her first-answer form (slots) gives way to the proposal.
    expect(screen.queryByRole('region', { name: '依頼を承諾する' })).toBeNull();
    await user.type(screen.getByLabelText('学生へのメッセージ（任意）'), 'お待ちしています。');
    await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
    // An in-person request: she chooses the kind of place; 'other' needs words, checked live.
    await user.click(screen.getByRole('button', { name: 'この日時で承諾する' }));
    expect(await screen.findByText('会う場所の種類を選んでください。')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'その他' }));
    await user.type(screen.getByLabelText('どのような場所か（60文字以内）'), '駅前のｶﾗｵｹ');
    expect(screen.getByText(/「カラオケ」は会う場所に指定できません/)).toBeVisible();
    expect(writes()).toEqual([]);
    await user.clear(screen.getByLabelText('どのような場所か（60文字以内）'));
    await user.type(screen.getByLabelText('どのような場所か（60文字以内）'), '区民センター');
    await user.click(screen.getByRole('button', { name: 'この日時で承諾する' }));
    await screen.findByText('日時が決まりました。相手にメールでお知らせしました。');
    expect(writes()).toEqual([
      {
        call: `POST ${API}/accept-proposal`,
        body: {
          time: PROPOSED,
          message: 'お待ちしています。',
          safetyRulesConfirmed: true,
          placeKind: 'other',
          placeOther: '区民センター',
        },
      },
    ]);
  });
});

describe('several times at once (issue 34, point 5)', () => {
  it('the alumna proposes up to three times in her answer, each row checked', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(mentorSide());
    await screen.findByRole('region', { name: '依頼を承諾する' });
    const form = acceptForm();
    await user.click(within(form).getByRole('radio', { name: '別の日時を提案する' }));
    await user.click(within(form).getByRole('button', { name: '候補の日時を追加' }));
    await user.click(within(form).getByRole('button', { name: '候補の日時を追加' }));
    // Three is the most: the button goes.
    expect(within(form).queryByRole('button', { name: '候補の日時を追加' })).toBeNull();
    fireEvent.change(within(form).getByLabelText('候補1'), { target: { value: slot(5, 10) } });
    fireEvent.change(within(form).getByLabelText('候補2'), { target: { value: slot(5, 10) } });
    fireEvent.change(within(form).getByLabelText('候補3'), { target: { value: slot(7, 18) } });
    await user.click(within(form).getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(within(form).getByRole('button', { name: '日時を提案する' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('候補2')).toHaveAccessibleDescription(
        expect.stringContaining('同じ日時が重複しています。'),
      ),
    );
    expect(writes()).toEqual([]);

    fireEvent.change(within(form).getByLabelText('候補2'), { target: { value: slot(6, 14) } });
    await user.click(within(form).getByRole('button', { name: '日時を提案する' }));
    expect(
      await screen.findByText('日時を提案しました。相手にメールでお知らせしました。'),
    ).toBeVisible();
    expect(writes()).toEqual([
      {
        call: `POST ${API}/propose`,
        body: {
          proposedTimes: [slot(5, 10), slot(6, 14), slot(7, 18)],
          message: '',
          placeKind: 'online',
          safetyRulesConfirmed: true,
        },
      },
    ]);
  });

  it('a row added and left empty is not sent; a removed row is gone', async () => {
    const user = userEvent.setup();
    const { writes } = renderRequest(
      visitRequest({
        awaiting: 'student',
        proposal: { times: [instant(8, 19)], by: 'mentor', message: null },
        proposalsLeft: 2,
      }),
    );
    await user.click(await screen.findByRole('button', { name: '別の日時を提案する' }));
    const form = screen.getByRole('form', { name: '別の日時を提案する' });
    await user.click(within(form).getByRole('button', { name: '候補の日時を追加' }));
    await user.click(within(form).getByRole('button', { name: '候補の日時を追加' }));
    fireEvent.change(within(form).getByLabelText('候補1'), { target: { value: slot(9, 10) } });
    fireEvent.change(within(form).getByLabelText('候補2'), { target: { value: slot(9, 11) } });
    await user.click(within(form).getByRole('button', { name: '候補2を削除' }));
    await user.click(within(form).getByRole('button', { name: '日時を提案する' }));
    await screen.findByText('日時を提案しました。相手にメールでお知らせしました。');
    expect(writes()).toEqual([
      { call: `POST ${API}/propose`, body: { proposedTimes: [slot(9, 10)], message: '' } },
    ]);
  });

  it('the student chooses one of three proposed times; a time that has passed cannot be chosen', async () => {
    const user = userEvent.setup();
    const times = [instant(-1, 10), instant(8, 19), instant(9, 13)];
    const { writes } = renderRequest(
      visitRequest({
        awaiting: 'student',
        proposal: { times, by: 'mentor', message: null },
        proposalsLeft: 2,
      }),
    );
    const panel = await screen.findByRole('region', { name: '提案された日時' });
    for (const time of times) expect(panel).toHaveTextContent(formatMeetingTime(time));
    const choice = screen.getByRole('group', { name: '承諾する日時を選ぶ' });
    expect(within(choice).getByRole('radio', { name: /（過ぎています）/ })).toBeDisabled();

    await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(screen.getByRole('button', { name: 'この日時で承諾する' }));
    expect(await screen.findByText('提案された日時から1つ選んでください。')).toBeVisible();
    expect(writes()).toEqual([]);

    await user.click(within(choice).getByRole('radio', { name: formatMeetingTime(times[2]!) }));
    await user.click(screen.getByRole('button', { name: 'この日時で承諾する' }));
    await screen.findByText('日時が決まりました。相手にメールでお知らせしました。');
    expect(writes()).toEqual([
      {
        call: `POST ${API}/accept-proposal`,
        body: { time: times[2], safetyRulesConfirmed: true },
      },
    ]);
  });

  it('says it in English', async () => {
    await setLanguage('en');
    try {
      renderRequest(
        visitRequest({
          awaiting: 'student',
          proposal: { times: [instant(8, 19), instant(9, 13)], by: 'mentor', message: null },
          proposalsLeft: 2,
        }),
      );
      expect(await screen.findByRole('group', { name: 'Choose the time to accept' })).toBeVisible();
    } finally {
      await setLanguage('ja');
    }
  });
});

describe('contact details in the words written before acceptance', () => {
  const WARNING = /連絡先と思われる部分は相手には「＊＊＊」と表示されます/;
  const PHONE = '電話090-1234-5678';

  it('the alumna is warned in a proposal’s words, not in those sent with an acceptance', async () => {
    const user = userEvent.setup();
    renderRequest(mentorSide());
    await screen.findByRole('region', { name: '依頼を承諾する' });
    const form = acceptForm();
    await user.click(within(form).getAllByRole('radio')[0]!);
    await user.type(within(form).getByLabelText('学生へのメッセージ（任意）'), PHONE);
    expect(within(form).queryByText(WARNING)).toBeNull();
    await user.click(within(form).getByRole('radio', { name: '別の日時を提案する' }));
    expect(within(form).getByRole('status')).toHaveTextContent(WARNING);
  });

  it('the alumna is warned in a refusal’s words', async () => {
    const user = userEvent.setup();
    renderRequest(mentorSide());
    await user.click(await screen.findByRole('button', { name: '辞退する' }));
    const form = screen.getByRole('form', { name: '依頼を辞退する' });
    await user.type(within(form).getByLabelText('学生へのメッセージ（任意）'), PHONE);
    expect(within(form).getByRole('status')).toHaveTextContent(WARNING);
  });

  it('a cancellation before acceptance warns', async () => {
    const user = userEvent.setup();
    renderRequest(visitRequest());
    await user.click(await screen.findByRole('button', { name: '依頼を取り消す' }));
    const dialog = screen.getByRole('dialog', { name: '依頼を取り消す' });
    await user.type(within(dialog).getByLabelText('取り消しの理由（任意）'), PHONE);
    expect(within(dialog).getByRole('status')).toHaveTextContent(WARNING);
  });

  it('a cancellation of an agreed visit does not: its words are read as written', async () => {
    const user = userEvent.setup();
    renderRequest(
      visitRequest({ status: 'accepted', meetingAt: '2099-05-09T23:00:00.000Z', awaiting: null }),
    );
    await user.click(await screen.findByRole('button', { name: 'この予定を取り消す' }));
    const booked = screen.getByRole('dialog');
    await user.type(within(booked).getByRole('textbox'), PHONE);
    expect(within(booked).queryByText(WARNING)).toBeNull();
  });

  it('the student is warned in a proposal’s words', async () => {
    const user = userEvent.setup();
    renderRequest(
      visitRequest({
        awaiting: 'student',
        proposal: { times: [instant(8, 19)], by: 'mentor', message: null },
        proposalsLeft: 2,
      }),
    );
    await user.click(await screen.findByRole('button', { name: '別の日時を提案する' }));
    const form = screen.getByRole('form', { name: '別の日時を提案する' });
    await user.type(within(form).getByLabelText('相手へのメッセージ（任意）'), PHONE);
    expect(within(form).getByRole('status')).toHaveTextContent(WARNING);
  });

  it('the alumna accepting the student’s proposal is not warned: her words come with it', async () => {
    const user = userEvent.setup();
    renderRequest(
      mentorSide({
        awaiting: 'mentor',
        proposal: { times: [instant(8, 19)], by: 'student', message: null },
        proposalsLeft: 1,
      }),
    );
    await user.type(await screen.findByLabelText('学生へのメッセージ（任意）'), PHONE);
    expect(screen.queryByText(WARNING)).toBeNull();
  });
});

describe('news for the student', () => {
  it('opening a request with news tells the server it was seen', async () => {
    const { writes } = renderRequest(visitRequest({ status: 'declined', unseen: true }));
    await screen.findByText('辞退');
    await waitFor(() => expect(writes()).toEqual([{ call: `POST ${API}/seen`, body: undefined }]));
  });

  it('a request without news is not marked again', async () => {
    const { writes } = renderRequest(visitRequest({ status: 'declined', unseen: false }));
    await screen.findByText('辞退');
    expect(writes()).toEqual([]);
  });
});

describe('a request whose other side withdrew', () => {
  const withdrawnMentor = {
    userId: null,
    withdrawn: true,
    name: '',
    universityName: '',
    universityNameEn: null,
    contactEmail: null,
    urlParam: '',
    graduationYear: 0,
    company: '',
    iconUrl: null,
  };

  it('shows 「退会したユーザー」 and the cancelled-by-withdrawal status, with no report or block', async () => {
    renderRequest(
      visitRequest({
        status: 'cancelled',
        cancelledBy: 'withdrawal',
        cancelledAt: '2026-11-21T01:00:00.000Z',
        mentor: withdrawnMentor,
      }),
    );
    expect(await screen.findByText('退会したユーザー')).toBeInTheDocument();
    expect(screen.getByText('相手の退会によりキャンセルされました。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /通報/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /ブロック/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /退会/ })).toBeNull();
  });
});

describe('the safety box of a request page', () => {
  function safetyBox() {
    return screen.getByRole('region', { name: '困ったときは' });
  }

  it('names the desk an admin set to the student, beside reporting the alumna', async () => {
    renderRequest(visitRequest(), { desk: deskAnswer() });
    await screen.findByText(/佐藤 美咲さんの返答をお待ちください。/);
    const box = safetyBox();
    expect(await within(box).findByText(DESK.name, { selector: '.desk-name' })).toBeVisible();
    expect(within(box).getByRole('link', { name: DESK.email })).toHaveAttribute(
      'href',
      `mailto:${DESK.email}`,
    );
    expect(within(box).getByRole('link', { name: DESK.phone })).toBeVisible();
    expect(within(box).getByText(DESK.note)).toBeVisible();
    expect(within(box).getByRole('button', { name: '通報する' })).toBeVisible();
  });

  it('names the admins’ contact to the alumna while no desk is set', async () => {
    renderRequest(mentorSide());
    await screen.findByRole('region', { name: '依頼を承諾する' });
    const box = safetyBox();
    expect(await within(box).findByRole('link', { name: /お問い合わせフォーム/ })).toHaveAttribute(
      'href',
      INQUIRY_URL,
    );
    expect(
      within(box).getByText('相談や通報をしたことが、相手の方に伝わることはありません。'),
    ).toBeVisible();
  });

  it('still names the desk once the other side has withdrawn (nobody to report)', async () => {
    const request = visitRequest({ status: 'cancelled', open: false, cancelledBy: 'withdrawal' });
    renderRequest(
      {
        ...request,
        mentor: { ...request.mentor, userId: null, withdrawn: true },
      },
      { desk: deskAnswer() },
    );
    await screen.findByRole('heading', { level: 1 });
    const box = safetyBox();
    expect(await within(box).findByText(DESK.name, { selector: '.desk-name' })).toBeVisible();
    expect(within(box).queryByRole('button', { name: '通報する' })).toBeNull();
  });
});

describe('two no-shows within 90 days, told to the student', () => {
  const booked = () =>
    visitRequest({ status: 'accepted', open: true, meetingAt: '2099-05-09T23:00:00.000Z' });

  it('is said in advance on her booked visit', async () => {
    renderRequest(booked());
    const region = await screen.findByRole('region', { name: 'OG訪問の日時が決まりました' });
    expect(region).toHaveTextContent(
      '「来なかった」との報告が90日以内に2回数えられると、ゼミの運営者が解除するまで新しい依頼を送れなくなります。',
    );
  });

  it('is not said to the alumna', async () => {
    renderRequest({ ...booked(), side: 'mentor' });
    const region = await screen.findByRole('region', { name: 'OG訪問の日時が決まりました' });
    expect(region).not.toHaveTextContent('90日以内に2回数えられる');
  });

  it('says on her request page that her requests are stopped, with the desk to reach', async () => {
    renderRequest({ ...booked(), requestsStopped: true }, { desk: deskAnswer() });
    const notice = (
      await screen.findByText(/直近90日間に2回、OG訪問に来なかったとの報告が数えられたため/)
    ).parentElement!;
    expect(notice).toHaveAttribute('role', 'status');
    expect(await within(notice).findByRole('link', { name: DESK.email })).toHaveAttribute(
      'href',
      `mailto:${DESK.email}`,
    );
  });
});
