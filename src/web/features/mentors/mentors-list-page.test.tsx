import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import type { MentorCard } from '../../../shared/schemas/mentors';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { MentorsListPage } from './mentors-list-page';
import { mentorCard } from '../../test/mentor-data';

const card = mentorCard;

const CARDS = [
  card('og1', '佐藤 美咲', { accepting: true, lastActive: 'day' }),
  card('og2', '鈴木 彩', { accepting: false, lastActive: 'older' }),
  card('og3', '高橋 由美', { accepting: true, lastActive: null }),
];

interface Options {
  role?: string;
  favourites?: string[];
  /** The list answer for a query string; every card by default. */
  list?: (query: URLSearchParams) => MentorCard[];
  /** The server stopped counting at this bound (a common word). */
  atLeast?: number;
}

function renderList(path = '/mentors-list', options: Options = {}) {
  const { role = 'student', favourites = ['og2'], list = () => CARDS, atLeast } = options;
  return renderRoutes(
    [
      { path: '/mentors-list', element: <MentorsListPage /> },
      { path: '/mentor/:urlParam', element: <p>detail</p> },
    ],
    path,
    (url): Answer => {
      if (url.startsWith('/api/auth/session')) return signedInAs(role);
      if (url.startsWith('/api/universities')) return { status: 200, body: [] };
      if (url.startsWith('/api/favourites')) {
        return { status: 200, body: { urlParams: favourites } };
      }
      if (url.startsWith('/api/mentors?')) {
        const query = new URLSearchParams(url.slice('/api/mentors?'.length));
        const items = list(query);
        const total = atLeast
          ? { total: atLeast, totalAtLeast: true }
          : { total: items.length + 40 };
        return { status: 200, body: { items, nextCursor: null, ...total } };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

function cardOf(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('a')!;
}

function requested(fetchMock: ReturnType<typeof renderList>['fetchMock'], prefix: string) {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));
}

describe('MentorsListPage: a list students can scan', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('names the company on every card and says how many match in all', async () => {
    renderList();
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    for (const name of ['佐藤 美咲', '鈴木 彩', '高橋 由美']) {
      expect(within(cardOf(name)).getByText('株式会社サンプル')).toBeInTheDocument();
    }
    expect(screen.getByRole('status')).toHaveTextContent('全 43 件（3件を表示中）');
  });

  it('says 「500件以上」 where the server stopped counting, in English too', async () => {
    renderList('/mentors-list?q=IT', { atLeast: 500 });
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    expect(screen.getByRole('status')).toHaveTextContent('500件以上（3件を表示中）');
    expect(screen.getByRole('status')).not.toHaveTextContent('全');
    await setLanguage('en');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('More than 500 (showing 3)'),
    );
  });

  it('links each card to its company’s page, beside (not inside) the link to her page', async () => {
    renderList();
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    const frame = cardOf('佐藤 美咲').parentElement!;
    const company = within(frame).getByRole('link', {
      name: 'この会社のOG・訪問記録（株式会社サンプル）',
    });
    expect(company).toHaveAttribute('href', `/companies/${encodeURIComponent('株式会社サンプル')}`);
    expect(cardOf('佐藤 美咲')).not.toContainElement(company);
  });

  it('shows the job type and the first topics on a card (point 5)', async () => {
    renderList('/mentors-list', {
      list: () => [
        card('og1', '佐藤 美咲', {
          jobType: 'sales',
          topics: ['industry_research', 'es_review', 'interview_practice', 'working_life'],
        }),
      ],
    });
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    const found = cardOf('佐藤 美咲');
    expect(found).toHaveTextContent('株式会社サンプル・営業');
    const topics = within(found).getByRole('list', { name: '相談できること' });
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['業界研究', 'ES添削', '面接練習', 'ほか1件']);
  });

  it('filters by job type and topic, and orders the list, all in the URL (points 5 and 6)', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderList();
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    await user.click(screen.getByRole('button', { name: '詳細条件' }));
    // A select applies at once, as a switch does (issue 34, point 11).
    await user.selectOptions(screen.getByLabelText('職種'), 'engineering');
    await waitFor(() => expect(router.state.location.search).toBe('?jobType=engineering'));
    await user.selectOptions(screen.getByLabelText('相談できること'), 'study_abroad');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?jobType=engineering&topic=study_abroad'),
    );
    expect(requested(fetchMock, '/api/mentors?').at(-1)).toBe(
      '/api/mentors?jobType=engineering&topic=study_abroad',
    );

    // The order applies at once and keeps the filters; it is not counted as one.
    await user.selectOptions(screen.getByLabelText('並び順'), 'reading');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?jobType=engineering&topic=study_abroad&sort=reading',
      ),
    );
    expect(requested(fetchMock, '/api/mentors?').at(-1)).toBe(
      '/api/mentors?jobType=engineering&topic=study_abroad&sort=reading',
    );
    expect(screen.getByRole('button', { name: /詳細条件/ })).toHaveTextContent('2');
    await user.selectOptions(screen.getByLabelText('並び順'), 'new');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?jobType=engineering&topic=study_abroad'),
    );
  });

  it('filters 入社年 from and to, as 卒業年 (issue 56)', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderList();
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    await user.click(screen.getByRole('button', { name: '詳細条件' }));
    await user.selectOptions(screen.getByLabelText('入社年（から）'), '2015');
    await user.selectOptions(screen.getByLabelText('入社年（まで）'), '2018');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?joinedFrom=2015&joinedTo=2018'),
    );
    expect(requested(fetchMock, '/api/mentors?').at(-1)).toBe(
      '/api/mentors?joinedFrom=2015&joinedTo=2018',
    );
    await setLanguage('en');
    expect(await screen.findByLabelText('Joined (to)')).toHaveValue('2018');
  });

  it('folds the filters to the keyword and 「詳細条件」, which opens them (issue 34, point 11)', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderList();
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    // The universities are the folded select's alone: asked for once it opens, not before.
    expect(requested(fetchMock, '/api/universities')).toEqual([]);
    expect(screen.getByLabelText('キーワード')).toBeVisible();
    const toggle = screen.getByRole('button', { name: '詳細条件' });
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(details).not.toBeVisible();
    expect(screen.queryByLabelText('業界')).toBeNull();
    expect(screen.queryByRole('button', { name: '条件をクリア' })).toBeNull();

    // A keyword alone keeps them folded.
    await user.type(screen.getByLabelText('キーワード'), '商社');
    await user.click(screen.getByRole('button', { name: 'この条件で検索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E5%95%86%E7%A4%BE'));
    expect(screen.queryByLabelText('業界')).toBeNull();

    await user.click(screen.getByRole('button', { name: '詳細条件' }));
    expect(screen.getByRole('button', { name: '詳細条件' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByLabelText('業界')).toBeVisible();
    await waitFor(() => expect(requested(fetchMock, '/api/universities')).toHaveLength(1));
  });

  it('opens the details when a condition in them is set, and says how many', async () => {
    renderList('/mentors-list?q=%E5%95%86%E7%A4%BE&accepting=1&jobType=sales');
    const toggle = await screen.findByRole('button', { name: '詳細条件（2件を指定中）' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('職種')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: '受付中のOGのみ' })).toBeChecked();
  });

  it('keeps the details open after a switch applies, as after a select', async () => {
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    await user.click(screen.getByRole('button', { name: '詳細条件' }));
    await user.click(screen.getByRole('checkbox', { name: '受付中のOGのみ' }));
    await waitFor(() => expect(router.state.location.search).toBe('?accepting=1'));
    expect(screen.getByRole('checkbox', { name: '受付中のOGのみ' })).toBeVisible();
    expect(screen.getByRole('button', { name: /詳細条件/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('says "More filters" in English', async () => {
    await setLanguage('en');
    renderList('/mentors-list?topic=es_review');
    expect(await screen.findByRole('button', { name: 'More filters (1 on)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});

describe('MentorsListPage: availability and favourites on the cards', () => {
  it('shows whether each alumnus is accepting, when they were last signed in, and the star', async () => {
    const { fetchMock } = renderList();
    await screen.findByRole('heading', { name: '佐藤 美咲' });

    const open = within(cardOf('佐藤 美咲'));
    expect(open.getByText('受付中')).toBeInTheDocument();
    expect(open.getByText('1日以内にログイン')).toBeInTheDocument();

    const paused = within(cardOf('鈴木 彩'));
    expect(paused.getByText('受付停止中')).toBeInTheDocument();
    expect(paused.getByText('1か月以上ログインなし')).toBeInTheDocument();

    // Never signed in: no age at all.
    expect(cardOf('高橋 由美')).not.toHaveTextContent('ログイン');

    // The star marks the favourite only, from one request for the whole list.
    expect(await within(cardOf('鈴木 彩')).findByRole('img', { name: 'お気に入り' })).toBeVisible();
    expect(within(cardOf('佐藤 美咲')).queryByRole('img', { name: 'お気に入り' })).toBeNull();
    expect(requested(fetchMock, '/api/favourites')).toEqual(['/api/favourites']);
  });

  it('neither asks for favourites nor offers the filter to an alumnus', async () => {
    const { fetchMock } = renderList('/mentors-list', { role: 'mentor' });
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    await userEvent.click(screen.getByRole('button', { name: '詳細条件' }));
    expect(screen.getByRole('checkbox', { name: '受付中のOGのみ' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'お気に入りのみ' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'お気に入り' })).toBeNull();
    expect(requested(fetchMock, '/api/favourites')).toEqual([]);
  });

  it('ignores favourites=1 in a link opened by someone who keeps no favourites', async () => {
    const { fetchMock } = renderList('/mentors-list?favourites=1', { role: 'mentor' });
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    expect(requested(fetchMock, '/api/mentors?').at(-1)).toBe('/api/mentors?');
  });
});

describe('MentorsListPage: the accepting and favourites filters', () => {
  it('puts accepting=1 in the URL when 受付中のOGのみ is ticked, and takes it out again', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderList('/mentors-list', {
      list: (query) => (query.get('accepting') ? CARDS.filter((c) => c.accepting) : CARDS),
    });
    await screen.findByRole('heading', { name: '鈴木 彩' });

    await user.click(screen.getByRole('button', { name: '詳細条件' }));
    await user.click(screen.getByRole('checkbox', { name: '受付中のOGのみ' }));
    await waitFor(() => expect(router.state.location.search).toBe('?accepting=1'));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: '鈴木 彩' })).not.toBeInTheDocument(),
    );
    expect(requested(fetchMock, '/api/mentors?')).toContain('/api/mentors?accepting=1');
    expect(screen.getByRole('checkbox', { name: '受付中のOGのみ' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: '受付中のOGのみ' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Nothing is set any more: the details fold again, and open with the switch off.
    expect(screen.getByRole('button', { name: '詳細条件' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(screen.getByRole('button', { name: '詳細条件' }));
    expect(screen.getByRole('checkbox', { name: '受付中のOGのみ' })).not.toBeChecked();
  });

  it('puts favourites=1 in the URL beside the other filters', async () => {
    const user = userEvent.setup();
    const { router } = renderList('/mentors-list?q=%E5%95%86%E4%BA%8B');
    await screen.findByRole('heading', { name: '佐藤 美咲' });

    await user.click(screen.getByRole('button', { name: '詳細条件' }));
    await user.click(screen.getByRole('checkbox', { name: 'お気に入りのみ' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        q: '商事',
        favourites: '1',
      }),
    );
    expect(screen.getByRole('checkbox', { name: 'お気に入りのみ' })).toBeChecked();
  });

  it('restores the ticks from the URL, and clears them with the other filters', async () => {
    const user = userEvent.setup();
    const { router } = renderList('/mentors-list?accepting=1&favourites=1');
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    expect(screen.getByRole('checkbox', { name: '受付中のOGのみ' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'お気に入りのみ' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: '条件をクリア' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(screen.getByRole('button', { name: '詳細条件' }));
    expect(screen.getByRole('checkbox', { name: 'お気に入りのみ' })).not.toBeChecked();
  });

  it('says how to add a favourite when the favourites filter finds none', async () => {
    renderList('/mentors-list?favourites=1', { list: () => [] });
    expect(await screen.findByText(/お気に入りに追加したOGはまだいません/)).toBeInTheDocument();
  });
});

describe('MentorsListPage in English', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('names industries, universities, job types and topics in English', async () => {
    await setLanguage('en');
    renderRoutes(
      [{ path: '/mentors-list', element: <MentorsListPage /> }],
      '/mentors-list',
      (url): Answer => {
        if (url.startsWith('/api/auth/session')) return signedInAs('student');
        if (url.startsWith('/api/universities')) {
          return {
            status: 200,
            body: [
              {
                id: 'waseda',
                name: '早稲田大学',
                reading: 'わせだだいがく',
                nameEn: 'Waseda University',
                domains: [],
              },
            ],
          };
        }
        if (url.startsWith('/api/favourites')) return { status: 200, body: { urlParams: [] } };
        if (url.startsWith('/api/mentors?')) {
          const items = [
            card('og1', '佐藤 美咲', {
              universityNameEn: 'Waseda University',
              joinedYear: 2017,
              industry: '商社・流通 - 総合商社',
              jobType: 'sales',
              topics: ['es_review'],
            }),
          ];
          return { status: 200, body: { items, nextCursor: null, total: 1 } };
        }
        return { status: 404, body: { code: 'not-found', message: '' } };
      },
    );
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    const found = cardOf('佐藤 美咲');
    expect(found).toHaveTextContent('Trading & distribution - General trading companies');
    expect(found).toHaveTextContent('Waseda University');
    expect(found).toHaveTextContent('joined 2017');
    expect(found).not.toHaveTextContent('早稲田');
    expect(found).toHaveTextContent('Sales');
    expect(found).toHaveTextContent('Application form (ES) review');
    expect(found).not.toHaveTextContent('総合商社');
    await userEvent.click(screen.getByRole('button', { name: 'More filters' }));
    expect(
      within(screen.getByLabelText('Industry')).getByRole('option', { name: 'Consulting' }),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByLabelText('University (alma mater)')).findByRole('option', {
        name: 'Waseda University',
      }),
    ).toBeInTheDocument();
  });
});
