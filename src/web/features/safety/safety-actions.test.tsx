import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { DESK, deskAnswer, INQUIRY_URL } from '../../test/desk-data';
import { SafetyActions, type SafetyActionsProps } from './safety-actions';

const OG_ID = '11111111-1111-4111-8111-111111111111';
const REQUEST_ID = '22222222-2222-4222-8222-222222222222';

interface Options extends Partial<SafetyActionsProps> {
  /** The answer to the calls the component makes, by method and path. */
  answer?: (method: string, path: string, body: unknown) => Answer | undefined;
}

function renderActions({ answer, ...props }: Options = {}) {
  const rendered = renderRoutes(
    [
      {
        path: '/mentor/:urlParam',
        element: <SafetyActions userId={OG_ID} name="佐藤 美咲" blocked={false} {...props} />,
      },
    ],
    '/mentor/og1',
    (url, init) => {
      if (url.startsWith('/api/auth/session')) return signedInAs('student');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      return (
        answer?.(method, new URL(url, 'http://localhost').pathname, body) ?? {
          status: 404,
          body: { code: 'not-found', message: '' },
        }
      );
    },
  );
  const writes = () =>
    rendered.fetchMock.mock.calls
      .filter(([, init]) => init?.method !== undefined && init.method !== 'GET')
      .map(([url, init]) => ({
        call: `${init!.method} ${String(url)}`,
        body: typeof init!.body === 'string' ? (JSON.parse(init!.body) as unknown) : undefined,
      }));
  return { ...rendered, writes };
}

describe('ReportDialog (through SafetyActions)', () => {
  it('checks the form before sending, then posts the report with the request it is about', async () => {
    const user = userEvent.setup();
    const { writes } = renderActions({
      visitRequestId: REQUEST_ID,
      answer: (method, path) =>
        method === 'POST' && path === '/api/reports'
          ? { status: 201, body: { id: 'r1' } }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: '通報する' }));
    const dialog = await screen.findByRole('dialog', { name: '佐藤 美咲さんを通報' });
    expect(dialog).toHaveTextContent('通報したことが相手に知らされることはありません');

    await user.click(within(dialog).getByRole('button', { name: '通報する' }));
    expect(await within(dialog).findByText('通報の理由を選択してください。')).toBeVisible();
    expect(within(dialog).getByText('具体的な内容を入力してください。')).toBeVisible();
    expect(within(dialog).getByLabelText('通報の理由')).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toEqual([]);

    await user.selectOptions(
      within(dialog).getByLabelText('通報の理由'),
      '勧誘・営業（宗教・ネットワークビジネスなど）',
    );
    await user.type(within(dialog).getByLabelText(/具体的な内容/), '面談で勧誘されました。');
    expect(within(dialog).getByText('11 / 1000 文字')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: '通報する' }));

    expect(
      await screen.findByText('通報を受け付けました。運営で内容を確認し、必要な対応を行います。'),
    ).toBeVisible();
    expect(writes()).toEqual([
      {
        call: 'POST /api/reports',
        body: {
          userId: OG_ID,
          reason: 'solicitation',
          details: '面談で勧誘されました。',
          visitRequestId: REQUEST_ID,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open and shows what the server refused', async () => {
    const user = userEvent.setup();
    renderActions({
      answer: (method) =>
        method === 'POST'
          ? {
              status: 400,
              body: {
                code: 'invalid-argument',
                message: '',
                fieldErrors: { details: 'validation.reportDetailsTooLong' },
              },
            }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: '通報する' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('通報の理由'), 'その他');
    await user.type(within(dialog).getByLabelText(/具体的な内容/), 'あ');
    await user.click(within(dialog).getByRole('button', { name: '通報する' }));
    expect(await within(dialog).findByText('内容は1000文字以内で入力してください。')).toBeVisible();
    expect(within(dialog).getByText(/通報を送信できませんでした。/)).toBeVisible();
  });
});

describe('the 相談窓口 in the report dialog', () => {
  it('names the desk an admin set, with its address and number', async () => {
    const user = userEvent.setup();
    renderActions({
      answer: (method, path) =>
        method === 'GET' && path === '/api/desk' ? deskAnswer() : undefined,
    });
    await user.click(await screen.findByRole('button', { name: '通報する' }));
    const dialog = await screen.findByRole('dialog', { name: '佐藤 美咲さんを通報' });
    const desk = (await within(dialog).findByText('困ったときの相談窓口')).closest('p')!;
    expect(desk).toHaveTextContent(DESK.name);
    expect(within(desk).getByRole('link', { name: /soudan@career/ })).toHaveAttribute(
      'href',
      `mailto:${DESK.email}`,
    );
    expect(within(desk).getByRole('link', { name: /03-1234-5678/ })).toHaveAttribute(
      'href',
      'tel:0312345678',
    );
  });

  it('names the admins’ contact while no desk is set', async () => {
    const user = userEvent.setup();
    renderActions({
      answer: (method, path) =>
        method === 'GET' && path === '/api/desk' ? deskAnswer(null) : undefined,
    });
    await user.click(await screen.findByRole('button', { name: '通報する' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('link', { name: /就活ゼミの運営者へのお問い合わせ/ }),
    ).toHaveAttribute('href', INQUIRY_URL);
  });
});

describe('SafetyActions', () => {
  it('asks before blocking, says what a block does, then blocks with PUT', async () => {
    const user = userEvent.setup();
    const { writes } = renderActions({
      answer: (method, path) =>
        method === 'PUT' && path === `/api/blocks/${OG_ID}`
          ? { status: 200, body: { blocked: true, cancelledRequests: 1 } }
          : undefined,
    });
    expect(await screen.findByRole('group', { name: '佐藤 美咲さんについての操作' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'ブロックする' }));
    const dialog = await screen.findByRole('dialog', { name: '佐藤 美咲さんをブロック' });
    expect(dialog).toHaveTextContent(
      'お互いにOG訪問の依頼を送ったり受け取ったりできなくなります。',
    );
    expect(dialog).toHaveTextContent('進行中の依頼');
    expect(dialog).toHaveTextContent('キャンセルされます');
    expect(writes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'ブロックする' }));
    expect(
      await screen.findByText('佐藤 美咲さんをブロックし、進行中の依頼1件をキャンセルしました。'),
    ).toBeVisible();
    expect(writes()).toEqual([{ call: `PUT /api/blocks/${OG_ID}`, body: undefined }]);
  });

  it('does nothing when the block is cancelled', async () => {
    const user = userEvent.setup();
    const { writes } = renderActions();
    await user.click(await screen.findByRole('button', { name: 'ブロックする' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);
  });

  it('lifts a block at once with DELETE', async () => {
    const user = userEvent.setup();
    const { writes } = renderActions({
      blocked: true,
      answer: (method) =>
        method === 'DELETE'
          ? { status: 200, body: { blocked: false, cancelledRequests: 0 } }
          : undefined,
    });
    expect(screen.queryByRole('button', { name: 'ブロックする' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'ブロックを解除' }));
    expect(await screen.findByText('佐藤 美咲さんのブロックを解除しました。')).toBeVisible();
    expect(writes()).toEqual([{ call: `DELETE /api/blocks/${OG_ID}`, body: undefined }]);
  });
});
