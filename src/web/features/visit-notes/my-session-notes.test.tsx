import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyVisitNotes } from '../../../shared/schemas/visit-notes';
import { formatMeetingTime } from '../../lib/meeting-time';
import { myNoteData, myNotesData } from '../../test/note-editor-data';
import { renderRoutes, signedInAs } from '../../test/render';
import { MyNotesPage } from './my-notes-page';

/** 「自分の訪問記録」 with 座談会 (issue 58 point 4): her unwritten ones, and her notes about them. */

const startsAt = '2026-05-12T10:00:00.000Z';

function renderMine(mine: MyVisitNotes) {
  renderRoutes(
    [{ path: '/visit-notes/mine', element: <MyNotesPage /> }],
    '/visit-notes/mine',
    (url) => (url === '/api/auth/session' ? signedInAs('student') : { status: 200, body: mine }),
  );
}

describe('her notes about 座談会', () => {
  it('lists a held 座談会 without her note, with the way to write one', async () => {
    renderMine(
      myNotesData({
        unwrittenSessions: [
          {
            groupSessionId: 's1',
            title: '商社の一日を語る座談会',
            mentorName: '鈴木 葵',
            startsAt,
          },
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: '書いていない訪問' });
    const [row] = within(section).getAllByRole('listitem');
    expect(row).toHaveTextContent('座談会');
    expect(row).toHaveTextContent('鈴木 葵さんの座談会「商社の一日を語る座談会」');
    expect(row).toHaveTextContent(formatMeetingTime(startsAt));
    expect(
      within(row!).getByRole('link', { name: '座談会「商社の一日を語る座談会」の訪問記録を書く' }),
    ).toHaveAttribute('href', '/group-sessions/s1/note');
  });

  it('lists her note about one with its badge, leading to its editor', async () => {
    renderMine(
      myNotesData({
        items: [
          myNoteData({
            visitRequestId: null,
            groupSession: { id: 's1', title: '商社の一日を語る座談会' },
          }),
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: '書いた訪問記録' });
    const [link] = within(section).getAllByRole('link');
    expect(link).toHaveTextContent('座談会');
    expect(link).toHaveTextContent('2026年5月の座談会');
    expect(link).toHaveAttribute('href', '/group-sessions/s1/note');
  });
});
