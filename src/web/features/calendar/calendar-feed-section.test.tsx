import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { CalendarFeedSection } from './calendar-feed-section';

const OLD = 'http://localhost/calendar/old.ics';
const NEW = 'http://localhost/calendar/new.ics';

describe('the calendar feed on /profile', () => {
  it('shows the private URL and issues a new one after confirming', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoutes(
      [{ path: '/', element: <CalendarFeedSection /> }],
      '/',
      (url, init) => {
        if (url === '/api/calendar/feed') return { status: 200, body: { url: OLD } };
        if (url === '/api/calendar/feed/regenerate' && init?.method === 'POST') {
          return { status: 200, body: { url: NEW } };
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
  });
});
