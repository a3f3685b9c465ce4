import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MentorVisitNotes, VisitNote } from '../../../shared/schemas/visit-notes';
import { setLanguage } from '../../i18n';
import { renderApp, signedInAs, type Answer } from '../../test/render';

function note(overrides: Partial<VisitNote> = {}): VisitNote {
  return {
    id: 'n1',
    visitRequestId: 'r1',
    groupSession: null,
    company: '野村證券',
    industry: '金融・保険 - 証券',
    jobType: null,
    visitedMonth: '2026-10',
    fiscalYear: 2026,
    qa: [{ question: '入社の決め手は？', answer: '人の良さです。' }],
    advice: '早めに動きましょう。',
    sharing: 'offered',
    showName: false,
    mentor: { name: '山田 花子', joinedYear: 2015, urlParam: 'hanako', gone: false },
    author: { name: '佐藤 美咲', grade: '3年' },
    authorNamed: true,
    mentorComment: null,
    hidden: null,
    masked: false,
    mine: false,
    offeredAt: '2026-11-02T01:00:00.000Z',
    sharedAt: null,
    updatedAt: '2026-11-02T01:00:00.000Z',
    ...overrides,
  };
}

const NOT_FOUND: Answer = { status: 404, body: { code: 'not-found', message: '' } };

function renderPage(
  about: MentorVisitNotes,
  answer: (url: string, body: unknown) => Answer = (url) => ({
    status: 200,
    body: note({ sharing: url.endsWith('/withdraw-consent') ? 'withdrawn' : 'shared' }),
  }),
) {
  const rendered = renderApp('/mentor-profile/visit-notes', (url, init) => {
    if (url === '/api/auth/session') return signedInAs('mentor');
    if (url === '/api/visit-notes/about-me') return { status: 200, body: about };
    if (init?.method === 'POST' && url.startsWith('/api/visit-notes/')) {
      return answer(url, init.body ? (JSON.parse(String(init.body)) as unknown) : undefined);
    }
    return NOT_FOUND;
  });
  const posts = () =>
    rendered.fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => ({
        url: String(url),
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      }));
  return { ...rendered, posts };
}

async function waitingSection() {
  return within(await screen.findByRole('region', { name: 'あなたの確認を待っている記録' }));
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('/mentor-profile/visit-notes', () => {
  it('shows her year’s count, why students keep notes, and the notes waiting for her first', async () => {
    renderPage({
      lastYearCount: 4,
      items: [
        note({
          id: 'shared',
          company: '三井物産',
          sharing: 'shared',
          sharedAt: '2026-11-01T00:00:00.000Z',
        }),
        note({ id: 'waiting', company: '野村證券' }),
      ],
    });
    expect(await screen.findByText('この1年で 4 件の訪問記録')).toBeVisible();
    expect(screen.getByText(/あなたが同意してゼミに共有された記録のうち/)).toBeVisible();
    expect(screen.getByRole('heading', { name: '学生が訪問記録を残す理由' })).toBeVisible();
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'));
    expect(regions.indexOf('mnotes-waiting')).toBeLessThan(regions.indexOf('mnotes-shared'));
    const waiting = await waitingSection();
    expect(waiting.getByRole('heading', { name: '野村證券' })).toBeVisible();
    expect(waiting.queryByRole('heading', { name: '三井物産' })).toBeNull();
  });

  it('consents with her choice of name, each choice showing what students will read', async () => {
    const user = userEvent.setup();
    const { posts } = renderPage({ lastYearCount: 0, items: [note()] });
    const waiting = await waitingSection();
    // Unnamed, she is told that students see only what three alumnae share (issue 54): not
    // 「金融・保険・2015年入社のOG」, which they may not see, nor all they may (the company).
    expect(waiting.getByRole('radio', { name: /名前を出さない/ })).toHaveAccessibleName(
      '名前を出さない学生には、会社名・入社年・職種・業界のうち、OG一覧の3人以上に当てはまる情報だけが表示されます（同じ業界のOGが3人に満たないときは「OG（匿名）」とだけ表示されます）',
    );
    expect(waiting.getByRole('group', { name: 'お名前の表示' })).not.toHaveTextContent('2015');
    expect(waiting.getByRole('radio', { name: /名前を出さない/ })).toBeChecked();
    await user.click(waiting.getByRole('radio', { name: /名前を表示する/ }));
    await user.click(waiting.getByRole('button', { name: '共有に同意する' }));
    await waitFor(() =>
      expect(posts()).toEqual([{ url: '/api/visit-notes/n1/consent', body: { showName: true } }]),
    );
    expect(await screen.findByText(/共有に同意しました/)).toBeVisible();
  });

  it('asks for a change only with a comment, and shows the server’s word on it', async () => {
    const user = userEvent.setup();
    const { posts } = renderPage({ lastYearCount: 0, items: [note()] }, () => ({
      status: 400,
      body: {
        code: 'validation',
        message: '',
        fieldErrors: { comment: 'validation.visitNoteCommentTooLong' },
      },
    }));
    const waiting = await waitingSection();
    await user.click(waiting.getByRole('button', { name: '修正を依頼する' }));
    await user.click(waiting.getByRole('button', { name: '依頼を送る' }));
    expect(await waiting.findByText('どこを直してほしいかを書いてください。')).toBeVisible();
    expect(posts()).toEqual([]);

    await user.type(waiting.getByLabelText('直してほしいところ'), '社名の表記を直してください。');
    await user.click(waiting.getByRole('button', { name: '依頼を送る' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          url: '/api/visit-notes/n1/request-changes',
          body: { comment: '社名の表記を直してください。' },
        },
      ]),
    );
    expect(await waiting.findByText('コメントは500文字以内で入力してください。')).toBeVisible();
  });

  it('declines only once she confirms', async () => {
    const user = userEvent.setup();
    const { posts } = renderPage({ lastYearCount: 0, items: [note()] }, () => ({
      status: 200,
      body: note({ sharing: 'declined' }),
    }));
    const waiting = await waitingSection();
    await user.click(waiting.getByRole('button', { name: '共有しない' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'この記録を共有しませんか？' }),
    );
    expect(posts()).toEqual([]);
    await user.click(dialog.getByRole('button', { name: '共有しない' }));
    await waitFor(() =>
      expect(posts()).toEqual([{ url: '/api/visit-notes/n1/decline', body: undefined }]),
    );
  });

  it('withdraws consent only after a dialog that says the note is hidden at once', async () => {
    const user = userEvent.setup();
    const { posts } = renderPage({
      lastYearCount: 1,
      items: [note({ sharing: 'shared', showName: true, sharedAt: '2026-11-03T00:00:00.000Z' })],
    });
    const shared = within(await screen.findByRole('region', { name: 'ゼミに共有中の記録' }));
    expect(shared.getByText('いまの表示：名前を表示する')).toBeVisible();
    await user.click(shared.getByRole('button', { name: '同意を取り消す' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: '共有への同意を取り消しますか？' }),
    );
    expect(dialog.getByText(/すぐにゼミの一覧から見えなくなり/)).toBeVisible();
    expect(posts()).toEqual([]);
    await user.click(dialog.getByRole('button', { name: '同意を取り消す' }));
    await waitFor(() =>
      expect(posts()).toEqual([{ url: '/api/visit-notes/n1/withdraw-consent', body: undefined }]),
    );
  });

  it('changes the name on a shared note by consenting again with the other choice', async () => {
    const user = userEvent.setup();
    const { posts } = renderPage({
      lastYearCount: 1,
      items: [note({ sharing: 'shared', showName: true })],
    });
    const shared = within(await screen.findByRole('region', { name: 'ゼミに共有中の記録' }));
    const change = shared.getByRole('button', { name: '表示を変更する' });
    expect(change).toBeDisabled();
    await user.click(shared.getByRole('radio', { name: /名前を出さない/ }));
    await user.click(change);
    await waitFor(() =>
      expect(posts()).toEqual([{ url: '/api/visit-notes/n1/consent', body: { showName: false } }]),
    );
  });

  it('lists the notes she answered quietly, with her comment', async () => {
    renderPage({
      lastYearCount: 0,
      items: [
        note({ id: 'a', sharing: 'changes_requested', mentorComment: '数字は伏せてください。' }),
        note({ id: 'b', company: '三井物産', sharing: 'declined' }),
      ],
    });
    const others = within(await screen.findByRole('region', { name: 'そのほかの記録' }));
    expect(others.getByText('修正を依頼中')).toBeVisible();
    expect(others.getByText('数字は伏せてください。')).toBeVisible();
    expect(others.getByText('三井物産', { selector: '.mnotes-other-title' })).toBeVisible();
    expect(others.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('region', { name: 'あなたの確認を待っている記録' })).toBeNull();
  });

  it('says so when no note was offered yet', async () => {
    renderPage({ lastYearCount: 0, items: [] });
    expect(await screen.findByText(/共有の申し出があった記録はまだありません/)).toBeVisible();
    expect(screen.getByText('この1年で 0 件の訪問記録')).toBeVisible();
  });

  it('reads in English in English mode', async () => {
    await setLanguage('en');
    renderPage({ lastYearCount: 2, items: [note()] });
    expect(await screen.findByText('Visit notes from the past year: 2')).toBeVisible();
    const waiting = within(
      await screen.findByRole('region', { name: 'Notes waiting for your answer' }),
    );
    expect(waiting.getByRole('radio', { name: /Don’t show my name/ })).toHaveAccessibleName(
      'Don’t show my nameOf your company, year joined, job type and industry, students see only what at least 3 mentors on the mentor list share (just “An anonymous mentor” when fewer than 3 mentors are in your industry)',
    );
    expect(waiting.getByRole('button', { name: 'Consent to sharing' })).toBeVisible();
  });
});
