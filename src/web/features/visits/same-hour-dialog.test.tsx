import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { localSlotOf } from '../../../shared/schemas/visit-requests';
import { setLanguage } from '../../i18n';
import { bookableMentor, openSlot } from '../../test/book-slot-data';
import { deskAnswer } from '../../test/desk-data';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { BookSlotPage } from '../book-slot/book-slot-page';
import { VisitRequestFormPage } from './visit-request-form-page';

/**
 * Two alumnae at the same hour (issue 56): when the server answers visit/same-hour, the request
 * form and the one-step booking say so and ask; 「それでも送る」 sends the same form again with
 * sameHourConfirmed, 「日時を選び直す」 sends nothing and keeps what she typed.
 */

const REQUEST_ID = '33333333-3333-4333-8333-333333333333';
const SAME_HOUR: Answer = {
  status: 409,
  body: { code: 'visit/same-hour', message: 'same hour' },
};
const TEN = openSlot('2026-12-03T10:00', ['online']);

/** The page, whose POST answers the warning until she confirms, then as created. */
function renderPage(path: string, element: React.ReactNode, endpoint: string) {
  const rendered = renderRoutes(
    [
      { path: '/mentor/:urlParam/request', element },
      { path: '/mentor/:urlParam/book', element },
      { path: '/visit-requests/:id', element: <p>request page</p> },
    ],
    path,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === '/api/mentors/og1') {
        return { status: 200, body: bookableMentor() };
      }
      if (method === 'GET' && url === '/api/mentors/og1/slots') {
        return { status: 200, body: { slots: [TEN] } };
      }
      if (method === 'POST' && url === endpoint) {
        // As the server: warned until she confirms.
        const confirmed = (JSON.parse(String(init!.body)) as Record<string, unknown>)
          .sameHourConfirmed;
        return confirmed ? { status: 201, body: { id: REQUEST_ID, status: 'pending' } } : SAME_HOUR;
      }
      if (method === 'GET' && url === '/api/desk') return deskAnswer();
      if (method === 'GET' && url === '/api/auth/session') return signedInAs('student');
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  const sent = () =>
    rendered.fetchMock.mock.calls
      .filter(([url, init]) => init?.method === 'POST' && String(url) === endpoint)
      .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
  return { ...rendered, sent };
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('another visit at the same hour', () => {
  it('is asked about on the request form, and sent again only once she confirms', async () => {
    const user = userEvent.setup();
    const { sent, router } = renderPage(
      '/mentor/og1/request',
      <VisitRequestFormPage />,
      '/api/visit-requests',
    );
    await user.selectOptions(await screen.findByLabelText('目的'), '企業研究');
    await user.type(screen.getByLabelText('メッセージ'), '働き方についてお話を伺えませんか。');
    const day = localSlotOf(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)).slice(0, 10);
    fireEvent.change(screen.getByLabelText('第1希望'), { target: { value: `${day}T10:00` } });
    await user.click(screen.getByLabelText('オンライン'));
    await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));

    const dialog = await screen.findByRole('dialog', {
      name: '同じ時間帯にほかのOG訪問があります',
    });
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).not.toHaveProperty('sameHourConfirmed');
    // Choosing again sends nothing and keeps the form as she typed it.
    await user.click(within(dialog).getByRole('button', { name: '日時を選び直す' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('メッセージ')).toHaveValue('働き方についてお話を伺えませんか。');

    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));
    const again = await screen.findByRole('dialog', { name: '同じ時間帯にほかのOG訪問があります' });
    await user.click(within(again).getByRole('button', { name: 'それでも送る' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/visit-requests/${REQUEST_ID}`),
    );
    expect(sent()).toHaveLength(3);
    expect(sent()[2]).toMatchObject({ sameHourConfirmed: true, message: sent()[0]!.message });
  });

  it('is asked about on the one-step booking, in English too', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    const { sent, router } = renderPage(
      `/mentor/og1/book?slot=${encodeURIComponent(TEN.start)}`,
      <BookSlotPage />,
      '/api/visit-requests/bookings',
    );
    await user.selectOptions(
      await screen.findByLabelText('Purpose of the visit'),
      'industry_research',
    );
    await user.type(screen.getByLabelText('Message'), 'I would like to hear about finance.');
    await user.click(screen.getByLabelText(/I have read the safety rules/));
    await user.click(screen.getByRole('button', { name: /Book this slot/ }));

    const dialog = await screen.findByRole('dialog', {
      name: 'You have another visit at this time',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/visit-requests/${REQUEST_ID}`),
    );
    expect(sent()).toHaveLength(2);
    expect(sent()[1]).toMatchObject({ sameHourConfirmed: true, slotStart: TEN.start });
  });
});
