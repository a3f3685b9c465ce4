import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GroupSessionCard } from '../../../shared/schemas/group-sessions';
import type { Recommendations } from '../../../shared/schemas/recommendations';
import { card as groupSessionCard } from '../../test/group-session-data';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { mentorCard } from '../../test/mentor-data';
import { MentorsListPage } from './mentors-list-page';
import { RecommendationsPage } from './recommendations-page';

/** 「あなたに合いそうな座談会」 (issue 58 point 1) in her recommendations, on the list and its page. */

const SESSION = groupSessionCard();

function recommendations(groupSessions: GroupSessionCard[]): Recommendations {
  return {
    items: [{ ...mentorCard('og12', '山本 早紀'), reasons: [] }],
    profileIncomplete: false,
    groupSessions,
  };
}

function render(path: string, answer: Recommendations) {
  return renderRoutes(
    [
      { path: '/mentors-list', element: <MentorsListPage /> },
      { path: '/recommendations', element: <RecommendationsPage /> },
    ],
    path,
    (url: string): Answer => {
      if (url.startsWith('/api/auth/session')) return signedInAs('student');
      if (url.startsWith('/api/universities')) return { status: 200, body: [] };
      if (url.startsWith('/api/favourites')) return { status: 200, body: { urlParams: [] } };
      if (url.startsWith('/api/recommendations')) return { status: 200, body: answer };
      if (url.startsWith('/api/mentors?')) {
        return { status: 200, body: { items: [], nextCursor: null, total: 0 } };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

describe('「あなたに合いそうな座談会」', () => {
  it('shows the 座談会 that fit her under her recommended alumnae on the OG list', async () => {
    render('/mentors-list', recommendations([SESSION]));
    const section = (
      await screen.findByRole('heading', { name: 'あなたに合いそうな座談会' })
    ).closest('section')!;
    // Inside 「あなたへのおすすめ」, apart from its strip of alumnae.
    expect(section.closest('section.recommendations')).not.toBeNull();
    expect(within(section).getByRole('link', { name: SESSION.title })).toHaveAttribute(
      'href',
      '/group-sessions/s1',
    );
    expect(within(section).getByText('残り3席')).toBeInTheDocument();
    expect(screen.getAllByText('山本 早紀').length).toBeGreaterThan(0);
  });

  it('shows them on the page of all her recommendations too', async () => {
    render('/recommendations', recommendations([SESSION]));
    expect(await screen.findByRole('heading', { name: 'あなたに合いそうな座談会' })).toBeVisible();
    expect(screen.getByRole('link', { name: SESSION.title })).toBeInTheDocument();
  });

  it('says nothing of 座談会 when none fits', async () => {
    render('/mentors-list', recommendations([]));
    expect(await screen.findByRole('heading', { name: 'あなたへのおすすめ' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'あなたに合いそうな座談会' })).toBeNull();
  });
});
