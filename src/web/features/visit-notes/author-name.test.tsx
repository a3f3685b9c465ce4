import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitNote, VisitNoteForVisit } from '../../../shared/schemas/visit-notes';
import { setLanguage } from '../../i18n';
import { renderRoutes, signedInAs } from '../../test/render';
import { myNoteData, NOTE_VISIT_ID, noteForVisitData } from '../../test/note-editor-data';
import { sharedNote } from '../../test/shared-note-data';
import { NoteEditorPage } from './note-editor-page';
import { NoteFacts } from './note-view';

/**
 * The author of a 訪問記録 chooses whether other students read her name (issue 56): the editor
 * asks, sends the choice only when she makes it, and a change of it alone does not send a shared
 * note back to the alumna; other students read 「記録: 3年の学生」 instead of her name.
 */

const API = `/api/visit-requests/${NOTE_VISIT_ID}/note`;

afterEach(async () => {
  await setLanguage('ja');
});

function renderEditor(start: VisitNoteForVisit) {
  let current = start;
  const rendered = renderRoutes(
    [{ path: '/visit-requests/:id/note', element: <NoteEditorPage /> }],
    `/visit-requests/${NOTE_VISIT_ID}/note`,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/auth/session') return signedInAs('student');
      if (method === 'GET' && url === API) return { status: 200, body: current };
      if (method === 'PUT' && url === API) {
        const sent = JSON.parse(String(init!.body)) as Partial<VisitNote>;
        current = { ...current, note: myNoteData({ ...current.note, ...sent }) };
        return { status: 200, body: current.note };
      }
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  const puts = () =>
    rendered.fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
  return { ...rendered, puts };
}

describe('the author’s name on her note', () => {
  it('is asked in the editor, named unless she chooses, and sent when she chooses', async () => {
    const { puts } = renderEditor(noteForVisitData());
    const choice = await screen.findByRole('group', {
      name: 'ほかの学生に、あなたの名前を表示しますか',
    });
    expect(within(choice).getByRole('radio', { name: '名前を表示する' })).toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: '答え1' }), '人の良さ');
    await userEvent.click(within(choice).getByRole('radio', { name: /学年だけを表示する/ }));
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ authorNamed: false });
    expect(within(choice).getByRole('radio', { name: /学年だけを表示する/ })).toBeChecked();
  });

  it('changes on a shared note without asking to send it back to the alumna', async () => {
    const { puts } = renderEditor(
      noteForVisitData({ note: myNoteData({ sharing: 'shared', sharedAt: '2026-05-21' }) }),
    );
    const choice = await screen.findByRole('group', {
      name: 'ほかの学生に、あなたの名前を表示しますか',
    });
    await userEvent.click(within(choice).getByRole('radio', { name: /学年だけを表示する/ }));
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()[0]).toMatchObject({ authorNamed: false });
  });

  it('reads 「記録: 3年の学生」 to other students when she is not named, in both languages', async () => {
    const unnamed = sharedNote({ author: { name: null, grade: '3年' }, authorNamed: false });
    renderRoutes([{ path: '/', element: <NoteFacts note={unnamed} /> }], '/', () => ({
      status: 404,
      body: { code: 'not-found', message: '' },
    }));
    expect(await screen.findByText('記録: 3年の学生')).toBeVisible();
    expect(screen.queryByText(/退会した学生/)).toBeNull();
    await setLanguage('en');
    expect(await screen.findByText('Written by a 3rd year student')).toBeVisible();
  });
});
