import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sharedNote } from '../../test/shared-note-data';
import { renderRoutes } from '../../test/render';
import { NoteView } from './note-view';

/** A note about a 座談会 says so (issue 58 point 4): its badge, and its title where allowed. */

function renderView(note: ReturnType<typeof sharedNote>) {
  renderRoutes([{ path: '/', element: <NoteView note={note} /> }], '/', () => ({
    status: 404,
    body: {},
  }));
}

describe('a note about a 座談会', () => {
  it('shows the 座談会 badge and its title, and the month it was held', async () => {
    renderView(
      sharedNote({
        groupSession: { id: 's1', title: '商社の一日を語る座談会' },
        visitedMonth: '2026-05',
      }),
    );
    const about = await screen.findByText('商社の一日を語る座談会');
    expect(about.parentElement).toHaveTextContent('座談会商社の一日を語る座談会');
    expect(screen.getByText(/2026年5月の座談会/)).toBeVisible();
  });

  it('without its title (unnamed to this reader): the badge alone', async () => {
    renderView(sharedNote({ groupSession: { id: null, title: null }, visitedMonth: '2026-05' }));
    expect(await screen.findByText('座談会')).toHaveClass('badge');
    expect(screen.queryByText(/に訪問/)).toBeNull();
  });

  it('a visit’s note says nothing of a 座談会', async () => {
    renderView(sharedNote({ visitedMonth: '2026-05' }));
    expect(await screen.findByText(/2026年5月に訪問/)).toBeVisible();
    expect(screen.queryByText('座談会')).toBeNull();
  });
});
