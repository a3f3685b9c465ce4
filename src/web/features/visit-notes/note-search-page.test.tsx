import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitNotePage } from '../../../shared/schemas/visit-notes';
import { setLanguage } from '../../i18n';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { notePage, sharedNote } from '../../test/shared-note-data';
import { recentFiscalYears } from './note-search-filters';
import { NoteSearchPage } from './note-search-page';

/** The search as the server answers it: `answer` gets the query of each call. */
function renderSearch(
  path = '/visit-notes',
  answer: (query: URLSearchParams) => VisitNotePage | Answer = () => notePage([sharedNote()]),
  role = 'student',
) {
  return renderRoutes(
    [
      { path: '/visit-notes', element: <NoteSearchPage /> },
      { path: '/visit-notes/:id', element: <p>the note</p> },
    ],
    path,
    (url): Answer => {
      if (url.startsWith('/api/auth/session')) return signedInAs(role);
      if (url.startsWith('/api/visit-notes')) {
        const query = new URLSearchParams(url.split('?')[1] ?? '');
        const result = answer(query);
        return 'status' in result ? result : { status: 200, body: result };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

type Rendered = ReturnType<typeof renderSearch>;

/** The queries the page sent to the search, in order. */
function searches(fetchMock: Rendered['fetchMock']): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/visit-notes'))
    .map((url) => new URLSearchParams(url.split('?')[1] ?? ''));
}

function lastSearch(fetchMock: Rendered['fetchMock']): Record<string, string> {
  return Object.fromEntries(searches(fetchMock).at(-1) ?? []);
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('NoteSearchPage: what others learned', () => {
  it('says how many notes match in all and shows each one to choose by', async () => {
    renderSearch('/visit-notes', () =>
      notePage(
        [
          sharedNote(),
          sharedNote({
            id: 'note-2',
            company: '東和商事株式会社',
            qa: [],
            advice: '説明会より社員の方の話が参考になります。',
          }),
        ],
        { total: 25, nextCursor: 'c2' },
      ),
    );
    expect(await screen.findByText('全 25 件')).toHaveAttribute('role', 'status');
    const first = screen.getByRole('article', { name: '株式会社みらいテクノロジーズ' });
    expect(
      within(first).getByRole('link', { name: '株式会社みらいテクノロジーズ' }),
    ).toHaveAttribute('href', '/visit-notes/note-1');
    expect(first).toHaveTextContent('IT・通信 - ソフトウェア');
    expect(first).toHaveTextContent('職種: エンジニア・技術職');
    expect(first).toHaveTextContent('2026年6月に訪問（2026年度）');
    expect(within(first).getByRole('link', { name: '佐藤 美咲' })).toHaveAttribute(
      'href',
      '/mentor/og1',
    );
    expect(first).toHaveTextContent('質問入社前に勉強しておくとよいことは？');
    // Without questions, the advice's first lines.
    expect(screen.getByRole('article', { name: '東和商事株式会社' })).toHaveTextContent(
      'アドバイス説明会より社員の方の話が参考になります。',
    );
  });

  it('puts the keyword and each select into the address and the search', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderSearch();
    await screen.findByRole('article', { name: '株式会社みらいテクノロジーズ' });
    expect(lastSearch(fetchMock)).toEqual({});
    const box = screen.getByRole('searchbox', { name: 'キーワード' });
    expect(box).toHaveAttribute('placeholder', '会社名・キーワード');
    expect(box).toHaveAccessibleDescription(/読み（ひらがな・カタカナ）でも/);

    await user.type(screen.getByRole('searchbox', { name: 'キーワード' }), 'みらい');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=%E3%81%BF%E3%82%89%E3%81%84'),
    );
    await waitFor(() => expect(lastSearch(fetchMock)).toEqual({ q: 'みらい' }));

    await user.selectOptions(screen.getByRole('combobox', { name: '業界' }), 'IT・通信');
    await user.selectOptions(screen.getByRole('combobox', { name: '職種' }), 'sales');
    const year = String(recentFiscalYears()[1]);
    await user.selectOptions(screen.getByRole('combobox', { name: '年度' }), year);
    const wanted = { q: 'みらい', industry: 'IT・通信', jobType: 'sales', year };
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(wanted),
    );
    await waitFor(() => expect(lastSearch(fetchMock)).toEqual(wanted));
    // The form shows what the address holds.
    expect(screen.getByRole('searchbox', { name: 'キーワード' })).toHaveValue('みらい');
    expect(screen.getByRole('combobox', { name: '年度' })).toHaveValue(year);
  });

  it('reads the conditions from a shared link, and ignores a value no select offers', async () => {
    const { fetchMock } = renderSearch(
      '/visit-notes?jobType=sales&industry=no-such&company=東和商事株式会社',
    );
    await screen.findByRole('article', { name: '株式会社みらいテクノロジーズ' });
    expect(lastSearch(fetchMock)).toEqual({ jobType: 'sales', company: '東和商事株式会社' });
    expect(screen.getByRole('combobox', { name: '職種' })).toHaveValue('sales');
    expect(screen.getByRole('list', { name: '絞り込み中の条件' })).toHaveTextContent(
      '会社: 東和商事株式会社',
    );
  });

  it("names one mentor's notes in a chip that takes the condition off", async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderSearch('/visit-notes?mentor=og1&jobType=engineering');
    const chips = await screen.findByRole('list', { name: '絞り込み中の条件' });
    await waitFor(() => expect(chips).toHaveTextContent('OG: 佐藤 美咲'));
    expect(lastSearch(fetchMock)).toEqual({ mentor: 'og1', jobType: 'engineering' });

    await user.click(screen.getByRole('button', { name: '「OG: 佐藤 美咲」の条件を外す' }));
    await waitFor(() => expect(router.state.location.search).toBe('?jobType=engineering'));
    await waitFor(() => expect(lastSearch(fetchMock)).toEqual({ jobType: 'engineering' }));
    expect(screen.queryByRole('list', { name: '絞り込み中の条件' })).toBeNull();
  });

  it('calls her 「このOG」 when no note names her', async () => {
    renderSearch('/visit-notes?mentor=og9', () => notePage([]));
    expect(await screen.findByRole('list', { name: '絞り込み中の条件' })).toHaveTextContent(
      'OG: このOG',
    );
  });

  it('shows more with 「もっと見る」, from the cursor the last page gave', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSearch('/visit-notes?industry=IT・通信', (query) =>
      query.get('cursor') === 'c2'
        ? notePage([sharedNote({ id: 'note-2', company: '東和商事株式会社' })], { total: null })
        : notePage([sharedNote()], { total: 2, nextCursor: 'c2' }),
    );
    await screen.findByRole('article', { name: '株式会社みらいテクノロジーズ' });
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByRole('article', { name: '東和商事株式会社' })).toBeVisible();
    expect(lastSearch(fetchMock)).toEqual({ industry: 'IT・通信', cursor: 'c2' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    // The total stays the first page's; there is nothing more to load.
    expect(screen.getByRole('status')).toHaveTextContent('全 2 件');
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
  });

  it('says where notes come from when none is shared yet', async () => {
    renderSearch('/visit-notes', () => notePage([]));
    expect(
      await screen.findByRole('heading', { name: 'まだ共有された訪問記録はありません' }),
    ).toBeVisible();
    expect(
      screen.getByText(/OG訪問のあとに学生が書き、訪問相手のOGが同意したものだけ/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: '条件をクリア' })).toBeNull();
  });

  it('offers to clear the conditions when nothing matches them', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch('/visit-notes?q=zzz&year=' + recentFiscalYears()[0], (query) =>
      query.has('q') ? notePage([]) : notePage([sharedNote()]),
    );
    expect(
      await screen.findByRole('heading', { name: '条件に合う訪問記録は見つかりませんでした' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: '条件をクリア' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      await screen.findByRole('article', { name: '株式会社みらいテクノロジーズ' }),
    ).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'キーワード' })).toHaveValue('');
  });

  it('says the notes could not be read when the search fails', async () => {
    renderSearch('/visit-notes', () => ({ status: 500, body: { code: 'internal', message: '' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('訪問記録を読み込めませんでした');
    expect(screen.getByRole('heading', { name: 'みんなの訪問記録', level: 1 })).toBeVisible();
  });

  it('links a student to her own notes', async () => {
    renderSearch();
    expect(await screen.findByRole('link', { name: '自分の訪問記録' })).toHaveAttribute(
      'href',
      '/visit-notes/mine',
    );
  });

  it('speaks English, naming the mentor as a mentor', async () => {
    await setLanguage('en');
    renderSearch('/visit-notes?mentor=og9', () => notePage([]), 'admin');
    expect(await screen.findByRole('list', { name: 'Current filters' })).toHaveTextContent(
      'Mentor: This mentor',
    );
    expect(
      await screen.findByRole('heading', { name: 'No visit notes match these filters' }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'My visit notes' })).toBeNull();
  });
});
