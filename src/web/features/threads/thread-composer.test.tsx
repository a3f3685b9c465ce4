import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderRoutes } from '../../test/render';
import { ThreadComposer, type UnsentMessages } from './thread-composer';

function renderComposer() {
  const unsent = { items: [], post: vi.fn(), retry: vi.fn(), discard: vi.fn() };
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ThreadComposer
            requestId="r1"
            side="student"
            masksContacts
            unsent={unsent as unknown as UnsentMessages}
          />
        ),
      },
    ],
    '/',
    () => ({ status: 404, body: { code: 'not-found', message: '' } }),
  );
  return screen.getByRole('textbox');
}

describe('ThreadComposer before acceptance', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('warns while typing a contact written to slip past a plain pattern', async () => {
    const user = userEvent.setup();
    const box = renderComposer();
    await user.click(box);
    await user.paste('12/3の14:00〜15:00はいかがでしょうか。');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.paste(' 〇九〇ー一二三四ー五六七八');
    expect(screen.getByRole('status')).toHaveTextContent(
      'このまま送信すると、連絡先と思われる部分は「＊＊＊」に置き換えられます。',
    );
  });

  it('warns for a number split by emoji and mixed separators', async () => {
    const user = userEvent.setup();
    const box = renderComposer();
    await user.click(box);
    await user.paste('8/1、8/2、8/3、8/4、8/5、8/6のいずれかでお願いします。');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.paste(' 090🍎1234/5678');
    expect(screen.getByRole('status')).toHaveTextContent(
      'このまま送信すると、連絡先と思われる部分は「＊＊＊」に置き換えられます。',
    );
  });

  it('warns in English too', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    const box = renderComposer();
    await user.click(box);
    await user.paste('Mail me at hanako(at)gmail。com');
    expect(screen.getByRole('status')).toHaveTextContent(
      'If you send this, what looks like contact details will be replaced with "＊＊＊".',
    );
  });
});
