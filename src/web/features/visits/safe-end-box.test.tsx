import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { setLanguage } from '../../i18n';
import { renderRoutes } from '../../test/render';
import { visitRequestData } from '../../test/visit-data';
import { VisitRequestPage } from './visit-request-page';

/**
 * 「無事に終わりましたか」 on the request page (docs/PRODUCT.md §7): the box once the student was
 * asked, the one tap that turns it into a quiet line, and 「困ったことがあった」 opening the report
 * about the alumna with the visit attached.
 */

const ID = '55555555-5555-4555-8555-555555555555';
const API = `/api/visit-requests/${ID}`;
const HOUR_MS = 60 * 60 * 1000;
const ASKED_AT = new Date(Date.now() - HOUR_MS).toISOString();

function heldInPerson(overrides: Partial<VisitRequest> = {}): VisitRequest {
  const meetingAt = new Date(Date.now() - 3 * HOUR_MS).toISOString();
  return visitRequestData({
    id: ID,
    status: 'accepted',
    meetingFormat: 'in_person',
    meetingPlace: '東京駅のカフェ',
    meetingAt,
    preferredSlots: [meetingAt],
    open: false,
    awaiting: null,
    safeEnd: { askedAt: ASKED_AT, confirmedAt: null },
    ...overrides,
  });
}

/** The page, with a server that remembers the tap. */
function renderPage(request: VisitRequest) {
  let current = request;
  const rendered = renderRoutes(
    [{ path: '/visit-requests/:id', element: <VisitRequestPage /> }],
    `/visit-requests/${ID}`,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === API) return { status: 200, body: current };
      if (method === 'GET' && url === `${API}/messages`) {
        return {
          status: 200,
          body: { messages: [], closedReason: null, masksContacts: false, readAt: null },
        };
      }
      if (method === 'POST' && url === `${API}/safe-end`) {
        current = {
          ...current,
          safeEnd: { askedAt: ASKED_AT, confirmedAt: new Date().toISOString() },
        };
      }
      return { status: 200, body: { ok: true } };
    },
  );
  const posted = (path: string) =>
    rendered.fetchMock.mock.calls.filter(
      ([url, init]) => String(url) === `${API}/${path}` && init?.method === 'POST',
    ).length;
  return { ...rendered, posted };
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('「無事に終わりましたか」', () => {
  it('asks the student, and one tap turns the box into a quiet line', async () => {
    const { posted } = renderPage(heldInPerson());
    const box = await screen.findByRole('region', { name: '無事に終わりましたか' });
    expect(
      within(box).getByText(
        '佐藤 美咲さんとのOG訪問は無事に終わりましたか。ひと押しでお知らせください。',
      ),
    ).toBeVisible();
    await userEvent.click(within(box).getByRole('button', { name: '無事に終わりました' }));
    expect(await screen.findByText(/無事に終わったとお知らせいただきました/)).toBeVisible();
    expect(screen.queryByRole('region', { name: '無事に終わりましたか' })).toBeNull();
    expect(posted('safe-end')).toBe(1);
  });

  it('opens the report about the alumna, with the visit attached, from 「困ったことがあった」', async () => {
    const { fetchMock } = renderPage(heldInPerson());
    const box = await screen.findByRole('region', { name: '無事に終わりましたか' });
    await userEvent.click(within(box).getByRole('button', { name: '困ったことがあった' }));
    const dialog = await screen.findByRole('dialog', { name: /佐藤 美咲/ });
    await userEvent.selectOptions(within(dialog).getByRole('combobox'), 'alcohol');
    await userEvent.type(within(dialog).getByRole('textbox'), 'お酒を勧められました。');
    await userEvent.click(within(dialog).getByRole('button', { name: '通報する' }));
    await waitFor(() => {
      const report = fetchMock.mock.calls.find(([url]) => String(url) === '/api/reports');
      expect(JSON.parse(String(report![1]!.body))).toMatchObject({
        userId: '66666666-6666-4666-8666-666666666666',
        visitRequestId: ID,
        reason: 'alcohol',
      });
    });
  });

  it('shows nothing before the ask, nor to the alumna', async () => {
    renderPage(heldInPerson({ safeEnd: null }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('region', { name: '無事に終わりましたか' })).toBeNull();
  });

  it('speaks English', async () => {
    await setLanguage('en');
    renderPage(heldInPerson());
    const box = await screen.findByRole('region', { name: 'Did your visit end well?' });
    expect(within(box).getByRole('button', { name: 'It ended well' })).toBeVisible();
    expect(within(box).getByRole('button', { name: 'Something went wrong' })).toBeVisible();
  });
});
