import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message';
import { TextField } from './form-fields';
import { Modal, type ModalOpening } from './modal';
import { useToast } from './toast';

/** A dialog whose page holds the work: it says whether it runs and shows its failure inside. */
export interface AskingProps extends ModalOpening {
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

/** What is asked to confirm, and the work done once it is (a page of the admin console). */
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

/** A dialog that runs the request itself, kept mounted by its page (one request at a time). */
export interface RequestProps {
  request: ConfirmRequest | null;
  onClose: () => void;
}

export type ConfirmDialogProps = AskingProps | RequestProps;

/**
 * The one way the site asks "are you sure?": a modal with a quiet way out first and the action
 * second, busy while the work runs. A failure belongs inside the dialog, since a modal keeps the
 * rest of the page, toasts included, inert. Either the page holds the work (open, pending,
 * onConfirm, the failure as children) or it hands a `request` whose work the dialog runs.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return 'request' in props ? <RequestDialog {...props} /> : <AskingDialog {...props} />;
}

function AskingDialog({
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
}: AskingProps) {
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

/**
 * Kept mounted by the page, so a row that disappears after the change does not take the dialog
 * or its message with it. The success toast comes once the dialog has closed. Its words are in
 * the admin console's catalogue (loaded with the console), the only place that hands requests.
 */
function RequestDialog({ request, onClose }: RequestProps) {
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
    <AskingDialog
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
    </AskingDialog>
  );
}
