import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VisitNoteForGroupSession } from '../../../shared/schemas/visit-notes';
import { myNoteData, noteForVisitData } from '../../test/note-editor-data';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { GroupSessionNoteEditorPage } from './session-note-editor-page';

/** Her 訪問記録 about a 座談会 she sat in (issue 58 point 4): the same form, the 座談会's facts. */

const SESSION = '66666666-6666-4666-8666-666666666666';
const API = `/api/group-sessions/${SESSION}/note`;

const found = (overrides: Partial<VisitNoteForGroupSession> = {}): VisitNoteForGroupSession => ({
  ...noteForVisitData({ draft: { ...noteForVisitData().draft, agendaQuestions: [] } }),
  groupSession: { id: SESSION, title: '商社の一日を語る座談会', startsAt: '2026-05-10T10:00:00Z' },
  ...overrides,
});

function renderEditor(answer: (method: string, body?: unknown) => Answer) {
  return renderRoutes(
    [
      { path: '/group-sessions/:id/note', element: <GroupSessionNoteEditorPage /> },
      { path: '/group-sessions/:id', element: <h1>座談会のページ</h1> },
    ],
    `/group-sessions/${SESSION}/note`,
    (url, init) => {
      if (url === '/api/auth/session') return signedInAs('student');
      if (url === API) {
        return answer(
          init?.method ?? 'GET',
          init?.body ? JSON.parse(String(init.body)) : undefined,
        );
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

describe('a 訪問記録 about a 座談会', () => {
  it('shows the 座談会’s facts and saves her note to it', async () => {
    const saved: unknown[] = [];
    let current = found();
    renderEditor((method, body) => {
      if (method === 'PUT') {
        saved.push(body);
        const note = myNoteData({
          visitRequestId: null,
          groupSession: { id: SESSION, title: '商社の一日を語る座談会' },
        });
        current = { ...current, note };
        return { status: 200, body: note };
      }
      return { status: 200, body: current };
    });
    expect(await screen.findByRole('heading', { level: 1, name: '訪問記録を書く' })).toBeVisible();
    const facts = await screen.findByRole('region', { name: '座談会の情報' });
    expect(facts).toHaveTextContent('商社の一日を語る座談会');
    expect(facts).toHaveTextContent('東洋商事');
    expect(facts).toHaveTextContent('2026年5月');
    expect(facts).toHaveTextContent('佐藤 美咲');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: '質問1' }), '若手の仕事は？');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByRole('region', { name: 'ゼミへの共有' })).toBeVisible();
    expect(saved).toEqual([
      { jobType: 'sales', qa: [{ question: '若手の仕事は？', answer: '' }], advice: '' },
    ]);
    expect(screen.getByRole('link', { name: '← 座談会のページに戻る' })).toHaveAttribute(
      'href',
      `/group-sessions/${SESSION}`,
    );
  });

  it('says why she may not write one (recorded 欠席), with the way back', async () => {
    renderEditor(() => ({ status: 403, body: { code: 'note/absent', message: '' } }));
    expect(
      await screen.findByRole('heading', { name: 'この座談会の訪問記録は書けません' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('欠席と記録されているため');
    const back = screen.getByRole('link', { name: '座談会のページに戻る' });
    expect(back).toHaveAttribute('href', `/group-sessions/${SESSION}`);
    expect(screen.queryByRole('button', { name: '保存する' })).toBeNull();
    expect(within(document.body).queryByRole('textbox')).toBeNull();
  });
});
