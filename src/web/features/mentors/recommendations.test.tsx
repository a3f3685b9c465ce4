import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import type { RecommendedMentor, Recommendations } from '../../../shared/schemas/recommendations';
import { renderApp, renderRoutes, signedInAs, type Answer } from '../../test/render';
import { mentorCard } from '../../test/mentor-data';
import { MentorsListPage } from './mentors-list-page';

function recommended(
  urlParam: string,
  name: string,
  reasons: RecommendedMentor['reasons'],
): RecommendedMentor {
  return { ...mentorCard(urlParam, name), reasons };
}

const RECOMMENDED: Recommendations = {
  items: [
    recommended('og12', '山本 早紀', [
      { kind: 'same-industry', industry: '商社・流通 - 総合商社' },
      { kind: 'years-in', years: 3 },
    ]),
    recommended('og15', '井上 真央', [{ kind: 'years-in', years: 3 }]),
    recommended('og16', '木村 彩', []),
  ],
  profileIncomplete: false,
  groupSessions: [],
};

function handler(role: string, recommendations: Recommendations = RECOMMENDED) {
  return (url: string): Answer => {
    if (url.startsWith('/api/auth/session')) return signedInAs(role);
    if (url.startsWith('/api/universities')) return { status: 200, body: [] };
    if (url.startsWith('/api/favourites')) return { status: 200, body: { urlParams: ['og15'] } };
    if (url.startsWith('/api/recommendations')) return { status: 200, body: recommendations };
    if (url.startsWith('/api/mentors?')) {
      return {
        status: 200,
        body: { items: [mentorCard('og1', '佐藤 美咲')], nextCursor: null, total: 1 },
      };
    }
    return { status: 404, body: { code: 'not-found', message: '' } };
  };
}

function renderList(path: string, role: string, recommendations?: Recommendations) {
  return renderRoutes(
    [{ path: '/mentors-list', element: <MentorsListPage /> }],
    path,
    handler(role, recommendations),
  );
}

function requested(fetchMock: ReturnType<typeof renderList>['fetchMock'], prefix: string) {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));
}

describe('「あなたへのおすすめ」 on the OG list', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('shows a student her recommendations above the list, each with one plain reason', async () => {
    const { fetchMock } = renderList('/mentors-list', 'student');
    const block = (await screen.findByRole('heading', { name: 'あなたへのおすすめ' })).closest(
      'section',
    )!;
    const cards = within(block).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    // The strongest reason only: her 志望業界's narrowest name, not the 入社年 after it.
    expect(within(cards[0]!).getByText('志望業界（総合商社）が同じ')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('入社3年目')).toBeNull();
    expect(within(cards[1]!).getByText('入社3年目')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('いま依頼を受け付けています')).toBeInTheDocument();
    // Her favourite keeps its star here too.
    expect(await within(cards[1]!).findByRole('img', { name: 'お気に入り' })).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'おすすめをもっと見る' })).toHaveAttribute(
      'href',
      '/recommendations',
    );
    expect(within(block).queryByText(/志望業界を登録すると/)).toBeNull();
    expect(requested(fetchMock, '/api/recommendations')).toEqual(['/api/recommendations?count=6']);
    // The list itself is there below.
    expect(await screen.findByRole('heading', { name: '佐藤 美咲' })).toBeInTheDocument();
  });

  it('asks a student without a 志望業界 to fill it, with the way to her profile', async () => {
    renderList('/mentors-list', 'student', { ...RECOMMENDED, profileIncomplete: true });
    const line = await screen.findByText(
      /志望業界を登録すると、あなたに合った先輩をおすすめできます。/,
    );
    expect(within(line).getByRole('link', { name: 'プロフィールを編集する' })).toHaveAttribute(
      'href',
      '/student-profile/edit',
    );
  });

  it('says its reasons in English', async () => {
    await setLanguage('en');
    renderList('/mentors-list', 'student');
    await screen.findByRole('heading', { name: 'Recommended for you' });
    expect(
      screen.getByText('Same desired industry (General trading companies)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Year 3 at the company')).toBeInTheDocument();
  });

  it('leaves the list as it is when the block fails', async () => {
    // An answer it cannot read (a newer server's, say): the block goes, the list stays.
    const { fetchMock } = renderList('/mentors-list', 'student', {} as Recommendations);
    await waitFor(() => expect(requested(fetchMock, '/api/recommendations')).toHaveLength(1));
    // The answer read (and the block failed on it): the list is still there.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await screen.findByRole('heading', { name: '佐藤 美咲' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'OG一覧' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'あなたへのおすすめ' })).toBeNull();
  });

  it('is not asked for by an alumna', async () => {
    const asMentor = renderList('/mentors-list', 'mentor');
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    expect(requested(asMentor.fetchMock, '/api/recommendations')).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'あなたへのおすすめ' })).toBeNull();
  });

  it('is left out of a filtered list', async () => {
    const filtered = renderList('/mentors-list?category=IT・通信', 'student');
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    expect(requested(filtered.fetchMock, '/api/recommendations')).toEqual([]);
  });
});

describe('/recommendations', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('shows every recommendation with its reason, and the way back to the list', async () => {
    const { fetchMock } = renderApp('/recommendations', handler('student'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'あなたへのおすすめ' }),
    ).toBeVisible();
    await screen.findByText('志望業界（総合商社）が同じ');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['山本 早紀', '井上 真央', '木村 彩']),
    );
    expect(requested(fetchMock, '/api/recommendations')).toEqual(['/api/recommendations?count=24']);
    expect(screen.getByRole('link', { name: 'OG一覧へ' })).toHaveAttribute('href', '/mentors-list');
  });

  it('is a student’s page', async () => {
    const { router } = renderApp('/recommendations', handler('mentor'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/recommendations'));
  });
});
