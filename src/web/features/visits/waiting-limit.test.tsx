import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { localSlotOf, type VisitRequest } from '../../../shared/schemas/visit-requests';
import type { WaitingRequests } from '../../../shared/schemas/waiting-requests';
import { setLanguage } from '../../i18n';
import { bookableMentor, openSlot } from '../../test/book-slot-data';
import { deskAnswer } from '../../test/desk-data';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { visitRequestData } from '../../test/visit-data';
import { BookSlotPage } from '../book-slot/book-slot-page';
import { SetupPage } from '../admin/setup-page';
import { adminTextsReady } from '../admin/texts';
import { MentorDetailPage } from '../mentors/mentor-detail-page';
import { VisitRequestFormPage } from './visit-request-form-page';
import { VisitRequestPage } from './visit-request-page';
import { VisitRequestsPage } from './visit-requests-page';

/**
 * A first visit before anyone's fifth (issue 57, point 3): refused at the seminar's limit of
 * requests waiting, the request form and the booking say so plainly with each waiting request,
 * its alumna and a link to it; her page and the forms say it before she fills one in; the
 * alumna reads 「初めてのOG訪問」 on a request from a student who held none.
 */

const WAITING: WaitingRequests = {
  limit: 3,
  requests: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      mentorName: '田中 彩',
      mentorUrlParam: 'og2',
      createdAt: '2026-12-01T01:00:00.000Z',
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      mentorName: '高橋 結衣',
      mentorUrlParam: 'og3',
      createdAt: '2026-12-02T01:00:00.000Z',
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      mentorName: '伊藤 玲奈',
      mentorUrlParam: 'og4',
      createdAt: '2026-12-03T01:00:00.000Z',
    },
  ],
};
const REFUSED: Answer = {
  status: 409,
  body: { code: 'visit/waiting-limit', message: 'limit', current: WAITING },
};
const TEN = openSlot('2026-12-03T10:00', ['online']);

function renderPage(path: string, element: React.ReactNode, viewer = {}) {
  return renderRoutes(
    [
      { path: '/mentor/:urlParam', element },
      { path: '/mentor/:urlParam/request', element },
      { path: '/mentor/:urlParam/book', element },
    ],
    path,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === '/api/mentors/og1') {
        return { status: 200, body: bookableMentor({}, viewer) };
      }
      if (method === 'GET' && url === '/api/mentors/og1/slots') {
        return { status: 200, body: { slots: [TEN] } };
      }
      if (method === 'GET' && url === '/api/visit-requests/waiting') {
        return { status: 200, body: WAITING };
      }
      if (method === 'POST') return REFUSED;
      if (method === 'GET' && url === '/api/desk') return deskAnswer();
      if (method === 'GET' && url === '/api/auth/session') return signedInAs('student');
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

/** The notice lists each waiting request by its alumna, linked to the request. */
async function expectWaitingListed(title: string, linkName: (name: string) => string) {
  const notice = (await screen.findByText(title)).closest('.waiting-limit') as HTMLElement;
  const list = within(notice).getByRole('list');
  for (const request of WAITING.requests) {
    expect(within(list).getByRole('link', { name: linkName(request.mentorName) })).toHaveAttribute(
      'href',
      `/visit-requests/${request.id}`,
    );
  }
  return notice;
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('refused at the limit of requests waiting', () => {
  it('the request form lists what waits and keeps what she typed', async () => {
    const user = userEvent.setup();
    renderPage('/mentor/og1/request', <VisitRequestFormPage />);
    await user.selectOptions(await screen.findByLabelText('目的'), '企業研究');
    await user.type(screen.getByLabelText('メッセージ'), '働き方についてお話を伺えませんか。');
    const day = localSlotOf(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)).slice(0, 10);
    fireEvent.change(screen.getByLabelText('第1希望'), { target: { value: `${day}T10:00` } });
    await user.click(screen.getByLabelText('オンライン'));
    await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));

    const notice = await expectWaitingListed(
      '返事待ちの依頼が3件あります（上限3件）',
      (name) => `${name}さんへの依頼を見る`,
    );
    expect(notice).toHaveTextContent('このゼミでは、返事待ちの依頼は同時に3件までです。');
    expect(screen.getByLabelText('メッセージ')).toHaveValue('働き方についてお話を伺えませんか。');
  });

  it('the one-step booking says it too, in English', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    renderPage(`/mentor/og1/book?slot=${encodeURIComponent(TEN.start)}`, <BookSlotPage />);
    await user.selectOptions(
      await screen.findByLabelText('Purpose of the visit'),
      'industry_research',
    );
    await user.type(screen.getByLabelText('Message'), 'I would like to hear about finance.');
    await user.click(screen.getByLabelText(/I have read the safety rules/));
    await user.click(screen.getByRole('button', { name: /Book this slot/ }));
    const notice = await expectWaitingListed(
      'Requests waiting for an answer: 3 (the limit is 3)',
      (name) => `Open your request to ${name}`,
    );
    expect(notice).toHaveTextContent('up to 3 requests waiting');
  });
});

describe('said before she fills a form', () => {
  it('on the request form, with what waits read from the server', async () => {
    renderPage('/mentor/og1/request', <VisitRequestFormPage />, {
      visitUnavailable: 'waiting-limit',
    });
    await expectWaitingListed(
      '返事待ちの依頼が3件あります（上限3件）',
      (name) => `${name}さんへの依頼を見る`,
    );
    expect(screen.queryByRole('button', { name: '依頼を送信する' })).toBeNull();
  });

  it('on her page, in place of the request button', async () => {
    renderPage('/mentor/og1', <MentorDetailPage />, { visitUnavailable: 'waiting-limit' });
    await expectWaitingListed(
      '返事待ちの依頼が3件あります（上限3件）',
      (name) => `${name}さんへの依頼を見る`,
    );
  });
});

describe('「初めてのOG訪問」 on the alumna’s side', () => {
  const FIRST = '77777777-7777-4777-8777-777777777777';
  const AGAIN = '88888888-8888-4888-8888-888888888888';
  function request(id: string, overrides: Partial<VisitRequest> = {}) {
    return visitRequestData({ id, side: 'mentor', ...overrides });
  }

  it('marks the rows of her list from students who held no visit', async () => {
    renderRoutes(
      [{ path: '/visit-requests', element: <VisitRequestsPage /> }],
      '/visit-requests',
      (url) => {
        if (url === '/api/auth/session') return signedInAs('mentor');
        if (url === '/api/visit-requests') {
          return {
            status: 200,
            body: {
              awaitingReply: 2,
              items: [
                request(FIRST, { studentFirstVisit: true }),
                request(AGAIN, { studentFirstVisit: false }),
              ],
            },
          };
        }
        return { status: 404, body: { code: 'not-found', message: '' } };
      },
    );
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('初めてのOG訪問')).toBeVisible();
    expect(within(rows[1]!).queryByText('初めてのOG訪問')).toBeNull();
  });

  it('says what it means on the request’s page, in English too', async () => {
    await setLanguage('en');
    const api = `/api/visit-requests/${FIRST}`;
    renderRoutes(
      [{ path: '/visit-requests/:id', element: <VisitRequestPage /> }],
      `/visit-requests/${FIRST}`,
      (url) => {
        if (url === api) return { status: 200, body: request(FIRST, { studentFirstVisit: true }) };
        if (url === `${api}/messages`) {
          return {
            status: 200,
            body: { messages: [], closedReason: null, masksContacts: true, readAt: null },
          };
        }
        if (url === '/api/desk') return deskAnswer(null);
        if (url === '/api/auth/session') return signedInAs('mentor');
        return { status: 404, body: { code: 'not-found', message: '' } };
      },
    );
    expect(await screen.findByText('First visit')).toBeVisible();
    expect(screen.getByText('This student has not had a mentor visit yet.')).toBeVisible();
  });
});

describe('the admins’ setting on the setup page', () => {
  it('shows the stored limit and saves the one chosen', async () => {
    await adminTextsReady;
    const user = userEvent.setup();
    const { fetchMock } = renderRoutes(
      [{ path: '/admin/setup', element: <SetupPage /> }],
      '/admin/setup',
      (url, init) => {
        const method = init?.method ?? 'GET';
        if (url === '/api/admin/seminar/waiting-limit') {
          return method === 'PUT'
            ? { status: 200, body: JSON.parse(String(init!.body)) as unknown }
            : { status: 200, body: { waitingRequestsLimit: 3 } };
        }
        if (url === '/api/admin/setup') {
          return { status: 200, body: { desk: true, seminar: true, invitations: true } };
        }
        if (url === '/api/seminar') return { status: 200, body: { seminar: null } };
        if (url === '/api/auth/session') return signedInAs('admin');
        return { status: 404, body: { code: 'not-found', message: '' } };
      },
    );
    const select = await screen.findByLabelText('返事を待っている依頼の上限（学生1人あたり）');
    expect(select).toHaveValue('3');
    await user.selectOptions(select, '5');
    await user.click(screen.getByRole('button', { name: '依頼のルールを保存する' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => init),
      ).toEqual([expect.objectContaining({ body: JSON.stringify({ waitingRequestsLimit: 5 }) })]),
    );
    expect(await screen.findByText('依頼のルールを保存しました。')).toBeVisible();
  });
});
