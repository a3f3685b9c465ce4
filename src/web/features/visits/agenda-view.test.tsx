import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { renderRoutes } from '../../test/render';
import { visitRequestData } from '../../test/visit-data';
import { deskAnswer } from '../../test/desk-data';
import { VisitRequestPage } from './visit-request-page';

/** 相談したいこと and the booked slot on a request's page, for both sides. */

const REQUEST_ID = '44444444-4444-4444-8444-444444444444';
const API = `/api/visit-requests/${REQUEST_ID}`;
// 10:00–10:45 on Saturday 9 May 2099, Japan time.
const START = '2099-05-09T01:00:00.000Z';
const END = '2099-05-09T01:45:00.000Z';

const AGENDA = {
  agendaTopics: ['es_review', 'industry_research'],
  agendaQuestions: ['入社の決め手は何でしたか', '若手の一日を教えてください'],
} satisfies Partial<VisitRequest>;

function renderRequest(overrides: Partial<VisitRequest>) {
  const request = visitRequestData({ id: REQUEST_ID, preferredSlots: [START], ...overrides });
  return renderRoutes(
    [{ path: '/visit-requests/:id', element: <VisitRequestPage /> }],
    `/visit-requests/${REQUEST_ID}`,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === API) return { status: 200, body: request };
      if (method === 'GET' && url === '/api/desk') return deskAnswer(null);
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
}

/** The value beside a label of the request's facts. */
async function factOf(label: string): Promise<HTMLElement> {
  const term = await screen.findByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('相談したいこと on the request page', () => {
  for (const side of ['student', 'mentor'] as const) {
    it(`shows the ${side} the topics, then the questions numbered in order`, async () => {
      renderRequest({ side, ...AGENDA });
      const agenda = within(await factOf('相談したいこと'));
      expect(
        within(agenda.getByRole('list', { name: '相談したいテーマ' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['ES添削', '業界研究']);
      expect(
        within(agenda.getByRole('list', { name: '質問' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['質問1入社の決め手は何でしたか', '質問2若手の一日を教えてください']);
      // The thread can refer to them.
      expect(await screen.findAllByRole('button', { name: 'この質問について書く' })).toHaveLength(
        2,
      );
    });
  }

  it('is absent when the student gave none, and the preferred times show as before', async () => {
    renderRequest({});
    expect(await factOf('希望日時')).toHaveTextContent('2099年5月9日(土) 10:00');
    expect(screen.queryByText('相談したいこと')).toBeNull();
    expect(screen.queryByText('予約枠')).toBeNull();
  });
});

describe('a request booked from her 予約枠', () => {
  it('tells the student it came from her slots, from start to end in Japan time', async () => {
    renderRequest({ bookedUntil: END });
    const slot = await factOf('予約枠');
    expect(slot).toHaveTextContent('2099年5月9日(土) 10:00〜10:45');
    expect(slot).toHaveTextContent('佐藤 美咲さんの予約枠から予約しました。');
    expect(screen.queryByText('希望日時')).toBeNull();
  });

  it('tells the alumna it came from her own slots', async () => {
    renderRequest({ side: 'mentor', bookedUntil: END });
    expect(await factOf('予約枠')).toHaveTextContent('あなたの予約枠から予約されました。');
  });

  it('says it in English in English mode', async () => {
    await setLanguage('en');
    try {
      renderRequest({ bookedUntil: END, ...AGENDA });
      const slot = await factOf('Booked slot');
      expect(slot).toHaveTextContent('Sat, May 9, 2099 at 10:00 AM–10:45 AM');
      expect(slot).toHaveTextContent('Booked from the open slots of 佐藤 美咲.');
      expect(await factOf('What to talk about')).toHaveTextContent('Application form (ES) review');
      expect(
        await screen.findAllByRole('button', { name: 'Write about this question' }),
      ).toHaveLength(2);
    } finally {
      await setLanguage('ja');
    }
  });
});
