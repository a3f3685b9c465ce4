import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
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
