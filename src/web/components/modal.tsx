import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

/** Whether a modal is open, and what it calls to close (Escape, the backdrop, its way out). */
export interface ModalOpening {
  open: boolean;
  onClose: () => void;
}

interface ModalProps extends ModalOpening {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  variant?: 'dialog' | 'drawer';
  /** Long text with no control in it: the content can then be focused and scrolled by keyboard. */
  scrollable?: boolean;
}

/**
 * A native modal <dialog>: the browser traps focus, closes on Escape and returns focus to
 * the control that opened it, which hand-made overlays rarely get right.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  variant = 'dialog',
  scrollable = false,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Before the browser paints: a dialog that opens with its page (the privacy notice after
  // sign-in) is on screen in the same frame, not one frame later.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal modal-${variant}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal-body">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div className="modal-content" tabIndex={scrollable ? 0 : undefined}>
          {children}
        </div>
        {footer ? <div className="modal-footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}
