import type { ReactNode } from 'react';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, said before anything does (and any failure, inside the dialog). */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** The confirm button's words while the work runs. */
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** 'danger' for what removes or cancels something (the default), 'primary' otherwise. */
  tone?: 'danger' | 'primary';
  /** Held back until the person has done what the dialog asks (typed an address). */
  confirmDisabled?: boolean;
}

/**
 * The one way the site asks "are you sure?": a modal with a quiet way out first and the action
 * second, busy while the work runs. A failure belongs inside the dialog (children), since a
 * modal keeps the rest of the page, toasts included, inert.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  tone = 'danger',
  confirmDisabled = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={tone === 'primary' ? 'button button-primary' : 'button button-danger'}
            disabled={pending || confirmDisabled}
            aria-busy={pending || undefined}
            onClick={onConfirm}
          >
            {pending ? pendingLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
