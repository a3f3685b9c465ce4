import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupSessionView } from '../../../shared/schemas/group-sessions';
import { setLanguage } from '../../i18n';
import { view as sessionView } from '../../test/group-session-data';
import { renderApp, signedInAs, type Handler } from '../../test/render';

/** 「カレンダーに追加（.ics）」 on a 座談会's page: its alumna and a seated student, while it is ahead. */

/** A seated student's view of a 座談会 ahead, with its URL. */
function view(overrides: Partial<GroupSessionView> = {}): GroupSessionView {
  return sessionView({
    topics: [],
    mine: { kind: 'seated' },
    canJoin: false,
    description: '',
    meetingUrl: 'https://meet.google.com/abc-defg-hij',
    ...overrides,
  });
}

function api(role: string, answer: GroupSessionView): Handler {
  return (url) => {
    if (url.startsWith('/api/auth/session')) return signedInAs(role);
    if (url === '/api/group-sessions/s1') return { status: 200, body: answer };
    return { status: 200, body: {} };
  };
}

const LINK = 'カレンダーに追加（.ics）';

describe('a 座談会’s calendar file', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('is offered to a seated student and to its alumna', async () => {
    renderApp('/group-sessions/s1', api('student', view()));
    expect(await screen.findByRole('link', { name: LINK })).toHaveAttribute(
      'href',
      '/api/group-sessions/s1/calendar.ics',
    );
  });

  it('is offered to its alumna, in English too', async () => {
    await setLanguage('en');
    renderApp('/group-sessions/s1', api('mentor', view({ as: 'host', mine: { kind: 'none' } })));
    expect(await screen.findByRole('link', { name: 'Add to calendar (.ics)' })).toBeVisible();
  });

  it.each([
    ['one waiting', view({ mine: { kind: 'waiting', position: 1 } })],
    ['one without a place', view({ mine: { kind: 'none' }, canJoin: true })],
    ['an admin', view({ as: 'admin', mine: { kind: 'none' } })],
    ['a cancelled one', view({ state: 'cancelled', cancelledReason: '急な出張のため' })],
    ['one held', view({ state: 'held' })],
  ])('is not offered for %s', async (_, answer) => {
    renderApp('/group-sessions/s1', api(answer.as === 'admin' ? 'admin' : 'student', answer));
    await screen.findByRole('heading', { name: '総合商社の仕事を話します' });
    expect(screen.queryByRole('link', { name: LINK })).toBeNull();
  });
});
