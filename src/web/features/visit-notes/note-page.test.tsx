import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { setLanguage } from '../../i18n';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { sharedNote } from '../../test/shared-note-data';
import { NotePage } from './note-page';

function renderNote(note: VisitNote | Answer, role = 'student', path = '/visit-notes/note-1') {
  return renderRoutes(
    [
      { path: '/visit-notes', element: <p>the search</p> },
      { path: '/visit-notes/:id', element: <NotePage /> },
    ],
    path,
    (url): Answer => {
      if (url.startsWith('/api/auth/session')) return signedInAs(role);
      if (url === '/api/visit-notes/note-1') {
        return 'status' in note ? note : { status: 200, body: note };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('NotePage: one shared note', () => {
  it('shows the note in full and asks a student to request a visit with the named mentor', async () => {
    renderNote(sharedNote());
    const note = await screen.findByRole('article', { name: '株式会社みらいテクノロジーズ' });
    expect(within(note).getByText('基本情報技術者の範囲です。')).toBeVisible();
    expect(within(note).getByText('気になることは何でも聞いてみてください。')).toBeVisible();
    expect(screen.getByRole('link', { name: 'このOGにOG訪問を申し込む' })).toHaveAttribute(
      'href',
      '/mentor/og1',
    );
    expect(screen.queryByRole('link', { name: '編集・共有の設定' })).toBeNull();
    expect(screen.getByRole('link', { name: '← 訪問記録の検索へ' })).toHaveAttribute(
      'href',
      '/visit-notes',
    );
  });

  it('links to the company’s page when the note names its company, and not when it withholds it', async () => {
    renderNote(sharedNote());
    expect(
      await screen.findByRole('link', { name: '株式会社みらいテクノロジーズ のOGと訪問記録' }),
    ).toHaveAttribute('href', `/companies/${encodeURIComponent('株式会社みらいテクノロジーズ')}`);
  });

  it('has no company link on a note that withholds its company', async () => {
    renderNote(sharedNote({ company: null, showName: false }));
    await screen.findByRole('article');
    expect(screen.queryByRole('link', { name: /のOGと訪問記録/ })).toBeNull();
  });

  it('asks for no visit when the mentor is unnamed or not on the list', async () => {
    renderNote(
      sharedNote({
        showName: false,
        mentor: { name: null, joinedYear: 2018, urlParam: null, gone: false },
      }),
    );
    const note = await screen.findByRole('article', { name: '株式会社みらいテクノロジーズ' });
    expect(note).toHaveTextContent('IT・通信・2018年入社のOG');
    expect(screen.queryByRole('link', { name: 'このOGにOG訪問を申し込む' })).toBeNull();
  });

  it('shows of an unnamed mentor only what the server tells: her industry’s 大分類, or nothing', async () => {
    const unnamed = { name: null, joinedYear: null, urlParam: null, gone: false };
    renderNote(
      sharedNote({
        showName: false,
        company: null,
        industry: 'IT・通信',
        jobType: null,
        mentor: unnamed,
      }),
    );
    const note = await screen.findByRole('article', { name: 'IT・通信の企業' });
    expect(within(note).getByRole('heading', { name: 'IT・通信の企業' })).toBeVisible();
    expect(note).toHaveTextContent('IT・通信のOG');
    expect(note).not.toHaveTextContent('職種');
  });

  it('names neither company nor industry when the server withholds both', async () => {
    const unnamed = { name: null, joinedYear: null, urlParam: null, gone: false };
    renderNote(
      sharedNote({
        showName: false,
        company: null,
        industry: null,
        jobType: null,
        mentor: unnamed,
      }),
    );
    const bare = await screen.findByRole('article', { name: '企業名は非公開' });
    expect(bare).toHaveTextContent('OG（匿名）');
  });

  it('says so in English too', async () => {
    await setLanguage('en');
    renderNote(
      sharedNote({
        showName: false,
        company: null,
        industry: null,
        jobType: null,
        mentor: { name: null, joinedYear: null, urlParam: null, gone: false },
      }),
    );
    const note = await screen.findByRole('article', { name: 'Company not shown' });
    expect(note).toHaveTextContent('An anonymous mentor');
  });

  it('offers an admin no visit request (only students ask for one)', async () => {
    renderNote(sharedNote(), 'admin');
    await screen.findByRole('article', { name: '株式会社みらいテクノロジーズ' });
    expect(screen.queryByRole('link', { name: 'このOGにOG訪問を申し込む' })).toBeNull();
  });

  it('gives its author the way to edit it and its sharing', async () => {
    renderNote(sharedNote({ mine: true, visitRequestId: 'req-1' }));
    expect(await screen.findByRole('link', { name: '編集・共有の設定' })).toHaveAttribute(
      'href',
      '/visit-requests/req-1/note',
    );
    expect(screen.getByRole('link', { name: '← 自分の訪問記録へ' })).toHaveAttribute(
      'href',
      '/visit-notes/mine',
    );
  });

  it('has nothing to edit once the visit itself is gone', async () => {
    renderNote(sharedNote({ mine: true, visitRequestId: null }));
    await screen.findByRole('article', { name: '株式会社みらいテクノロジーズ' });
    expect(screen.queryByRole('link', { name: '編集・共有の設定' })).toBeNull();
  });

  it('says plainly when the note is not there (or no longer shared)', async () => {
    renderNote({ status: 404, body: { code: 'not-found', message: '' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'この訪問記録は見つかりませんでした。削除されたか、共有が取りやめられた可能性があります。',
    );
    expect(screen.getByRole('heading', { name: '訪問記録', level: 1 })).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says it could not be read when the server fails', async () => {
    renderNote({ status: 500, body: { code: 'internal', message: '' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('訪問記録を読み込めませんでした');
  });

  it('goes back to the results as they were when opened from them', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/visit-notes', element: <p>the search</p> },
        { path: '/visit-notes/:id', element: <NotePage /> },
      ],
      '/visit-notes?q=みらい',
      (url): Answer =>
        url.startsWith('/api/auth/session')
          ? signedInAs('student')
          : { status: 200, body: sharedNote() },
    );
    await router.navigate('/visit-notes/note-1', { state: { fromSearch: true } });
    await user.click(await screen.findByRole('button', { name: '← 検索結果に戻る' }));
    expect(await screen.findByText('the search')).toBeVisible();
    expect(router.state.location.search).toBe('?q=みらい');
  });

  it('says in English who to ask, as a mentor', async () => {
    await setLanguage('en');
    renderNote(sharedNote());
    expect(
      await screen.findByRole('link', { name: 'Request a visit with this mentor' }),
    ).toBeVisible();
  });
});
