import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { CalendarFeedSection } from './calendar-feed-section';

const OLD = 'http://localhost/calendar/old.ics';
const NEW = 'http://localhost/calendar/new.ics';
const OLD_SLOTS = 'http://localhost/calendar/old/slots.ics';
const NEW_SLOTS = 'http://localhost/calendar/new/slots.ics';

describe('the calendar feed on /profile', () => {
  it('shows the private URL and issues a new one after confirming', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoutes(
      [{ path: '/', element: <CalendarFeedSection /> }],
      '/',
      (url, init) => {
        if (url === '/api/calendar/feed')
          return { status: 200, body: { url: OLD, slotsUrl: null } };
        if (url === '/api/calendar/feed/regenerate' && init?.method === 'POST') {
          return { status: 200, body: { url: NEW, slotsUrl: null } };
        }
        return { status: 404, body: { code: 'not-found', message: '' } };
      },
    );
    expect(await screen.findByLabelText('カレンダーのURL')).toHaveValue(OLD);
    expect(screen.getByText(/他の人に教えないでください/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'URLを再発行' }));
    const dialog = await screen.findByRole('dialog', { name: 'カレンダーのURLを再発行しますか？' });
    // Nothing is issued before the confirmation.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/regenerate'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '再発行する' }));
    await waitFor(() => expect(screen.getByLabelText('カレンダーのURL')).toHaveValue(NEW));
    // A student has no 予約枠 to subscribe to.
    expect(screen.queryByLabelText('予約枠のURL（空き状況）')).toBeNull();
  });

  it('gives an alumna the second URL, her 予約枠 as free/busy, to copy and renewed with the first', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <CalendarFeedSection /> }], '/', (url, init) => {
      if (url === '/api/calendar/feed') {
        return { status: 200, body: { url: OLD, slotsUrl: OLD_SLOTS } };
      }
      if (url === '/api/calendar/feed/regenerate' && init?.method === 'POST') {
        return { status: 200, body: { url: NEW, slotsUrl: NEW_SLOTS } };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    });
    const slots = await screen.findByLabelText('予約枠のURL（空き状況）');
    expect(slots).toHaveValue(OLD_SLOTS);
    expect(slots).toHaveAccessibleDescription(
      /公開中の予約枠を、ご自身のカレンダーに「空き」として/,
    );
    await user.click(screen.getByRole('button', { name: '予約枠のURLをコピー' }));
    expect(await navigator.clipboard.readText()).toBe(OLD_SLOTS);
    await user.click(screen.getByRole('button', { name: 'URLを再発行' }));
    const dialog = await screen.findByRole('dialog', { name: 'カレンダーのURLを再発行しますか？' });
    expect(dialog).toHaveTextContent('予約枠のURLも新しくなります。');
    await user.click(within(dialog).getByRole('button', { name: '再発行する' }));
    await waitFor(() =>
      expect(screen.getByLabelText('予約枠のURL（空き状況）')).toHaveValue(NEW_SLOTS),
    );
  });
});
