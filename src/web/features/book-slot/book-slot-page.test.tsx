import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenSlot } from '../../../shared/schemas/booking';
import type { MentorDetail } from '../../../shared/schemas/mentors';
import { setLanguage } from '../../i18n';
import { bookableMentor, openSlot } from '../../test/book-slot-data';
import { deskAnswer } from '../../test/desk-data';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { BookSlotPage } from './book-slot-page';

const REQUEST_ID = '44444444-4444-4444-8444-444444444444';
const TEN = openSlot('2026-12-03T10:00', ['online', 'in_person']);
const FOURTEEN = openSlot('2026-12-03T14:00', ['in_person'], 45);
const FRIDAY = openSlot('2026-12-04T09:30', ['online', 'in_person']);

interface Options {
  detail?: MentorDetail;
  /** The slots GET answers, one list per call (the last one repeated). */
  slots?: OpenSlot[][];
  /** The answers to POST /api/visit-requests/bookings, in turn (the last one repeated). */
  posts?: Answer[];
}

function renderBooking(slot: string, options: Options = {}) {
  const {
    detail = bookableMentor({ topics: ['industry_research', 'es_review', 'career_advice'] }),
    slots = [[TEN, FOURTEEN, FRIDAY]],
    posts = [{ status: 201, body: { id: REQUEST_ID, status: 'pending' } }],
  } = options;
  let slotCalls = 0;
  let postCalls = 0;
  const rendered = renderRoutes(
    [
      { path: '/mentor/:urlParam/book', element: <BookSlotPage /> },
      { path: '/mentor/:urlParam', element: <p>her page</p> },
      { path: '/mentor/:urlParam/request', element: <p>request form</p> },
      { path: '/visit-requests/:id', element: <p>request page</p> },
    ],
    `/mentor/og1/book?slot=${encodeURIComponent(slot)}`,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === '/api/mentors/og1') return { status: 200, body: detail };
      if (method === 'GET' && url === '/api/mentors/og1/slots') {
        const answer = slots[Math.min(slotCalls, slots.length - 1)]!;
        slotCalls += 1;
        return { status: 200, body: { slots: answer } };
      }
      if (method === 'POST' && url === '/api/visit-requests/bookings') {
        const answer = posts[Math.min(postCalls, posts.length - 1)]!;
        postCalls += 1;
        return answer;
      }
      if (method === 'GET' && url === '/api/desk') return deskAnswer();
      if (method === 'GET' && url === '/api/auth/session') return signedInAs('student');
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  const bookings = () =>
    rendered.fetchMock.mock.calls
      .filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/bookings'))
      .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
  return { ...rendered, bookings };
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('訪問の目的'), '業界研究');
  await user.type(screen.getByLabelText('メッセージ'), '金融業界について伺いたいです。');
  await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
}

describe('/mentor/:urlParam/book: a slot booked in one step (issue 37, point 2)', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('shows the chosen slot and books it with the agenda, then opens the confirmed visit', async () => {
    const user = userEvent.setup();
    const { bookings, router } = renderBooking(TEN.start, {
      posts: [{ status: 201, body: { id: REQUEST_ID, status: 'accepted' } }],
    });
    const chosen = (await screen.findByRole('heading', { name: '予約する枠' })).closest('section')!;
    expect(chosen).toHaveTextContent('12月3日(木) 10:00〜11:00（60分）');
    expect(chosen).toHaveTextContent('時刻は日本時間です。');

    await fillForm(user);
    // Both formats offered: she chooses.
    await user.click(within(screen.getByRole('group', { name: '形式' })).getByLabelText('対面'));
    await user.click(screen.getByRole('checkbox', { name: 'ES添削' }));
    await user.click(screen.getByRole('checkbox', { name: '業界研究' }));
    await user.type(screen.getByLabelText('質問1'), '  入社の決め手は何でしたか。 ');
    await user.click(screen.getByRole('button', { name: '面接の質問例を入れる' }));
    await user.click(screen.getByRole('button', { name: 'この枠で予約する' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/visit-requests/${REQUEST_ID}`),
    );
    expect(
      screen.getByText(
        '予約が確定しました。佐藤 美咲さんとのOG訪問は2026年12月3日(木) 10:00からです。',
      ),
    ).toBeVisible();
    expect(bookings()).toEqual([
      {
        mentorUrlParam: 'og1',
        slotStart: TEN.start,
        meetingFormat: 'in_person',
        purpose: 'industry_research',
        message: '金融業界について伺いたいです。',
        // In her order, whatever order they were ticked in.
        agendaTopics: ['industry_research', 'es_review'],
        agendaQuestions: [
          '入社の決め手は何でしたか。',
          '面接でよく聞かれた質問と、どのように答えたかを教えてください。',
          '面接の前に、どのような準備をしましたか。',
          '面接で評価されると感じたポイントがあれば教えてください。',
        ],
        safetyRulesConfirmed: true,
      },
    ]);
  });

  it('says a slot of one format as a fact, and a waiting booking as waiting for her', async () => {
    const user = userEvent.setup();
    const { bookings } = renderBooking(FOURTEEN.start);
    const chosen = (await screen.findByRole('heading', { name: '予約する枠' })).closest('section')!;
    expect(chosen).toHaveTextContent('12月3日(木) 14:00〜14:45（45分）');
    expect(screen.queryByRole('group', { name: '形式' })).toBeNull();
    expect(screen.getByText('形式').nextElementSibling).toHaveTextContent('対面');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'この枠で予約する' }));
    expect(await screen.findByText('request page')).toBeVisible();
    expect(
      screen.getByText(
        '予約を送りました。佐藤 美咲さんが承諾すると確定します。お返事をお待ちください。',
      ),
    ).toBeVisible();
    expect(bookings()).toEqual([
      expect.objectContaining({
        slotStart: FOURTEEN.start,
        meetingFormat: 'in_person',
        agendaTopics: [],
        agendaQuestions: [],
      }),
    ]);
  });

  it('asks every missing answer and sends nothing', async () => {
    const user = userEvent.setup();
    const { bookings } = renderBooking(TEN.start);
    await user.click(await screen.findByRole('button', { name: 'この枠で予約する' }));
    expect(await screen.findByText('訪問の目的を選択してください。')).toBeVisible();
    expect(screen.getByRole('group', { name: '形式' })).toHaveTextContent(
      '面談の形式を選択してください。',
    );
    expect(screen.getByLabelText('メッセージ')).toHaveAccessibleDescription(
      expect.stringContaining('メッセージを入力してください。'),
    );
    expect(bookings()).toEqual([]);
  });

  it('keeps what she typed when the slot was just taken, and offers the fresh slots', async () => {
    const user = userEvent.setup();
    const { bookings, router } = renderBooking(TEN.start, {
      // After the refusal her slots no longer hold 10:00.
      slots: [
        [TEN, FOURTEEN, FRIDAY],
        [FOURTEEN, FRIDAY],
      ],
      posts: [
        { status: 409, body: { code: 'booking/slot-taken', message: '' } },
        { status: 201, body: { id: REQUEST_ID, status: 'pending' } },
      ],
    });
    await fillForm(user);
    await user.click(
      within(screen.getByRole('group', { name: '形式' })).getByLabelText('オンライン'),
    );
    await user.type(screen.getByLabelText('質問1'), '職場の雰囲気を教えてください。');
    await user.click(screen.getByRole('button', { name: 'この枠で予約する' }));

    const alert = await screen.findByText(
      'この枠はたった今ほかの学生が予約しました。別の枠を選んでください。',
    );
    expect(alert.parentElement).toHaveAttribute('role', 'alert');
    const fresh = await screen.findByRole('heading', { name: '空いている枠' });
    const list = fresh.parentElement!;
    await waitFor(() =>
      expect(within(list).queryByRole('link', { name: /10:00〜11:00/ })).toBeNull(),
    );
    expect(router.state.location.pathname).toBe('/mentor/og1/book');
    // Nothing she typed is lost.
    expect(screen.getByLabelText('メッセージ')).toHaveValue('金融業界について伺いたいです。');
    expect(screen.getByLabelText('質問1')).toHaveValue('職場の雰囲気を教えてください。');
    expect(screen.getByLabelText('訪問の目的')).toHaveValue('industry_research');

    await user.click(
      within(list).getByRole('link', {
        name: '12月4日(金) 09:30〜10:30（オンライン・対面）を予約する',
      }),
    );
    const chosen = (await screen.findByRole('heading', { name: '予約する枠' })).closest('section')!;
    expect(chosen).toHaveTextContent('12月4日(金) 09:30〜10:30（60分）');
    expect(screen.queryByText(/たった今ほかの学生が予約しました/)).toBeNull();
    expect(screen.getByLabelText('メッセージ')).toHaveValue('金融業界について伺いたいです。');
    await user.click(screen.getByRole('button', { name: 'この枠で予約する' }));

    expect(await screen.findByText('request page')).toBeVisible();
    expect(bookings()).toEqual([
      expect.objectContaining({ slotStart: TEN.start }),
      expect.objectContaining({
        slotStart: FRIDAY.start,
        meetingFormat: 'online',
        message: '金融業界について伺いたいです。',
        agendaQuestions: ['職場の雰囲気を教えてください。'],
      }),
    ]);
  });

  it('says so when the slot in the address is not open, and shows the open ones', async () => {
    renderBooking(openSlot('2026-12-05T11:00').start);
    expect(
      await screen.findByText(
        'お選びの枠（12/5(土) 11:00）は、いまは予約できません。すでに埋まったか、公開が終わった可能性があります。下の空き枠から選び直してください。',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: '予約する枠' })).toBeNull();
    const list = screen.getByRole('heading', { name: '空いている枠' }).parentElement!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(
      [TEN, FOURTEEN, FRIDAY].map(
        (slot) => `/mentor/og1/book?slot=${encodeURIComponent(slot.start)}`,
      ),
    );
  });

  it('offers the request with her own times when no slot is open at all', async () => {
    renderBooking('not-a-time', { slots: [[]] });
    expect(await screen.findByText(/現在、予約できる空き枠はありません。/)).toBeVisible();
    expect(screen.getByRole('link', { name: '希望日時を送って依頼する' })).toHaveAttribute(
      'href',
      '/mentor/og1/request',
    );
  });

  it('says why she cannot be booked now, with the request already open', async () => {
    renderBooking(TEN.start, {
      detail: bookableMentor({}, { visitUnavailable: 'already-open', openRequestId: REQUEST_ID }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('このOGへの依頼が進行中です。');
    expect(screen.getByRole('link', { name: '進行中の依頼を見る' })).toHaveAttribute(
      'href',
      `/visit-requests/${REQUEST_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'この枠で予約する' })).toBeNull();
  });

  it('reads in English in English mode', async () => {
    await setLanguage('en');
    renderBooking(TEN.start);
    const chosen = (await screen.findByRole('heading', { name: 'Slot' })).closest('section')!;
    expect(chosen).toHaveTextContent('Thu, December 3 10:00–11:00 (60 min)');
    expect(screen.getByRole('button', { name: 'Book this slot' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'What to talk about (optional)' })).toBeVisible();
  });
});

describe("the window's place on the booking form (issue 56, point 1)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const AT_CAFE = { ...TEN, placeKind: 'public' as const, meetingPlace: '新宿駅周辺のカフェ' };

  it('is said with the chosen slot and on the slot buttons', async () => {
    const user = userEvent.setup();
    renderBooking(AT_CAFE.start, { slots: [[AT_CAFE, FOURTEEN]] });
    expect(
      await screen.findByText('対面の場所：新宿駅周辺のカフェ（カフェなど人目のある場所）'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: '別の枠を選ぶ' }));
    const button = screen.getByRole('link', { name: /新宿駅周辺のカフェ/ });
    expect(button).toHaveTextContent('新宿駅周辺のカフェ');
  });

  it('folds the question examples on a phone, which open to a tap', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: false, media: query }) as MediaQueryList),
    );
    renderBooking(TEN.start);
    const summary = await screen.findByText('よくある質問の例から始める');
    expect(screen.getByRole('button', { name: '面接の質問例を入れる' })).not.toBeVisible();
    await user.click(summary);
    expect(screen.getByRole('button', { name: '面接の質問例を入れる' })).toBeVisible();
  });
});
