import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { myNoteData } from '../../test/note-editor-data';
import { renderRoutes } from '../../test/render';
import { formatMeetingTime } from '../../lib/meeting-time';
import { visitRequestData } from '../../test/visit-data';
import { myVisitNotesQuery } from '../visit-notes/api';
import { visitRequestListQuery } from '../visits/api';
import { WithdrawDialog } from './withdraw-dialog';

/** The withdrawal dialog lists the visits a withdrawal cancels, before confirming. */

const DAY_MS = 24 * 60 * 60 * 1000;
const future = new Date(Date.now() + 3 * DAY_MS).toISOString();
const past = new Date(Date.now() - 3 * DAY_MS).toISOString();

function renderDialog(items: VisitRequest[]) {
  return renderRoutes(
    [{ path: '/', element: <WithdrawDialog open onClose={() => {}} role="student" /> }],
    '/',
    (url) =>
      url === '/api/visit-requests'
        ? { status: 200, body: { items, awaitingReply: 0 } }
        : { status: 404, body: { code: 'not-found', message: '' } },
  );
}

describe('WithdrawDialog', () => {
  it('lists the booked and waiting visits, not the closed ones', async () => {
    renderDialog([
      visitRequestData({ id: 'a', status: 'accepted', meetingAt: future }),
      visitRequestData({
        id: 'b',
        status: 'pending',
        mentor: { ...visitRequestData().mentor, name: '先輩 花子' },
      }),
      visitRequestData({ id: 'c', status: 'accepted', meetingAt: past }),
      visitRequestData({ id: 'd', status: 'declined' }),
    ]);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('進行中のOG訪問の依頼が2件あります');
    const items = within(note).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(`「佐藤 美咲」さんとの訪問（${formatMeetingTime(future)}）`);
    expect(items[1]).toHaveTextContent('「先輩 花子」さんとの返信待ちの依頼');
    expect(screen.getByRole('dialog')).toHaveTextContent('「退会したユーザー」として残ります');
  });

  it('says nothing about visits when none is open', async () => {
    const { fetchMock, queryClient } = renderDialog([visitRequestData({ status: 'declined' })]);
    await screen.findByRole('dialog');
    // Once the list has arrived (not after a guessed wait), the dialog has had its chance to list it.
    await waitFor(() =>
      expect(queryClient.getQueryState(visitRequestListQuery.queryKey)?.status).toBe('success'),
    );
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('a student’s shared visit notes', () => {
  function renderWithNotes(notes: VisitNote[], role: Role = 'student') {
    return renderRoutes(
      [
        { path: '/', element: <WithdrawDialog open onClose={() => {}} role={role} /> },
        { path: '/login', element: <h1>ログイン</h1> },
      ],
      '/',
      (url, init) => {
        if (init?.method === 'DELETE') return { status: 200, body: { ok: true } };
        if (url === '/api/visit-requests')
          return { status: 200, body: { items: [], awaitingReply: 0 } };
        if (url === '/api/visit-notes/mine')
          return { status: 200, body: { items: notes, unwritten: [] } };
        return { status: 404, body: { code: 'not-found', message: '' } };
      },
    );
  }
  const deleteCall = (fetchMock: ReturnType<typeof renderWithNotes>['fetchMock']) =>
    fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');

  it('asks what becomes of them, and withdraws only once she has chosen', async () => {
    const { fetchMock } = renderWithNotes([
      myNoteData({ sharing: 'shared' }),
      myNoteData({ id: 'note-2', sharing: 'shared' }),
      myNoteData({ id: 'note-3', sharing: 'offered' }),
      myNoteData({ id: 'note-4', sharing: 'private' }),
    ]);
    const choice = await screen.findByRole('group', {
      name: 'ゼミに共有している訪問記録（2件）をどうしますか？',
    });
    const keep = within(choice).getByRole('radio', { name: /名前を外して残す/ });
    const remove = within(choice).getByRole('radio', { name: '削除する' });
    expect(keep).not.toBeChecked();
    expect(remove).not.toBeChecked();
    const withdraw = screen.getByRole('button', { name: '退会する' });
    expect(withdraw).toBeDisabled();
    expect(screen.getByText('どちらかを選ぶと退会できます。')).toBeVisible();
    await userEvent.click(keep);
    expect(withdraw).toBeEnabled();
    await userEvent.click(withdraw);
    await waitFor(() => expect(deleteCall(fetchMock)).toBeDefined());
    const [url, init] = deleteCall(fetchMock)!;
    expect(url).toBe('/api/users/me');
    expect(JSON.parse(String(init!.body))).toEqual({ visitNotes: 'keep' });
  });

  it('sends the choice to delete them', async () => {
    const { fetchMock } = renderWithNotes([myNoteData({ sharing: 'shared' })]);
    await userEvent.click(await screen.findByRole('radio', { name: '削除する' }));
    await userEvent.click(screen.getByRole('button', { name: '退会する' }));
    await waitFor(() => expect(deleteCall(fetchMock)).toBeDefined());
    expect(JSON.parse(String(deleteCall(fetchMock)![1]!.body))).toEqual({ visitNotes: 'delete' });
  });

  it('asks nothing of a student whose notes the seminar does not have', async () => {
    const { fetchMock, queryClient } = renderWithNotes([
      myNoteData({ sharing: 'private' }),
      myNoteData({ id: 'note-2', sharing: 'declined' }),
      // Waiting for the alumna: deleted with the account whatever she chose (the server's rule).
      myNoteData({ id: 'note-3', sharing: 'offered' }),
    ]);
    await waitFor(() =>
      expect(queryClient.getQueryState(myVisitNotesQuery.queryKey)?.status).toBe('success'),
    );
    expect(screen.queryByRole('group')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '退会する' }));
    await waitFor(() => expect(deleteCall(fetchMock)).toBeDefined());
    expect(deleteCall(fetchMock)![1]!.body).toBeUndefined();
  });

  it('does not read notes for an alumna', async () => {
    const { fetchMock } = renderWithNotes([myNoteData({ sharing: 'shared' })], 'mentor');
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: '退会する' })).toBeEnabled();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/visit-notes/mine');
    expect(screen.queryByRole('group')).toBeNull();
  });
});
