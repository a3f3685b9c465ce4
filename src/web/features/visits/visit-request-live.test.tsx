import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THREAD_POLL_INTERVAL_MS } from '../../../shared/constants';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { setLanguage } from '../../i18n';
import { formatMeetingTime } from '../../lib/meeting-time';
import { renderRoutes, type Answer } from '../../test/render';
import { deskAnswer } from '../../test/desk-data';
import { visitRequestData } from '../../test/visit-data';
import { VisitRequestPage } from './visit-request-page';

/**
 * A request page stays current: the other side's answer shows within a poll, an action from a
 * page opened before the request changed shows the request as it is now with a calm notice,
 * and a cancelled visit leads with its cancellation.
 */

const REQUEST_ID = '44444444-4444-4444-8444-444444444444';
const API = `/api/visit-requests/${REQUEST_ID}`;
const SLOTS = ['2099-05-09T01:00:00.000Z', '2099-05-10T05:00:00.000Z'];

function request(overrides: Partial<VisitRequest> = {}): VisitRequest {
  return visitRequestData({ id: REQUEST_ID, preferredSlots: SLOTS, ...overrides });
}

/** The request as the alumna's page reads it once the student cancelled a booked visit. */
const cancelledByStudent = () =>
  request({
    side: 'mentor',
    status: 'cancelled',
    open: false,
    meetingAt: SLOTS[1]!,
    cancelledBy: 'student',
    cancelMessage: '体調を崩してしまいました。',
    cancelledAt: '2099-05-08T01:00:00.000Z',
  });

/** Renders the page; `server.current` is what GET answers now, `server.post` what actions do. */
function renderLive(first: VisitRequest, post?: Answer) {
  const server = { current: first, post };
  const rendered = renderRoutes(
    [{ path: '/visit-requests/:id', element: <VisitRequestPage /> }],
    `/visit-requests/${REQUEST_ID}`,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === API) return { status: 200, body: server.current };
      if (method === 'GET' && url === '/api/desk') return deskAnswer(null);
      if (method === 'GET' && url === `${API}/messages`) {
        return {
          status: 200,
          body: { messages: [], closedReason: null, masksContacts: true, readAt: null },
        };
      }
      if (method === 'POST' && url.startsWith(`${API}/`)) {
        const answer = server.post ?? { status: 200, body: { ok: true } };
        // A refusal carries the request as the server holds it, which GET answers from then on.
        const { current } = answer.body as { current?: VisitRequest };
        if (current) server.current = current;
        return answer;
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  return { server, ...rendered };
}

afterEach(async () => {
  vi.useRealTimers();
  await setLanguage('ja');
});

describe('the other side acting while the page is open', () => {
  it("shows the alumna's acceptance on the student's open page within a poll", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = renderLive(request());
    expect(await screen.findByText(/佐藤 美咲さんの返答をお待ちください。/)).toBeVisible();

    server.current = request({ status: 'accepted', open: true, meetingAt: SLOTS[0]! });
    await act(() => vi.advanceTimersByTimeAsync(THREAD_POLL_INTERVAL_MS + 100));
    expect(
      await screen.findByRole('region', { name: 'OG訪問の日時が決まりました' }),
    ).toHaveTextContent(formatMeetingTime(SLOTS[0]!));
    expect(screen.queryByText(/返答をお待ちください/)).toBeNull();
  });

  it("shows the student's cancellation on the alumna's open page, her form gone", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = renderLive(request({ side: 'mentor' }));
    expect(await screen.findByRole('region', { name: '依頼を承諾する' })).toBeVisible();

    server.current = { ...cancelledByStudent(), meetingAt: null };
    await act(() => vi.advanceTimersByTimeAsync(THREAD_POLL_INTERVAL_MS + 100));
    expect(await screen.findByText('学生が取り消しました。')).toBeVisible();
    expect(screen.queryByRole('region', { name: '依頼を承諾する' })).toBeNull();
    expect(screen.queryByRole('button', { name: '辞退する' })).toBeNull();
  });
});

describe('an action from a page opened before the request changed', () => {
  it('shows the request as the server says it is now, with a calm notice and no error', async () => {
    const user = userEvent.setup();
    renderLive(request({ side: 'mentor' }), {
      status: 409,
      body: { code: 'visit/not-open', message: '', current: cancelledByStudent() },
    });
    const form = await screen.findByRole('region', { name: '依頼を承諾する' });
    await user.click(within(form).getByRole('radio', { name: formatMeetingTime(SLOTS[1]!) }));
    await user.click(within(form).getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(within(form).getByRole('button', { name: '承諾する' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'この依頼は、画面を開いている間に状態が変わっていました。最新の状態を表示していますので、ご確認ください。',
    );
    expect(screen.getByText('学生が取り消しました。')).toBeVisible();
    expect(screen.getByText('体調を崩してしまいました。')).toBeVisible();
    expect(screen.queryByRole('region', { name: '依頼を承諾する' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/承諾できませんでした/)).toBeNull();
  });

  it('closes the cancel dialog of a stale tab and shows the request as cancelled meanwhile', async () => {
    const user = userEvent.setup();
    renderLive(request(), {
      status: 409,
      body: {
        code: 'visit/not-open',
        message: '',
        // The alumna cancelled it in the meantime.
        current: request({
          status: 'cancelled',
          open: false,
          cancelledBy: 'mentor',
          cancelledAt: '2099-05-08T01:00:00.000Z',
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: '依頼を取り消す' }));
    const dialog = screen.getByRole('dialog', { name: '依頼を取り消す' });
    await user.click(within(dialog).getByRole('button', { name: '取り消す' }));

    expect(await screen.findByRole('status')).toHaveTextContent('状態が変わっていました');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('OGが取り消しました。')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says it in English too', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    renderLive(request({ side: 'mentor' }), {
      status: 409,
      body: { code: 'visit/not-open', message: '', current: cancelledByStudent() },
    });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const form = screen.getByRole('form', { name: /decline/i });
    await user.click(within(form).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This request changed while the page was open. The page now shows where it stands; please check it before going on.',
    );
    expect(screen.getByText('Cancelled by the student.')).toBeVisible();
  });
});

describe('a cancelled visit, as the alumna reads it', () => {
  it('leads with who cancelled, the agreed time and the reason, and promises no address', async () => {
    renderLive(cancelledByStudent());
    const by = await screen.findByText('学生が取り消しました。');
    const notice = by.closest('section')!;
    // First on the page after the status: before the thread and the request's facts.
    expect(
      notice.compareDocumentPosition(screen.getByText('依頼した学生')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(notice).toHaveTextContent(`予定していた日時：${formatMeetingTime(SLOTS[1]!)}`);
    expect(within(notice).getByText('取り消しの理由')).toBeVisible();
    expect(within(notice).getByText('体調を崩してしまいました。')).toBeVisible();
    expect(screen.queryByText('連絡先は依頼が承諾されると表示されます。')).toBeNull();
  });

  it('says the student withdrew, in English too', async () => {
    await setLanguage('en');
    renderLive(
      request({
        side: 'mentor',
        status: 'cancelled',
        open: false,
        meetingAt: SLOTS[0]!,
        cancelledBy: 'withdrawal',
        cancelledAt: '2099-05-08T01:00:00.000Z',
      }),
    );
    const notice = (
      await screen.findByText('Cancelled because the other person left OG Connect.')
    ).closest('section')!;
    expect(notice).toHaveTextContent(
      `The visit had been booked for ${formatMeetingTime(SLOTS[0]!)}.`,
    );
    expect(
      screen.queryByText('The contact address is shown once the request is accepted.'),
    ).toBeNull();
  });
});
