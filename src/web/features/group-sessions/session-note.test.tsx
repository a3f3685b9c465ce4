import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GroupSessionView } from '../../../shared/schemas/group-sessions';
import { myNoteData, noteForVisitData } from '../../test/note-editor-data';
import { view } from '../../test/group-session-data';
import { renderApp, signedInAs, type Answer } from '../../test/render';

/** 訪問記録 about a 座談会 on its page (issue 58 point 4): after it is held, to its seated students. */

const held = (overrides: Partial<GroupSessionView> = {}) =>
  view({
    state: 'held',
    mine: { kind: 'seated' },
    canJoin: false,
    startsAt: '2020-05-10T10:00:00.000Z',
    endsAt: '2020-05-10T11:00:00.000Z',
    ...overrides,
  });

function renderPage(session: GroupSessionView, note: Answer) {
  return renderApp('/group-sessions/s1', (url) => {
    if (url.startsWith('/api/auth/session'))
      return signedInAs(session.as === 'host' ? 'mentor' : 'student');
    if (url === '/api/group-sessions/s1/note') return note;
    if (url === '/api/group-sessions/s1/posts') {
      return { status: 200, body: { posts: [], canPost: false, closedReason: 'ended' } };
    }
    if (url === '/api/group-sessions/s1') return { status: 200, body: session };
    return { status: 200, body: {} };
  });
}

const draft = {
  ...noteForVisitData(),
  groupSession: {
    id: 's1',
    title: '総合商社の仕事を話します',
    startsAt: '2020-05-10T10:00:00.000Z',
  },
};

describe('the note entry on a held 座談会’s page', () => {
  it('invites a seated student to write her note', async () => {
    renderPage(held(), { status: 200, body: draft });
    const section = await screen.findByRole('region', { name: '訪問記録' });
    expect(section).toHaveTextContent('ほかの参加者の名前は記録に載りません');
    expect(screen.getByRole('link', { name: '訪問記録を書く' })).toHaveAttribute(
      'href',
      '/group-sessions/s1/note',
    );
    // Held: her seat is no longer something to come (the page said so after it was held).
    expect(screen.queryByText('この座談会に参加予定です。')).toBeNull();
  });

  it('shows where her note stands once written', async () => {
    renderPage(held(), {
      status: 200,
      body: { ...draft, note: myNoteData({ sharing: 'offered' }) },
    });
    const section = await screen.findByRole('region', { name: '訪問記録' });
    expect(section).toHaveTextContent('OGの確認待ち');
    expect(screen.getByRole('link', { name: '訪問記録を開く' })).toBeVisible();
  });

  it('shows nothing when the server refuses (recorded 欠席), before it is held, or to one who waited', async () => {
    const absent = renderPage(held(), {
      status: 403,
      body: { code: 'note/absent', message: '' },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('総合商社');
    await waitFor(() =>
      expect(absent.fetchMock.mock.calls.some(([url]) => String(url).endsWith('/note'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: '訪問記録' })).toBeNull();
    expect(screen.queryByRole('link', { name: '訪問記録を書く' })).toBeNull();
    cleanup();

    for (const session of [
      view({ mine: { kind: 'seated' }, canJoin: false }),
      held({ mine: { kind: 'waiting', position: 1 } }),
    ]) {
      const page = renderPage(session, { status: 200, body: draft });
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('総合商社');
      expect(screen.queryByRole('region', { name: '訪問記録' })).toBeNull();
      expect(page.fetchMock.mock.calls.some(([url]) => String(url).endsWith('/note'))).toBe(false);
      cleanup();
    }
  });
});
