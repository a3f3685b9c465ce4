import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyVisitNotes } from '../../../shared/schemas/visit-notes';
import { renderRoutes } from '../../test/render';
import { myNoteData, myNotesData, NOTE_VISIT_ID } from '../../test/note-editor-data';
import { formatMeetingTime } from '../../lib/meeting-time';
import { MyNotesPage } from './my-notes-page';

/** The student's own 訪問記録 (docs/PRODUCT.md §7a): the visits still without one, then hers. */

function renderMine(mine: MyVisitNotes) {
  return renderRoutes(
    [{ path: '/visit-notes/mine', element: <MyNotesPage /> }],
    '/visit-notes/mine',
    (url) =>
      url === '/api/visit-notes/mine'
        ? { status: 200, body: mine }
        : { status: 404, body: { code: 'not-found', message: '' } },
  );
}

const meetingAt = '2026-05-12T05:00:00.000Z';

describe('MyNotesPage', () => {
  it('lists the held visits without a note, each with a way to write one', async () => {
    renderMine(
      myNotesData({
        unwritten: [
          { visitRequestId: 'v1', mentorName: '佐藤 美咲', company: '東洋商事', meetingAt },
          { visitRequestId: 'v2', mentorName: null, company: '北都銀行', meetingAt },
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: '書いていない訪問' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('佐藤 美咲さん（東洋商事）');
    expect(rows[0]).toHaveTextContent(formatMeetingTime(meetingAt));
    expect(within(rows[0]!).getByRole('link', { name: /訪問記録を書く/ })).toHaveAttribute(
      'href',
      '/visit-requests/v1/note',
    );
    expect(rows[1]).toHaveTextContent('退会したOG（北都銀行）');
  });

  it('lists her notes with where each stands, to the editor or the note’s page', async () => {
    renderMine(
      myNotesData({
        items: [
          myNoteData({ sharing: 'shared', showName: true }),
          myNoteData({
            id: 'note-2',
            visitRequestId: null,
            company: '北都銀行',
            visitedMonth: '2025-12',
            sharing: 'changes_requested',
          }),
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: '書いた訪問記録' });
    const links = within(section).getAllByRole('link');
    expect(links[0]).toHaveTextContent('共有中');
    expect(links[0]).toHaveTextContent('東洋商事');
    expect(links[0]).toHaveTextContent('2026年5月に訪問');
    expect(links[0]).toHaveAttribute('href', `/visit-requests/${NOTE_VISIT_ID}/note`);
    expect(links[1]).toHaveTextContent('修正の依頼あり');
    expect(links[1]).toHaveTextContent('2025年12月に訪問');
    expect(links[1]).toHaveAttribute('href', '/visit-notes/note-2');
    // Nothing unwritten: no such list.
    expect(screen.queryByRole('region', { name: '書いていない訪問' })).toBeNull();
  });

  it('explains what a note is for when she has none', async () => {
    renderMine(myNotesData());
    expect(await screen.findByRole('heading', { name: '訪問記録とは' })).toBeVisible();
    expect(screen.getByText(/次の学年の後輩が企業研究に使えます/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'OG訪問の依頼を見る' })).toHaveAttribute(
      'href',
      '/visit-requests',
    );
  });
});
