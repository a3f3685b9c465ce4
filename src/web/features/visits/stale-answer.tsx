import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { ApiError } from '../../api/client';

/**
 * An action from a page opened before the request changed (the other side answered or
 * cancelled, or the caller's other tab acted first): the server refuses it with the request as
 * it is now. The page shows that state with a calm notice at the top, and the form that sent
 * the action says nothing more: nothing failed that the person could put right.
 */

/** The request as the server says it is now, when `error` is such a refusal. */
export function currentStateIn(error: unknown): VisitRequest | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = error.current as Partial<VisitRequest> | undefined;
  return current && typeof current.id === 'string' && typeof current.status === 'string'
    ? (current as VisitRequest)
    : null;
}

/** Whether the page already shows the request as it is now in place of this error. */
export function isStaleAnswer(error: unknown): boolean {
  return currentStateIn(error) !== null;
}

// How many such answers each request's page has met since it was opened; the notice shows
// while it is above zero and is drawn again (and scrolled to) at each new one.
const answers = new Map<string, number>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Told by the request's actions when the server answered with the state now. */
export function tellStaleAnswer(requestId: string): void {
  answers.set(requestId, (answers.get(requestId) ?? 0) + 1);
  for (const listener of listeners) listener();
}

/** The request page's notice, once an action met the request changed. */
export function StaleAnswerNotice({ requestId }: { requestId: string }) {
  const count = useSyncExternalStore(subscribe, () => answers.get(requestId) ?? 0);
  // Leaving the page forgets it: opened again, the page is current.
  useEffect(() => () => void answers.delete(requestId), [requestId]);
  return count > 0 ? <Notice key={count} /> : null;
}

function Notice() {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  // The form that was sent may be far below on a phone, and may be gone now.
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'center' }), []);
  return (
    <p ref={ref} className="notice notice-info" role="status">
      {t('visits.detail.changedMeanwhile')}
    </p>
  );
}
