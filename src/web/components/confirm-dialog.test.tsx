import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jaAdmin } from '../../shared/messages/ja/admin';
import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import { ConfirmDialog, type AskingProps, type ConfirmRequest } from './confirm-dialog';
import { ToastProvider } from './toast';

function renderDialog(props: Partial<AskingProps> = {}) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      open
      onClose={onClose}
      title="ブロックしますか？"
      cancelLabel="キャンセル"
      confirmLabel="ブロックする"
      pendingLabel="ブロックしています…"
      pending={false}
      onConfirm={onConfirm}
      {...props}
    >
      <p>開いている依頼は取り消されます。</p>
    </ConfirmDialog>,
  );
  return { onClose, onConfirm };
}

describe('ConfirmDialog', () => {
  it('asks with its title and says what will happen before anything does', () => {
    const { onConfirm } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'ブロックしますか？' })).toBeInTheDocument();
    expect(screen.getByText('開いている依頼は取り消されます。')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('does the work on confirming and leaves on cancelling', async () => {
    const { onClose, onConfirm } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'ブロックする' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is busy, and cannot be pressed twice, while the work runs', () => {
    renderDialog({ pending: true });
    const button = screen.getByRole('button', { name: 'ブロックしています…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('holds the action back until what it asks is done, and marks its tone', () => {
    renderDialog({ confirmDisabled: true, tone: 'primary' });
    const button = screen.getByRole('button', { name: 'ブロックする' });
    expect(button).toBeDisabled();
    expect(button).toHaveClass('button-primary');
  });
});

/** Stands for an admin page: a heading, and a button that hands the dialog its request. */
function RequestingPage({ request }: { request: ConfirmRequest }) {
  const [asking, setAsking] = useState<ConfirmRequest | null>(null);
  return (
    <main id="main">
      <h1>利用者</h1>
      <button type="button" onClick={() => setAsking(request)}>
        削除
      </button>
      <ConfirmDialog request={asking} onClose={() => setAsking(null)} />
    </main>
  );
}

function renderRequest(request: Partial<ConfirmRequest> = {}) {
  const run = vi.fn(async () => '削除しました。');
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <RequestingPage
          request={{
            title: 'アカウントを削除しますか？',
            body: <p>元に戻せません。</p>,
            confirmLabel: '削除する',
            pendingLabel: '削除しています…',
            run,
            ...request,
          }}
        />
      </ToastProvider>
    </I18nextProvider>,
  );
  return { run };
}

describe('ConfirmDialog with a request', () => {
  // Requests come from the admin console, whose texts come with it.
  beforeAll(() => i18n.addResourceBundle('ja', 'translation', jaAdmin, true, true));

  it('runs the request, closes, then says so and puts focus on the heading', async () => {
    const { run } = renderRequest();
    await userEvent.click(screen.getByRole('button', { name: '削除' }));
    expect(screen.getByRole('dialog', { name: 'アカウントを削除しますか？' })).toBeInTheDocument();
    expect(screen.getByText('元に戻せません。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('削除しました。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '利用者' })).toHaveFocus();
  });

  it('shows a failure inside the dialog and stays open', async () => {
    renderRequest({
      run: () => Promise.reject(new ApiError(409, 'admin/last-admin')),
    });
    await userEvent.click(screen.getByRole('button', { name: '削除' }));
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('操作できませんでした。');
    expect(screen.getByRole('dialog', { name: 'アカウントを削除しますか？' })).toBeInTheDocument();
  });

  it('holds back what cannot be undone until the text is typed, with the cancel in its words', async () => {
    const { run } = renderRequest({ typeToConfirm: 'hanako@example.ac.jp' });
    await userEvent.click(screen.getByRole('button', { name: '削除' }));
    const confirm = screen.getByRole('button', { name: '削除する' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveClass('button-danger');
    await userEvent.type(
      screen.getByLabelText('確認のため、「hanako@example.ac.jp」と入力してください'),
      'hanako@example.ac.jp',
    );
    expect(confirm).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(run).not.toHaveBeenCalled();
  });
});
