import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { renderRoutes } from '../../test/render';
import { formatMeetingTime } from '../../lib/meeting-time';
import { visitRequestData } from '../../test/visit-data';
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
