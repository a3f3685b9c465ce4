import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/error-message';
import { TextField } from '../../components/form-fields';
import { ConfirmDialog as ConfirmModal } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';

/** What an admin is asked to confirm, and the work done once they do. */
export interface ConfirmRequest {
  title: string;
  /** Says what will happen, before anything does. */
  body: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  tone?: 'danger' | 'primary';
  /** Does the work and answers the success message; a throw is shown in the dialog. */
  run: () => Promise<string>;
  /**
   * What cannot be undone (deleting an account) waits until this text (the address)
   * is typed, so that a slip of the finger cannot do it.
   */
  typeToConfirm?: string;
}

/**
 * One confirmation at a time for a page (kept mounted by the page, so a row that disappears
 * after the change does not take the dialog or its message with it). A failure is shown inside
 * the dialog, since a modal keeps everything else, toasts included, inert; the success toast
 * comes once the dialog has closed.
 */
export function ConfirmDialog({
  request,
  onClose,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [typed, setTyped] = useState('');
  const open = request !== null;
  const typedOk = !request?.typeToConfirm || typed.trim() === request.typeToConfirm;
  const openRef = useRef(open);
  const doneMessage = useRef<string | null>(null);

  useEffect(() => {
    openRef.current = open;
    // The Modal (a child) has closed the <dialog> in its own effect, which runs before this one.
    if (!open && doneMessage.current) {
      toast.success(doneMessage.current);
      doneMessage.current = null;
      // The button that opened the dialog is often gone after the change (a row re-drawn or
      // removed): keyboard focus goes to the page's heading instead of falling to <body>.
      const heading = document.querySelector<HTMLElement>('#main h1');
      if (heading) {
        heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
    }
  }, [open, toast]);

  function close() {
    setError(null);
    setTyped('');
    onClose();
  }

  async function confirm() {
    if (!request || !typedOk) return;
    setPending(true);
    setError(null);
    try {
      const message = await request.run();
      if (openRef.current) {
        doneMessage.current = message;
        close();
      } else {
        // Closed (Escape) while the request ran: nothing hides the toast any more.
        toast.success(message);
      }
    } catch (failure) {
      if (openRef.current) setError(failure);
      else toast.error(t('admin.actionFailed', { message: errorMessage(t, failure) }));
    } finally {
      setPending(false);
    }
  }

  return (
    <ConfirmModal
      open={open}
      onClose={close}
      title={request?.title ?? ''}
      cancelLabel={t('admin.cancel')}
      confirmLabel={request?.confirmLabel ?? ''}
      pendingLabel={request?.pendingLabel ?? ''}
      pending={pending}
      tone={request?.tone ?? 'danger'}
      confirmDisabled={!typedOk}
      onConfirm={() => void confirm()}
    >
      {request?.body}
      {request?.typeToConfirm ? (
        <TextField
          label={t('admin.typeToConfirm', { text: request.typeToConfirm })}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {t('admin.actionFailed', { message: errorMessage(t, error) })}
        </p>
      ) : null}
    </ConfirmModal>
  );
}
