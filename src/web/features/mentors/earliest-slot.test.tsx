import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MentorCard } from '../../../shared/schemas/mentors';
import { setLanguage } from '../../i18n';
import { mentorCard } from '../../test/mentor-data';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { MentorsListPage } from './mentors-list-page';

function card(urlParam: string, name: string, earliestSlot: string | null): MentorCard {
  return mentorCard(urlParam, name, { lastActive: 'day', earliestSlot });
}

/** 3 December 2026, 10:00 in Japan (a Thursday). */
const THURSDAY_TEN = '2026-12-03T01:00:00.000Z';
const WITH_SLOT = card('og1', '佐藤 美咲', THURSDAY_TEN);
const WITHOUT_SLOT = card('og2', '鈴木 彩', null);

function renderList(path = '/mentors-list') {
  return renderRoutes(
    [
      { path: '/mentors-list', element: <MentorsListPage /> },
      { path: '/mentor/:urlParam', element: <p>detail</p> },
    ],
    path,
    (url): Answer => {
      if (url.startsWith('/api/auth/session')) return signedInAs('student');
      if (url.startsWith('/api/universities')) return { status: 200, body: [] };
      if (url.startsWith('/api/favourites')) return { status: 200, body: { urlParams: [] } };
      if (url.startsWith('/api/mentors?')) {
        const query = new URLSearchParams(url.slice('/api/mentors?'.length));
        const items = query.get('slotSoon') ? [WITH_SLOT] : [WITH_SLOT, WITHOUT_SLOT];
        return { status: 200, body: { items, nextCursor: null, total: items.length } };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

function cardOf(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('a')!;
}

describe('the OG list: the earliest open slot (issue 37, point 2)', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('says 「最短 12/3(木) 10:00」 on a card with a slot, nothing on one without', async () => {
    renderList();
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    expect(within(cardOf('佐藤 美咲')).getByText('最短 12/3(木) 10:00')).toBeVisible();
    expect(cardOf('鈴木 彩')).not.toHaveTextContent('最短');
  });

  it('says it in English in English mode, in Japan time', async () => {
    await setLanguage('en');
    renderList();
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    expect(within(cardOf('佐藤 美咲')).getByText('Earliest: Thu 12/3 10:00')).toBeVisible();
    expect(cardOf('鈴木 彩')).not.toHaveTextContent('Earliest');
  });

  it('filters to alumni with a slot within two weeks: slotSoon=1 in the URL and the query', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderList();
    await screen.findByRole('heading', { name: '鈴木 彩' });
    await user.click(screen.getByRole('button', { name: '詳細条件' }));
    await user.click(screen.getByRole('checkbox', { name: '2週間以内に空きあり' }));

    await waitFor(() => expect(router.state.location.search).toBe('?slotSoon=1'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '鈴木 彩' })).toBeNull());
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/api/mentors?slotSoon=1');
    expect(screen.getByRole('checkbox', { name: '2週間以内に空きあり' })).toBeChecked();
  });

  it('restores the tick from a shared link', async () => {
    renderList('/mentors-list?slotSoon=1');
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    expect(screen.getByRole('checkbox', { name: '2週間以内に空きあり' })).toBeChecked();
  });

  it('leaves out slotSoon with any value but 1', async () => {
    const { fetchMock } = renderList('/mentors-list?slotSoon=yes');
    await screen.findByRole('heading', { name: '鈴木 彩' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/mentors?');
  });
});
