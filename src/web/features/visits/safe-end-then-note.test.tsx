import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { setLanguage } from '../../i18n';
import { renderRoutes } from '../../test/render';
import { visitRequestData } from '../../test/visit-data';
import { VisitRequestPage } from './visit-request-page';

/**
 * One answer after the visit (issue 56, point 2): 「無事に終わりました」 records the visit as held
 * (the server's part, visits/safe-end-held.test.ts), so the page no longer asks
 * 「OG訪問は実施されましたか？」 and the 「訪問記録を書く」 prompt follows at once, right under the
 * quiet line near the top, before the follow-up and the thread, and only there.
 */

const ID = '55555555-5555-4555-8555-555555555555';
const API = `/api/visit-requests/${ID}`;
const HOUR_MS = 60 * 60 * 1000;
const ASKED_AT = new Date(Date.now() - HOUR_MS).toISOString();

function askedAfterVisit(): VisitRequest {
  const meetingAt = new Date(Date.now() - 3 * HOUR_MS).toISOString();
  const base = visitRequestData();
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
    followUp: { ...base.followUp, open: true },
  });
}

/** The page, with a server that records the tap as the real one does: confirmed, and held. */
function renderPage(request: VisitRequest) {
  let current = request;
  return renderRoutes(
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
          followUp: { ...current.followUp, myOutcome: 'held' },
        };
      }
      return { status: 200, body: { ok: true } };
    },
  );
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('「無事に終わりました」 then the note', () => {
  it('asks no more whether it was held, and offers the note at once, above the follow-up', async () => {
    renderPage(askedAfterVisit());
    const box = await screen.findByRole('region', { name: '無事に終わりましたか' });
    // Before the tap, the follow-up asks; the tap answers it.
    expect(screen.getByText('OG訪問は実施されましたか？')).toBeVisible();
    await userEvent.click(within(box).getByRole('button', { name: '無事に終わりました' }));

    const write = await screen.findByRole('link', { name: '訪問記録を書く' });
    expect(write).toHaveAttribute('href', `/visit-requests/${ID}/note`);
    expect(screen.getAllByRole('link', { name: '訪問記録を書く' })).toHaveLength(1);
    expect(screen.queryByText('OG訪問は実施されましたか？')).toBeNull();
    // Near the top: before the follow-up's section, which comes before the thread.
    const followUp = screen.getByRole('heading', { name: 'OG訪問のあと' });
    expect(write.compareDocumentPosition(followUp) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/無事に終わったとお知らせいただきました/)).toBeVisible();
  });

  it('speaks English', async () => {
    await setLanguage('en');
    renderPage(askedAfterVisit());
    const box = await screen.findByRole('region', { name: 'Did your visit end well?' });
    await userEvent.click(within(box).getByRole('button', { name: 'It ended well' }));
    const write = await screen.findByRole('link', { name: 'Write a visit note' });
    expect(screen.getAllByRole('link', { name: 'Write a visit note' })).toHaveLength(1);
    const followUp = screen.getByRole('heading', { name: 'After the visit' });
    expect(write.compareDocumentPosition(followUp) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
