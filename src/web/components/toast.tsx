import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';

/** A saved note fades on its own; a failure stays until the person closes it. */
export const SUCCESS_TOAST_MS = 6_000;

type ToastKind = 'success' | 'error';

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface Toaster {
  success(message: string): void;
  error(message: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

/**
 * The outcome of an action on saved data (profile saved, invitation sent, an admin's change,
 * or its failure) as a toast that outlives the page change that often follows. Both live
 * regions exist before any toast is added (plain aria-live, so a page's own alerts stay the
 * only role=alert on it), so screen readers announce each one: successes
 * politely, failures at once.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const toaster = useMemo<Toaster>(() => {
    const add = (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      // The same message twice in a row (a double click) shows once.
      setToasts((current) => [
        ...current.filter((toast) => toast.message !== message),
        { id, kind, message },
      ]);
    };
    return {
      success: (message) => add('success', message),
      error: (message) => add('error', message),
    };
  }, []);

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <section className="toast-region" aria-label={t('toast.region')}>
        <div aria-live="polite">
          {toasts
            .filter((toast) => toast.kind === 'success')
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
        </div>
        <div aria-live="assertive">
          {toasts
            .filter((toast) => toast.kind === 'error')
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (toast.kind !== 'success') return;
    const timer = setTimeout(() => onDismiss(toast.id), SUCCESS_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div className={`toast toast-${toast.kind}`}>
      <p className="toast-message">{toast.message}</p>
      <button
        type="button"
        className="toast-close"
        aria-label={t('toast.close')}
        onClick={() => onDismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs a ToastProvider above it');
  return toaster;
}
