import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { renderRoutes } from '../../test/render';
import { visitRequestData } from '../../test/visit-data';
import { VisitRequestPage } from './visit-request-page';

/**
 * The place is said once (issue 56, point 1), on the request page: the place her window named
 * for a booked slot, the acceptance that carries it into 待ち合わせ場所 (or asks for the URL of an
 * online meeting), and what a form checks: only what it shows.
 */

const ID = '44444444-4444-4444-8444-444444444444';
const API = `/api/visit-requests/${ID}`;
const START = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
const END = new Date(Date.parse(START) + 3_600_000).toISOString();
const PLACE = '新宿駅周辺のカフェ';

/** A booking of her in-person slot, as the side given reads it while it waits. */
function booking(overrides: Partial<VisitRequest> = {}): VisitRequest {
  return visitRequestData({
    id: ID,
    side: 'mentor',
    meetingFormat: 'in_person',
    preferredSlots: [START],
    bookedUntil: END,
    windowPlace: { kind: 'public', words: PLACE },
    ...overrides,
  });
}

function renderPage(request: VisitRequest) {
  const rendered = renderRoutes(
    [{ path: '/visit-requests/:id', element: <VisitRequestPage /> }],
    `/visit-requests/${ID}`,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === API) return { status: 200, body: request };
      if (method === 'GET' && url === `${API}/messages`) {
        return {
          status: 200,
          body: { messages: [], closedReason: null, masksContacts: true, readAt: null },
        };
      }
      if (method === 'POST') return { status: 200, body: { ok: true } };
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  const accepted = () =>
    rendered.fetchMock.mock.calls
      .filter(([url, init]) => init?.method === 'POST' && String(url) === `${API}/accept`)
      .map(([, init]) => JSON.parse(init!.body as string) as unknown);
  return { accepted };
}

async function acceptForm() {
  return screen.findByRole('region', { name: '依頼を承諾する' });
}

/** Her acceptance form, with 「その他」 chosen and `words` typed under it. */
async function typedUnderOther(user: ReturnType<typeof userEvent.setup>, words: string) {
  const form = await acceptForm();
  await user.click(within(form).getByRole('radio', { name: 'その他' }));
  await user.type(within(form).getByLabelText('どのような場所か（60文字以内）'), words);
  return form;
}

describe("the alumna's acceptance of a booked slot", () => {
  it("starts with her window's kind of place and its words in 待ち合わせ場所, and sends them", async () => {
    const user = userEvent.setup();
    const { accepted } = renderPage(booking());
    const form = await acceptForm();
    expect(within(form).getByRole('radio', { name: 'カフェなど人目のある場所' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /待ち合わせ場所/ })).toHaveValue(PLACE);
    await user.click(within(form).getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(within(form).getByRole('button', { name: '承諾する' }));
    await waitFor(() => expect(accepted()).toHaveLength(1));
    expect(accepted()[0]).toMatchObject({ placeKind: 'public', meetingPlace: PLACE });
  });

  it('asks for the meeting URL in its own field once she chooses online', async () => {
    const user = userEvent.setup();
    const { accepted } = renderPage(booking());
    const form = await acceptForm();
    await user.click(within(form).getByRole('radio', { name: 'オンライン' }));
    expect(within(form).queryByRole('textbox', { name: /待ち合わせ場所/ })).toBeNull();
    await user.type(
      within(form).getByRole('textbox', { name: /オンライン会議のURL/ }),
      'https://meet.example.com/abc',
    );
    await user.click(within(form).getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(within(form).getByRole('button', { name: '承諾する' }));
    await waitFor(() => expect(accepted()).toHaveLength(1));
    expect(accepted()[0]).toEqual({
      slotIndex: 0,
      message: '',
      placeKind: 'online',
      meetingUrl: 'https://meet.example.com/abc',
      safetyRulesConfirmed: true,
    });
  });

  it('no longer invites the place into the message', async () => {
    renderPage(booking());
    const form = await acceptForm();
    const message = within(form).getByLabelText('学生へのメッセージ（任意）');
    expect(message.getAttribute('placeholder')).not.toMatch(/^当日の待ち合わせ場所/);
  });

  it('accepts when words refused under 「その他」 were left there and another kind chosen', async () => {
    const user = userEvent.setup();
    const { accepted } = renderPage(booking({ windowPlace: null }));
    const form = await typedUnderOther(user, '駅前の居酒屋');
    await user.click(within(form).getByRole('radio', { name: 'カフェなど人目のある場所' }));
    // The field is gone: what it held is neither checked nor sent.
    expect(within(form).queryByLabelText('どのような場所か（60文字以内）')).toBeNull();
    await user.click(within(form).getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(within(form).getByRole('button', { name: '承諾する' }));
    await waitFor(() => expect(accepted()).toHaveLength(1));
    expect(accepted()[0]).toEqual({
      slotIndex: 0,
      message: '',
      placeKind: 'public',
      safetyRulesConfirmed: true,
    });
  });

  it('still refuses the words under 「その他」 while it is chosen, saying why', async () => {
    const user = userEvent.setup();
    const { accepted } = renderPage(booking({ windowPlace: null }));
    const form = await typedUnderOther(user, '駅前の居酒屋');
    await user.click(within(form).getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(within(form).getByRole('button', { name: '承諾する' }));
    expect((await within(form).findAllByText(/居酒屋/)).length).toBeGreaterThan(0);
    expect(accepted()).toEqual([]);
  });
});

describe('her offer, on the pending request', () => {
  it("names her window's place to the student who booked it", async () => {
    renderPage(booking({ side: 'student' }));
    expect(await screen.findByText('予約枠の場所')).toBeVisible();
    expect(screen.getByText(`${PLACE}（カフェなど人目のある場所）`)).toBeVisible();
  });

  it('offers the alumna 辞退する alone, not 依頼を取り消す beside it', async () => {
    renderPage(booking());
    await acceptForm();
    expect(screen.getByRole('button', { name: '辞退する' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '依頼を取り消す' })).toBeNull();
  });
});

describe('the agreed visit', () => {
  it('says the place she described under 「その他」, never 「まだ設定されていません」', async () => {
    const meetingAt = START;
    renderPage(
      booking({
        side: 'student',
        status: 'accepted',
        open: true,
        meetingAt,
        awaiting: null,
        windowPlace: null,
        placeKind: 'other',
        placeOther: '駅前の公共施設の打ち合わせスペース',
      }),
    );
    const booked = await screen.findByRole('region', { name: 'OG訪問の日時が決まりました' });
    expect(within(booked).getByText('駅前の公共施設の打ち合わせスペース')).toBeVisible();
    expect(within(booked).queryByText(/まだ設定されていません/)).toBeNull();
  });
});
