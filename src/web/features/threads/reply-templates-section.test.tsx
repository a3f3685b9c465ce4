import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderRoutes } from '../../test/render';
import { ReplyTemplatesSection } from './reply-templates-section';

function renderSection(templates: { title: string; body: string }[] = []) {
  return renderRoutes(
    [{ path: '/profile', element: <ReplyTemplatesSection /> }],
    '/profile',
    () => ({
      status: 200,
      body: { templates },
    }),
  );
}

describe('よくある返信 on /profile', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('warns while typing that contact details are masked when sent before acceptance', async () => {
    const user = userEvent.setup();
    renderSection([{ title: '日程', body: '候補日をいくつか教えてください。' }]);
    const reply = (await screen.findAllByRole('listitem'))[0]!;
    const body = within(reply).getByLabelText('本文');
    expect(within(reply).queryByRole('status')).toBeNull();
    await user.type(body, 'LINE ID: tanaka01');
    expect(within(reply).getByRole('status')).toHaveTextContent(
      'この返信を承諾前の依頼で送ると、連絡先と思われる部分は「＊＊＊」に置き換えられます。',
    );
  });

  it('warns in English too', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add a reply' }));
    await user.type(screen.getByLabelText('Text'), 'tanaka@gmail.com');
    expect(screen.getByRole('status')).toHaveTextContent(
      'If you send this reply before a request is accepted',
    );
  });
});
